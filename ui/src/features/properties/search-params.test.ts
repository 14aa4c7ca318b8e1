import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "@/lib/vocab";
import {
  DEFAULT_SEARCH,
  FILTER_MESSAGES,
  SORT_OPTIONS,
  activeFilterCount,
  applyText,
  clearFilters,
  hasActiveFilters,
  parseSearchParams,
  readFilterNumber,
  typedEnough,
  rentRangeError,
  searchRequest,
  toSearchParams,
  TYPE_OPTIONS,
} from "./search-params";

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe("search URL", () => {
  it("reads every parameter", () => {
    expect(
      parse("city=Chicago&zipCode=60614&query=loft&propertyType=condo&verified=true&sortBy=mostReviews&page=3&view=list"),
    ).toEqual({
      ...DEFAULT_SEARCH,
      city: "Chicago",
      zipCode: "60614",
      query: "loft",
      propertyType: "condo",
      verified: true,
      sortBy: "mostReviews",
      page: 3,
      view: "list",
    });
  });

  it("reads every filter of issue 32", () => {
    expect(
      parse("currency=EUR&minRent=1000&maxRent=2500&beds=2&baths=1&pets=true&furnished=true&minArea=60&areaUnit=sqm&sortBy=priceLowHigh"),
    ).toEqual({
      ...DEFAULT_SEARCH,
      currency: "EUR",
      minRent: 1000,
      maxRent: 2500,
      minBedrooms: 2,
      minBathrooms: 1,
      petsAllowed: true,
      furnished: true,
      minArea: 60,
      areaUnit: "sqm",
      sortBy: "priceLowHigh",
    });
    expect(parse("sortBy=priceHighLow").sortBy).toBe("priceHighLow");
    // One open end is a range too; a lower-case code is the code.
    expect(parse("maxRent=3000&currency=gbp")).toMatchObject({ minRent: 0, maxRent: 3000, currency: "GBP" });
  });

  it("falls back to the defaults for malformed filters", () => {
    for (const qs of [
      "currency=XYZ",
      "currency=",
      "minRent=-5",
      "minRent=1.5",
      "minRent=abc",
      "minRent=1e3",
      "maxRent=%2B10",
      "maxRent=99999999999",
      "beds=-1",
      "beds=6",
      "beds=two",
      "baths=5",
      "baths=1.5",
      "pets=yes",
      "pets=1",
      "furnished=TRUE",
      "minArea=-100",
      "minArea=12.5",
      "areaUnit=acres",
      "areaUnit=sqft",
    ]) {
      expect(parse(qs), qs).toEqual(DEFAULT_SEARCH);
    }
    // A minimum above the maximum is no range at all; a good filter beside a bad one stays.
    expect(parse("minRent=3000&maxRent=2000")).toMatchObject({ minRent: 0, maxRent: 0 });
    expect(parse("minRent=2000&maxRent=2000")).toMatchObject({ minRent: 2000, maxRent: 2000 });
    expect(parse("beds=9&baths=2")).toMatchObject({ minBedrooms: 0, minBathrooms: 2 });
  });

  it("round-trips every filter, in a fixed order, leaving the defaults out", () => {
    const qs =
      "city=Austin&propertyType=house&verified=true&currency=CAD&minRent=1500&maxRent=3200&beds=3&baths=2&pets=true&furnished=true&verifiedReviews=true&minArea=900&areaUnit=sqm&sortBy=priceHighLow&page=2&view=list";
    expect(toSearchParams(parse(qs)).toString()).toBe(qs);
    // USD and sqft are the defaults: never written.
    expect(toSearchParams(parse("currency=USD&minRent=10&areaUnit=sqft&minArea=5")).toString()).toBe("minRent=10&minArea=5");
    // A currency or unit chosen before its bound is kept, so the select shows it on reload.
    expect(toSearchParams(parse("currency=JPY&areaUnit=sqm")).toString()).toBe("currency=JPY&areaUnit=sqm");
    expect(toSearchParams({ ...DEFAULT_SEARCH, minBedrooms: 0, minRent: 0, petsAllowed: false }).toString()).toBe("");
  });

  it("falls back to defaults for unknown values", () => {
    expect(parse("propertyType=castle&sortBy=cheapest&page=-2&verified=yes&view=satellite")).toEqual(DEFAULT_SEARCH);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("propertyType=all").propertyType).toBe("all");
    expect(parse("propertyType=villa").propertyType).toBe("villa");
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(toSearchParams(DEFAULT_SEARCH).toString()).toBe("");
    const qs = "city=New+York&propertyType=apartment&verified=true&sortBy=highestRated&page=2";
    expect(toSearchParams(parse(qs)).toString()).toBe(qs);
  });

  it("treats a US, Canadian, UK or global postal code as a postal code and anything else as a place, dropping the query", () => {
    const start = { ...parse("query=Downtown&page=4") };
    expect(applyText(start, " 10001 ")).toMatchObject({ zipCode: "10001", city: "", query: "", page: 1 });
    expect(applyText(start, "Austin")).toMatchObject({ zipCode: "", city: "Austin", query: "" });
    expect(applyText(start, "10001-12")).toMatchObject({ zipCode: "", city: "10001-12" });
    expect(applyText(start, "155-0033")).toMatchObject({ zipCode: "155-0033", city: "" });
    expect(applyText(start, "sw1a1aa")).toMatchObject({ zipCode: "SW1A 1AA", city: "" });
    expect(applyText(start, "10001-1234")).toMatchObject({ zipCode: "10001-1234", city: "" });
    expect(applyText(start, "m5v 2h1")).toMatchObject({ zipCode: "M5V 2H1", city: "" });
    expect(applyText(start, "Chelsea")).toMatchObject({ zipCode: "", city: "Chelsea" });
  });

  it("knows when filters are active and clears them, keeping sort and view", () => {
    expect(hasActiveFilters(parse("sortBy=newestListed&view=list"))).toBe(false);
    expect(hasActiveFilters(parse("verified=true"))).toBe(true);
    const cleared = clearFilters(parse("city=Boston&verified=true&sortBy=mostReviews&page=2&view=list"));
    expect(toSearchParams(cleared).toString()).toBe("sortBy=mostReviews&view=list");
  });

  it("counts each new filter as one, the rent range as one, and a currency or unit alone as none", () => {
    for (const qs of ["minRent=100", "maxRent=100", "beds=1", "baths=1", "pets=true", "furnished=true", "verifiedReviews=true", "minArea=1"]) {
      expect(hasActiveFilters(parse(qs)), qs).toBe(true);
      expect(activeFilterCount(parse(qs)), qs).toBe(1);
    }
    expect(activeFilterCount(parse("minRent=100&maxRent=200&currency=EUR"))).toBe(1);
    expect(hasActiveFilters(parse("currency=EUR&areaUnit=sqm&sortBy=priceLowHigh"))).toBe(false);
    expect(activeFilterCount(parse("currency=EUR&areaUnit=sqm"))).toBe(0);
    expect(
      activeFilterCount(
        parse("city=Austin&propertyType=house&verified=true&minRent=1&maxRent=2&beds=1&baths=1&pets=true&furnished=true&verifiedReviews=true&minArea=1"),
      ),
    ).toBe(10);
  });

  it("clears every new filter, the currency and unit back to theirs, keeping sort and view", () => {
    const cleared = clearFilters(
      parse("currency=EUR&minRent=100&maxRent=200&beds=2&baths=2&pets=true&furnished=true&verifiedReviews=true&minArea=50&areaUnit=sqm&sortBy=priceLowHigh&view=list&page=3"),
    );
    expect(cleared).toEqual({ ...DEFAULT_SEARCH, sortBy: "priceLowHigh", view: "list" });
    expect(toSearchParams(cleared).toString()).toBe("sortBy=priceLowHigh&view=list");
    expect(activeFilterCount(cleared)).toBe(0);
  });

  it("builds the request, with all types as an empty type", () => {
    expect(searchRequest(parse("city=Austin"))).toEqual({
      city: "Austin",
      zipCode: "",
      query: "",
      propertyType: "",
      verifiedOnly: false,
      currency: "",
      minRent: 0,
      maxRent: 0,
      minBedrooms: 0,
      minBathrooms: 0,
      petsAllowed: false,
      verifiedReviewsOnly: false,
      furnished: false,
      minArea: 0,
      areaUnit: "",
      sortBy: "featured",
      page: 1,
      pageSize: 12,
    });
  });

  it("sends the filters, the currency with a rent bound only and the unit with an area only", () => {
    expect(
      searchRequest(
        parse("currency=GBP&minRent=1000&maxRent=2000&beds=2&baths=1&pets=true&furnished=true&verifiedReviews=true&minArea=50&areaUnit=sqm&sortBy=priceHighLow"),
      ),
    ).toMatchObject({
      verifiedReviewsOnly: true,
      currency: "GBP",
      minRent: 1000,
      maxRent: 2000,
      minBedrooms: 2,
      minBathrooms: 1,
      petsAllowed: true,
      furnished: true,
      minArea: 50,
      areaUnit: "sqm",
      sortBy: "priceHighLow",
    });
    // The select's default currency goes with a bound; one end is enough.
    expect(searchRequest(parse("maxRent=3000"))).toMatchObject({ currency: "USD", minRent: 0, maxRent: 3000 });
    expect(searchRequest(parse("minArea=700"))).toMatchObject({ minArea: 700, areaUnit: "sqft" });
    // Without a bound the currency and the unit are not sent (a currency alone would narrow the results).
    expect(searchRequest(parse("currency=EUR&areaUnit=sqm"))).toMatchObject({ currency: "", areaUnit: "" });
  });

  it("offers the price sorts after SPEC's four", () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      "featured",
      "highestRated",
      "mostReviews",
      "newestListed",
      "priceLowHigh",
      "priceHighLow",
    ]);
    expect(SORT_OPTIONS.slice(4).map((o) => o.label)).toEqual(["Price: Low to High", "Price: High to Low"]);
  });

  it("reads typed rents and areas as whole numbers, 0 or more", () => {
    expect(readFilterNumber("")).toEqual({ value: 0 });
    expect(readFilterNumber("  ")).toEqual({ value: 0 });
    expect(readFilterNumber("0")).toEqual({ value: 0 });
    expect(readFilterNumber(" 2500 ")).toEqual({ value: 2500 });
    expect(readFilterNumber("3,000")).toEqual({ value: 3000 });
    expect(readFilterNumber("1,250,000")).toEqual({ value: 1250000 });
    expect(readFilterNumber("2147483647")).toEqual({ value: 2147483647 });
    for (const bad of ["-1", "1.5", "1,5", "12,34", "abc", "1e3", "+5", "3 000"]) {
      expect(readFilterNumber(bad), bad).toEqual({ error: FILTER_MESSAGES.notWhole });
    }
    expect(readFilterNumber("2147483648")).toEqual({ error: FILTER_MESSAGES.tooLarge });
  });

  it("refuses a minimum rent above the maximum, open ends aside", () => {
    expect(rentRangeError(3000, 2000)).toBe("Minimum rent must not exceed the maximum");
    expect(rentRangeError(2000, 2000)).toBeUndefined();
    expect(rentRangeError(3000, 0)).toBeUndefined();
    expect(rentRangeError(0, 2000)).toBeUndefined();
  });

  it("offers every type a listing can have, villas included", () => {
    expect(TYPE_OPTIONS[0]).toEqual({ value: "all", label: "All Types" });
    expect(TYPE_OPTIONS.slice(1).map((o) => o.value)).toEqual(PROPERTY_TYPES.values);
    expect(TYPE_OPTIONS).toContainEqual({ value: "villa", label: "Villa" });
    expect(TYPE_OPTIONS).toHaveLength(16);
  });
});

describe("typedEnough", () => {
  it("searches as typed once a word has three characters, and an emptied box at once", () => {
    expect(typedEnough("")).toBe(true);
    expect(typedEnough("  ")).toBe(true);
    expect(typedEnough("Lo")).toBe(false);
    expect(typedEnough("2 b")).toBe(false);
    expect(typedEnough("Lon")).toBe(true);
    expect(typedEnough("2 bed")).toBe(true);
    expect(typedEnough("Zürich")).toBe(true);
  });
});
