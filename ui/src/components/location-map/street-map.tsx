import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import type { MapTiles } from "./map-tiles";

interface StreetMapProps {
  tiles: MapTiles;
  lat: number;
  lon: number;
  /** Names the map for assistive technology. */
  label: string;
}

/**
 * StreetMap is a Leaflet map of the streets around a position, with a marker on it and the
 * tile provider's credit. Leaflet draws with plain images and SVG (no WebGL) and is loaded
 * with this module only, on pages that show a map.
 */
export default function StreetMap({ tiles, lat, lon, label }: StreetMapProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // The page scrolls under the wheel; zoom with the buttons, the keyboard (+, -) or a pinch.
    const map = L.map(element, { scrollWheelZoom: false }).setView([lat, lon], 16);
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    // A vector marker: Leaflet's default icon is an image whose address a bundler breaks.
    L.circleMarker([lat, lon], { radius: 9, color: "#ffffff", weight: 3, fillColor: "#b42318", fillOpacity: 1 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [tiles, lat, lon]);

  return <div ref={container} className="location-map__street" role="region" aria-label={label} />;
}
