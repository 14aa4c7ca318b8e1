/** MapTiles is the tile server the server was configured with (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface MapTiles {
  /** The tiles' address with {z}, {x}, {y} (and {s}). */
  url: string;
  /** The provider's credit, shown on the map (HTML). */
  attribution: string;
}

/**
 * mapTiles reads the tile server from the meta tags the server writes into the page, or null
 * when none is configured (the map is then drawn offline).
 */
export function mapTiles(doc: Document = document): MapTiles | null {
  const url = doc.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content ?? "";
  if (!url) return null;
  return { url, attribution: doc.querySelector<HTMLMetaElement>('meta[name="map-tile-attribution"]')?.content ?? "" };
}
