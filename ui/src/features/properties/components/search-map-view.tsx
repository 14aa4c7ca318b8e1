import { Search } from "lucide-react";
import { Suspense, lazy, useMemo, useState, type ReactNode } from "react";
import { mapTiles } from "@/components/location-map/map-tiles";
import { PropertyCard } from "@/components/property-card/property-card";
import { Button } from "@/components/ui/button";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import type { MapArea } from "../search-params";
import { unplacedText } from "./placed-listings";
import "./search-map-view.css";

// Leaflet, the clustering and their styles come with the map view only (issue 12's first-load budget).
const SearchMap = lazy(() => import("./search-map"));

/** The map's accessible name. */
export const SEARCH_MAP_LABEL = "Map of search results";

interface SearchMapViewProps {
  /** The result page's listings (up to 50 in the map view). */
  properties: readonly Property[];
  /** The searched area, or null. */
  area: MapArea | null;
  /** How many matches have no position (the server's unplaced_count). */
  unplacedCount: number;
  /** "Search this area": the area the map shows (none: no such button). */
  onSearchArea?: (area: MapArea) => void;
  /** What the list shows in place of cards when the page has none (the empty state). */
  empty?: ReactNode;
}

/**
 * SearchMapView is the map view of Find Properties (issue 32): the result cards as a list, which
 * is the map's text alternative and the keyboard's way through the results, beside a map of the
 * same listings. Hovering or focusing a card highlights its marker, and a marker its card;
 * "Search this area" searches what the map shows. Listings without a position are counted above.
 */
export function SearchMapView({ properties, area, unplacedCount, onSearchArea, empty }: SearchMapViewProps) {
  const tiles = useMemo(() => mapTiles(), []);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [shown, setShown] = useState<MapArea | null>(null);
  const unplaced = unplacedText(unplacedCount);

  return (
    <>
      {unplaced ? <p className="results-note">{unplaced}</p> : null}
      <div className="search-map">
        <div className="search-map__list">
          {properties.length > 0 ? (
            <ul className="search-map__cards" aria-label="Properties">
              {properties.map((property, i) => (
                <li
                  key={property.id}
                  className={highlighted === property.id ? "is-highlighted" : undefined}
                  onMouseEnter={() => setHighlighted(property.id)}
                  onMouseLeave={() => setHighlighted(null)}
                  onFocus={() => setHighlighted(property.id)}
                  onBlur={() => setHighlighted(null)}
                >
                  <PropertyCard property={property} headingLevel={2} eagerImage={i < 3} />
                </li>
              ))}
            </ul>
          ) : (
            empty
          )}
        </div>
        <div className="search-map__side">
          <div className="search-map__toolbar">
            {shown && onSearchArea ? (
              <Button variant="outline" size="sm" onClick={() => onSearchArea(shown)}>
                <Search aria-hidden="true" size={16} /> Search this area
              </Button>
            ) : null}
          </div>
          <Suspense fallback={<div className="search-map__map search-map__map--loading" aria-hidden="true" />}>
            <SearchMap
              properties={properties}
              tiles={tiles}
              area={area}
              highlighted={highlighted}
              onHighlight={setHighlighted}
              onMove={setShown}
              label={SEARCH_MAP_LABEL}
            />
          </Suspense>
        </div>
      </div>
    </>
  );
}
