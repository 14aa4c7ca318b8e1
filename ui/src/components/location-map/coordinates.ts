/** Positions kept as text on a property, and how they are written and linked. */

/** parseCoordinate reads a latitude or longitude kept as text, or null when it is missing or out of range. */
export function parseCoordinate(text: string, limit: 90 | 180): number | null {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** formatCoordinates writes a position the usual way: "40.7497° N, 73.9973° W". */
export function formatCoordinates(lat: number, lon: number): string {
  const f = (v: number) => Math.abs(v).toFixed(4);
  return `${f(lat)}° ${lat >= 0 ? "N" : "S"}, ${f(lon)}° ${lon >= 0 ? "E" : "W"}`;
}

/** mapsUrl links to OpenStreetMap at the position, or to a search for the address without one. */
export function mapsUrl(lat: number | null, lon: number | null, address: string): string {
  if (lat !== null && lon !== null) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
