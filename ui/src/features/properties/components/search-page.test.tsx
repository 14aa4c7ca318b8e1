import { act, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SearchPropertiesRequest } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty, SAMPLE_PROPERTIES, servePropertyFakes, type PropertyFakeOptions } from "@/test/properties";
import { fakeTransport, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

function setup(path: string, options: PropertyFakeOptions = {}) {
  const requests: SearchPropertiesRequest[] = [];
  const transport = fakeTransport({
    extra: servePropertyFakes({
      ...options,
      onSearch: (req) => {
        requests.push(req);
        return options.onSearch?.(req);
      },
    }),
  });
  const utils = renderApp({ path, transport });
  return { ...utils, requests, user: userEvent.setup({ delay: null }) };
}

function cardTitles() {
  const list = screen.getByRole("list", { name: "Properties" });
  return within(list)
    .getAllByRole("article")
    .map((card) => within(card).getByRole("heading").textContent);
}

const last = <T,>(items: T[]) => items[items.length - 1];

describe("SearchPage", () => {
  it("keeps the loading skeleton a list inside its status (axe listitem)", () => {
    setup("/find-properties");
    const loading = screen.getByRole("status", { name: "Loading properties" });
    expect(within(within(loading).getByRole("list")).getAllByRole("listitem")).toHaveLength(6);
  });

  it("reads every filter from the URL on load", async () => {
    const { requests } = setup("/find-properties?city=London&propertyType=apartment&verified=true&sortBy=highestRated");
    expect(await screen.findByText("Showing 1 property")).toBeInTheDocument();
    expect(cardTitles()).toEqual(["Mansion-Block Flat in St James's"]);
    expect(screen.getByRole("heading", { level: 1, name: "Find Properties" })).toBeInTheDocument();
    expect(document.title).toBe("Properties in London | RentProof"); // after the city, as the server names it

    expect(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("London");
    expect(screen.getByRole("combobox", { name: "Property type" })).toHaveValue("apartment");
    expect(screen.getByRole("checkbox", { name: "Verified Only" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("highestRated");
    expect(last(requests)).toMatchObject({
      city: "London",
      zipCode: "",
      propertyType: "apartment",
      verifiedOnly: true,
      sortBy: "highestRated",
      page: 1,
      pageSize: 12,
    });
  });

  it("offers every property type and SPEC's sorts", async () => {
    setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    const types = within(screen.getByRole("combobox", { name: "Property type" })).getAllByRole("option");
    const pairs = types.map((o) => [o.getAttribute("value"), o.textContent]);
    expect(pairs.slice(0, 5)).toEqual([
      ["all", "All Types"],
      ["apartment", "Apartment"],
      ["house", "House"],
      ["condo", "Condo"],
      ["student_housing", "Student Housing"],
    ]);
    expect(pairs).toContainEqual(["villa", "Villa"]);
    expect(pairs).toHaveLength(16);
    const sorts = within(screen.getByRole("combobox", { name: "Sort by" })).getAllByRole("option");
    expect(sorts.map((o) => o.getAttribute("value"))).toEqual(["featured", "highestRated", "mostReviews", "newestListed"]);
    // Nothing to clear yet.
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("rewrites the URL as filters change, and Clear removes them", async () => {
    const { router, requests, user } = setup("/find-properties?sortBy=mostReviews");
    await screen.findByText("Showing 4 properties");

    await user.selectOptions(screen.getByRole("combobox", { name: "Property type" }), "apartment");
    expect(router.state.location.search).toBe("?propertyType=apartment&sortBy=mostReviews");
    await user.click(screen.getByRole("checkbox", { name: "Verified Only" }));
    expect(router.state.location.search).toBe("?propertyType=apartment&verified=true&sortBy=mostReviews");
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "newestListed");
    expect(router.state.location.search).toBe("?propertyType=apartment&verified=true&sortBy=newestListed");
    await waitFor(() => expect(cardTitles()).toEqual(["Sunny Pre-War One-Bedroom in Chelsea", "Mansion-Block Flat in St James's"]));
    expect(last(requests)).toMatchObject({ propertyType: "apartment", verifiedOnly: true, sortBy: "newestListed" });

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(router.state.location.search).toBe("?sortBy=newestListed");
    await screen.findByText("Showing 4 properties");
    expect(screen.getByRole("checkbox", { name: "Verified Only" })).not.toBeChecked();
  });

  it("treats a US, Canadian or UK postal code as a postal code and other text as a city or neighbourhood", async () => {
    const { router, requests, user } = setup("/find-properties?query=Downtown");
    await screen.findByRole("heading", { name: "No properties found" });
    const box = screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    expect(box).toHaveValue("Downtown");

    await user.clear(box);
    await user.type(box, "60614{Enter}");
    expect(router.state.location.search).toBe("?zipCode=60614");
    await waitFor(() => expect(cardTitles()).toEqual(["Greystone Two-Bedroom Condo near Oz Park"]));
    expect(last(requests)).toMatchObject({ zipCode: "60614", city: "", query: "" });

    await user.clear(box);
    await user.type(box, "sw1a 1aa{Enter}");
    expect(router.state.location.search).toBe("?zipCode=SW1A+1AA");
    expect(box).toHaveValue("SW1A 1AA");
    await waitFor(() => expect(last(requests)).toMatchObject({ zipCode: "SW1A 1AA", city: "" }));

    await user.clear(box);
    await user.type(box, "Tokyo");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(router.state.location.search).toBe("?city=Tokyo");
    await waitFor(() => expect(cardTitles()).toEqual(["Family House near Shimokitazawa"]));
  });

  it("searches after typing pauses", async () => {
    const { router, user } = setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    await user.type(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" }), "Chicago");
    await waitFor(() => expect(router.state.location.search).toBe("?city=Chicago"));
    await waitFor(() => expect(cardTitles()).toEqual(["Greystone Two-Bedroom Condo near Oz Park"]));
  });

  it("follows the URL when it changes from outside", async () => {
    const { router } = setup("/find-properties?city=Chicago");
    await screen.findByText("Showing 1 property");
    await act(() => router.navigate("/find-properties?verified=true"));
    expect(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "Verified Only" })).toBeChecked();
    await screen.findByText("Showing 2 properties");
  });

  it("shows the empty state with Clear Filters", async () => {
    const { router, user } = setup("/find-properties?city=Nowhere&verified=true");
    expect(await screen.findByRole("heading", { name: "No properties found" })).toBeInTheDocument();
    expect(screen.getByText("Showing 0 properties")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(router.state.location.search).toBe("");
    await screen.findByText("Showing 4 properties");
  });

  it("switches between grid and list, keeping the layout in the URL", async () => {
    const { router, user } = setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    expect(screen.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "List view" }));
    expect(router.state.location.search).toBe("?view=list");
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByRole("article")[0]).toHaveClass("property-card--list");
  });

  it("pages through results with Previous, numbers and Next", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      makeProperty({ id: 100 + i, title: `Home ${String(i + 1).padStart(2, "0")}`, stars: [0, 0, 0, 0, 30 - i] }),
    );
    const { router, requests, user } = setup("/find-properties?sortBy=mostReviews", { properties: many });
    await screen.findByText("Showing 1–12 of 30 properties");
    expect(cardTitles()).toHaveLength(12);
    expect(cardTitles()[0]).toBe("Home 01");

    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager).getByText("Previous").closest("[aria-disabled]")).toHaveAttribute("aria-disabled", "true");
    expect(within(pager).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(within(pager).getByRole("link", { name: "Page 3" })).toBeInTheDocument();

    await user.click(within(pager).getByRole("link", { name: /Next/ }));
    expect(router.state.location.search).toBe("?sortBy=mostReviews&page=2");
    await waitFor(() => expect(cardTitles()[0]).toBe("Home 13"));
    expect(screen.getByText("Showing 13–24 of 30 properties")).toBeInTheDocument();
    expect(last(requests)).toMatchObject({ page: 2, pageSize: 12 });

    await user.click(within(screen.getByRole("navigation", { name: "Pagination" })).getByRole("link", { name: "Page 3" }));
    await waitFor(() => expect(cardTitles()).toEqual(["Home 25", "Home 26", "Home 27", "Home 28", "Home 29", "Home 30"]));
    expect(screen.getByText("Showing 25–30 of 30 properties")).toBeInTheDocument();
    const pager3 = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager3).getByText("Next").closest("[aria-disabled]")).toHaveAttribute("aria-disabled", "true");

    // A filter change goes back to page 1.
    await user.click(screen.getByRole("checkbox", { name: "Verified Only" }));
    expect(router.state.location.search).toBe("?verified=true&sortBy=mostReviews");
  });

  it("says 1,000+ when the count is capped, and notes a city matched by spelling", async () => {
    setup("/find-properties?city=Chicgo", {
      onSearch: () => ({ properties: SAMPLE_PROPERTIES.slice(1, 2), totalCount: 1000, totalCapped: true, matchedCity: "Chicago" }),
    });
    expect(await screen.findByText("Showing 1–1 of 1,000+ properties")).toBeInTheDocument();
    expect(screen.getByText(/No city or neighborhood is spelled exactly “Chicgo”/)).toHaveTextContent("Showing properties in Chicago.");
  });

  it("shows an error panel with a retry", async () => {
    let fail = true;
    const { user } = setup("/find-properties", {
      onSearch: () => {
        if (fail) throw new Error("boom");
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Server Error");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Showing 4 properties")).toBeInTheDocument();
  });
});
