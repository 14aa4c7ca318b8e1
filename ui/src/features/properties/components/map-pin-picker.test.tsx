import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import L from "leaflet";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROPERTY_VALUES, type PropertyFormValues } from "../property-form";
import { LocationPinField, PIN_HINT, PLACE_PROMPT } from "./location-pin-field";
import { PIN_BIG_STEP, PIN_STEP, formatPin, movePin } from "./map-pin-picker";

/** Form is the listing form's location part: the two text fields and the pin. */
function Form({ latitude = "", longitude = "", prompt }: { latitude?: string; longitude?: string; prompt?: string }) {
  const { control, register, setValue } = useForm<PropertyFormValues>({
    defaultValues: { ...DEFAULT_PROPERTY_VALUES, latitude, longitude },
  });
  return (
    <form>
      <label>
        Latitude <input {...register("latitude")} />
      </label>
      <label>
        Longitude <input {...register("longitude")} />
      </label>
      <LocationPinField control={control} setValue={setValue} prompt={prompt} />
    </form>
  );
}

const MAP = "Map of the property's location";
const value = (label: string) => Number((screen.getByLabelText(label) as HTMLInputElement).value);

describe("movePin", () => {
  it("moves a step of screen pixels in the arrow's direction, smaller the closer the zoom", () => {
    const from = L.latLng(40.7497, -73.9973);
    const up = movePin(from, "ArrowUp", 15, PIN_STEP)!;
    const right = movePin(from, "ArrowRight", 15, PIN_STEP)!;
    expect(up.lat).toBeGreaterThan(from.lat);
    expect(up.lng).toBeCloseTo(from.lng, 9);
    expect(right.lng).toBeGreaterThan(from.lng);
    expect(right.lat).toBeCloseTo(from.lat, 9);
    expect(movePin(from, "ArrowDown", 15, PIN_STEP)!.lat).toBeLessThan(from.lat);
    expect(movePin(from, "ArrowLeft", 15, PIN_STEP)!.lng).toBeLessThan(from.lng);
    // 10 px at zoom 15 is about 0.0004° of longitude; 50 px five times that; at zoom 10, 32 times.
    expect(right.lng - from.lng).toBeCloseTo((PIN_STEP * 360) / (256 * 2 ** 15), 9);
    expect(movePin(from, "ArrowRight", 15, PIN_BIG_STEP)!.lng - from.lng).toBeCloseTo(5 * (right.lng - from.lng), 9);
    expect(movePin(from, "Enter", 15, PIN_STEP)).toBeNull();
  });

  it("writes 6 decimals, the longitude within ±180", () => {
    expect(formatPin(L.latLng(40.74970049, -73.99731))).toEqual(["40.749700", "-73.997310"]);
    expect(formatPin(L.latLng(10, 190))).toEqual(["10.000000", "-170.000000"]);
  });
});

describe("LocationPinField", () => {
  it("moves the pin with the arrow keys while the map has focus, writing both fields", async () => {
    const user = userEvent.setup();
    render(<Form latitude="40.749700" longitude="-73.997300" />);
    const map = await screen.findByRole("application", { name: MAP });
    expect(map).toHaveAccessibleDescription(PIN_HINT);
    expect(screen.getByText(PIN_HINT)).toBeVisible();
    await waitFor(() => expect(map.querySelector(".pin-picker__pin")).not.toBeNull());

    act(() => map.focus());
    await user.keyboard("{ArrowUp}");
    expect(value("Latitude")).toBeGreaterThan(40.7497);
    expect(value("Longitude")).toBe(-73.9973);
    expect((screen.getByLabelText("Latitude") as HTMLInputElement).value).toMatch(/^\d+\.\d{6}$/);
    const lat = value("Latitude");
    await user.keyboard("{Shift>}{ArrowRight}{/Shift}");
    expect(value("Longitude")).toBeGreaterThan(-73.9973);
    expect(value("Latitude")).toBe(lat);
    expect(screen.getByText(/^Pin at 40\.\d{4}° N, 73\.\d{4}° W$/)).toBeInTheDocument();
  });

  it("places the pin at the map's centre with an arrow key when there is none, and asks the owner to place it", async () => {
    const user = userEvent.setup();
    render(<Form prompt={PLACE_PROMPT} />);
    expect(screen.getByText(PLACE_PROMPT)).toBeInTheDocument();
    expect(screen.getByText("No location on the map yet.")).toBeInTheDocument();
    const map = await screen.findByRole("application", { name: MAP });
    expect(map.querySelector(".pin-picker__pin")).toBeNull();
    act(() => map.focus());
    await user.keyboard("{ArrowDown}");
    expect(map.querySelector(".pin-picker__pin")).not.toBeNull();
    expect((screen.getByLabelText("Latitude") as HTMLInputElement).value).toMatch(/^-?\d+\.\d{6}$/);
    expect(screen.queryByText(PLACE_PROMPT)).not.toBeInTheDocument();
  });

  it("follows typed values, and Remove location empties both fields and takes the pin away", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const map = await screen.findByRole("application", { name: MAP });
    await user.type(screen.getByLabelText("Latitude"), "51.5046");
    await user.type(screen.getByLabelText("Longitude"), "-0.139");
    await waitFor(() => expect(map.querySelector(".pin-picker__pin")).not.toBeNull());
    expect(screen.getByText("Pin at 51.5046° N, 0.1390° W")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove location" }));
    expect(screen.getByLabelText("Latitude")).toHaveValue("");
    expect(screen.getByLabelText("Longitude")).toHaveValue("");
    await waitFor(() => expect(map.querySelector(".pin-picker__pin")).toBeNull());
    expect(map).toHaveFocus();
  });
});
