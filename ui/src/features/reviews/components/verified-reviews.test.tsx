import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { reviewTitles, serveReviewFakes } from "@/components/review-card/testing";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { ReviewProofSchema, type Review } from "@/gen/rentproof/review/v1/review_pb";
import { TenancySchema, type Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { makeProperty, makeReview } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// Verified reviews on the property page (issue 27): the filter, the count, and what the form says.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const property = makeProperty({ id: 1, landlordId: 2, title: "Sunny Pre-War One-Bedroom in Chelsea", verified: true });
const tenant = makeUser({ id: 7, firstName: "Dana", lastName: "Whitfield", role: "tenant" });
const owner = makeUser({ id: 2, username: "olive", firstName: "Olive", lastName: "Owner", role: "landlord" });
const daysAgo = (n: number) => timestampFromDate(new Date(Date.now() - n * 24 * 3600 * 1000));
const documents = create(ReviewProofSchema, { proof: "documents", fromMonth: "2023-03", toMonth: "2025-01" });

const REVIEWS: Review[] = [
  makeReview({ id: 1, userId: 21, title: "Checked tenant", verified: true, verifiedLabel: "Verified Tenant", proof: documents, createdAt: daysAgo(1) }),
  makeReview({ id: 2, userId: 22, title: "Unchecked tenant", createdAt: daysAgo(2) }),
  makeReview({ id: 3, userId: 23, title: "Unchecked neighbour", reviewType: "tenant_to_neighborhood", createdAt: daysAgo(3) }),
];

const tenancy = (overrides: Partial<Omit<Tenancy, "$typeName" | "$unknown">>) =>
  create(TenancySchema, { propertyId: 1, status: "approved", proof: "landlord", fromMonth: "2024-02", toMonth: "", ...overrides });

interface Setup {
  viewer?: User;
  reviews?: Review[];
  tenancies?: Tenancy[];
  path?: string;
}

function setup({ viewer, reviews = REVIEWS, tenancies = [], path = "/properties/1" }: Setup = {}) {
  const fakes = serveReviewFakes({ properties: [property], reviews, viewer: () => viewer, tenancies });
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const reviewsSection = () => screen.findByRole("region", { name: "Reviews" });
const filter = async () => within(await reviewsSection()).findByRole("checkbox", { name: "Verified reviews only" });
const cardTitles = reviewTitles;
const toasts = () => screen.getByRole("region", { name: "Notifications (F8)", hidden: true });

describe("Verified reviews only", () => {
  it("says how many reviews are verified, and lists only those once ticked, kept in the address", async () => {
    const { user, router, requests } = setup();
    expect(await within(await reviewsSection()).findByText("1 verified")).toBeInTheDocument();
    expect(await cardTitles()).toEqual(["Checked tenant", "Unchecked tenant", "Unchecked neighbour"]);
    await user.click(await filter());
    await waitFor(async () => expect(await cardTitles()).toEqual(["Checked tenant"]));
    expect(router.state.location.search).toBe("?reviews=verified");
    expect(requests.listPropertyReviews.at(-1)).toMatchObject({ tab: "all", verifiedOnly: true });
    // The proof is one focus away.
    const badge = within(await reviewsSection()).getByRole("button", { name: "Verified Tenant" });
    badge.focus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Tenancy checked from documents, Mar 2023 – Jan 2025");

    await user.click(await filter());
    await waitFor(async () => expect(await cardTitles()).toHaveLength(3));
    expect(router.state.location.search).toBe("");
  });

  it("starts ticked from the address, and keeps other parameters", async () => {
    const { requests, user, router } = setup({ path: "/properties/1?reviews=verified&ref=share" });
    expect(await filter()).toBeChecked();
    expect(await cardTitles()).toEqual(["Checked tenant"]);
    expect(requests.listPropertyReviews.every((r) => r.verifiedOnly)).toBe(true);
    await user.click(await filter());
    await waitFor(() => expect(router.state.location.search).toBe("?ref=share"));
  });

  it("says so when a tab has no verified review, and shows every review again on request", async () => {
    const { user, router } = setup({ path: "/properties/1?reviews=verified" });
    await user.click(within(await reviewsSection()).getByRole("tab", { name: /^Neighborhood\b/ }));
    const panel = within(await reviewsSection()).getByRole("tabpanel");
    expect(await within(panel).findByRole("heading", { name: "No verified neighborhood reviews yet" })).toBeInTheDocument();
    expect(within(panel).getByText(/A review is verified when a checked tenancy at this property stands behind it/)).toBeInTheDocument();
    await user.click(within(panel).getByRole("link", { name: "Show all reviews" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await within(panel).findByRole("heading", { level: 3, name: "Unchecked neighbour" })).toBeInTheDocument();
    expect(await filter()).not.toBeChecked();
  });
});

describe("the review form and tenancies", () => {
  const openForm = async (name = "Write a Review") => {
    fireEvent.click(await within(await reviewsSection()).findByRole("button", { name }));
    return within(await screen.findByRole("dialog", { name })).findByRole("form", { name });
  };

  it("asks for the member's tenancies only once the form opens, and offers Verify your stay without one", async () => {
    const { requests, user, router } = setup({ viewer: tenant });
    await within(await reviewsSection()).findByRole("button", { name: "Write a Review" });
    expect(requests.listMyTenancies).toBe(0);
    const f = await openForm();
    const link = await within(f).findByRole("link", { name: "Verify your stay" });
    expect(requests.listMyTenancies).toBe(1);
    expect(link).toHaveAttribute("href", "/dashboard?tab=tenancies&claim=1");
    expect(within(f).getByText(/Lived here\? Your review is labelled Verified Tenant once your tenancy is checked\./)).toBeInTheDocument();
    // No blind reveal without a verified tenancy: the tenant's review of the landlord is public at once.
    await user.selectOptions(within(f).getByRole("combobox", { name: "Review Type" }), "tenant_to_landlord");
    expect(within(f).queryByText(/hidden until both are posted/)).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(router.state.location.search).toBe("?tab=tenancies&claim=1");
  });

  it("says a claim is being checked", async () => {
    setup({ viewer: tenant, tenancies: [tenancy({ id: 3, tenantId: tenant.id, status: "pending", proof: "" })] });
    const f = await openForm();
    expect(await within(f).findByText(/Your claim to have lived here is being checked/)).toBeInTheDocument();
    expect(within(f).getByRole("link", { name: "My Tenancies" })).toHaveAttribute("href", "/dashboard?tab=tenancies");
  });

  it("tells a verified tenant the label their review will carry, by type, and the blind reveal on a review of the landlord", async () => {
    const { user } = setup({ viewer: tenant, tenancies: [tenancy({ id: 3, tenantId: tenant.id })] });
    const f = await openForm();
    expect(await within(f).findByText(/Your review will be labelled/)).toHaveTextContent(
      "Your review will be labelled Verified Tenant (Tenancy confirmed by the landlord, Feb 2024 – now).",
    );
    expect(within(f).queryByRole("link", { name: "Verify your stay" })).not.toBeInTheDocument();
    const type = within(f).getByRole("combobox", { name: "Review Type" });
    await user.selectOptions(type, "tenant_to_neighborhood");
    expect(within(f).getByText(/Your review will be labelled/)).toHaveTextContent("Verified Resident");
    expect(within(f).queryByText(/hidden until both are posted/)).not.toBeInTheDocument();
    await user.selectOptions(type, "tenant_to_landlord");
    expect(
      within(f).getByText(
        "Your review and the other party's stay hidden until both are posted or 14 days have passed; after that neither can be changed.",
      ),
    ).toBeInTheDocument();
  });

  it("does not promise a label from a tenancy that ended more than three years ago", async () => {
    setup({ viewer: tenant, tenancies: [tenancy({ id: 3, tenantId: tenant.id, fromMonth: "2015-01", toMonth: "2018-06" })] });
    const f = await openForm();
    expect(await within(f).findByText(/ended more than 3 years ago/)).toBeInTheDocument();
    expect(within(f).queryByText(/Your review will be labelled/)).not.toBeInTheDocument();
  });

  it("opens the owner's form from Review this tenant on the linked tenancy, labelled Verified Landlord, and sends it", async () => {
    const { user, router, requests } = setup({
      viewer: owner,
      path: "/properties/1?reviewTenancy=12#write-review",
      tenancies: [
        tenancy({ id: 11, tenantId: 30, tenantFirstName: "Ana", tenantLastName: "B", fromMonth: "2022-01", toMonth: "2023-01" }),
        tenancy({ id: 12, tenantId: 31, tenantFirstName: "Sam", tenantLastName: "O" }),
        tenancy({ id: 13, tenantId: 32, tenantFirstName: "Lee", tenantLastName: "C", status: "pending" }),
        tenancy({ id: 14, tenantId: 33, tenantFirstName: "Kim", tenantLastName: "D", landlordReviewId: 90 }),
      ],
    });
    const dialog = await screen.findByRole("dialog", { name: "Review a Tenant" });
    const f = await within(dialog).findByRole("form", { name: "Review a Tenant" });
    expect(requests.listTenancyClaims).toEqual([{ propertyId: 1 }]);
    const who = within(f).getByRole("combobox", { name: "Tenant" });
    expect(who).toHaveDisplayValue("Sam O., Feb 2024 – now (verified tenancy)");
    expect(within(who).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Ana B., Jan 2022 – Jan 2023 (verified tenancy)",
      "Sam O., Feb 2024 – now (verified tenancy)",
      "A tenant without a verified tenancy (no label)",
    ]);
    expect(within(f).getByText(/Your review will be labelled/)).toHaveTextContent(
      "Your review will be labelled Verified Landlord and shown as about tenant Sam O. (Tenancy confirmed by the landlord, Feb 2024 – now).",
    );
    expect(within(f).getByText(/hidden until both are posted or 14 days have passed/)).toBeInTheDocument();

    await user.click(within(f).getByRole("radio", { name: "5 stars" }));
    await user.type(within(f).getByLabelText("Title"), "A careful tenant");
    await user.type(within(f).getByLabelText("Your Review"), "Paid on time for two years and left the flat spotless.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    expect(await within(toasts()).findByText("Review submitted")).toBeInTheDocument();
    expect(requests.createReview).toEqual([expect.objectContaining({ reviewType: "landlord_to_tenant", tenancyId: 12 })]);
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("writes the owner's unverified review of a tenant without a tenancy and says it carries no label", async () => {
    const { user, requests } = setup({
      viewer: owner,
      tenancies: [tenancy({ id: 12, tenantId: 31, tenantFirstName: "Sam", tenantLastName: "O" })],
    });
    const f = await openForm("Review a Tenant");
    // Without a link, the first tenancy left to review is chosen, and nothing says the link failed.
    expect(within(f).getByRole("combobox", { name: "Tenant" })).toHaveDisplayValue("Sam O., Feb 2024 – now (verified tenancy)");
    expect(screen.queryByText(/The tenancy you came to review/)).not.toBeInTheDocument();
    await user.selectOptions(within(f).getByRole("combobox", { name: "Tenant" }), "0");
    expect(within(f).getByText(/Without a verified tenancy this review carries no label/)).toBeInTheDocument();
    expect(within(f).queryByText(/hidden until both are posted/)).not.toBeInTheDocument();
    await user.click(within(f).getByRole("radio", { name: "3 stars" }));
    await user.type(within(f).getByLabelText("Title"), "An older tenancy");
    await user.type(within(f).getByLabelText("Your Review"), "Before RentProof checked tenancies: fine overall.");
    await user.click(within(f).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(requests.createReview).toEqual([expect.objectContaining({ tenancyId: 0 })]));
  });

  it("says when the linked tenancy cannot be reviewed, and offers the others", async () => {
    setup({
      viewer: owner,
      path: "/properties/1?reviewTenancy=14",
      tenancies: [tenancy({ id: 14, tenantId: 33, landlordReviewId: 90 }), tenancy({ id: 15, tenantId: 34, tenantFirstName: "Jo", tenantLastName: "P" })],
    });
    const dialog = await screen.findByRole("dialog", { name: "Review a Tenant" });
    expect(await within(dialog).findByText(/The tenancy you came to review is not one you can review now/)).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Tenant" })).toHaveDisplayValue("Jo P., Feb 2024 – now (verified tenancy)");
  });

  it("ignores a reviewTenancy link for anyone but the owner", async () => {
    const { requests } = setup({ viewer: tenant, path: "/properties/1?reviewTenancy=12#write-review" });
    await within(await reviewsSection()).findByRole("button", { name: "Write a Review" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requests.listTenancyClaims).toEqual([]);
  });
});
