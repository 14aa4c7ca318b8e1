import { createRouterTransport } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty } from "@/test/properties";
import { makeUser } from "@/test/render";
import { SAVED_PAGE_SIZE } from "../api/use-saved-properties";
import { SavedPropertiesPanel } from "./saved-properties-panel";

/** A server with one user's saved ids, newest first, paged like ListSavedProperties. */
function setup(ids: number[]) {
  const saved = [...ids];
  const transport = createRouterTransport((router) => {
    router.service(AccountService, { getCurrentUser: () => ({ user: makeUser() }) });
    router.service(PropertyService, {
      listSavedProperties(req) {
        const start = (req.page - 1) * req.pageSize;
        return {
          properties: saved.slice(start, start + req.pageSize).map((id) => makeProperty({ id, title: `Home ${id}`, saved: true })),
          totalCount: saved.length,
          page: req.page,
          pageSize: req.pageSize,
        };
      },
      unsaveProperty(req) {
        saved.splice(saved.indexOf(req.propertyId), 1);
        return { savedCount: saved.length };
      },
    });
  });
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter>
        <SavedPropertiesPanel />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("SavedPropertiesPanel", () => {
  it("says there is nothing saved and leads to the search", async () => {
    setup([]);
    // The status wraps the skeleton's list: the list keeps its items (axe listitem).
    const loading = screen.getByRole("status", { name: "Loading saved properties" });
    expect(within(within(loading).getByRole("list")).getAllByRole("listitem")).toHaveLength(3);
    expect(await screen.findByRole("heading", { name: "No saved properties yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
  });

  it("lists the saved properties as cards, and one unsaved leaves the list", async () => {
    const user = userEvent.setup();
    setup([5, 9]);
    const list = await screen.findByRole("list", { name: "Saved properties" });
    expect(within(list).getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("2 saved properties")).toBeInTheDocument();
    const card = screen.getByRole("article", { name: "Home 5" });
    await user.click(within(card).getByRole("button", { name: "Remove from saved" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Home 5" })).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "Home 9" })).toBeInTheDocument();
    expect(screen.getByText("1 saved property")).toBeInTheDocument();
  });

  it("pages through many, and goes back a page when the last one's only card is unsaved", async () => {
    const user = userEvent.setup();
    setup(Array.from({ length: SAVED_PAGE_SIZE + 1 }, (_, i) => i + 1));
    await screen.findByText("Page 1 of 2");
    expect(screen.getAllByRole("article")).toHaveLength(SAVED_PAGE_SIZE);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const last = await screen.findByRole("article", { name: `Home ${SAVED_PAGE_SIZE + 1}` });
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    await user.click(within(last).getByRole("button", { name: "Remove from saved" }));
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Saved properties pages" })).not.toBeInTheDocument());
    expect(screen.getAllByRole("article")).toHaveLength(SAVED_PAGE_SIZE);
    expect(screen.getByText(`${SAVED_PAGE_SIZE} saved properties`)).toBeInTheDocument();
  });
});
