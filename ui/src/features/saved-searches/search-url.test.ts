import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { MapAreaSchema } from "@/gen/rentproof/property/v1/property_pb";
import { filterSummary, mapAreaParam, placeLabel, savedSearchUrl } from "./search-url";
import { makeSavedSearch } from "./testing";

const area = (west: number, south: number, east: number, north: number) => create(MapAreaSchema, { west, south, east, north });

/** AREA_ONLY is a search whose place is an area of the map alone, as the server answers it. */
const AREA_ONLY = makeSavedSearch(4, { placeKind: "map_area", placeName: "Map area", city: "", mapArea: area(-0.2, 51.45, -0.05, 51.55) });

describe("placeLabel", () => {
  it("names the kind of place and the place", () => {
    expect(placeLabel(makeSavedSearch(1))).toBe("City: London");
    expect(placeLabel(makeSavedSearch(2, { placeKind: "locality", placeName: "Camden" }))).toBe("Neighbourhood: Camden");
    expect(placeLabel(makeSavedSearch(3, { placeKind: "postal_code", placeName: "SW1A 1AA" }))).toBe("Postcode: SW1A 1AA");
  });

  it("says Map area for an area alone, and bounds a place by its area", () => {
    expect(placeLabel(AREA_ONLY)).toBe("Map area");
    expect(placeLabel(makeSavedSearch(5, { mapArea: area(-0.2, 51.45, -0.05, 51.55) }))).toBe("City: London · within a map area");
  });
});

describe("savedSearchUrl", () => {
  it("reopens an area alone in the map view, with Find Properties' mapArea=w,s,e,n", () => {
    expect(savedSearchUrl(AREA_ONLY)).toBe("/find-properties?mapArea=-0.2%2C51.45%2C-0.05%2C51.55&view=map");
    expect(new URLSearchParams(savedSearchUrl(AREA_ONLY).split("?")[1]).get("mapArea")).toBe("-0.2,51.45,-0.05,51.55");
  });

  it("keeps the place and the filters of a place bounded by an area, the area and the view last", () => {
    const s = makeSavedSearch(6, { city: "London", propertyType: "apartment", currency: "GBP", maxRent: 2000, mapArea: area(-0.2, 51.45, -0.05, 51.55) });
    expect(savedSearchUrl(s)).toBe("/find-properties?city=London&propertyType=apartment&currency=GBP&maxRent=2000&mapArea=-0.2%2C51.45%2C-0.05%2C51.55&view=map");
  });

  it("opens a search without an area in the default view", () => {
    expect(savedSearchUrl(makeSavedSearch(7))).toBe("/find-properties?city=London");
  });
});

describe("mapAreaParam", () => {
  it("writes four decimals at most, rounding outward so the area still holds the saved one", () => {
    expect(mapAreaParam(area(-11, 48, 15, 60))).toBe("-11,48,15,60");
    expect(mapAreaParam(area(-0.12344, 51.50001, 0.12341, 51.59999))).toBe("-0.1235,51.5,0.1235,51.6");
    // Already on the grid (as the URL wrote them): unchanged, despite binary fractions.
    expect(mapAreaParam(area(-0.139, 51.4999, 0.1, 51.5046))).toBe("-0.139,51.4999,0.1,51.5046");
  });

  it("stays within the world", () => {
    expect(mapAreaParam(area(-180, -90, 180, 90))).toBe("-180,-90,180,90");
  });
});

describe("filterSummary", () => {
  it("says nothing of the area (the place line does)", () => {
    expect(filterSummary(AREA_ONLY)).toBe("Any home");
  });
});
