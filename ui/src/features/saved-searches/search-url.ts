import type { MapArea } from "@/gen/rentproof/property/v1/property_pb";
import type { SavedSearch } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";
import { propertyTypeLabel } from "@/lib/property";

/** MAP_AREA_DECIMALS is how many decimals Find Properties' URL keeps of a map area (about 11 m). */
const MAP_AREA_DECIMALS = 4;

/**
 * mapAreaParam writes an area as Find Properties' `mapArea=w,s,e,n` (its formatMapArea: features do
 * not import each other): at most MAP_AREA_DECIMALS decimals, rounded outward so the area the URL
 * names still holds all of the saved one, clamped to the world.
 */
export function mapAreaParam(a: MapArea): string {
  const f = 10 ** MAP_AREA_DECIMALS;
  const down = (v: number) => Math.floor(v * f + 1e-9) / f;
  const up = (v: number) => Math.ceil(v * f - 1e-9) / f;
  return [Math.max(-180, down(a.west)), Math.max(-90, down(a.south)), Math.min(180, up(a.east)), Math.min(90, up(a.north))]
    .map((v) => String(Number(v.toFixed(MAP_AREA_DECIMALS))))
    .join(",");
}

/**
 * savedSearchUrl is the Find Properties address that reopens a saved search, with the search
 * page's URL parameters: city, zipCode, query, propertyType, verified, currency, minRent,
 * maxRent, beds, baths, pets, furnished, minArea and areaUnit (only those it asks for); a search
 * with a map area reopens in the map view over that area (mapArea=w,s,e,n and view=map).
 */
export function savedSearchUrl(s: SavedSearch): string {
  const p = new URLSearchParams();
  if (s.city) p.set("city", s.city);
  if (s.zipCode) p.set("zipCode", s.zipCode);
  if (s.query) p.set("query", s.query);
  // A type read from a type word ("London flats") is chosen outright: the search then skips the word.
  if (s.propertyType) p.set("propertyType", s.propertyType);
  if (s.verifiedOnly) p.set("verified", "true");
  if (s.currency) p.set("currency", s.currency);
  if (s.minRent > 0) p.set("minRent", String(s.minRent));
  if (s.maxRent > 0) p.set("maxRent", String(s.maxRent));
  if (s.minBedrooms > 0) p.set("beds", String(s.minBedrooms));
  if (s.minBathrooms > 0) p.set("baths", String(s.minBathrooms));
  if (s.petsAllowed) p.set("pets", "true");
  if (s.furnished) p.set("furnished", "true");
  if (s.minArea > 0) {
    p.set("minArea", String(s.minArea));
    if (s.areaUnit === "sqm") p.set("areaUnit", "sqm");
  }
  if (s.mapArea) {
    p.set("mapArea", mapAreaParam(s.mapArea));
    p.set("view", "map");
  }
  const query = p.toString();
  return query ? `/find-properties?${query}` : "/find-properties";
}

/** PLACE_KINDS name a saved search's kind of place. */
const PLACE_KINDS: Record<string, string> = { city: "City", locality: "Neighbourhood", postal_code: "Postcode" };

/** MAP_AREA_KIND is the place kind of a search whose place is an area of the map alone. */
export const MAP_AREA_KIND = "map_area";

/**
 * placeLabel is "City: London", "Postcode: SW1A 1AA"; "Map area" for an area of the map alone, and
 * "City: London · within a map area" for a place bounded by an area.
 */
export function placeLabel(s: SavedSearch): string {
  if (s.placeKind === MAP_AREA_KIND) return "Map area";
  const place = `${PLACE_KINDS[s.placeKind] ?? "Place"}: ${s.placeName}`;
  return s.mapArea ? `${place} · within a map area` : place;
}

/** filterSummary lists a saved search's filters in words, "Any home" without any. */
export function filterSummary(s: SavedSearch): string {
  const parts: string[] = [];
  if (s.propertyType) parts.push(propertyTypeLabel(s.propertyType));
  if (s.minRent > 0 && s.maxRent > 0) parts.push(`${s.minRent}–${s.maxRent} ${s.currency} a month`);
  else if (s.maxRent > 0) parts.push(`up to ${s.maxRent} ${s.currency} a month`);
  else if (s.minRent > 0) parts.push(`from ${s.minRent} ${s.currency} a month`);
  else if (s.currency) parts.push(`rent in ${s.currency}`);
  if (s.minBedrooms > 0) parts.push(`${s.minBedrooms}+ bedrooms`);
  if (s.minBathrooms > 0) parts.push(`${s.minBathrooms}+ bathrooms`);
  if (s.petsAllowed) parts.push("pets allowed");
  if (s.furnished) parts.push("furnished");
  if (s.minArea > 0) parts.push(`at least ${s.minArea} ${s.areaUnit === "sqm" ? "m²" : "sq ft"}`);
  if (s.verifiedOnly) parts.push("verified only");
  const text = s.query.trim();
  if (text) parts.push(`“${text}”`);
  return parts.length > 0 ? parts.join(" · ") : "Any home";
}
