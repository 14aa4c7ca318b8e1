import L from "leaflet";
import { useEffect, useRef } from "react";
import { parseCoordinate } from "@/components/location-map/coordinates";
import type { MapTiles } from "@/components/location-map/map-tiles";
import { WORLD, addBaseLayer } from "./map-base";

export interface MapPinPickerProps {
  /** The form's latitude and longitude text: the pin stands there when both are valid. */
  latitude: string;
  longitude: string;
  /** Writes a new position (6 decimals), or "" and "" never: removing is the form's button. */
  onChange: (latitude: string, longitude: string) => void;
  tiles: MapTiles | null;
  /** The map's accessible name. */
  label: string;
  /** The id of the visible hint that says how to move the pin. */
  hintId: string;
}

/** How far one arrow key moves the pin, in screen pixels (with Shift, PIN_BIG_STEP). */
export const PIN_STEP = 10;
export const PIN_BIG_STEP = 50;

/** The zoom a placed pin is shown at. */
const PLACED_ZOOM = 15;

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** formatPin writes a position as the form keeps it: 6 decimals (about 11 cm), longitude within ±180. */
export function formatPin(latlng: L.LatLng): [string, string] {
  const wrapped = latlng.wrap();
  const lat = Math.max(-85, Math.min(85, wrapped.lat));
  return [lat.toFixed(6), wrapped.lng.toFixed(6)];
}

/**
 * movePin is where an arrow key takes the pin: `step` screen pixels in the key's direction at
 * the map's zoom, so a step is a few metres in a street and a few kilometres over a country.
 */
export function movePin(from: L.LatLng, key: string, zoom: number, step: number): L.LatLng | null {
  const dir = ARROWS[key];
  if (!dir) return null;
  const crs = L.CRS.EPSG3857;
  const p = crs.latLngToPoint(from, zoom).add(L.point(dir[0] * step, dir[1] * step));
  return crs.pointToLatLng(p, zoom);
}

/**
 * MapPinPicker is the listing form's map (issue 32): a pin the owner drags, or places with a
 * click, over street tiles or the offline drawing. The map is one tab stop: with it focused the
 * arrow keys move the pin (placing it at the centre first when there is none; Shift for larger
 * steps) and + and − zoom; the map follows the pin. Every move writes the form's latitude and
 * longitude; typed values move the pin. No geocoding: no address service is reachable.
 */
export default function MapPinPicker({ latitude, longitude, onChange, tiles, label, hintId }: MapPinPickerProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const start = useRef({ latitude, longitude });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const lat = parseCoordinate(start.current.latitude, 90);
    const lon = parseCoordinate(start.current.longitude, 180);
    const placed = lat !== null && lon !== null ? L.latLng(lat, lon) : null;
    // The arrow keys move the pin, not the map: Leaflet's own panning by key is turned off (0 px).
    const map = L.map(element, { keyboard: true, keyboardPanDelta: 0, scrollWheelZoom: false, minZoom: 1, maxZoom: 18 });
    if (placed) map.setView(placed, PLACED_ZOOM);
    else map.setView(WORLD.center, WORLD.zoom);
    addBaseLayer(map, tiles);
    mapRef.current = map;

    const write = (at: L.LatLng) => {
      const [la, lo] = formatPin(at);
      onChangeRef.current(la, lo);
    };
    const place = (at: L.LatLng) => {
      if (markerRef.current) markerRef.current.setLatLng(at);
      else markerRef.current = pin(map, at, onChangeRef);
    };
    if (placed) place(placed);

    map.on("click", (e: L.LeafletMouseEvent) => {
      place(e.latlng);
      write(e.latlng);
    });

    const onKey = (event: KeyboardEvent) => {
      if (!(event.key in ARROWS) || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const marker = markerRef.current;
      const from = marker ? marker.getLatLng() : map.getCenter();
      const to = marker ? movePin(from, event.key, map.getZoom(), event.shiftKey ? PIN_BIG_STEP : PIN_STEP) : from;
      if (!to) return;
      place(to);
      write(to);
      map.panInside(to, { padding: [30, 30], animate: false });
    };
    element.addEventListener("keydown", onKey);
    return () => {
      element.removeEventListener("keydown", onKey);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tiles]);

  // Typed values move the pin; emptied ones take it away.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const lat = parseCoordinate(latitude, 90);
    const lon = parseCoordinate(longitude, 180);
    const marker = markerRef.current;
    if (lat === null || lon === null) {
      if (marker && !latitude.trim() && !longitude.trim()) {
        marker.remove();
        markerRef.current = null;
      }
      return;
    }
    const at = L.latLng(lat, lon);
    if (marker) {
      if (marker.getLatLng().distanceTo(at) < 0.05) return;
      marker.setLatLng(at);
    } else {
      markerRef.current = pin(map, at, onChangeRef);
    }
    // Typed: the map goes to the pin, close enough for the arrow keys to make small steps.
    if (!map.getBounds().contains(at) || map.getZoom() < PLACED_ZOOM - 3) {
      map.setView(at, Math.max(map.getZoom(), PLACED_ZOOM), { animate: false });
    }
  }, [latitude, longitude]);

  return (
    <div
      ref={container}
      className="pin-field__map"
      role="application"
      aria-label={label}
      aria-describedby={hintId}
      data-pin-map=""
    />
  );
}

/** pin puts the draggable pin on the map; a drag writes where it was dropped. */
function pin(map: L.Map, at: L.LatLng, onChange: { current: (latitude: string, longitude: string) => void }): L.Marker {
  const marker = L.marker(at, {
    draggable: true,
    // One tab stop: the map. The pin is moved with the arrow keys while the map has focus.
    keyboard: false,
    icon: L.divIcon({ className: "pin-picker__pin", iconSize: L.point(22, 22) }),
  }).addTo(map);
  marker.on("dragend", () => {
    const [la, lo] = formatPin(marker.getLatLng());
    onChange.current(la, lo);
  });
  return marker;
}
