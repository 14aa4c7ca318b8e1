import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render";

// The whole app renders, so a busy machine can take seconds; the checks themselves are quick.
vi.setConfig({ testTimeout: 20_000 });

describe("AboutPage", () => {
  it("has the story, values, verification, team and careers, and links on to /auth, /find-properties and /contact", async () => {
    renderApp({ path: "/about" });
    await screen.findByRole("heading", { level: 1, name: "About Us" }, { timeout: 10_000 });
    for (const name of ["Our Story", "What We Stand For", "How Verification Works", "Our Team", "Careers"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(document.title).toBe("About Us | RentProof");
    const start = screen.getByRole("region", { name: "Get Started" });
    expect(within(start).getByRole("link", { name: "Sign In or Register" })).toHaveAttribute("href", "/auth");
    expect(within(start).getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    expect(within(start).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    // The team agrees with the footer: one person.
    expect(screen.getByText(/RentProof is one person: its founder, a solo entrepreneur/)).toBeInTheDocument();
  });

  it("lands on #careers with focus on its heading", async () => {
    renderApp({ path: "/about#careers" });
    const careers = await screen.findByRole("heading", { level: 2, name: "Careers" }, { timeout: 10_000 });
    await waitFor(() => expect(careers).toHaveFocus());
  });
});

describe("HowReviewsWorkPage", () => {
  it("says who may write each review type and which count in the stars, from the review form's own rule", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    expect(document.title).toBe("How Reviews Work | RentProof");
    const table = screen.getByRole("table", { name: "Review types" });
    const row = (name: string) => within(table).getByRole("row", { name: new RegExp(`^${name}`) });
    expect(row("Tenant review")).toHaveTextContent("Any member except the property's owner");
    expect(row("Tenant review")).toHaveTextContent("Yes");
    expect(row("Landlord review")).toHaveTextContent("Only the property's owner, with a landlord account");
    expect(row("Landlord review")).toHaveTextContent("No");
    expect(row("Agent review")).toHaveTextContent("Only agents, never the property's owner");
    expect(row("Review about landlord")).toHaveTextContent("No");
  });

  it("shows the points table and the decision target", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    const xp = screen.getByRole("table", { name: "XP for each action" });
    expect(within(xp).getByRole("row", { name: /A review you publish/ })).toHaveTextContent("20");
    expect(screen.getByText(/We aim to decide on a reported review within 5 business days/)).toBeInTheDocument();
    expect(screen.getByText(/No reward depends on a rating or on the answer you give/)).toBeInTheDocument();
  });

  it("says which reports hide a review, and that new members' reviews count once their authors are established", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    const hidden = screen.getByRole("region", { name: "When a review is hidden or removed" });
    expect(hidden).toHaveTextContent("after reports from 3 independent reporters");
    expect(hidden).toHaveTextContent("not linked to the review's author, to the property's owner or to another counted reporter");
    // "Linked" is defined once, under verification, and the hidden-reviews text links there.
    expect(within(hidden).getByRole("link", { name: "linked" })).toHaveAttribute("href", "#linked-accounts");
    expect(screen.getByRole("heading", { level: 3, name: "Linked accounts cannot vouch for each other" })).toHaveAttribute("id", "linked-accounts");
    expect(screen.getByRole("region", { name: /verif/i })).toHaveTextContent(
      "Two accounts are linked when they signed in from the same network (one internet address) or with the same browser in the last 90 days",
    );
    const ratings = screen.getByRole("region", { name: "How ratings are calculated" });
    expect(ratings).toHaveTextContent("whose authors are established members");
    expect(ratings).toHaveTextContent("marked \"New member · not counted yet\", but it moves nothing");
    expect(ratings).toHaveTextContent("Every minute RentProof looks for reviews whose authors have become established since");
    expect(ratings).toHaveTextContent('"12 reviews · 9 count toward the rating"');
  });

  it("jumps to a section from its table of contents", async () => {
    const { router } = renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    const toc = screen.getByRole("navigation", { name: "On this page" });
    within(toc).getByRole("link", { name: "How ratings are calculated" }).click();
    await waitFor(() => expect(router.state.location.hash).toBe("#ratings"));
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "How ratings are calculated" })).toHaveFocus());
  });
});
