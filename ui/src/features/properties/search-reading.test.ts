import { describe, expect, it } from "vitest";
import {
  LOCATION_PAGE_SIZE,
  followReading,
  locationPath,
  locationRequest,
  locationState,
  parseSearchParams,
  searchText,
  toLocationParams,
  toSearchParams,
  type LineReading,
} from "./search-params";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
const reading = (r: Partial<LineReading>): LineReading => ({ place: "", zipCode: "", propertyType: "", query: "", ...r });
/** follow is the URL a state's URL becomes once it follows a reading. */
const follow = (query: string, r: Partial<LineReading> | undefined, matchedCity = "") =>
  toSearchParams(followReading(parse(query), r && reading(r), matchedCity)).toString();

describe("followReading (issue 32)", () => {
  it("leaves a line read as free text alone where it was typed (a city with no listings yet can be saved and waited on)", () => {
    expect(follow("city=Cambridge&beds=2", { query: "cambridge" })).toBe("city=Cambridge&beds=2");
    expect(follow("query=sunny", { query: "sunny" })).toBe("query=sunny");
  });

  it("writes the place into the city and a type word into the type, keeping every other filter", () => {
    expect(follow("city=London+flats&beds=2&pets=true&sortBy=highestRated&view=list", { place: "London", propertyType: "apartment" })).toBe(
      "city=London&propertyType=apartment&beds=2&pets=true&sortBy=highestRated&view=list",
    );
  });

  it("reads a shortcut's query and the same words typed as a city to the same URL", () => {
    const downtown = { propertyType: "apartment", query: "downtown" };
    expect(follow("query=Downtown+Apartments", downtown)).toBe("query=Downtown&propertyType=apartment");
    expect(follow("city=Downtown+Apartments", downtown)).toBe("query=Downtown&propertyType=apartment");
  });

  it("keeps the free text as typed where the server lower-cased it", () => {
    expect(follow("city=Sunny+London+flat", { place: "London", propertyType: "apartment", query: "sunny" })).toBe(
      "city=London&query=Sunny&propertyType=apartment",
    );
    expect(follow("city=Ståhl+flat", { propertyType: "apartment", query: "other words" })).toBe(
      "query=other+words&propertyType=apartment",
    );
  });

  it("writes a postal code in the line as the zipCode, in its usual form", () => {
    expect(follow("city=flats+sw1a1aa", { zipCode: "SW1A1AA", propertyType: "apartment" })).toBe(
      "zipCode=SW1A+1AA&propertyType=apartment",
    );
  });

  it("names a listed place as listed, an abbreviation as its city", () => {
    expect(follow("city=chelsea", { place: "Chelsea" })).toBe("city=Chelsea");
  });

  it("keeps the line as typed when the place was matched by spelling, so the notice names it", () => {
    expect(follow("city=Chicgo+condos", { place: "Chicago", propertyType: "condo" }, "Chicago")).toBe(
      "city=Chicgo+condos&propertyType=condo",
    );
    expect(follow("query=Kitsilamo", { place: "Kitsilano" }, "Kitsilano")).toBe("city=Kitsilamo");
    expect(follow("city=NYC", { place: "New York" }, "New York")).toBe("city=NYC");
  });

  it("is the state itself without a reading, and once followed, for the reading of what it wrote", () => {
    expect(follow("city=London&sortBy=mostReviews", undefined)).toBe("city=London&sortBy=mostReviews");
    // The next answer reads the rewritten line the same way: nothing more to write.
    expect(follow("city=London&propertyType=apartment", { place: "London" })).toBe("city=London&propertyType=apartment");
    expect(follow("query=Downtown&propertyType=apartment", { query: "downtown" })).toBe("query=Downtown&propertyType=apartment");
    // A type chosen is not read from the line (the server leaves it out of the reading).
    expect(follow("city=London+flats&propertyType=house", { place: "London" })).toBe("city=London&propertyType=house");
  });

  it("shows the whole line in the text box: postal code, place and free text", () => {
    expect(searchText(parse("zipCode=SW1A+1AA&city=London&query=jermyn"))).toBe("SW1A 1AA London jermyn");
    expect(searchText(parse("city=London"))).toBe("London");
    expect(searchText(parse(""))).toBe("");
  });
});

describe("location page state (issue 32)", () => {
  it("reads the filters of its URL with the postal code of its path", () => {
    const state = locationState(new URLSearchParams("beds=2&sortBy=priceLowHigh&page=2&zipCode=10001&query=x&view=list&mapArea=1,1,2,2"), "SW1A 1AA");
    expect(state).toMatchObject({ zipCode: "SW1A 1AA", city: "", query: "x", minBedrooms: 2, sortBy: "priceLowHigh", page: 2, view: "grid", mapArea: null });
    expect(toLocationParams(state).toString()).toBe("query=x&beds=2&sortBy=priceLowHigh&page=2");
  });

  it("sends a search with a postal code to its location page with the other filters, words and sort", () => {
    const s = parse("zipCode=SW1A+1AA&query=garden&propertyType=apartment&pets=true&sortBy=priceLowHigh&view=map&mapArea=1,1,2,2");
    expect(locationPath(s)).toBe("/location/SW1A%201AA?query=garden&propertyType=apartment&pets=true&sortBy=priceLowHigh");
    expect(locationPath(parse("zipCode=10001"))).toBe("/location/10001");
  });

  it("asks for its code, its filters and a page of 50, as the server's first load does unfiltered", () => {
    const plain = locationRequest(locationState(new URLSearchParams(), "10001"));
    expect(plain).toMatchObject({ zipCode: "10001", city: "", query: "", sortBy: "featured", page: 1, pageSize: LOCATION_PAGE_SIZE });
    expect(plain.pageSize).toBe(50);
    const filtered = locationRequest(locationState(new URLSearchParams("beds=3&pets=true&currency=GBP&maxRent=3000"), "10001"));
    expect(filtered).toMatchObject({ zipCode: "10001", minBedrooms: 3, petsAllowed: true, currency: "GBP", maxRent: 3000 });
  });
});
