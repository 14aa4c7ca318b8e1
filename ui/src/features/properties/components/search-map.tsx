import L from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router-dom";
import Supercluster, { type ClusterProperties } from "supercluster";
import type { MapTiles } from "@/components/location-map/map-tiles";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCurrency, formatRent } from "@/lib/currency";
import type { MapArea } from "../search-params";
import { WORLD, addBaseLayer } from "./map-base";
import { placedListings, type PlacedListing } from "./placed-listings";

export interface SearchMapProps {
  /** The listings of the result page; those without a position are left off. */
  properties: readonly Property[];
  tiles: MapTiles | null;
  /** The searched area: the map shows it when it changes (a reload, the back button). */
  area: MapArea | null;
  /** The listing whose card is hovered or focused: its marker (or cluster) stands out. */
  highlighted: number | null;
  /** Hovering or focusing a marker names its listing; leaving it, null. */
  onHighlight: (id: number | null) => void;
  /** The area the map shows, after every move (for "Search this area"). */
  onMove: (area: MapArea) => void;
  /** The map's accessible name. */
  label: string;
}

/** Clustering: markers closer than this many pixels merge, up to the zoom at which streets show. */
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 15;

type Cluster = Supercluster<PlacedListing>;

/** The markers drawn, keyed "p<id>" (a listing) or "c<cluster id>", with the listings each holds. */
interface Drawn {
  marker: L.Marker;
  ids: Set<number>;
}

/**
 * SearchMap is the map of the map view (issue 32): the result page's listings as rent markers,
 * clustered at low zoom (supercluster), over street tiles or the offline drawing. A marker opens a
 * popup with the title, the rent and a link to the listing; a cluster zooms in. Every marker is a
 * button reachable with Tab (Leaflet's keyboard option) and pressed with Enter or Space; the map
 * pans with the arrow keys and zooms with + and −. The list beside it is its text alternative.
 */
export default function SearchMap({ properties, tiles, area, highlighted, onHighlight, onMove, label }: SearchMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const drawn = useRef(new Map<string, Drawn>());
  const navigate = useNavigate();
  // Leaflet's handlers call the latest callbacks, not the first render's.
  const latest = useRef({ onHighlight, onMove, navigate });
  useEffect(() => {
    latest.current = { onHighlight, onMove, navigate };
  });

  const listings = useMemo(() => placedListings(properties), [properties]);
  const index = useMemo(() => {
    const sc: Cluster = new Supercluster({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
    sc.load(listings.map((l) => ({ type: "Feature", geometry: { type: "Point", coordinates: [l.lon, l.lat] }, properties: l })));
    return sc;
  }, [listings]);
  const indexRef = useRef(index);
  const highlightedRef = useRef(highlighted);
  const redrawRef = useRef<() => void>(() => {});

  // The map, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { keyboard: true, minZoom: 1, maxZoom: 18 }).setView(WORLD.center, WORLD.zoom);
    addBaseLayer(map, tiles);
    const layer = L.layerGroup().addTo(map);
    mapRef.current = map;
    const markers = drawn.current;

    const redraw = () => draw(map, layer, indexRef.current, markers, highlightedRef.current, latest);
    const moved = () => {
      redraw();
      latest.current.onMove(mapArea(map));
    };
    map.on("moveend", moved);
    redrawRef.current = redraw;
    return () => {
      map.off("moveend", moved);
      markers.clear();
      map.remove();
      mapRef.current = null;
    };
  }, [tiles]);

  // New results: redraw, and without a searched area show them all.
  useEffect(() => {
    indexRef.current = index;
    const map = mapRef.current;
    if (!map) return;
    if (!area && listings.length > 0) {
      const bounds = L.latLngBounds(listings.map((l) => L.latLng(l.lat, l.lon)));
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14, animate: false });
    }
    redrawRef.current();
    latest.current.onMove(mapArea(map));
    // The area is read when it changes (below); results alone refit only without one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, listings]);

  // A searched area that this map did not just send (a reload, back and forward): show it.
  const areaKey = area ? [area.west, area.south, area.east, area.north].join(",") : "";
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !area) return;
    const shown = mapArea(map);
    const inside =
      shown.west >= area.west - 1e-3 && shown.east <= area.east + 1e-3 && shown.south >= area.south - 1e-3 && shown.north <= area.north + 1e-3;
    const close = inside && shown.east - shown.west > (area.east - area.west) * 0.9;
    if (close) return;
    const bounds = L.latLngBounds([area.south, area.west], [area.north, area.east]);
    // The URL's area is rounded outward: fit a little inside it, so the zoom is the one searched.
    map.fitBounds(bounds.pad(-0.02), { animate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [areaKey]);

  // The highlighted listing's marker, or the cluster holding it.
  useEffect(() => {
    highlightedRef.current = highlighted;
    for (const { marker, ids } of drawn.current.values()) {
      const on = highlighted !== null && ids.has(highlighted);
      marker.getElement()?.classList.toggle("is-highlighted", on);
      marker.setZIndexOffset(on ? 1000 : 0);
    }
  }, [highlighted]);

  return <div ref={container} className="search-map__map" role="region" aria-label={label} />;
}

/** mapArea is the area a map shows, kept within the world (the server takes no area across the 180th meridian). */
function mapArea(map: L.Map): MapArea {
  const b = map.getBounds();
  const west = Math.max(-180, b.getWest());
  const east = Math.min(180, b.getEast());
  return {
    west: west < east ? west : -180,
    south: Math.max(-90, b.getSouth()),
    east: west < east ? east : 180,
    north: Math.min(90, b.getNorth()),
  };
}

interface Latest {
  current: { onHighlight: (id: number | null) => void; navigate: (to: string) => void };
}

/**
 * draw puts the clusters and listings of the map's view on it, keeping the markers that stay
 * (so a focused marker keeps its focus while the map moves) and removing the rest.
 */
function draw(map: L.Map, layer: L.LayerGroup, index: Cluster, markers: Map<string, Drawn>, highlighted: number | null, latest: Latest) {
  const b = map.getBounds();
  const zoom = map.getZoom();
  const bbox: [number, number, number, number] = [
    Math.max(-180, b.getWest()),
    Math.max(-85, b.getSouth()),
    Math.min(180, b.getEast()),
    Math.min(85, b.getNorth()),
  ];
  const features = bbox[0] < bbox[2] ? index.getClusters(bbox, Math.round(zoom)) : [];
  const keep = new Set<string>();
  for (const f of features) {
    const [lon, lat] = f.geometry.coordinates;
    const props = f.properties as Partial<ClusterProperties> & Partial<PlacedListing>;
    if (props.cluster && props.cluster_id !== undefined) {
      const key = `c${props.cluster_id}`;
      keep.add(key);
      if (markers.has(key)) continue;
      const clusterId = props.cluster_id;
      const count = props.point_count ?? 0;
      const ids = new Set(index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.id));
      const marker = L.marker([lat, lon], {
        keyboard: true,
        icon: L.divIcon({
          className: "search-map__cluster",
          html: `<span aria-hidden="true">${count}</span>`,
          iconSize: L.point(40, 40),
        }),
      });
      const zoomIn = () => {
        const to = Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom());
        // Zoomed with the keyboard, the cluster's button goes with the redraw: the focus moves on
        // to the first of the markers it became, not back to the top of the page.
        const el = marker.getElement();
        if (el && document.activeElement === el) map.once("moveend", () => focusFirst(map, markers, ids));
        map.setView([lat, lon], to);
      };
      marker.on("click", zoomIn);
      marker.on("add", () => {
        name(marker, `${count} listings here: zoom in`);
        onKeys(marker, ["Enter", " "], zoomIn);
      });
      marker.addTo(layer);
      markers.set(key, { marker, ids });
    } else if (props.id !== undefined) {
      const listing = props as PlacedListing;
      const key = `p${listing.id}`;
      keep.add(key);
      if (markers.has(key)) continue;
      const marker = L.marker([lat, lon], {
        keyboard: true,
        icon: L.divIcon({
          className: "search-map__pin",
          html: `<span aria-hidden="true">${escapeHtml(formatCurrency(listing.rent, listing.currency))}</span>`,
          iconSize: undefined,
        }),
      });
      marker.bindPopup(() => popup(listing, latest), { autoPanPadding: L.point(24, 24) });
      marker.on("add", () => {
        name(marker, `${listing.title}, ${formatRent(listing.rent, listing.currency)}`);
        onKeys(marker, [" "], () => marker.openPopup()); // Enter is Leaflet's own
        const el = marker.getElement();
        el?.addEventListener("focus", () => latest.current.onHighlight(listing.id));
        el?.addEventListener("blur", () => latest.current.onHighlight(null));
      });
      marker.on("mouseover", () => latest.current.onHighlight(listing.id));
      marker.on("mouseout", () => latest.current.onHighlight(null));
      // Opened with the keyboard: the popup's link takes the focus, Escape closes it.
      marker.on("popupopen", (e) => {
        const el = marker.getElement();
        if (el && document.activeElement === el) {
          (e.popup.getElement()?.querySelector("a.search-map__popup-link") as HTMLElement | null)?.focus();
        }
      });
      marker.addTo(layer);
      markers.set(key, { marker, ids: new Set([listing.id]) });
    }
  }
  for (const [key, { marker }] of markers) {
    if (keep.has(key)) continue;
    layer.removeLayer(marker);
    markers.delete(key);
  }
  for (const { marker, ids } of markers.values()) {
    const on = highlighted !== null && ids.has(highlighted);
    marker.getElement()?.classList.toggle("is-highlighted", on);
  }
}

/**
 * onKeys runs `activate` when one of these keys is pressed on a marker's button: Leaflet opens a
 * popup on Enter but gives a button without one nothing, and Space is a button's key too.
 */
function onKeys(marker: L.Marker, keys: string[], activate: () => void) {
  marker.getElement()?.addEventListener("keydown", (event) => {
    if (!keys.includes(event.key)) return;
    event.preventDefault(); // Space would scroll the page
    activate();
  });
}

/** focusFirst focuses the first marker, in tab order, that holds one of these listings. */
function focusFirst(map: L.Map, markers: Map<string, Drawn>, ids: Set<number>) {
  const wanted = new Set<Element>();
  for (const { marker, ids: held } of markers.values()) {
    const el = marker.getElement();
    if (el && [...held].some((id) => ids.has(id))) wanted.add(el);
  }
  const first = Array.from(map.getPane("markerPane")?.children ?? []).find((el) => wanted.has(el));
  (first as HTMLElement | undefined)?.focus();
}

/** name gives a marker its accessible name (Leaflet makes it a button when keyboard is on). */
function name(marker: L.Marker, text: string) {
  const el = marker.getElement();
  if (!el) return;
  el.setAttribute("aria-label", text);
  el.setAttribute("title", text);
}

/** popup builds a listing's popup: title, rent, and a link that opens it inside the app. */
function popup(listing: PlacedListing, latest: Latest): HTMLElement {
  const root = document.createElement("div");
  root.className = "search-map__popup";
  const title = document.createElement("p");
  title.className = "search-map__popup-title";
  title.textContent = listing.title;
  const rent = document.createElement("p");
  rent.className = "search-map__popup-rent";
  rent.textContent = formatRent(listing.rent, listing.currency);
  const link = document.createElement("a");
  link.className = "search-map__popup-link";
  link.href = `/properties/${listing.id}`;
  link.textContent = "View property";
  link.setAttribute("aria-label", `View property: ${listing.title}`);
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    latest.current.navigate(`/properties/${listing.id}`);
  });
  root.append(title, rent, link);
  return root;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
