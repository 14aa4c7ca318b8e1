import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "@/lib/vocab";
import {
  DEFAULT_SEARCH,
  applyText,
  clearFilters,
  hasActiveFilters,
  parseSearchParams,
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

  it("falls back to defaults for unknown values", () => {
    expect(parse("propertyType=castle&sortBy=cheapest&page=-2&verified=yes&view=map")).toEqual(DEFAULT_SEARCH);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("propertyType=all").propertyType).toBe("all");
    expect(parse("propertyType=villa").propertyType).toBe("villa");
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(toSearchParams(DEFAULT_SEARCH).toString()).toBe("");
    const qs = "city=New+York&propertyType=apartment&verified=true&sortBy=highestRated&page=2";
    expect(toSearchParams(parse(qs)).toString()).toBe(qs);
  });

  it("treats a US, Canadian or UK postal code as a postal code and anything else as a place, dropping the query", () => {
    const start = { ...parse("query=Downtown&page=4") };
    expect(applyText(start, " 10001 ")).toMatchObject({ zipCode: "10001", city: "", query: "", page: 1 });
    expect(applyText(start, "Austin")).toMatchObject({ zipCode: "", city: "Austin", query: "" });
    expect(applyText(start, "100011")).toMatchObject({ zipCode: "", city: "100011" });
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

  it("builds the request, with all types as an empty type", () => {
    expect(searchRequest(parse("city=Austin"))).toEqual({
      city: "Austin",
      zipCode: "",
      query: "",
      propertyType: "",
      verifiedOnly: false,
      sortBy: "featured",
      page: 1,
      pageSize: 12,
    });
  });

  it("offers every type a listing can have, villas included", () => {
    expect(TYPE_OPTIONS[0]).toEqual({ value: "all", label: "All Types" });
    expect(TYPE_OPTIONS.slice(1).map((o) => o.value)).toEqual(PROPERTY_TYPES.values);
    expect(TYPE_OPTIONS).toContainEqual({ value: "villa", label: "Villa" });
    expect(TYPE_OPTIONS).toHaveLength(16);
  });
});
