import { Code, ConnectError } from "@connectrpc/connect";
import type { Transport } from "@connectrpc/connect";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import type { SearchPropertiesRequestSchema } from "@/gen/rentproof/property/v1/property_pb";
import type { CreateSavedSearchRequest } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { makeUser } from "@/test/render";
import { savedSearchesTransport } from "../testing";
import { SaveSearchButton, suggestedName, WITHOUT_VERIFIED_REVIEWS } from "./save-search-button";

const REQUEST = { city: "London", query: "flats", currency: "GBP", maxRent: 2000, minBedrooms: 2, petsAllowed: true, sortBy: "newestListed", page: 3 };

/** AREA is the map view's searched area, as the search page passes it. */
const AREA = { west: 0.1, south: 52.18, east: 0.16, north: 52.22 };

function renderButton(transport: Transport, request: MessageInitShape<typeof SearchPropertiesRequestSchema> = REQUEST) {
  return render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={["/find-properties?city=London"]}>
        <Routes>
          <Route path="/find-properties" element={<SaveSearchButton request={request} />} />
          <Route path="/auth" element={<h1>Sign in</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("SaveSearchButton", () => {
  it("names the search in a dialog and saves it with the search's filters", async () => {
    const user = userEvent.setup();
    let sent: CreateSavedSearchRequest | undefined;
    renderButton(
      savedSearchesTransport(makeUser(), [], {
        createSavedSearch(req) {
          sent = req;
          return {};
        },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    const name = screen.getByRole("textbox", { name: /Name/ });
    expect(name).toHaveValue("flats, London");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Give this search a name")).toBeInTheDocument();
    await user.type(name, "Cheap London flats");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toMatchObject({ name: "Cheap London flats", city: "London", query: "flats", currency: "GBP", maxRent: 2000, minBedrooms: 2, petsAllowed: true });
  });

  it("saves the map view's area, suggesting a name for an area alone", async () => {
    const user = userEvent.setup();
    let sent: CreateSavedSearchRequest | undefined;
    renderButton(
      savedSearchesTransport(makeUser(), [], {
        createSavedSearch(req) {
          sent = req;
          return {};
        },
      }),
      { mapArea: AREA, minBedrooms: 2, countUnplaced: true, pageSize: 50 },
    );
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveValue("Homes in this map area");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toMatchObject({ name: "Homes in this map area", city: "", zipCode: "", query: "", minBedrooms: 2, mapArea: AREA });
  });

  it("sends no area when the search has none", async () => {
    const user = userEvent.setup();
    let sent: CreateSavedSearchRequest | undefined;
    renderButton(
      savedSearchesTransport(makeUser(), [], {
        createSavedSearch(req) {
          sent = req;
          return {};
        },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    await user.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.mapArea).toBeUndefined();
  });

  it("says that a saved search leaves out verified reviews, which a new listing cannot have", async () => {
    const user = userEvent.setup();
    renderButton(savedSearchesTransport(makeUser(), []), { ...REQUEST, verifiedReviewsOnly: true });
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    expect(await screen.findByRole("dialog", { name: "Save this search" })).toHaveTextContent(WITHOUT_VERIFIED_REVIEWS);
  });

  it("says nothing of verified reviews when the search does not ask for them", async () => {
    const user = userEvent.setup();
    renderButton(savedSearchesTransport(makeUser(), []));
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    expect(await screen.findByRole("dialog", { name: "Save this search" })).not.toHaveTextContent(WITHOUT_VERIFIED_REVIEWS);
  });

  it("suggests a name from the line, then from the area, then My search", () => {
    expect(suggestedName({ city: "London", mapArea: AREA })).toBe("London");
    expect(suggestedName({ query: " ", mapArea: AREA })).toBe("Homes in this map area");
    expect(suggestedName({})).toBe("My search");
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderButton(
      savedSearchesTransport(makeUser(), [], {
        createSavedSearch() {
          throw new ConnectError("Choose a city, neighbourhood or postcode, or an area of the map, to save this search", Code.InvalidArgument);
        },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a city, neighbourhood or postcode, or an area of the map, to save this search");
    expect(screen.getByRole("dialog", { name: "Save this search" })).toBeInTheDocument();
  });

  it("sends a visitor to sign in", async () => {
    const user = userEvent.setup();
    renderButton(savedSearchesTransport(null, []));
    await user.click(await screen.findByRole("link", { name: "Sign in to save this search" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
  });
});
