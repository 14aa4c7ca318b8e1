import { Code, ConnectError } from "@connectrpc/connect";
import type { Transport } from "@connectrpc/connect";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import type { CreateSavedSearchRequest } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";
import { makeUser } from "@/test/render";
import { savedSearchesTransport } from "../testing";
import { SaveSearchButton } from "./save-search-button";

const REQUEST = { city: "London", query: "flats", currency: "GBP", maxRent: 2000, minBedrooms: 2, petsAllowed: true, sortBy: "newestListed", page: 3 };

function renderButton(transport: Transport) {
  return render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={["/find-properties?city=London"]}>
        <Routes>
          <Route path="/find-properties" element={<SaveSearchButton request={REQUEST} />} />
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

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderButton(
      savedSearchesTransport(makeUser(), [], {
        createSavedSearch() {
          throw new ConnectError("Choose a city, neighbourhood or postcode to save this search", Code.InvalidArgument);
        },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a city, neighbourhood or postcode to save this search");
    expect(screen.getByRole("dialog", { name: "Save this search" })).toBeInTheDocument();
  });

  it("sends a visitor to sign in", async () => {
    const user = userEvent.setup();
    renderButton(savedSearchesTransport(null, []));
    await user.click(await screen.findByRole("link", { name: "Sign in to save this search" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
  });
});
