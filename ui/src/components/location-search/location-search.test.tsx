import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LOCATION_PLACEHOLDER, LocationSearch } from "./location-search";

function renderBox() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <LocationSearch /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderBox>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe("LocationSearch", () => {
  it("does nothing with blank text", async () => {
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(screen.getByPlaceholderText(LOCATION_PLACEHOLDER), "   ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(where(router)).toBe("/");
  });

  it.each([
    ["10001", "/location/10001"],
    ["  90210-1234 ", "/location/90210-1234"],
    ["m5v2h1", "/location/M5V%202H1"],
    ["SW1A 1AA", "/location/SW1A%201AA"],
    ["New York", "/find-properties?city=New+York"],
  ])("routes %j to %s", async (text, target) => {
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(screen.getByRole("searchbox", { name: "City, neighborhood, or ZIP/postal code" }), `${text}{Enter}`);
    expect(where(router)).toBe(target);
  });

  it("searches the box's text when the app did not see it typed (between the prerendered form's freeing and hydration)", async () => {
    const user = userEvent.setup();
    const router = renderBox();
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "City, neighborhood, or ZIP/postal code" });
    // The DOM's own setter: no event, as with text typed into the server's markup.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(box, "sw1a1aa");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(where(router)).toBe("/location/SW1A%201AA");
  });

  it("sends the browser to Find Properties by itself, its text as the city, when no script runs", () => {
    renderBox();
    const form = screen.getByRole("search", { name: "Search properties by location" });
    expect(form).toHaveAttribute("action", "/find-properties");
    expect(screen.getByRole("searchbox")).toHaveAttribute("name", "city");
  });

  it("offers the five popular searches, a free-text query for words", () => {
    renderBox();
    const list = screen.getByRole("list", { name: "Popular searches:" });
    expect(list).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "10001" })).toHaveAttribute("href", "/location/10001");
    expect(screen.getByRole("link", { name: "90210" })).toHaveAttribute("href", "/location/90210");
    expect(screen.getByRole("link", { name: "SW1A 1AA" })).toHaveAttribute("href", "/location/SW1A%201AA");
    expect(screen.getByRole("link", { name: "M5V 2H1" })).toHaveAttribute("href", "/location/M5V%202H1");
    expect(screen.getByRole("link", { name: "Downtown Apartments" })).toHaveAttribute(
      "href",
      "/find-properties?query=Downtown+Apartments",
    );
  });
});
