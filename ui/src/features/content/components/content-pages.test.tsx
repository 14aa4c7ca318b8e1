import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_RULES, TENANCY_RULES } from "@/lib/rules";
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
    // How a review is verified, with the contract's figures.
    const verification = screen.getByRole("region", { name: "How Verification Works" });
    expect(within(verification).getByRole("heading", { level: 3, name: "How a review is verified" })).toBeInTheDocument();
    expect(verification).toHaveTextContent(
      `beyond ${TENANCY_RULES.maxOwnerConfirmations} in ${TENANCY_RULES.ownerConfirmationsDays} days, waits for an administrator`,
    );
    expect(verification).toHaveTextContent(`deleted ${TENANCY_RULES.documentRetentionDays} days after the decision. An owner can never reject a claim.`);
    expect(verification).toHaveTextContent("Agent reviews are not labelled");
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

  it("says that reviews by accounts linked to the owner never count unless documents verify the tenancy", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    const ratings = screen.getByRole("region", { name: "How ratings are calculated" });
    // The review card's "Not counted in the rating" links here.
    expect(screen.getByRole("heading", { level: 3, name: "Reviews by accounts linked to the owner never count" })).toHaveAttribute(
      "id",
      "independent-reviews",
    );
    expect(ratings).toHaveTextContent('marked "Not counted in the rating", but it never counts');
    expect(ratings).toHaveTextContent(`nor once the ${ACCOUNT_RULES.linkedWindowDays} days that linked the accounts have passed`);
    expect(ratings).toHaveTextContent("is counted when documents checked by an administrator verify their tenancy");
    expect(ratings).toHaveTextContent("an owner cannot make a review of their own property count by vouching for its author");
    const linked = screen.getByRole("region", { name: /verif/i });
    expect(linked).toHaveTextContent("an account linked to a property's owner does not rate the owner's property");
    expect(within(linked).getByRole("link", { name: "not counted" })).toHaveAttribute("href", "#independent-reviews");
  });

  it("says that reviews about a previous address of a listing stay visible but stop counting", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    // The review card's "About a previous address" links here.
    expect(screen.getByRole("heading", { level: 3, name: "Reviews about a previous address" })).toHaveAttribute("id", "previous-address");
    const ratings = screen.getByRole("region", { name: "How ratings are calculated" });
    expect(ratings).toHaveTextContent(
      "When a listing's address changes (its street address, unit included, city, state, postal code or country; renaming its neighbourhood does not count), the reviews written about the earlier address stay visible",
    );
    expect(ratings).toHaveTextContent("but stop counting in its rating");
    expect(ratings).toHaveTextContent("If the listing moves back to that address, they may count again.");
    expect(screen.getByRole("link", { name: "stop counting in its rating" })).toHaveAttribute("href", "#previous-address");
  });

  it("says what a verified review is: what is checked, by whom, each label, the blind reveal and the stars, with the contract's figures", async () => {
    renderApp({ path: "/how-reviews-work" });
    await screen.findByRole("heading", { level: 1, name: "How Reviews Work" }, { timeout: 10_000 });
    const verification = screen.getByRole("region", { name: "How reviewers and properties are verified" });
    expect(verification).not.toHaveTextContent("does not yet check");
    expect(verification).toHaveTextContent("Confirmed by the landlord: the property's owner confirms the claim.");
    expect(verification).toHaveTextContent("only when the property itself is verified");
    expect(verification).toHaveTextContent(
      `signed in from a network or browser the owner used in the last ${ACCOUNT_RULES.linkedWindowDays} days), or when the owner has confirmed more than ${TENANCY_RULES.maxOwnerConfirmations} tenancies in ${TENANCY_RULES.ownerConfirmationsDays} days`,
    );
    expect(verification).toHaveTextContent("a lease, a rent receipt, a deposit certificate or a utility or council-tax bill");
    expect(verification).toHaveTextContent("only the tenant and our administrators can open them, never the owner");
    expect(verification).toHaveTextContent(`deleted ${TENANCY_RULES.documentRetentionDays} days after the decision; the decision stays`);
    expect(verification).toHaveTextContent("An owner can never reject a claim.");
    const labels = within(verification).getByRole("table", { name: "Review labels" });
    const row = (name: string) => within(labels).getByRole("row", { name: new RegExp(`^${name}`) });
    expect(row("Verified Tenant")).toHaveTextContent("Tenant review, Review about landlord");
    expect(row("Verified Tenant")).toHaveTextContent(`no later than ${TENANCY_RULES.reviewYearsAfter} years after it ended`);
    expect(row("Verified Resident")).toHaveTextContent("Neighborhood review");
    expect(row("Verified Reviewer")).toHaveTextContent("General review");
    expect(row("Verified Landlord")).toHaveTextContent("about one verified tenancy at their verified property; one such review per tenancy");
    expect(verification).toHaveTextContent("Agent review: never labelled. RentProof has no proof yet that an agent worked on a property.");
    expect(verification).toHaveTextContent("loses it when the tenancy is withdrawn or an administrator revokes it");
    const hidden = screen.getByRole("region", { name: "When a review is hidden or removed" });
    expect(within(hidden).getByRole("heading", { level: 3, name: /revealed together/ })).toHaveAttribute("id", "blind-reveal");
    expect(hidden).toHaveTextContent(
      `stay hidden from everyone but their authors until both are posted or ${TENANCY_RULES.revealDays} days have passed since the first of them`,
    );
    const ratings = screen.getByRole("region", { name: "How ratings are calculated" });
    expect(ratings).toHaveTextContent("whose authors are established members or hold a verified tenancy at the property");
    expect(ratings).toHaveTextContent("A review whose author holds a verified tenancy at the property counts at once");
    const rewards = screen.getByRole("region", { name: "What earns tokens and XP" });
    expect(rewards).toHaveTextContent("A verified tenancy earns its holder XP once");
    expect(rewards).toHaveTextContent("A review's Verified label changes no rating and earns nothing.");
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
