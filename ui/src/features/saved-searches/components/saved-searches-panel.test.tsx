import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import type { Transport } from "@connectrpc/connect";
import { AppProviders, createQueryClient } from "@/app/providers";
import { MapAreaSchema } from "@/gen/rentproof/property/v1/property_pb";
import { makeUser } from "@/test/render";
import { filterSummary, savedSearchUrl } from "../search-url";
import { makeSavedSearch, savedSearchesTransport } from "../testing";
import { SavedSearchesPanel } from "./saved-searches-panel";

function renderPanel(transport: Transport) {
  return render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter>
        <SavedSearchesPanel />
      </MemoryRouter>
    </AppProviders>,
  );
}

const FULL = makeSavedSearch(2, {
  name: "Cheap Camden flats",
  placeKind: "locality",
  placeName: "Camden",
  city: "Camden",
  query: "garden",
  propertyType: "apartment",
  currency: "GBP",
  minRent: 900,
  maxRent: 2000,
  minBedrooms: 2,
  minBathrooms: 1,
  petsAllowed: true,
  furnished: true,
  minArea: 60,
  areaUnit: "sqm",
  verifiedOnly: true,
});

describe("SavedSearchesPanel", () => {
  it("lists each search with its place, its filters in words, its alerts and a link that reopens it", async () => {
    renderPanel(savedSearchesTransport(makeUser(), [FULL, makeSavedSearch(1, { name: "Postcode", placeKind: "postal_code", placeName: "SW1A 1AA", city: "", zipCode: "SW1A 1AA", alerts: false })]));
    const list = await screen.findByRole("list", { name: "Saved searches" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByRole("heading", { name: "Cheap Camden flats" })).toBeInTheDocument();
    expect(first).toHaveTextContent("Neighbourhood: Camden");
    expect(first).toHaveTextContent("Apartment · 900–2000 GBP a month · 2+ bedrooms · 1+ bathrooms · pets allowed · furnished · at least 60 m² · verified only · “garden”");
    expect(within(first!).getByRole("checkbox", { name: "Alerts for “Cheap Camden flats”" })).toBeChecked();
    expect(within(first!).getByRole("link", { name: "Open “Cheap Camden flats”" })).toHaveAttribute(
      "href",
      "/find-properties?city=Camden&query=garden&propertyType=apartment&verified=true&currency=GBP&minRent=900&maxRent=2000&beds=2&baths=1&pets=true&furnished=true&minArea=60&areaUnit=sqm",
    );
    expect(second).toHaveTextContent("Postcode: SW1A 1AA");
    expect(second).toHaveTextContent("Any home");
    expect(within(second!).getByRole("checkbox", { name: "Alerts for “Postcode”" })).not.toBeChecked();
    expect(within(second!).getByRole("link", { name: "Open “Postcode”" })).toHaveAttribute("href", "/find-properties?zipCode=SW1A+1AA");
  });

  it("labels a map area search and links it to the map view over its area", async () => {
    const mapArea = create(MapAreaSchema, { west: 0.1, south: 52.18, east: 0.16, north: 52.22 });
    renderPanel(
      savedSearchesTransport(makeUser(), [
        makeSavedSearch(2, { name: "Near the river", placeKind: "map_area", placeName: "Map area", city: "", mapArea, minBedrooms: 2 }),
        makeSavedSearch(1, { name: "London in the box", mapArea }),
      ]),
    );
    const list = await screen.findByRole("list", { name: "Saved searches" });
    const [area, bounded] = within(list).getAllByRole("listitem");
    expect(within(area!).getByText("Map area")).toBeInTheDocument();
    expect(area).toHaveTextContent("2+ bedrooms");
    expect(within(area!).getByRole("link", { name: "Open “Near the river”" })).toHaveAttribute(
      "href",
      "/find-properties?beds=2&mapArea=0.1%2C52.18%2C0.16%2C52.22&view=map",
    );
    expect(within(bounded!).getByText("City: London · within a map area")).toBeInTheDocument();
    expect(within(bounded!).getByRole("link", { name: "Open “London in the box”" })).toHaveAttribute(
      "href",
      "/find-properties?city=London&mapArea=0.1%2C52.18%2C0.16%2C52.22&view=map",
    );
  });

  it("turns alerts off and deletes a search", async () => {
    const user = userEvent.setup();
    renderPanel(savedSearchesTransport(makeUser(), [FULL, makeSavedSearch(1)]));
    const alerts = await screen.findByRole("checkbox", { name: "Alerts for “Cheap Camden flats”" });
    await user.click(alerts);
    await waitFor(() => expect(alerts).not.toBeChecked());
    await user.click(screen.getByRole("button", { name: "Delete “Search 1”" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Search 1" })).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "Cheap Camden flats" })).toBeInTheDocument();
  });

  it("shows the empty state, leading to the search", async () => {
    renderPanel(savedSearchesTransport(makeUser(), []));
    expect(await screen.findByRole("heading", { name: "No saved searches yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
  });

  it("shows loading, then the error", async () => {
    renderPanel(
      savedSearchesTransport(makeUser(), [], {
        listSavedSearches: async () => {
          await new Promise((r) => setTimeout(r, 50));
          throw new ConnectError("down", Code.Unavailable);
        },
      }),
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading saved searches…");
    expect(await screen.findByText("Your saved searches could not be loaded.", undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("writes summaries and links for the smallest search", () => {
    const s = makeSavedSearch(3, { city: "London", currency: "USD" });
    expect(filterSummary(s)).toBe("rent in USD");
    expect(savedSearchUrl(s)).toBe("/find-properties?city=London&currency=USD");
  });
});
