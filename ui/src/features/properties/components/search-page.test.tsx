import { Code, ConnectError } from "@connectrpc/connect";
import { act, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SearchPropertiesRequest, SearchPropertiesResponse } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty, SAMPLE_PROPERTIES, servePropertyFakes, type PropertyFakeOptions } from "@/test/properties";
import { fakeTransport, renderApp } from "@/test/render";
import { TEXT_DEBOUNCE_MS } from "./search-page";

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
  it("shows why the server refused a search, without a Try Again that would be refused again", async () => {
    const reason = "Search for a word of at least 3 characters, or choose a city, postcode or filter";
    setup("/find-properties?city=zq", {
      onSearch: () => {
        throw new ConnectError(reason, Code.InvalidArgument);
      },
    });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText("This search can't be run")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /try again/i })).not.toBeInTheDocument();
  });

  it("searches as the box is typed only once a word has three characters", async () => {
    const { requests, user } = setup("/find-properties");
    await screen.findByRole("list", { name: "Properties" });
    const box = screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    const before = requests.length;
    await user.type(box, "Lo");
    await new Promise((resolve) => setTimeout(resolve, TEXT_DEBOUNCE_MS + 200));
    expect(requests.length).toBe(before);
    await user.type(box, "n");
    await waitFor(() => expect(last(requests).city).toBe("Lon"));
  });
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

  it("offers every property type, SPEC's sorts and the price sorts", async () => {
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
    expect(sorts.map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["featured", "Featured"],
      ["highestRated", "Highest Rated"],
      ["mostReviews", "Most Reviews"],
      ["newestListed", "Newest Listed"],
      ["priceLowHigh", "Price: Low to High"],
      ["priceHighLow", "Price: High to Low"],
    ]);
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

  it("opens a US, Canadian or UK postal code's location page with the filters, and searches other text as a city or neighbourhood", async () => {
    const { router, requests, user } = setup("/find-properties?query=Downtown&beds=2&sortBy=highestRated");
    await screen.findByRole("heading", { name: "No properties found" });
    const box = screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    expect(box).toHaveValue("Downtown");

    await user.clear(box);
    await user.type(box, "Tokyo");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(router.state.location.search).toBe("?city=Tokyo&beds=2&sortBy=highestRated");

    await user.clear(box);
    await user.type(box, "sw1a 1aa{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/SW1A%201AA"));
    expect(router.state.location.search).toBe("?beds=2&sortBy=highestRated");
    expect(await screen.findByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeInTheDocument();
    await waitFor(() => expect(last(requests)).toMatchObject({ zipCode: "SW1A 1AA", city: "", minBedrooms: 2, sortBy: "highestRated" }));
    // Back is the search before it, not the postcode's passing Find Properties URL.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe("?city=Tokyo&beds=2&sortBy=highestRated"));
  });

  it("keeps a postcode being typed here until Search, Enter or leaving the box", async () => {
    const { router, user } = setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    const box = screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    await user.type(box, "60614");
    await waitFor(() => expect(router.state.location.search).toBe("?zipCode=60614"));
    expect(router.state.location.pathname).toBe("/find-properties");
    await waitFor(() => expect(cardTitles()).toEqual(["Greystone Two-Bedroom Condo near Oz Park"]));
    await user.tab();
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/60614"));
  });

  it("sends an old link's zipCode to its location page with the other parameters", async () => {
    const { router } = setup("/find-properties?zipCode=m5v2h1&propertyType=condo&verified=true&sortBy=newestListed&view=list");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/M5V%202H1"));
    expect(router.state.location.search).toBe("?propertyType=condo&verified=true&sortBy=newestListed");
    expect(await screen.findByRole("heading", { level: 1, name: "Properties in M5V 2H1" })).toBeInTheDocument();
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

  it("says an abbreviation is read as its city, not that it is misspelled", async () => {
    setup("/find-properties?city=NYC", {
      onSearch: () => ({ properties: SAMPLE_PROPERTIES.slice(0, 1), matchedCity: "New York", matchedByAbbreviation: true }),
    });
    const note = await screen.findByText(/is read as/);
    expect(note).toHaveTextContent("“NYC” is read as New York.");
    expect(within(note).getByText("New York").tagName).toBe("STRONG");
    expect(screen.queryByText(/No city or neighborhood is spelled exactly/)).not.toBeInTheDocument();
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

/**
 * withOtherCurrencies is a search answer that counts listings left out for their currency: the
 * fake's own answers carry no such count (test/properties.ts).
 */
function withOtherCurrencies(count: number, answer: Pick<Partial<SearchPropertiesResponse>, "properties" | "totalCount"> = {}) {
  return { matchedCity: "", ...answer, otherCurrencyCount: count };
}

describe("SearchPage filters (issue 32)", () => {
  const box = (name: string) => screen.getByRole("textbox", { name });
  const select = (name: string) => screen.getByRole("combobox", { name });

  it("reads every filter from the URL on load and sends it", async () => {
    const { requests } = setup(
      "/find-properties?currency=EUR&minRent=1000&maxRent=2500&beds=2&baths=1&pets=true&furnished=true&minArea=60&areaUnit=sqm&sortBy=priceLowHigh",
    );
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(box("Minimum rent")).toHaveValue("1000");
    expect(box("Maximum rent")).toHaveValue("2500");
    expect(select("Currency")).toHaveValue("EUR");
    expect(select("Bedrooms")).toHaveValue("2");
    expect(select("Bathrooms")).toHaveValue("1");
    expect(screen.getByRole("checkbox", { name: "Pets allowed" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Furnished" })).toBeChecked();
    expect(box("Minimum area")).toHaveValue("60");
    expect(select("Area unit")).toHaveValue("sqm");
    expect(select("Sort by")).toHaveValue("priceLowHigh");
    expect(last(requests)).toMatchObject({
      currency: "EUR",
      minRent: 1000,
      maxRent: 2500,
      minBedrooms: 2,
      minBathrooms: 1,
      petsAllowed: true,
      furnished: true,
      minArea: 60,
      areaUnit: "sqm",
      sortBy: "priceLowHigh",
    });
    // The rent range is one filter: six in all, on the phone's Filters button and beside Clear.
    expect(screen.getByRole("button", { name: "Filters 6 active" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("6 filters active")).toBeInTheDocument();
  });

  it("offers Any and at-least choices for rooms, every currency and both area units", async () => {
    setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    const options = (name: string) => within(select(name)).getAllByRole("option").map((o) => [o.getAttribute("value"), o.textContent]);
    expect(options("Bedrooms")).toEqual([
      ["0", "Any"],
      ["1", "1+"],
      ["2", "2+"],
      ["3", "3+"],
      ["4", "4+"],
      ["5", "5+"],
    ]);
    expect(options("Bathrooms").map(([, label]) => label)).toEqual(["Any", "1+", "2+", "3+", "4+"]);
    expect(select("Currency")).toHaveValue("USD");
    expect(options("Currency")).toHaveLength(30);
    expect(options("Area unit")).toEqual([
      ["sqft", "Square feet (ft²)"],
      ["sqm", "Square meters (m²)"],
    ]);
    expect(box("Minimum rent")).toHaveValue("");
    expect(screen.getByRole("group", { name: "Monthly rent" })).toContainElement(select("Currency"));
    expect(screen.getByRole("group", { name: "Area at least" })).toContainElement(box("Minimum area"));
  });

  it("applies a typed rent on Enter or on leaving the box, not on every key", async () => {
    const { router, requests, user } = setup("/find-properties?sortBy=priceLowHigh");
    await screen.findByText("Showing 4 properties");
    const before = requests.length;

    await user.type(box("Minimum rent"), "2000");
    // Typed, not applied yet: no request per keystroke.
    expect(router.state.location.search).toBe("?sortBy=priceLowHigh");
    expect(requests.length).toBe(before);
    await user.keyboard("{Enter}");
    expect(router.state.location.search).toBe("?minRent=2000&sortBy=priceLowHigh");
    await waitFor(() => expect(last(requests)).toMatchObject({ currency: "USD", minRent: 2000, maxRent: 0 }));
    const afterMin = requests.length;
    expect(afterMin).toBe(before + 1);

    await user.type(box("Maximum rent"), "4,500");
    await user.tab();
    expect(router.state.location.search).toBe("?minRent=2000&maxRent=4500&sortBy=priceLowHigh");
    expect(box("Maximum rent")).toHaveValue("4,500");
    await waitFor(() => expect(last(requests)).toMatchObject({ currency: "USD", minRent: 2000, maxRent: 4500 }));

    await user.selectOptions(select("Currency"), "GBP");
    expect(router.state.location.search).toBe("?currency=GBP&minRent=2000&maxRent=4500&sortBy=priceLowHigh");
    await waitFor(() => expect(last(requests)).toMatchObject({ currency: "GBP", minRent: 2000, maxRent: 4500 }));
    expect(screen.getByRole("button", { name: "Filters 1 active" })).toBeInTheDocument();
  });

  it("applies a typed rent once typing pauses", async () => {
    const { router, requests, user } = setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    await user.type(box("Maximum rent"), "3000");
    await waitFor(() => expect(router.state.location.search).toBe("?maxRent=3000"));
    await waitFor(() => expect(last(requests)).toMatchObject({ maxRent: 3000, currency: "USD" }));
    expect(requests.filter((r) => r.maxRent > 0).map((r) => r.maxRent)).toEqual([3000]);
    expect(box("Maximum rent")).toHaveFocus();
  });

  it("says a minimum above the maximum or a number that is not whole, and applies neither", async () => {
    const { router, requests, user } = setup("/find-properties?maxRent=2000");
    // No sample listing rents for under $2,000 (test/properties.ts).
    await screen.findByText("Showing 0 properties");
    const sent = requests.length;

    await user.type(box("Minimum rent"), "3000{Enter}");
    expect(screen.getByText("Minimum rent must not exceed the maximum")).toBeInTheDocument();
    expect(box("Minimum rent")).toHaveAttribute("aria-invalid", "true");
    expect(box("Minimum rent")).toHaveAccessibleDescription("Minimum rent must not exceed the maximum");
    expect(box("Maximum rent")).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.search).toBe("?maxRent=2000");

    await user.clear(box("Minimum rent"));
    await user.type(box("Minimum rent"), "-5");
    await user.tab();
    expect(screen.getByText("Enter a whole number, 0 or more")).toBeInTheDocument();
    expect(box("Maximum rent")).not.toHaveAttribute("aria-invalid");
    expect(router.state.location.search).toBe("?maxRent=2000");

    await user.type(box("Minimum area"), "12.5{Enter}");
    expect(box("Minimum area")).toHaveAccessibleDescription("Enter a whole number, 0 or more");
    expect(router.state.location.search).toBe("?maxRent=2000");
    expect(requests.length).toBe(sent);

    // Put right, the message goes and the range applies.
    await user.clear(box("Minimum rent"));
    await user.type(box("Minimum rent"), "1500{Enter}");
    expect(screen.queryByText("Minimum rent must not exceed the maximum")).not.toBeInTheDocument();
    expect(box("Minimum rent")).not.toHaveAttribute("aria-invalid");
    expect(router.state.location.search).toBe("?minRent=1500&maxRent=2000");
  });

  it("writes rooms, pets, furnished and area into the URL, back to page 1, and Clear clears them all", async () => {
    const { router, requests, user } = setup("/find-properties?sortBy=priceHighLow&page=2&view=list");
    await screen.findByRole("heading", { name: "No properties on this page" });

    await user.selectOptions(select("Bedrooms"), "2");
    expect(router.state.location.search).toBe("?beds=2&sortBy=priceHighLow&view=list");
    await user.selectOptions(select("Bathrooms"), "1");
    await user.click(screen.getByRole("checkbox", { name: "Pets allowed" }));
    await user.click(screen.getByRole("checkbox", { name: "Furnished" }));
    await user.selectOptions(select("Area unit"), "sqm");
    await user.type(box("Minimum area"), "50{Enter}");
    await user.type(box("Minimum rent"), "100");
    await user.type(box("Maximum rent"), "9000{Enter}");
    expect(router.state.location.search).toBe(
      "?minRent=100&maxRent=9000&beds=2&baths=1&pets=true&furnished=true&minArea=50&areaUnit=sqm&sortBy=priceHighLow&view=list",
    );
    await waitFor(() =>
      expect(last(requests)).toMatchObject({
        currency: "USD",
        minRent: 100,
        maxRent: 9000,
        minBedrooms: 2,
        minBathrooms: 1,
        petsAllowed: true,
        furnished: true,
        minArea: 50,
        areaUnit: "sqm",
        sortBy: "priceHighLow",
        page: 1,
      }),
    );
    expect(screen.getByText("6 filters active")).toBeInTheDocument();

    // Something typed and not applied goes too.
    await user.type(box("Minimum area"), "0");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(router.state.location.search).toBe("?sortBy=priceHighLow&view=list");
    await screen.findByText("Showing 4 properties");
    expect(box("Minimum rent")).toHaveValue("");
    expect(box("Maximum rent")).toHaveValue("");
    expect(box("Minimum area")).toHaveValue("");
    expect(select("Area unit")).toHaveValue("sqft");
    expect(select("Bedrooms")).toHaveValue("0");
    expect(select("Bathrooms")).toHaveValue("0");
    expect(screen.getByRole("checkbox", { name: "Pets allowed" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Furnished" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument();
    expect(screen.queryByText(/filters? active/)).not.toBeInTheDocument();
    expect(last(requests)).toMatchObject({ minRent: 0, maxRent: 0, minBedrooms: 0, petsAllowed: false, minArea: 0, currency: "" });
  });

  it("follows the URL for the typed boxes when it changes from outside", async () => {
    const { router } = setup("/find-properties?minRent=1000&minArea=80");
    // The two sample listings in dollars (test/properties.ts).
    await screen.findByText("Showing 2 properties");
    await act(() => router.navigate("/find-properties?maxRent=5000"));
    expect(box("Minimum rent")).toHaveValue("");
    expect(box("Maximum rent")).toHaveValue("5000");
    expect(box("Minimum area")).toHaveValue("");
  });

  it("says how many listings in other currencies the rent range left out", async () => {
    let other = 3;
    const { user } = setup("/find-properties?currency=GBP&maxRent=5000", {
      onSearch: () => withOtherCurrencies(other),
    });
    expect(await screen.findByText("3 listings in other currencies are not shown")).toBeInTheDocument();

    other = 1;
    await user.selectOptions(select("Currency"), "EUR");
    expect(await screen.findByText("1 listing in another currency is not shown")).toBeInTheDocument();

    other = 0;
    await user.selectOptions(select("Currency"), "CAD");
    await waitFor(() => expect(screen.queryByText(/not shown$/)).not.toBeInTheDocument());
  });

  it("says it in the empty state too, and 1,000+ at the server's cap", async () => {
    setup("/find-properties?currency=JPY&minRent=1", {
      onSearch: () => withOtherCurrencies(1000, { properties: [], totalCount: 0 }),
    });
    expect(await screen.findByRole("heading", { name: "No properties found" })).toBeInTheDocument();
    expect(screen.getByText("1,000+ listings in other currencies are not shown")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear Filters" })).toBeInTheDocument();
  });
});

describe("SearchPage follows how the server read the line (issue 32)", () => {
  const searchbox = () => screen.getByRole("searchbox", { name: "City, neighborhood or postal code" });
  /** londonFlats answers as the server reads "London flats": the city London, the type apartment. */
  const londonFlats = (req: SearchPropertiesRequest) =>
    req.city.toLowerCase() === "london flats" ? { reading: { place: "London", propertyType: "apartment" } } : undefined;

  it("writes the reading into the URL in place, once, keeping the other filters", async () => {
    const { router, requests } = setup("/find-properties?city=London%20flats&beds=2&sortBy=highestRated", { onSearch: londonFlats });
    await waitFor(() => expect(router.state.location.search).toBe("?city=London&propertyType=apartment&beds=2&sortBy=highestRated"));
    expect(router.state.historyAction).toBe("REPLACE");
    await waitFor(() => expect(cardTitles()).toEqual(["Mansion-Block Flat in St James's"]));
    expect(searchbox()).toHaveValue("London");
    expect(screen.getByRole("combobox", { name: "Property type" })).toHaveValue("apartment");
    expect(screen.getByRole("combobox", { name: "Bedrooms" })).toHaveValue("2");
    // One request for the typed line, one for what it became: no more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests.map((r) => [r.city, r.propertyType])).toEqual([
      ["London flats", ""],
      ["London", "apartment"],
    ]);
    expect(router.state.location.search).toBe("?city=London&propertyType=apartment&beds=2&sortBy=highestRated");
  });

  it("opens the location page of a postcode read among other words: the type word to the type, the rest to the text", async () => {
    const postcodeLine = (req: SearchPropertiesRequest) =>
      req.city === "sw1a1aa garden flats" ? { reading: { zipCode: "SW1A1AA", propertyType: "apartment", query: "garden" } } : undefined;
    const { router, user, requests } = setup("/find-properties?pets=true", { onSearch: postcodeLine });
    await screen.findByText(/Showing \d+ propert/);
    await user.type(searchbox(), "sw1a1aa garden flats{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/SW1A%201AA"));
    expect(router.state.location.search).toBe("?query=garden&propertyType=apartment&pets=true");
    await waitFor(() =>
      expect(last(requests)).toMatchObject({ zipCode: "SW1A 1AA", city: "", query: "garden", propertyType: "apartment", petsAllowed: true, pageSize: 50 }),
    );
    // The location page's box shows the code and the words searched with it.
    expect(searchbox()).toHaveValue("SW1A 1AA garden");
  });

  it("replaces the entry the typed search made: Back goes to the page before it", async () => {
    const { router, user } = setup("/find-properties?sortBy=mostReviews", { onSearch: londonFlats });
    await screen.findByText("Showing 4 properties");
    await user.type(searchbox(), "London flats{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?city=London&propertyType=apartment&sortBy=mostReviews"));
    await waitFor(() => expect(searchbox()).toHaveValue("London"));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?sortBy=mostReviews");
  });

  it("keeps the search before a typed one when typing paused before Enter: Back goes to it", async () => {
    const { router, user } = setup("/find-properties?sortBy=mostReviews", { onSearch: londonFlats });
    await screen.findByText("Showing 4 properties");
    await user.type(searchbox(), "London flats");
    // The pause runs the search and its reading is followed before Enter comes (a slow phone).
    await waitFor(() => expect(router.state.location.search).toBe("?city=London&propertyType=apartment&sortBy=mostReviews"));
    await user.type(searchbox(), "{Enter}");
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?sortBy=mostReviews");
  });

  it("keeps the search before a postcode typed with a pause: Back from its location page goes to it", async () => {
    const { router, user } = setup("/find-properties?beds=1&sortBy=highestRated");
    await screen.findByText(/Showing \d+ propert/);
    await user.type(searchbox(), "sw1a 1aa");
    await waitFor(() => expect(router.state.location.search).toMatch(/zipCode=/));
    await new Promise((resolve) => setTimeout(resolve, TEXT_DEBOUNCE_MS + 100)); // and more time
    await user.type(searchbox(), "{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/location/SW1A%201AA"));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/find-properties");
    expect(router.state.location.search).toBe("?beds=1&sortBy=highestRated");
  });

  it("starts a new entry for typing after a search was entered", async () => {
    const { router, user } = setup("/find-properties");
    await screen.findByText("Showing 4 properties");
    await user.type(searchbox(), "Chicago");
    await waitFor(() => expect(router.state.location.search).toBe("?city=Chicago"));
    await user.type(searchbox(), "{Enter}");
    await user.clear(searchbox());
    await user.type(searchbox(), "Boston");
    await waitFor(() => expect(router.state.location.search).toBe("?city=Boston"));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?city=Chicago");
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("");
  });

  it("gives a shortcut's words and the same words typed the same URL", async () => {
    const downtown = (req: SearchPropertiesRequest) =>
      `${req.city} ${req.query}`.trim().toLowerCase() === "downtown apartments"
        ? { reading: { propertyType: "apartment", query: "downtown" } }
        : undefined;
    const shortcut = setup("/find-properties?query=Downtown%20Apartments", { onSearch: downtown });
    await waitFor(() => expect(shortcut.router.state.location.search).toBe("?query=Downtown&propertyType=apartment"));
    shortcut.unmount();

    const typed = setup("/find-properties", { onSearch: downtown });
    await screen.findByText("Showing 4 properties");
    await typed.user.type(searchbox(), "Downtown Apartments{Enter}");
    await waitFor(() => expect(typed.router.state.location.search).toBe("?query=Downtown&propertyType=apartment"));
    await waitFor(() => expect(searchbox()).toHaveValue("Downtown"));
  });

  it("keeps a place matched by spelling as typed, with its notice, and follows its type word", async () => {
    const { router } = setup("/find-properties?city=Chicgo%20condos", {
      onSearch: (req) => ({
        properties: SAMPLE_PROPERTIES.slice(1, 2),
        totalCount: 1,
        matchedCity: "Chicago",
        reading: { place: "Chicago", propertyType: req.propertyType ? "" : "condo" },
      }),
    });
    await waitFor(() => expect(router.state.location.search).toBe("?city=Chicgo+condos&propertyType=condo"));
    expect(await screen.findByText(/No city or neighborhood is spelled exactly “Chicgo condos”/)).toHaveTextContent(
      "Showing properties in Chicago.",
    );
  });

  it("never goes back and forth between two readings", async () => {
    // A server that reads each city as the other: the page follows once and stops.
    const { router, requests } = setup("/find-properties?city=Alpha", {
      onSearch: (req) => ({ reading: { place: req.city === "Alpha" ? "Beta" : "Alpha" } }),
    });
    await waitFor(() => expect(router.state.location.search).toBe("?city=Beta"));
    await waitFor(() => expect(requests.map((r) => r.city)).toEqual(["Alpha", "Beta"]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.search).toBe("?city=Beta");
    expect(requests).toHaveLength(2);
  });

  it("waits while the box runs ahead of the URL, so an answer never overwrites what is being typed", async () => {
    let answer = () => {};
    const late = new Promise<void>((resolve) => (answer = resolve));
    const { router, requests, user } = setup("/find-properties", {
      onSearch: async (req) => {
        if (req.city !== "london f") return;
        await late; // answered once more has been typed
        return { reading: { place: "London", query: "f" } };
      },
    });
    await screen.findByText("Showing 4 properties");
    await user.type(searchbox(), "london f");
    await waitFor(() => expect(last(requests)).toMatchObject({ city: "london f" }));
    await user.type(searchbox(), "lats");
    // The answer to "london f" comes while "london flats" waits for typing to pause: it is not followed.
    await act(async () => {
      answer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(searchbox()).toHaveValue("london flats");
    expect(router.state.location.search).toBe("?city=london+f");
    await waitFor(() => expect(router.state.location.search).toBe("?city=london+flats"));
    expect(searchbox()).toHaveValue("london flats");
  });
});
