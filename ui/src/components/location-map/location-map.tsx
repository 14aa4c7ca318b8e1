import { ExternalLink, MapPin } from "lucide-react";
import { Suspense, lazy, useMemo } from "react";
import { formatCoordinates, mapsUrl, parseCoordinate } from "./coordinates";
import { mapTiles } from "./map-tiles";
import { WorldMap } from "./world-map";
import "./location-map.css";

// Leaflet and its styles come with the street map only, when a page first shows one.
const StreetMap = lazy(() => import("./street-map"));

interface LocationMapProps {
  /** The position kept as text (SPEC §3); empty or out of range when unknown. */
  latitude: string;
  longitude: string;
  /** The full address, written under the map and searched when there are no coordinates. */
  address: string;
}

/**
 * LocationMap shows where a place is: a street map when the server has a tile server and the
 * position is known, otherwise a drawn world map with a pin (offline, nothing from third
 * parties). Under it: the address, the coordinates and a link to a full map in a new tab.
 */
export function LocationMap({ latitude, longitude, address }: LocationMapProps) {
  const tiles = useMemo(() => mapTiles(), []);
  const lat = parseCoordinate(latitude, 90);
  const lon = parseCoordinate(longitude, 180);
  const position = lat !== null && lon !== null ? { lat, lon } : null;
  return (
    <figure className="location-map">
      {tiles && position ? (
        <Suspense fallback={<div className="location-map__street location-map__street--loading" />}>
          <StreetMap tiles={tiles} lat={position.lat} lon={position.lon} label={`Street map of ${address}`} />
        </Suspense>
      ) : (
        <WorldMap position={position} />
      )}
      <figcaption className="location-map__caption">
        <p className="location-map__address">
          <MapPin aria-hidden="true" size={16} />
          <span>{address}</span>
        </p>
        <p className="location-map__coords">
          {position ? formatCoordinates(position.lat, position.lon) : "The exact position has not been given for this property."}
        </p>
        <a href={mapsUrl(lat, lon, address)} target="_blank" rel="noopener noreferrer" className="arrow-link">
          Open in maps <ExternalLink aria-hidden="true" size={14} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
