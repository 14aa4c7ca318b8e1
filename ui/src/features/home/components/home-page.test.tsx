import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SearchPropertiesRequest } from "@/gen/rentproof/property/v1/property_pb";
import { StatisticsService } from "@/gen/rentproof/statistics/v1/statistics_pb";
import { makeReview, servePropertyFakes } from "@/test/properties";
import { fakeTransport, renderApp } from "@/test/render";
import { reviewerName } from "./recent-reviews";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

const FIGURES = { totalProperties: 15, totalReviews: 50, totalLandlords: 3, totalTenants: 1234 };

function setup(getStatistics: () => Promise<typeof FIGURES> = async () => FIGURES) {
  const searches: SearchPropertiesRequest[] = [];
  const properties = servePropertyFakes({ onSearch: (req) => void searches.push(req) });
  const transport = fakeTransport({
    extra: (router) => {
      properties(router);
      router.service(StatisticsService, { getStatistics });
    },
  });
  return { ...renderApp({ path: "/", transport }), searches, user: userEvent.setup() };
}

describe("HomePage", () => {
  it("shows every section in SPEC's order", async () => {
    setup();
    const h2s = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(screen.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeInTheDocument();
    expect(screen.getByText("Connecting tenants and landlords through honest, verified reviews")).toBeInTheDocument();
    const order = ["Featured Properties", "How It Works", "Recent Reviews", "Ready to share your experience?", "Housing Resources", "What RentProof Is For"];
    expect(h2s().filter((t) => order.includes(t ?? ""))).toEqual(order);
    expect(document.title).toBe("RentProof");
  });

  it("shows the live counts from StatisticsService, and placeholders, no number, until they arrive", async () => {
    let answer: ((f: typeof FIGURES) => void) | undefined;
    setup(() => new Promise((resolve) => (answer = resolve)));
    const stats = screen.getByRole("region", { name: "RentProof in numbers" });
    expect(stats).toHaveAttribute("aria-busy", "true");
    expect(within(stats).getAllByText("Loading")).toHaveLength(4);
    expect(stats.textContent).not.toMatch(/\d/);
    await waitFor(() => expect(answer).toBeDefined()); // the page asked
    answer?.(FIGURES);
    await waitFor(() => expect(stats).toHaveTextContent("Properties15"));
    expect(stats).toHaveTextContent("Reviews50");
    expect(stats).toHaveTextContent("Landlords3");
    expect(stats).toHaveTextContent("Tenants1,234");
    expect(stats).toHaveAttribute("aria-busy", "false");
    expect(stats.textContent).not.toContain("+");
  });

  it("shows a dash, not a number, when the counts cannot be loaded", async () => {
    setup(() => Promise.reject(new Error("down")));
    const stats = screen.getByRole("region", { name: "RentProof in numbers" });
    await waitFor(() => expect(within(stats).getAllByText("Not available")).toHaveLength(4));
    expect(stats.textContent).not.toMatch(/\d/);
  });

  it("keeps the featured skeleton a list inside its status while it loads (axe listitem)", () => {
    setup();
    const loading = screen.getByRole("status", { name: "Loading featured properties" });
    expect(within(within(loading).getByRole("list")).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows the first three featured properties from one search", async () => {
    const { searches } = setup();
    const list = await screen.findByRole("list", { name: "Featured properties" });
    expect(within(list).getAllByRole("article")).toHaveLength(3);
    expect(searches).toEqual([expect.objectContaining({ sortBy: "featured", pageSize: 3, page: 1 })]);
  });

  it("shows two recent reviews with their authors and properties", async () => {
    setup();
    const section = screen.getByRole("region", { name: "Recent Reviews" });
    await waitFor(() => expect(within(section).getAllByRole("article")).toHaveLength(2));
    expect(within(section).getByText("Maya C.")).toBeInTheDocument();
    expect(within(section).getAllByText("Posted 3 days ago")).toHaveLength(2);
    expect(within(section).getByText("Tom B.")).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Mansion-Block Flat in St James's" })).toHaveAttribute(
      "href",
      "/properties/3",
    );
  });

  it("shows three resources, and three testimonials labelled as illustrations", async () => {
    setup();
    const resources = screen.getByRole("region", { name: "Housing Resources" });
    await waitFor(() => expect(within(resources).getAllByRole("article")).toHaveLength(3));
    expect(within(resources).getByRole("link", { name: "Understanding Your Security Deposit" })).toHaveAttribute(
      "href",
      "/resources/1",
    );
    const testimonials = screen.getByRole("region", { name: "What RentProof Is For" });
    expect(testimonials).toHaveTextContent("Illustrative stories of the people RentProof is built for, not quotes from members or reviews of listed homes.");
    const quotes = within(testimonials).getAllByRole("figure");
    expect(quotes.map((q) => q.querySelector(".author__title")?.textContent)).toEqual([
      "Tenant, Toronto",
      "Landlord, Chicago",
      "Property Manager, London",
    ]);
  });

  it("has every link of SPEC", () => {
    setup();
    const main = screen.getByRole("main");
    const href = (name: string) => within(main).getByRole("link", { name }).getAttribute("href");
    expect(href("View More Properties")).toBe("/find-properties");
    expect(href("Read More Reviews")).toBe("/find-properties");
    expect(href("Write a Review")).toBe("/find-properties");
    expect(href("Add Your Property")).toBe("/add-property");
    expect(href("Learn more about our verification process")).toBe("/about");
    expect(href("Explore all resources")).toBe("/resources");
  });

  it("searches from the hero box", async () => {
    const { router, user } = setup();
    const box = screen.getByPlaceholderText("Enter a city, neighborhood, or ZIP/postal code");
    await user.type(box, "Austin{Enter}");
    expect(router.state.location.pathname + router.state.location.search).toBe("/find-properties?city=Austin");
    expect(await screen.findByRole("heading", { level: 1, name: "Find Properties" })).toBeInTheDocument();
  });

  it("shows a retry panel when featured properties fail", async () => {
    const transport = fakeTransport({
      extra: servePropertyFakes({
        onSearch: () => {
          throw new Error("down");
        },
      }),
    });
    renderApp({ path: "/", transport });
    const section = screen.getByRole("region", { name: "Featured Properties" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("Featured properties could not be loaded.");
  });
});

describe("reviewerName", () => {
  it("writes first name and last initial, or Anonymous User", () => {
    expect(reviewerName(makeReview())).toEqual({ name: "Maya C.", initials: "MC" });
    expect(reviewerName(makeReview({ reviewer: undefined }))).toEqual({ name: "Anonymous User", initials: "??" });
  });
});
