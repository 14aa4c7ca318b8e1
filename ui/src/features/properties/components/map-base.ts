import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapTiles } from "@/components/location-map/map-tiles";
import { LAND } from "@/components/location-map/world-map";
import "./search-map.css";

/**
 * addBaseLayer draws what lies under a map's markers: the street tiles of the configured tile
 * server (MAP_TILE_URL), or without one the product's offline drawing (the coarse continents of
 * the drawn world map, as vector shapes on a sea-coloured map), so nothing comes from third
 * parties. Imported by the lazily loaded maps only: Leaflet never reaches a page without a map.
 */
export function addBaseLayer(map: L.Map, tiles: MapTiles | null) {
  if (tiles) {
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    return;
  }
  map.getContainer().classList.add("map-offline");
  L.polygon(
    LAND.map((shape) => shape.map(([lon, lat]) => L.latLng(lat, lon))),
    { interactive: false, color: "#9fbfa8", weight: 1, fillColor: "#cfe3d4", fillOpacity: 1 },
  ).addTo(map);
}

/** WORLD is the view of a map with nothing to show yet. */
export const WORLD = { center: L.latLng(25, 0), zoom: 2 } as const;
