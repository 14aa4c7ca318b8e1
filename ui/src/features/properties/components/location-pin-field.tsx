import { Suspense, lazy, useId, useMemo, useRef } from "react";
import { useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { formatCoordinates, parseCoordinate } from "@/components/location-map/coordinates";
import { mapTiles } from "@/components/location-map/map-tiles";
import { Button } from "@/components/ui/button";
import type { PropertyFormValues } from "../property-form";
import "./location-pin-field.css";

// Leaflet comes with the map only, when the form first shows it.
const MapPinPicker = lazy(() => import("./map-pin-picker"));

/** The edit page's request to the owner of a listing without a position. */
export const PLACE_PROMPT = "Place your listing on the map so renters searching by area can find it.";

/** The hint under the map: how to place and move the pin, the keyboard's way included. */
export const PIN_HINT =
  "Click the map or drag the pin to mark where the property is. With the map focused, the arrow keys move the pin (Shift for larger steps) and + and − zoom.";

interface LocationPinFieldProps {
  control: Control<PropertyFormValues>;
  setValue: UseFormSetValue<PropertyFormValues>;
  /** Asks the owner to place the listing while it has no position (the edit page's prompt). */
  prompt?: string;
}

/**
 * LocationPinField is the listing form's map pin (issue 32): the map writes the Latitude and
 * Longitude fields beside it, which stay and move the pin when typed in; "Remove location" empties
 * both. There is no address lookup: no geocoding service is reachable, the owner places the pin.
 */
export function LocationPinField({ control, setValue, prompt }: LocationPinFieldProps) {
  const [latitude, longitude] = useWatch({ control, name: ["latitude", "longitude"] });
  const tiles = useMemo(() => mapTiles(), []);
  const hintId = useId();
  const root = useRef<HTMLDivElement>(null);
  const lat = parseCoordinate(latitude, 90);
  const lon = parseCoordinate(longitude, 180);
  const placed = lat !== null && lon !== null;

  const write = (la: string, lo: string) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue("latitude", la, options);
    setValue("longitude", lo, options);
  };

  return (
    <div className="form-grid__wide pin-field" ref={root}>
      {prompt && !placed ? <p className="results-note pin-field__prompt">{prompt}</p> : null}
      <Suspense fallback={<div className="pin-field__map pin-field__map--loading" aria-hidden="true" />}>
        <MapPinPicker latitude={latitude} longitude={longitude} onChange={write} tiles={tiles} label="Map of the property's location" hintId={hintId} />
      </Suspense>
      <p id={hintId} className="field__hint">
        {PIN_HINT}
      </p>
      <div className="pin-field__status">
        <span aria-live="polite">{placed ? `Pin at ${formatCoordinates(lat, lon)}` : "No location on the map yet."}</span>
        {latitude || longitude ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              write("", "");
              // The button goes with the pin: the focus goes back to the map.
              root.current?.querySelector<HTMLElement>("[data-pin-map]")?.focus();
            }}
          >
            Remove location
          </Button>
        ) : null}
      </div>
    </div>
  );
}
