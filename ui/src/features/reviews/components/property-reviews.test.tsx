import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { reviewTitles, serveReviewFakes } from "@/components/review-card/testing";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { ReviewerSchema, type Review } from "@/gen/rentproof/review/v1/review_pb";
import { FakeUpload, png, stubUploadsInEachTest } from "@/test/fake-upload";
import { makeProperty, makeReview } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// These tests drive the whole property page through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const property = makeProperty({ id: 1, landlordId: 2, title: "Sunny Pre-War One-Bedroom in Chelsea" });
const tenant = makeUser({ id: 7, firstName: "Dana", lastName: "Whitfield", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars", firstName: "Lars", lastName: "Lind", role: "landlord" });
const agent = makeUser({ id: 9, username: "agnes", firstName: "Agnes", lastName: "Agent", role: "agent" });
const owner = makeUser({ id: 2, username: "olive", firstName: "Olive", lastName: "Owner", role: "landlord" });
/** The same owner, as a property manager: an owner who may not write a landlord review. */
const managerOwner = makeUser({ id: 2, username: "olive", firstName: "Olive", lastName: "Owner", role: "property_manager" });

const daysAgo = (n: number) => timestampFromDate(new Date(Date.now() - n * 24 * 3600 * 1000));

/**
 * One review of each kind on property 1 but the landlord's. The stars are made of the
 * tenant (5), agent (4) and general (2) reviews only: 3 reviews, average 3.7; the reviews
 * about the landlord (4) and the neighborhood (3) are listed but not counted in them.
 */
const MIXED: Review[] = [
  makeReview({ id: 1, userId: 21, rating: 5, reviewType: "tenant_to_property", title: "Tenant on the fifth floor", createdAt: daysAgo(1) }),
  makeReview({ id: 2, userId: 22, rating: 4, reviewType: "tenant_to_landlord", title: "About the landlord", createdAt: daysAgo(2) }),
  makeReview({ id: 3, userId: 23, rating: 3, reviewType: "tenant_to_neighborhood", title: "Around the block", createdAt: daysAgo(3) }),
  makeReview({ id: 4, userId: 24, rating: 4, reviewType: "agent_to_property", title: "From the leasing agent", createdAt: daysAgo(4) }),
  makeReview({
    id: 5,
    userId: 11,
    rating: 2,
    reviewType: "general",
    title: "A general view",
    createdAt: daysAgo(5),
    reviewer: create(ReviewerSchema, { id: 11, firstName: "Gus", lastName: "General" }),
  }),
];

interface Setup {
  viewer?: User;
  reviews?: Review[];
  fail?: Parameters<typeof serveReviewFakes>[0]["fail"];
  reportsHide?: boolean;
  holdReads?: () => Promise<void>;
}

function setup({ viewer, reviews = MIXED, fail, reportsHide, holdReads }: Setup = {}) {
  const fakes = serveReviewFakes({ properties: [property], reviews, viewer: () => viewer, fail, reportsHide, holdReads });
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  return { ...renderApp({ path: "/properties/1", transport }), ...fakes, user: userEvent.setup() };
}

const reviewsSection = () => screen.findByRole("region", { name: "Reviews" });
const writeButton = async () => within(await reviewsSection()).findByRole("button", { name: "Write a Review" });
const dialog = () => screen.findByRole("dialog", { name: "Write a Review" });
/** form opens Write a Review, unless it is open, and finds its form in the dialog. */
const form = async () => {
  const open = screen.queryByRole("form", { name: "Write a Review" });
  if (open) return open;
  fireEvent.click(await writeButton());
  return within(await dialog()).findByRole("form", { name: "Write a Review" });
};
const cardTitles = reviewTitles;
// hidden: under the open Write a Review dialog the rest of the page is aria-hidden (Radix then announces a toast on its own).
const toasts = () => screen.getByRole("region", { name: "Notifications (F8)", hidden: true });
const tabList = async () => within(await reviewsSection()).getByRole("tablist", { name: "Review types" });
/** tab finds a tab by its label, whatever its count says. */
const tab = async (label: string) => within(await tabList()).getByRole("tab", { name: new RegExp(`^${label}\\b`) });
const panel = async () => within(await reviewsSection()).getByRole("tabpanel");
const typeOptions = async () =>
  within(within(await form()).getByRole("combobox", { name: "Review Type" }))
    .getAllByRole("option")
    .map((o) => (o as HTMLOptionElement).value);

describe("PropertyReviews", () => {
  it("asks a signed-out visitor to sign in, and brings them back to the property", async () => {
    const { user, router } = setup();
    const section = await reviewsSection();
    const link = await within(section).findByRole("link", { name: "Sign In" });
    expect(within(section).queryByRole("button", { name: "Write a Review" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(link).toHaveAttribute("href", "/auth");
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.state).toEqual({ from: expect.objectContaining({ pathname: "/properties/1" }) });
  });

  it("offers each role the review types it may write", async () => {
    setup({ viewer: tenant });
    expect(await typeOptions()).toEqual(["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"]);
    const select = within(await form()).getByRole("combobox", { name: "Review Type" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Tenant review",
      "Review about landlord",
      "Neighborhood review",
      "General review",
    ]);
  });

  it("does not offer landlord_to_tenant to a landlord who does not own the property", async () => {
    setup({ viewer: landlord });
    await writeButton();
    expect(within(await reviewsSection()).queryByText(/You cannot review your own property/)).not.toBeInTheDocument();
    expect(await typeOptions()).toEqual(["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"]);
  });

  it("offers agent_to_property to an agent", async () => {
    setup({ viewer: agent });
    expect(await typeOptions()).toContain("agent_to_property");
    expect(await typeOptions()).not.toContain("landlord_to_tenant");
  });

  it("has a star rating that works with the keyboard, with none chosen at first", async () => {
    const { user } = setup({ viewer: tenant });
    const stars = within(await form()).getByRole("radiogroup", { name: "Rating" });
    const radios = within(stars).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(stars).toHaveTextContent("Choose a rating");

    within(stars).getByRole("radio", { name: "5 stars" }).focus();
    await user.keyboard(" ");
    expect(stars).toHaveTextContent("5 out of 5 · Excellent");
    await user.keyboard("{ArrowLeft}");
    expect(within(stars).getByRole("radio", { name: "4 stars" })).toBeChecked();
    expect(within(stars).getByRole("radio", { name: "4 stars" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}{ArrowLeft}");
    expect(within(stars).getByRole("radio", { name: "1 star" })).toBeChecked();
    expect(stars).toHaveTextContent("1 out of 5 · Bad");
    await user.keyboard("{ArrowRight}");
    expect(within(stars).getByRole("radio", { name: "2 stars" })).toBeChecked();
  });

  it("requires a rating: without one, SPEC's message and nothing sent", async () => {
    const { user, requests } = setup({ viewer: tenant });
    const f = await form();
    await user.type(within(f).getByLabelText("Title"), "Bright and quiet");
    await user.type(within(f).getByLabelText("Your Review"), "Twenty characters at the very least.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    const stars = within(f).getByRole("radiogroup", { name: "Rating" });
    expect(stars).toHaveAccessibleDescription("Rating is required");
    expect(within(stars).getByRole("radio", { name: "1 star" })).toHaveFocus();
    expect(requests.createReview).toEqual([]);
    await user.click(within(stars).getByRole("radio", { name: "4 stars" }));
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(requests.createReview).toEqual([expect.objectContaining({ rating: 4 })]));
  });

  it("says which types the member already wrote about the property, and offers the others", async () => {
    const mine = (reviewType: string, status: string, id: number) =>
      makeReview({ id, userId: tenant.id, reviewType, status, title: `Mine ${id}`, createdAt: daysAgo(id) });
    setup({ viewer: tenant, reviews: [...MIXED, mine("tenant_to_property", "published", 31), mine("tenant_to_landlord", "removed", 32)] });
    const f = await form();
    expect(within(await dialog()).getByText(/^You have already reviewed this property:/)).toHaveTextContent(
      "You have already reviewed this property: Tenant review (published), Review about landlord (removed by a moderator). One review of each type is allowed, so the form offers the others.",
    );
    expect(await typeOptions()).toEqual(["tenant_to_neighborhood", "general"]);
    // The first type left is chosen: no stay period, which only a tenant review of the property has.
    expect(within(f).queryByRole("combobox", { name: "Stay Period" })).not.toBeInTheDocument();
  });

  it("says so instead of the form when every type is written", async () => {
    const types = ["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"];
    setup({
      viewer: tenant,
      reviews: types.map((reviewType, i) => makeReview({ id: 40 + i, userId: tenant.id, reviewType, createdAt: daysAgo(i + 1) })),
    });
    fireEvent.click(await writeButton());
    const d = await dialog();
    expect(await within(d).findByText("You have written every kind of review you can write about this property.")).toBeInTheDocument();
    expect(within(d).queryByRole("form")).not.toBeInTheDocument();
  });

  it("shows SPEC's messages for a short title and a short review, and sends nothing", async () => {
    const { user, requests } = setup({ viewer: tenant });
    const f = await form();
    await user.click(within(f).getByRole("radio", { name: "4 stars" }));
    await user.type(within(f).getByLabelText("Title"), "Hey");
    await user.type(within(f).getByLabelText("Your Review"), "Too short.");
    expect(within(f).getByText("10/1000 characters")).toBeInTheDocument();
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(within(f).getByLabelText("Title")).toHaveAccessibleDescription("3/100 Title must be at least 5 characters");
    expect(within(f).getByLabelText("Your Review")).toHaveAccessibleDescription(
      "10/1000 characters Review must be at least 20 characters",
    );
    expect(within(f).getByLabelText("Title")).toHaveFocus();
    expect(requests.createReview).toEqual([]);

    await user.type(within(f).getByLabelText("Title"), "x".repeat(98));
    expect(within(f).getByText("Title must be at most 100 characters")).toBeInTheDocument();
  });

  it("shows the stay period for tenant reviews of the property only", async () => {
    const { user } = setup({ viewer: tenant });
    const f = await form();
    expect(within(f).getByRole("combobox", { name: "Stay Period" })).toHaveValue("current");
    await user.selectOptions(within(f).getByRole("combobox", { name: "Review Type" }), "general");
    expect(within(f).queryByRole("combobox", { name: "Stay Period" })).not.toBeInTheDocument();
    await user.selectOptions(within(f).getByRole("combobox", { name: "Review Type" }), "tenant_to_property");
    expect(within(f).getByRole("combobox", { name: "Stay Period" })).toBeInTheDocument();
  });

  it("offers the twelve languages (English first) and the thirteen categories", async () => {
    setup({ viewer: tenant });
    const f = await form();
    const languages = within(within(f).getByRole("combobox", { name: "Language" })).getAllByRole("option");
    expect(languages).toHaveLength(12);
    expect(within(f).getByRole("combobox", { name: "Language" })).toHaveValue("en");
    expect(within(within(f).getByRole("group", { name: "Categories (optional)" })).getAllByRole("checkbox")).toHaveLength(13);
  });

  it("closes the form as soon as the server has the review, before the lists have refreshed", async () => {
    // A busy server once answered the refetch after the toast's five seconds were over, with the
    // dialog still open and the page behind it (and its toast) hidden.
    let slow = false;
    let release = () => {};
    const refreshed = new Promise<void>((resolve) => (release = resolve));
    const { user } = setup({ viewer: tenant, holdReads: () => (slow ? refreshed : Promise.resolve()) });
    const f = await form();
    await user.click(within(f).getByRole("radio", { name: "4 stars" }));
    await user.type(within(f).getByLabelText("Title"), "Quiet street");
    await user.type(within(f).getByLabelText("Your Review"), "Bright rooms and a landlord who answers the phone.");
    slow = true;
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(toasts()).getByText("Review submitted")).toBeInTheDocument();
    release();
    await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 6 reviews"));
  });

  it("submits a review, then shows it and the new average", async () => {
    const { user, requests } = setup({ viewer: tenant });
    const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
    expect(within(ratings).getByRole("img", { name: "Rated 3.7 out of 5: Average" })).toBeInTheDocument();
    await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
    const f = await form();

    await user.click(within(f).getByRole("radio", { name: "1 star" }));
    await user.type(within(f).getByLabelText("Title"), "  Cold all winter  ");
    await user.type(within(f).getByLabelText("Your Review"), "The radiators never worked and nobody came to fix them.");
    await user.selectOptions(within(f).getByRole("combobox", { name: "Language" }), "es");
    await user.selectOptions(within(f).getByRole("combobox", { name: "Stay Period" }), "1_to_3_years");
    await user.click(within(f).getByRole("checkbox", { name: "Maintenance" }));
    await user.click(within(f).getByRole("checkbox", { name: "Noise" }));
    await user.click(within(f).getByRole("checkbox", { name: "Noise" }));

    await user.type(within(f).getByRole("textbox", { name: "Pro 1" }), "Cheap{Enter}");
    expect(within(f).getByRole("textbox", { name: "Pro 2" })).toHaveFocus();
    await user.type(within(f).getByRole("textbox", { name: "Pro 2" }), "   ");
    await user.click(within(f).getByRole("button", { name: "Add pro" }));
    await user.type(within(f).getByRole("textbox", { name: "Pro 3" }), "Near the park");
    await user.type(within(f).getByRole("textbox", { name: "Con 1" }), "Cold");
    await user.click(within(f).getByRole("button", { name: "Add con" }));
    await user.type(within(f).getByRole("textbox", { name: "Con 2" }), "Slow repairs");
    await user.click(within(f).getByRole("button", { name: "Remove con 1" }));
    expect(within(f).getByRole("textbox", { name: "Con 1" })).toHaveValue("Slow repairs");

    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(await within(toasts()).findByText("Review submitted")).toBeInTheDocument();
    // Sent: the dialog closes and the keyboard is back on its button.
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await writeButton()).toHaveFocus();
    expect(requests.createReview).toEqual([
      expect.objectContaining({
        propertyId: 1,
        rating: 1,
        title: "Cold all winter",
        content: "The radiators never worked and nobody came to fix them.",
        reviewType: "tenant_to_property",
        language: "es",
        stayPeriod: "1_to_3_years",
        categories: ["Maintenance"],
        pros: ["Cheap", "Near the park"],
        cons: ["Slow repairs"],
        photos: [],
      }),
    ]);

    // The list, the summary and the property are fetched again.
    await waitFor(async () => expect((await cardTitles())[0]).toBe("Cold all winter"));
    const card = within(await reviewsSection()).getAllByRole("article")[0];
    expect(card).toHaveTextContent("Dana W.");
    expect(card).toHaveTextContent("Tenant review");
    expect(card).toHaveTextContent("Spanish");
    expect(card).toHaveTextContent("Stayed 1 to 3 years");
    expect(within(ratings).getByRole("img", { name: "Rated 3.0 out of 5: Average" })).toBeInTheDocument();
    // The tabs' counts, the summary and the All tab's line follow.
    await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 6 reviews"));
    expect(await tab("Tenant")).toHaveAccessibleName("Tenant, 3 reviews");
    await waitFor(() => expect(within(ratings).getByText("6 reviews · 4 count toward the rating.")).toBeInTheDocument());
    expect(within(await reviewsSection()).getByText(/^6 reviews · 4 count toward the property's rating\./)).toBeInTheDocument();

    // The form starts again from its defaults, without the type just written.
    const again = await form();
    expect(within(again).getByLabelText("Title")).toHaveValue("");
    for (const radio of within(again).getAllByRole("radio")) expect(radio).not.toBeChecked();
    expect(within(await dialog()).getByText(/^You have already reviewed this property:/)).toHaveTextContent("Tenant review (published)");
    expect(await typeOptions()).toEqual(["tenant_to_landlord", "tenant_to_neighborhood", "general"]);
  });

  it("toasts the server's message, or SPEC's fallback, when the review is refused", async () => {
    const { user } = setup({
      viewer: tenant,
      fail: {
        createReview: new ConnectError("You have already written a review of this type for this property", Code.AlreadyExists),
      },
    });
    const f = await form();
    await user.click(within(f).getByRole("radio", { name: "3 stars" }));
    await user.type(within(f).getByLabelText("Title"), "Second thoughts");
    await user.type(within(f).getByLabelText("Your Review"), "Still a lovely place, honestly.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    const item = (await within(toasts()).findByText("Error submitting review")).closest("li");
    expect(item).toHaveClass("toast--destructive");
    expect(item).toHaveTextContent("You have already written a review of this type for this property");
    // Refused: the dialog stays open with everything typed.
    expect(await dialog()).toContainElement(f);
    expect(within(f).getByLabelText("Title")).toHaveValue("Second thoughts");
    expect(within(f).getByLabelText("Your Review")).toHaveValue("Still a lovely place, honestly.");
  });

  it("puts the reviews first and the form behind its button, keyboard-complete", async () => {
    const { user } = setup({ viewer: tenant });
    await cardTitles();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();

    const button = await writeButton();
    button.focus();
    await user.keyboard("{Enter}");
    const d = await dialog();
    expect(d).toHaveAccessibleDescription(property.title);
    // Focus moves into the dialog and stays there.
    await waitFor(() => expect(d).toContainElement(document.activeElement as HTMLElement));
    await user.type(within(d).getByLabelText("Title"), "Half a thought");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    // Closed before sending: the draft waits for the next time.
    await user.keyboard("{Enter}");
    expect(within(await dialog()).getByLabelText("Title")).toHaveValue("Half a thought");
  });

  it("falls back to SPEC's message when the server gives none", async () => {
    const { user } = setup({ viewer: tenant, fail: { createReview: new ConnectError("", Code.Internal) } });
    const f = await form();
    await user.click(within(f).getByRole("radio", { name: "3 stars" }));
    await user.type(within(f).getByLabelText("Title"), "Second thoughts");
    await user.type(within(f).getByLabelText("Your Review"), "Still a lovely place, honestly.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(
      await within(toasts()).findByText("There was an error submitting your review. Please try again."),
    ).toBeInTheDocument();
  });

  it("filters by tab, with an empty state for a tab without reviews", async () => {
    const { user, requests } = setup();
    expect(await cardTitles()).toEqual([
      "Tenant on the fifth floor",
      "About the landlord",
      "Around the block",
      "From the leasing agent",
      "A general view",
    ]);
    await user.click(await tab("Tenant"));
    await waitFor(async () => expect(await cardTitles()).toEqual(["Tenant on the fifth floor", "About the landlord"]));
    await user.click(await tab("Neighborhood"));
    await waitFor(async () => expect(await cardTitles()).toEqual(["Around the block"]));
    await user.click(await tab("Agent"));
    await waitFor(async () => expect(await cardTitles()).toEqual(["From the leasing agent"]));
    await user.click(await tab("Landlord"));
    expect(await within(await reviewsSection()).findByRole("heading", { name: "No landlord reviews yet" })).toBeInTheDocument();
    expect(requests.listPropertyReviews.map((r) => r.tab)).toEqual(["all", "tenant", "neighborhood", "agent", "landlord"]);
  });

  it("says under the open tab who wrote its reviews about whom", async () => {
    const { user } = setup();
    const caption = async () => (await panel()).querySelector(".review-tabs__caption")?.textContent;
    expect(await panel()).toHaveAccessibleDescription(
      "Every review, whoever wrote it: tenants, the landlord, agents and other members.",
    );
    for (const [label, words] of [
      ["Tenant", "Reviews tenants wrote about the property and the landlord."],
      // The Landlord tab holds what the landlord wrote, not reviews about the landlord.
      ["Landlord", "Reviews the landlord wrote about their tenants."],
      ["Neighborhood", "Reviews tenants wrote about the neighborhood."],
      ["Agent", "Reviews agents wrote about the property."],
    ] as const) {
      await user.click(await tab(label));
      await waitFor(async () => expect(await caption()).toBe(words));
      expect(await panel()).toHaveAccessibleDescription(words);
    }
  });

  it("says there are no reviews yet on a property without any", async () => {
    setup({ reviews: [] });
    expect(await within(await reviewsSection()).findByRole("heading", { name: "No reviews yet" })).toBeInTheDocument();
  });

  it("loads more while more remain", async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeReview({ id: 100 + i, title: `Review number ${i + 1}`, createdAt: daysAgo(i + 1) }),
    );
    const { user, requests } = setup({ reviews: many });
    await waitFor(async () => expect(await cardTitles()).toHaveLength(10));
    await user.click(within(await reviewsSection()).getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(await cardTitles()).toHaveLength(12));
    expect((await cardTitles()).at(-1)).toBe("Review number 12");
    expect(within(await reviewsSection()).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(requests.listPropertyReviews.map((r) => [r.page, r.pageSize])).toEqual([
      [1, 10],
      [2, 10],
    ]);
  });

  it("shows an error panel with a retry when the reviews cannot be loaded", async () => {
    setup({ fail: { listPropertyReviews: new ConnectError("boom", Code.Internal) } });
    const alert = await within(await reviewsSection()).findByRole("alert");
    expect(alert).toHaveTextContent("Reviews could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("lets the property's owner respond to reviews, and nobody else", async () => {
    setup({ viewer: owner });
    await cardTitles();
    expect(within(await reviewsSection()).getAllByRole("button", { name: "Respond" })).toHaveLength(5);
  });

  it("offers an owner who is a landlord only the landlord review, as Review a Tenant, and says why", async () => {
    const { user, requests } = setup({ viewer: owner });
    const section = await reviewsSection();
    expect(
      await within(section).findByText(
        "You cannot review your own property. As its owner, you can write a landlord review of a tenant and respond to reviews.",
      ),
    ).toBeInTheDocument();
    // Not "Write a Review" on their own listing: what they may write is a review of a tenant.
    expect(within(section).queryByRole("button", { name: "Write a Review" })).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Review a Tenant" }));
    const f = await within(await screen.findByRole("dialog", { name: "Review a Tenant" })).findByRole("form", {
      name: "Review a Tenant",
    });
    expect(
      within(within(f).getByRole("combobox", { name: "Review Type" }))
        .getAllByRole("option")
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(["landlord_to_tenant"]);
    expect(within(f).getByRole("combobox", { name: "Review Type" })).toHaveDisplayValue("Landlord review");
    expect(within(f).queryByRole("combobox", { name: "Stay Period" })).not.toBeInTheDocument();

    await user.click(within(f).getByRole("radio", { name: "5 stars" }));
    await user.type(within(f).getByLabelText("Title"), "A careful tenant");
    await user.type(within(f).getByLabelText("Your Review"), "Paid on time for three years and left the flat spotless.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(await within(toasts()).findByText("Review submitted")).toBeInTheDocument();
    expect(requests.createReview).toEqual([expect.objectContaining({ reviewType: "landlord_to_tenant", stayPeriod: "" })]);

    // A landlord review is listed and counted in its tab, but the stars do not move.
    await waitFor(async () => expect(await tab("Landlord")).toHaveAccessibleName("Landlord, 1 review"));
    expect(await tab("All")).toHaveAccessibleName("All, 6 reviews");
    const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
    expect(within(ratings).getByRole("img", { name: "Rated 3.7 out of 5: Average" })).toBeInTheDocument();
    expect(within(ratings).getByText("6 reviews · 3 count toward the rating.")).toBeInTheDocument();
    await user.click(await tab("All"));
    const unrated = await within(await panel()).findByRole("list", { name: "Not counted in the property's rating" });
    expect(within(unrated).getAllByRole("listitem")[1]).toHaveTextContent("Landlord reviews of tenants5.0 from 1 review");
  });

  it("offers an owner who is not a landlord no review at all, and says they can respond", async () => {
    setup({ viewer: managerOwner });
    const section = await reviewsSection();
    expect(
      await within(section).findByText("You cannot review your own property. As its owner, you can respond to its reviews below."),
    ).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Write a Review" })).not.toBeInTheDocument();
    await cardTitles();
    expect(within(await reviewsSection()).getAllByRole("button", { name: "Respond" })).toHaveLength(5);
  });

  it("shows no Respond button to other users", async () => {
    setup({ viewer: tenant });
    await cardTitles();
    expect(within(await reviewsSection()).queryByRole("button", { name: "Respond" })).not.toBeInTheDocument();
  });

  describe("counts", () => {
    const line = async () => within(await panel()).findByText(/^All \d+ reviews|^1 review|^\d+ reviews? · /);

    it("shows each tab's count beside its label, and says what the All tab holds and what makes the rating", async () => {
      const { requests } = setup();
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
      const names = ["All, 5 reviews", "Tenant, 2 reviews", "Landlord, 0 reviews", "Neighborhood, 1 review", "Agent, 1 review"];
      const tabs = within(await tabList()).getAllByRole("tab");
      expect(tabs).toHaveLength(5);
      tabs.forEach((t, i) => expect(t).toHaveAccessibleName(names[i]));
      // The SPEC labels stay as they are, the count beside them.
      expect(tabs.map((t) => t.firstChild?.textContent)).toEqual(["All", "Tenant", "Landlord", "Neighborhood", "Agent"]);

      expect(await line()).toHaveTextContent(
        "5 reviews · 3 count toward the property's rating. Only tenant, agent and general reviews of the property itself make it; " +
          "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
      );
      // The line's counts are the summary's: the reviews listed, and the stars' count.
      const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
      expect(within(ratings).getByText("5 reviews · 3 count toward the rating.")).toBeInTheDocument();

      // The kinds kept out of the rating have a summary of their own: count and average stars.
      const unrated = within(await panel()).getByRole("list", { name: "Not counted in the property's rating" });
      const items = within(unrated).getAllByRole("listitem");
      expect(items.map((li) => li.textContent)).toEqual([
        "Reviews about the landlord4.0 from 1 review",
        "Neighborhood reviews3.0 from 1 review",
      ]);
      expect(within(items[0]).getByRole("img", { name: "4.0 out of 5 stars" })).toBeInTheDocument();
      // One call brings every count.
      expect(requests.getRatingSummary).toEqual([{ propertyId: 1 }]);
    });

    it("gives the unrated kinds in a tab their summary there too", async () => {
      const { user } = setup();
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
      await user.click(await tab("Tenant"));
      const tenant = await within(await panel()).findByRole("list", { name: "Not counted in the property's rating" });
      expect(within(tenant).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
        "Reviews about the landlord4.0 from 1 review",
      ]);
      await user.click(await tab("Agent"));
      await waitFor(async () => expect(await cardTitles()).toEqual(["From the leasing agent"]));
      expect(within(await panel()).queryByRole("list", { name: "Not counted in the property's rating" })).not.toBeInTheDocument();
      await user.click(await tab("Neighborhood"));
      const neighborhood = await within(await panel()).findByRole("list", { name: "Not counted in the property's rating" });
      expect(within(neighborhood).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Neighborhood reviews3.0 from 1 review"]);
    });

    it("says so when every review counts in the rating", async () => {
      setup({ reviews: MIXED.filter((r) => ["tenant_to_property", "agent_to_property", "general"].includes(r.reviewType)) });
      expect(await line()).toHaveTextContent("All 3 reviews, each counted in the property's rating.");
      expect(within(await panel()).queryByRole("list", { name: "Not counted in the property's rating" })).not.toBeInTheDocument();
    });

    it("says so when no review counts in the rating", async () => {
      setup({ reviews: MIXED.filter((r) => r.reviewType === "tenant_to_neighborhood") });
      expect(await line()).toHaveTextContent(
        "1 review · none counts toward the property's rating yet. Only tenant, agent and general reviews of the property itself make it;",
      );
      const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
      expect(await within(ratings).findByText("1 review · none counts toward the rating yet.")).toBeInTheDocument();
    });

    it("shows zero counts and no line on a property without reviews", async () => {
      setup({ reviews: [] });
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 0 reviews"));
      expect(await within(await reviewsSection()).findByRole("heading", { name: "No reviews yet" })).toBeInTheDocument();
      expect(within(await panel()).queryByText(/counted in/)).not.toBeInTheDocument();
    });

    it("keeps the tabs and the list when the counts cannot be loaded, and retries", async () => {
      const fail: Parameters<typeof serveReviewFakes>[0]["fail"] = { getRatingSummary: new ConnectError("boom", Code.Internal) };
      const { user } = setup({ fail });
      expect(await within(await panel()).findByText("Review counts could not be loaded.")).toBeInTheDocument();
      expect(await tab("All")).toHaveAccessibleName("All");
      expect(await cardTitles()).toHaveLength(5);

      delete fail.getRatingSummary;
      await user.click(within(await panel()).getByRole("button", { name: "Try Again" }));
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
      expect(within(await panel()).queryByText("Review counts could not be loaded.")).not.toBeInTheDocument();
      expect(await line()).toBeInTheDocument();
    });

    it("keeps the tabs working from the keyboard", async () => {
      const { user } = setup();
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
      (await tab("All")).focus();
      await user.keyboard("{ArrowRight}");
      expect(await tab("Tenant")).toHaveFocus();
      expect(await tab("Tenant")).toHaveAttribute("aria-selected", "true");
      expect(await panel()).toHaveAccessibleName("Tenant, 2 reviews");
    });
  });

  describe("new members' reviews", () => {
    const fresh = (id: number, reviewType: string, rating: number) =>
      makeReview({ id, rating, reviewType, title: `New member's ${reviewType}`, createdAt: daysAgo(0.1), newMember: true });

    it("are listed and labelled, say how many count, and move neither the stars nor a tab's average", async () => {
      setup({ reviews: [fresh(20, "tenant_to_property", 1), fresh(21, "tenant_to_neighborhood", 5), ...MIXED] });
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 7 reviews"));
      const cards = within(await reviewsSection()).getAllByRole("article");
      expect(cards.slice(0, 2).map((c) => within(c).getByRole("list", { name: "About this review" }).textContent)).toEqual([
        "Neighborhood review New member · not counted yet",
        "Tenant review New member · not counted yet",
      ]);
      expect(within(cards[2]).queryByText(/New member/)).not.toBeInTheDocument();

      const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
      expect(within(ratings).getByRole("img", { name: "Rated 3.7 out of 5: Average" })).toBeInTheDocument();
      expect(await within(ratings).findByText("7 reviews · 3 count toward the rating.")).toBeInTheDocument();
      expect(await within(await panel()).findByText(/^7 reviews · /)).toHaveTextContent(
        "7 reviews · 3 count toward the property's rating. Only tenant, agent and general reviews of the property itself make it; " +
          "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it. " +
          "1 review is from a new member: listed at once, counted once its author's account is established.",
      );
      const unrated = within(await panel()).getByRole("list", { name: "Not counted in the property's rating" });
      expect(within(unrated).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
        "Reviews about the landlord4.0 from 1 review",
        "Neighborhood reviews3.0 from 1 review · 1 from a new member, not counted yet",
      ]);
    });
  });

  describe("a review that reports hid", () => {
    const hidden = makeReview({
      id: 9,
      userId: tenant.id,
      rating: 1,
      reviewType: "tenant_to_property",
      title: "Reported by rivals",
      createdAt: daysAgo(0.5),
      status: "hidden",
      reviewer: create(ReviewerSchema, { id: tenant.id, firstName: "Dana", lastName: "Whitfield" }),
    });

    it("is shown to its author with a notice, and counted nowhere", async () => {
      setup({ viewer: tenant, reviews: [hidden, ...MIXED] });
      await waitFor(async () => expect((await cardTitles())[0]).toBe("Reported by rivals"));
      const card = within(await reviewsSection()).getAllByRole("article")[0];
      expect(card).toHaveAccessibleDescription(
        "Under review: reports about this review are with our moderators. Until they decide, only you can see it, " +
          "and it does not count in the rating or in the number of reviews.",
      );
      expect(await tab("All")).toHaveAccessibleName("All, 5 reviews");
      const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
      expect(within(ratings).getByRole("img", { name: "Rated 3.7 out of 5: Average" })).toBeInTheDocument();
      // The other cards carry no notice.
      for (const other of within(await reviewsSection()).getAllByRole("article").slice(1)) {
        expect(other).not.toHaveAccessibleDescription();
      }
    });

    it("leaves the list, the counts and the stars of everyone else as soon as a report hides it", async () => {
      const { user } = setup({ viewer: landlord, reportsHide: true });
      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 5 reviews"));
      const card = within(await reviewsSection()).getAllByRole("article")[0];
      await user.click(within(card).getByRole("button", { name: "Report" }));
      const dialog = await screen.findByRole("dialog", { name: "Report this review" });
      await within(dialog).findByRole("group", { name: "Reason" }); // the form's code arrives when the dialog opens
      await user.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
      await user.click(within(dialog).getByRole("button", { name: "Submit Report" }));
      expect(await within(toasts()).findByText("Report submitted")).toBeInTheDocument();

      await waitFor(async () => expect(await tab("All")).toHaveAccessibleName("All, 4 reviews"));
      expect(await cardTitles()).not.toContain("Tenant on the fifth floor");
      const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
      await waitFor(() => expect(within(ratings).getByText("4 reviews · 2 count toward the rating.")).toBeInTheDocument());
      expect(within(ratings).getByRole("img", { name: "Rated 3.0 out of 5: Average" })).toBeInTheDocument();
    });

    it("is not shown to anyone else", async () => {
      setup({ viewer: landlord, reviews: [hidden, ...MIXED] });
      await waitFor(async () => expect(await cardTitles()).toHaveLength(5));
      expect(await cardTitles()).not.toContain("Reported by rivals");
    });
  });
});

describe("Review photos", () => {
  stubUploadsInEachTest();

  /** fill gives the form a rating, a title and a text. */
  const fill = async (user: ReturnType<typeof userEvent.setup>, f: HTMLElement) => {
    await user.click(within(f).getByRole("radio", { name: "4 stars" }));
    await user.type(within(f).getByLabelText("Title"), "Bright kitchen");
    await user.type(within(f).getByLabelText("Your Review"), "The kitchen gets the sun all morning.");
  };
  const chosen = (f: HTMLElement) => within(f).getByRole("list", { name: "Chosen photos" });

  it("lets a tenant choose photos, shows their progress, removes one by keyboard and sends the rest", async () => {
    FakeUpload.autoAnswer = false;
    const { user, requests } = setup({ viewer: tenant });
    const f = await form();
    const input = within(f).getByLabelText("Add photos");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/gif,image/webp");
    await user.upload(input, [png("kitchen.png"), png("hall.png")]);

    expect(FakeUpload.sent.map((x) => [x.url, x.field, x.fileName])).toEqual([
      ["/api/upload/review-photos", "photos", "kitchen.png"],
      ["/api/upload/review-photos", "photos", "hall.png"],
    ]);
    act(() => FakeUpload.sent[0].progress(40, 100));
    expect(within(chosen(f)).getByRole("progressbar", { name: "Uploading kitchen.png" })).toHaveValue(40);
    expect(within(f).getByText("0 of 5 photos uploaded, 2 uploading")).toBeInTheDocument();
    act(() => FakeUpload.sent.forEach((x) => x.store()));
    await waitFor(() => expect(within(f).getByText("2 of 5 photos uploaded")).toBeInTheDocument());
    // Photos have no order and no cover.
    expect(within(f).queryByRole("button", { name: /Move .* earlier/ })).not.toBeInTheDocument();

    within(f).getByRole("button", { name: "Remove hall.png" }).focus();
    await user.keyboard("{Enter}");
    expect(within(chosen(f)).getAllByRole("listitem")).toHaveLength(1);

    await fill(user, f);
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(requests.createReview).toEqual([expect.objectContaining({ photos: ["/uploads/reviews/img-1.png"] })]));

    // The new review's card shows its photo.
    await waitFor(async () => expect((await cardTitles())[0]).toBe("Bright kitchen"));
    const card = within(await reviewsSection()).getAllByRole("article")[0];
    expect(within(card).getByRole("img", { name: "Photo 1 of 1 from Dana W." })).toHaveAttribute("src", "/uploads/reviews/img-1.png");
  });

  it("keeps everything typed when a photo is refused, and sends the review once it is retried", async () => {
    FakeUpload.autoAnswer = false;
    const { user, requests } = setup({ viewer: tenant });
    const f = await form();
    await fill(user, f);
    await user.upload(within(f).getByLabelText("Add photos"), png("scan.png"));
    act(() => FakeUpload.sent[0].answer(400, { success: false, files: [], error: "scan.png is not a JPEG, PNG, GIF or WebP image." }));

    const item = await within(chosen(f)).findByRole("listitem", { name: "Photo 1: scan.png" });
    expect(within(item).getByRole("alert")).toHaveTextContent("scan.png is not a JPEG, PNG, GIF or WebP image.");
    expect(await within(toasts()).findByText("Upload failed")).toBeInTheDocument();
    expect(within(f).getByLabelText("Title")).toHaveValue("Bright kitchen");

    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(await within(f).findByText("Remove or retry the photos that could not be uploaded.")).toBeInTheDocument();
    expect(within(f).getByLabelText("Add photos")).toHaveFocus();
    expect(requests.createReview).toEqual([]);

    await user.click(within(item).getByRole("button", { name: "Retry uploading scan.png" }));
    act(() => FakeUpload.sent[1].store());
    await waitFor(() => expect(within(f).queryByText("Remove or retry the photos that could not be uploaded.")).not.toBeInTheDocument());
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    await waitFor(() =>
      expect(requests.createReview).toEqual([
        expect.objectContaining({ title: "Bright kitchen", photos: ["/uploads/reviews/img-1.png"] }),
      ]),
    );
  });

  it("waits for a photo still uploading before it sends the review", async () => {
    FakeUpload.autoAnswer = false;
    const { user, requests } = setup({ viewer: tenant });
    const f = await form();
    await fill(user, f);
    await user.upload(within(f).getByLabelText("Add photos"), png("porch.png"));
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(await within(f).findByText("Uploading photos...")).toBeInTheDocument();
    expect(requests.createReview).toEqual([]);
    act(() => FakeUpload.sent[0].store());
    await waitFor(() => expect(requests.createReview).toEqual([expect.objectContaining({ photos: ["/uploads/reviews/img-1.png"] })]));
  });

  it("refuses a sixth photo with SPEC's words, uploading none of them", async () => {
    const { user } = setup({ viewer: tenant });
    const f = await form();
    await user.upload(
      within(f).getByLabelText("Add photos"),
      Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)),
    );
    expect(await within(toasts()).findByText("Too many photos")).toBeInTheDocument();
    expect(within(toasts()).getByText("You can only upload a maximum of 5 photos.")).toBeInTheDocument();
    expect(FakeUpload.sent).toEqual([]);
  });

  it("keeps the stored photos in the draft when the dialog closes", async () => {
    const { user } = setup({ viewer: tenant });
    const f = await form();
    await user.upload(within(f).getByLabelText("Add photos"), png("garden.png"));
    await waitFor(() => expect(within(f).getByText("1 of 5 photos uploaded")).toBeInTheDocument());
    await user.click(within(await dialog()).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const again = await form();
    const kept = within(chosen(again)).getByRole("listitem", { name: "Photo 1: current photo 1" });
    expect(within(kept).getByRole("img")).toHaveAttribute("src", "/uploads/reviews/img-1.png");
  });
});
