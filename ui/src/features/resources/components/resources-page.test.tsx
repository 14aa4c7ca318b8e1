import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeTransport, renderApp } from "@/test/render";

function cardTitles() {
  return screen
    .getAllByRole("article")
    .map((card) => within(card).getByRole("heading").textContent);
}

describe("ResourcesPage", () => {
  it("groups every category on the All tab, with View All switching tabs", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: "/resources" });

    expect(await screen.findByRole("heading", { level: 2, name: /For Tenants/ })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All Resources" })).toHaveAttribute("aria-selected", "true");
    for (const heading of [/For Landlords/, /Market Trends/, /Legal Information/, /Moving Guide/]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(document.title).toBe("Resources | RentProof");

    await user.click(screen.getByRole("button", { name: "View All For Landlords resources" }));
    expect(router.state.location.search).toBe("?category=landlord");
    expect(screen.getByRole("tab", { name: "For Landlords" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(cardTitles()).toEqual(["Screening Tenants Fairly", "Setting the Right Rent"]));
  });

  it("reads the category from the URL and writes it when a tab is chosen", async () => {
    const user = userEvent.setup();
    const requests: { category: string; query: string }[] = [];
    const { router } = renderApp({
      path: "/resources?category=tenant",
      transport: fakeTransport({ onListResources: (req) => requests.push(req) }),
    });

    expect(screen.getByRole("tab", { name: "For Tenants" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() =>
      expect(cardTitles()).toEqual(["Understanding Your Security Deposit", "Renters Insurance Explained"]),
    );
    expect(requests[0]).toEqual({ category: "tenant", query: "" });

    await user.click(screen.getByRole("tab", { name: "Market Trends" }));
    expect(router.state.location.search).toBe("?category=market_trends");
    await waitFor(() => expect(cardTitles()).toEqual(["2025 Rent Trends in Big Cities"]));

    await user.click(screen.getByRole("tab", { name: "All Resources" }));
    expect(router.state.location.search).toBe("");
  });

  it("searches on the server after typing stops, keeping the text in the URL", async () => {
    const user = userEvent.setup();
    const requests: { category: string; query: string }[] = [];
    const { router } = renderApp({
      path: "/resources?category=tenant",
      transport: fakeTransport({ onListResources: (req) => requests.push(req) }),
    });
    await screen.findAllByRole("article");

    await user.type(screen.getByRole("searchbox", { name: "Search resources" }), "insurance");
    await waitFor(() => expect(router.state.location.search).toBe("?category=tenant&q=insurance"));
    await waitFor(() => expect(cardTitles()).toEqual(["Renters Insurance Explained"]));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(requests.map((r) => r.query)).toEqual(["", "insurance"]);
  });

  it("matches descriptions too, and offers Clear Search when nothing matches", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: "/resources?q=fair-housing" });

    await waitFor(() => expect(cardTitles()).toEqual(["Screening Tenants Fairly"]));
    expect(screen.getByRole("searchbox", { name: "Search resources" })).toHaveValue("fair-housing");

    const box = screen.getByRole("searchbox", { name: "Search resources" });
    await user.clear(box);
    await user.type(box, "zzz{Enter}");
    expect(await screen.findByRole("heading", { name: "No resources found" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?q=zzz");

    await user.click(screen.getByRole("button", { name: "Clear Search" }));
    expect(router.state.location.search).toBe("");
    expect(box).toHaveValue("");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(7));
  });

  it("follows the URL when it changes from outside (a footer link, the back button)", async () => {
    const { router } = renderApp({ path: "/resources?q=lease" });
    await waitFor(() => expect(cardTitles()).toEqual(["Lease Clauses That Matter"]));
    await act(() => router.navigate("/resources?category=landlord"));
    expect(screen.getByRole("searchbox", { name: "Search resources" })).toHaveValue("");
    expect(screen.getByRole("tab", { name: "For Landlords" })).toHaveAttribute("aria-selected", "true");
  });

  it("shows an error panel with a retry when the list cannot load", async () => {
    const user = userEvent.setup();
    let fail = true;
    const transport = fakeTransport({
      onListResources: () => {
        if (fail) throw new Error("boom");
      },
    });
    renderApp({ path: "/resources", transport });

    expect(await screen.findByRole("alert")).toHaveTextContent("Server Error");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { level: 2, name: /For Tenants/ })).toBeInTheDocument();
  });

  it("opens the Submit a Resource dialog", async () => {
    const user = userEvent.setup();
    renderApp({ path: "/resources" });
    await user.click(screen.getByRole("button", { name: "Submit a Resource" }));
    const dialog = await screen.findByRole("dialog", { name: "Submit a Resource" });
    expect(within(dialog).getByRole("link", { name: "Email the editors" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:/),
    );
  });
});
