import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Property, SearchPropertiesRequest } from "@/gen/rentproof/property/v1/property_pb";
import { SavedSearchService, type CreateSavedSearchRequest } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

function setup(path: string, onSearch?: (req: SearchPropertiesRequest) => void, properties?: Property[]) {
  const transport = fakeTransport({ extra: servePropertyFakes({ onSearch, properties }) });
  return renderApp({ path, transport });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LocationPage", () => {
  it("lists the properties of a UK postcode with breadcrumbs, SEO copy and calls to action", async () => {
    const requests: SearchPropertiesRequest[] = [];
    setup("/location/SW1A%201AA", (req) => void requests.push(req));
    expect(screen.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeInTheDocument();
    expect(document.title).toBe("Properties in SW1A 1AA | RentProof");
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(crumbs).getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    expect(screen.getByText("United Kingdom")).toBeInTheDocument();

    const list = await screen.findByRole("list", { name: "Properties in SW1A 1AA" });
    const card = within(list).getByRole("article", { name: "Mansion-Block Flat in St James's" });
    expect(within(card).getByText(/12 Jermyn Street/)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/properties/3");
    expect(card.querySelector("img")).toHaveAttribute("src", "/images/demo/property-01-a.svg");
    expect(requests[0]).toMatchObject({ zipCode: "SW1A 1AA" });

    expect(screen.getByRole("heading", { level: 2, name: "Renting in SW1A 1AA" })).toBeInTheDocument();
    expect(screen.getByText(/postcode SW1A 1AA \(United Kingdom\)/)).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "Add Your Property" })).toHaveAttribute("href", "/add-property");
    expect(main.getByRole("link", { name: "Search All Properties" })).toHaveAttribute("href", "/find-properties");
    expect(main.getByRole("link", { name: "Sign Up to Write Reviews" })).toHaveAttribute("href", "/auth");
  });

  it.each([
    ["10001", "United States"],
    ["90210-1234", "United States"],
    ["M5V%202H1", "Canada"],
    ["155-0033", "Global"],
  ])("detects the country of %s as %s", async (code, country) => {
    setup(`/location/${code}`);
    expect(screen.getByText(country)).toBeInTheDocument();
  });

  it("invites adding a property when there is none", async () => {
    setup("/location/99999");
    expect(await screen.findByRole("heading", { name: "No properties listed in 99999 yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add a Property" })).toHaveAttribute("href", "/add-property");
  });

  it("shows Failed to fetch properties with a retry that reloads the page", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    setup("/location/10001", () => {
      throw new Error("down");
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to fetch properties");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalled();
  });

  it("says Location Not Found for something that is no postal code", () => {
    setup("/location/%3Cscript%3E");
    expect(screen.getByRole("heading", { level: 1, name: "Location Not Found" })).toBeInTheDocument();
  });
});

/** Three listings in 10001: a one-bedroom flat, a three-bedroom house with pets, a studio in pounds. */
const CHELSEA = [
  makeProperty({ id: 1, title: "One-Bedroom on 29th", bedrooms: 1, monthlyRent: 4250, stars: [0, 0, 1, 1, 0] }),
  makeProperty({ id: 2, title: "Three-Bedroom Townhouse", propertyType: "house", bedrooms: 3, bathrooms: 2, monthlyRent: 7900, verified: false, stars: [0, 0, 0, 0, 5] }),
  makeProperty({ id: 3, title: "Studio Let in Pounds", propertyType: "studio", bedrooms: 0, monthlyRent: 2100, currency: "GBP", petsAllowed: false }),
];

describe("LocationPage filters (issue 32)", () => {
  const cards = () =>
    within(screen.getByRole("list", { name: "Properties in 10001" }))
      .getAllByRole("article")
      .map((card) => within(card).getByRole("heading").textContent);

  it("shows the search's cards: rating, save button and facts", async () => {
    setup("/location/10001", undefined, CHELSEA);
    const list = await screen.findByRole("list", { name: "Properties in 10001" });
    const card = within(list).getByRole("article", { name: "Three-Bedroom Townhouse" });
    expect(within(card).getByRole("heading", { level: 2 })).toHaveTextContent("Three-Bedroom Townhouse");
    expect(within(card).getByRole("button", { name: "Save property" })).toHaveAttribute("aria-pressed", "false");
    expect(within(card).getByText("Excellent")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/properties/2");
    expect(screen.getByText("3 properties in 10001")).toBeInTheDocument();
  });

  it("reads its filters and sort from its URL, sends them with the code of its path, and writes changes back", async () => {
    const requests: SearchPropertiesRequest[] = [];
    const { router } = setup("/location/10001?beds=1&sortBy=highestRated", (req) => void requests.push(req), CHELSEA);
    await waitFor(() => expect(cards()).toEqual(["Three-Bedroom Townhouse", "One-Bedroom on 29th"]));
    expect(requests.at(-1)).toMatchObject({ zipCode: "10001", city: "", query: "", minBedrooms: 1, sortBy: "highestRated", page: 1, pageSize: 50 });
    expect(screen.getByRole("combobox", { name: "Bedrooms" })).toHaveValue("1");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("highestRated");
    expect(screen.getByRole("button", { name: "Filters 1 active" })).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole("combobox", { name: "Bedrooms" }), "3");
    expect(router.state.location.pathname).toBe("/location/10001");
    expect(router.state.location.search).toBe("?beds=3&sortBy=highestRated");
    await waitFor(() => expect(cards()).toEqual(["Three-Bedroom Townhouse"]));
    expect(screen.getByText("1 property in 10001")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Verified Only" }));
    expect(router.state.location.search).toBe("?verified=true&beds=3&sortBy=highestRated");
    // Filtered to nothing: the search's empty state, not the invitation to list.
    expect(await screen.findByRole("heading", { name: "No properties found" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /No properties listed in/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(router.state.location.search).toBe("?sortBy=highestRated");
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument();
  });

  it("filters rent in a currency and says what other currencies it left out", async () => {
    setup("/location/10001?currency=GBP&maxRent=3000", undefined, CHELSEA);
    await waitFor(() => expect(cards()).toEqual(["Studio Let in Pounds"]));
    expect(screen.getByText("2 listings in other currencies are not shown")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Maximum rent" })).toHaveValue("3000");
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveValue("GBP");
  });

  it("pages by 50, the pager's links keeping the filters", async () => {
    const many = Array.from({ length: 60 }, (_, i) => makeProperty({ id: 100 + i, title: `Home ${i + 1}`, bedrooms: 2 }));
    const { router } = setup("/location/10001?beds=2", undefined, many);
    expect(await screen.findByText("Showing 1–50 of 60 properties in 10001")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager).getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/location/10001?beds=2&page=2");
    await userEvent.setup({ delay: null }).click(within(pager).getByRole("link", { name: "Page 2" }));
    expect(router.state.location.search).toBe("?beds=2&page=2");
    expect(await screen.findByText("Showing 51–60 of 60 properties in 10001")).toBeInTheDocument();
  });

  it("writes a code typed in another spacing or case in its usual form, keeping the filters", async () => {
    const { router } = setup("/location/sw1a1aa?beds=2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/SW1A%201AA"));
    expect(router.state.location.search).toBe("?beds=2");
    expect(screen.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Mansion-Block Flat in St James's" })).toBeInTheDocument();
  });

  it("saves its search: the postcode as the place, with the active filters", async () => {
    let sent: CreateSavedSearchRequest | undefined;
    const properties = servePropertyFakes({ properties: CHELSEA });
    const transport = fakeTransport({
      user: makeUser(),
      extra: (router) => {
        properties(router);
        router.service(SavedSearchService, {
          createSavedSearch(req) {
            sent = req;
            return {};
          },
        });
      },
    });
    renderApp({ path: "/location/10001?beds=1&pets=true&sortBy=highestRated", transport });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Save search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveValue("10001");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ name: "10001", zipCode: "10001", city: "", query: "", minBedrooms: 1, petsAllowed: true });
  });

  it("asks a visitor to sign in to save its search, even where nothing is listed yet", async () => {
    setup("/location/99999");
    expect(await screen.findByRole("heading", { name: "No properties listed in 99999 yet" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Sign in to save this search" })).toHaveAttribute("href", "/auth");
  });

  it("opens another postcode from its own box with the filters, and sends other words to Find Properties", async () => {
    const { router } = setup("/location/10001?beds=1&sortBy=highestRated&page=2", undefined, CHELSEA);
    const box = screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    expect(box).toHaveValue("10001");
    const user = userEvent.setup({ delay: null });
    await user.clear(box);
    await user.type(box, "sw1a1aa{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/SW1A%201AA"));
    expect(router.state.location.search).toBe("?beds=1&sortBy=highestRated");
    expect(await screen.findByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue("SW1A 1AA"));

    await user.clear(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" }));
    await user.type(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" }), "Chelsea{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-properties"));
    expect(router.state.location.search).toBe("?city=Chelsea&beds=1&sortBy=highestRated");
  });

  it("searches the words that came with its postcode, which Clear removes", async () => {
    const requests: SearchPropertiesRequest[] = [];
    const { router } = setup("/location/10001?query=garden&beds=1", (req) => void requests.push(req), CHELSEA);
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ zipCode: "10001", query: "garden", minBedrooms: 1 }));
    expect(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("10001 garden");
    expect(screen.getByRole("button", { name: "Filters 2 active" })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Clear" }));
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(screen.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("10001"));
  });
});
