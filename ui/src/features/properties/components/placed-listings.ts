import { parseCoordinate } from "@/components/location-map/coordinates";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";

/** PlacedListing is what a map marker shows of a listing with a position. */
export interface PlacedListing {
  id: number;
  title: string;
  rent: number;
  currency: string;
  lat: number;
  lon: number;
}

/** placedListings keeps the listings that have a position (SPEC §3's text, both in range), for the map. */
export function placedListings(properties: readonly Property[]): PlacedListing[] {
  return properties.flatMap((p) => {
    const lat = parseCoordinate(p.latitude, 90);
    const lon = parseCoordinate(p.longitude, 180);
    if (lat === null || lon === null) return [];
    return [{ id: p.id, title: p.title, rent: p.monthlyRent, currency: p.currency, lat, lon }];
  });
}

/**
 * unplacedText says how many matches have no position and so are not on the map (issue 32): the
 * server counts up to 1,000, so 1,000 reads "1,000+". Empty when none.
 */
export function unplacedText(count: number): string {
  if (count <= 0) return "";
  if (count === 1) return "1 listing has no location and is not on the map";
  return `${formatCount(count)}${count >= 1000 ? "+" : ""} listings have no location and are not on the map`;
}
