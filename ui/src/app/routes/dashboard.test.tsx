import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Transaction } from "@/gen/rentproof/token/v1/token_pb";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { RentTotalSchema, TypeCountSchema } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty, makeReview } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { serveDashboardFakes, type DashboardFakeOptions } from "@/features/dashboard/testing";
import { at, makeRequest, makeTransaction, serveVerificationFakes, type VerificationFakeOptions } from "@/test/verification";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", firstName: "Dana", lastName: "Whitfield", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars_lind", firstName: "Lars", lastName: "Lind", role: "landlord" });

/** TEN is a new account's ledger: the welcome grant. */
const TEN = () => [makeTransaction({ id: 1, amount: 10 })];

interface Setup extends Partial<Omit<VerificationFakeOptions, "viewer">> {
  viewer?: User;
  /** Where the app opens (a tab: "/dashboard?tab=…"). */
  path?: string;
  /** The viewer's own reviews, listings and stats. */
  mine?: DashboardFakeOptions;
}

function setup({ viewer = tenant, path = "/dashboard", mine: own = {}, ...options }: Setup = {}) {
  const fakes = serveVerificationFakes({ viewer: () => viewer, ledgers: { [viewer.id]: TEN() }, ...options });
  const mine = serveDashboardFakes(own);
  const transport = fakeTransport({
    user: viewer,
    extra: (router) => {
      fakes.serve(router);
      mine.serve(router);
    },
  });
  return { ...renderApp({ path, transport }), ...fakes, mine, user: userEvent.setup() };
}

/** setupRequests opens the Verification Requests tab. */
const setupRequests = (options: Setup = {}) => setup({ path: "/dashboard?tab=verification", ...options });

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const tokens = () => screen.findByRole("region", { name: "Token Balance" });
const requestsPanel = () => screen.findByRole("region", { name: "Verification Requests" });
const item = async (title: string) => within(await requestsPanel()).findByRole("article", { name: title });

describe("the dashboard", () => {
  it("welcomes a tenant with their initials and the tenant's ways on", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    const welcome = within(screen.getByRole("region", { name: "Welcome back, Dana!" }));
    expect(welcome.getByText("DW")).toBeInTheDocument();
    expect(welcome.getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    expect(welcome.getByRole("link", { name: "Tenant Resources" })).toHaveAttribute("href", "/resources?category=tenant");
  });

  it("welcomes a brand-new account, not back: on its first day", async () => {
    const hoursAgo = (n: number) => timestampFromDate(new Date(Date.now() - n * 3600 * 1000));
    setup({ viewer: makeUser({ ...tenant, createdAt: hoursAgo(0) }) });
    expect(await screen.findByRole("region", { name: "Welcome to RentProof, Dana!" })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it("welcomes back a member of more than a day", async () => {
    setup({ viewer: makeUser({ ...tenant, createdAt: timestampFromDate(new Date(Date.now() - 25 * 3600 * 1000)) }) });
    expect(await screen.findByRole("region", { name: "Welcome back, Dana!" })).toBeInTheDocument();
  });

  it("gives every other role the landlord's ways on", async () => {
    setup({ viewer: landlord });
    const welcome = within(await screen.findByRole("region", { name: "Welcome back, Lars!" }));
    expect(welcome.getByRole("link", { name: "Add Property" })).toHaveAttribute("href", "/add-property");
    expect(welcome.getByRole("link", { name: "Landlord Resources" })).toHaveAttribute("href", "/resources?category=landlord");
  });
});

describe("the token panel", () => {
  it("shows the balance and the 5 most recent transactions, newest first, and how many more", async () => {
    const ledger: Transaction[] = Array.from({ length: 7 }, (_, i) =>
      makeTransaction({
        id: 7 - i,
        amount: i === 1 ? -2 : 1,
        description: `Transaction ${7 - i}`,
        createdAt: at(`2025-04-0${7 - i}T12:00:00Z`),
      }),
    );
    setup({ ledgers: { 7: ledger } });
    const panel = within(await tokens());
    expect(await panel.findByText("4")).toBeInTheDocument();
    expect(panel.getByText("4").closest("p")).toHaveTextContent("4 tokens");
    const rows = panel.getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Transaction 7Apr 07, 2025+1 token",
      "Transaction 6Apr 06, 2025−2 tokens",
      "Transaction 5Apr 05, 2025+1 token",
      "Transaction 4Apr 04, 2025+1 token",
      "Transaction 3Apr 03, 2025+1 token",
    ]);
    expect(panel.getByText("+ 2 more transactions")).toBeInTheDocument();
  });

  it("says No transactions found for an empty ledger, and no more line", async () => {
    setup({ ledgers: { 7: [] } });
    const panel = within(await tokens());
    expect(await panel.findByText("No transactions found")).toBeInTheDocument();
    expect(panel.getByText("0").closest("p")).toHaveTextContent("0 tokens");
    expect(panel.queryByText(/more transaction/)).not.toBeInTheDocument();
  });

  it("says Balance unavailable and toasts SPEC's messages when the calls fail", async () => {
    setup({
      fail: {
        getBalance: new ConnectError("down", Code.Unavailable),
        listTransactions: new ConnectError("down", Code.Unavailable),
      },
    });
    const panel = within(await tokens());
    expect(await panel.findByText("Balance unavailable")).toBeInTheDocument();
    expect(await toasts().findByText("Failed to load token balance. Please try again later.")).toBeInTheDocument();
    expect(await toasts().findByText("Failed to load token transactions. Please try again later.")).toBeInTheDocument();
    expect(toasts().getAllByText("Error")).toHaveLength(2);
  });
});

const property = makeProperty({ id: 1, landlordId: 2, verified: false });
const RECEIVED: VerificationRequest[] = [
  makeRequest({ id: 6, to: [7, "dana"], by: [2, "olive"], message: "You lived in 5C, can you confirm?" }),
  makeRequest({ id: 5, to: [7, "dana"], propertyId: 44, propertyTitle: "", status: "approved", responseMessage: "All correct." }),
  makeRequest({ id: 4, to: [7, "dana"], status: "rejected", propertyTitle: "Rejected Place" }),
  makeRequest({ id: 3, to: [7, "dana"], status: "paid", propertyTitle: "Paid Place" }),
  makeRequest({
    id: 2,
    to: [7, "dana"],
    status: "held",
    propertyTitle: "Held Place",
    statusReason: "You signed in from an address the owner used recently, so an administrator checks this approval first.",
  }),
  makeRequest({ id: 1, to: [7, "dana"], status: "closed", propertyTitle: "Closed Place", statusReason: "The property was verified through another request." }),
  makeRequest({ id: 0, to: [7, "dana"], status: "expired", propertyTitle: "Expired Place" }),
];

describe("Verification Requests", () => {
  it("lists a tenant's received requests with their titles, dates and statuses, without tabs", async () => {
    setupRequests({ requests: RECEIVED });
    const panel = within(await requestsPanel());
    await panel.findByRole("list", { name: "Received requests" });
    expect(panel.queryByRole("tablist")).not.toBeInTheDocument();
    const pending = within(await item(property.title));
    expect(pending.getByRole("link", { name: property.title })).toHaveAttribute("href", "/properties/1");
    expect(pending.getByText(/From olive/)).toHaveTextContent("From olive · Apr 05, 2025 · Expires May 05, 2025");
    expect(pending.getByText("You lived in 5C, can you confirm?")).toBeInTheDocument();
    expect(pending.getByText(/^You earn 1 token for answering, approve or reject alike, when the request comes from the owner/)).toHaveTextContent(
      "You earn 1 token for answering, approve or reject alike, when the request comes from the owner or an established member you are not linked to (the first 10 rewarded answers a day). How rewards work",
    );

    // A property without a title (gone) reads "Property #id"; the answer given shows.
    const gone = within(await item("Property #44"));
    expect(gone.getByText("Approved")).toHaveClass("status-badge--approved");
    expect(gone.getByText("All correct.")).toBeInTheDocument();
  });

  it("gives each status its own badge colour, and says why a request is held or closed", async () => {
    setupRequests({ requests: RECEIVED });
    const expected: [string, string, string][] = [
      [property.title, "Pending", "pending"],
      ["Property #44", "Approved", "approved"],
      ["Rejected Place", "Rejected", "rejected"],
      ["Paid Place", "Paid", "paid"],
      ["Held Place", "Held for review", "held"],
      ["Closed Place", "Closed", "closed"],
      ["Expired Place", "Expired", "expired"],
    ];
    for (const [title, label, status] of expected) {
      expect(within(await item(title)).getByText(label)).toHaveClass(`status-badge--${status}`);
    }
    expect(within(await item("Held Place")).getByText(/an administrator checks this approval first/)).toBeInTheDocument();
    expect(within(await item("Closed Place")).getByText("The property was verified through another request.")).toBeInTheDocument();
  });

  it("offers Approve and Reject on pending requests only", async () => {
    setupRequests({ requests: RECEIVED });
    const panel = within(await requestsPanel());
    await panel.findByRole("list", { name: "Received requests" });
    expect(panel.getAllByRole("button", { name: /^Approve/ })).toHaveLength(1);
    expect(panel.getAllByRole("button", { name: /^Reject/ })).toHaveLength(1);
    expect(within(await item(property.title)).getByRole("button", { name: `Approve: ${property.title}` })).toBeInTheDocument();
  });

  it("approves behind a confirm dialog with a message: the badge, the balance and the ledger follow", async () => {
    const property = makeProperty({ id: 1, landlordId: 2, verified: false });
    const { user, answers } = setupRequests({ requests: [RECEIVED[0]], properties: [property] });
    const panel = within(await tokens());
    expect(await panel.findByText("10")).toBeInTheDocument();

    await user.click(within(await item(property.title)).getByRole("button", { name: /^Approve/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Verification Request" }));
    expect(dialog.getByText(/Approving marks the property as verified/)).toBeInTheDocument();
    await user.type(await dialog.findByRole("textbox", { name: /Message/ }), "I lived there in 2023.");
    await user.click(dialog.getByRole("button", { name: "Approve" }));

    expect(await toasts().findByText("Success")).toBeInTheDocument();
    expect(toasts().getByText("Verification request updated successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(answers).toEqual([expect.objectContaining({ id: 6, status: "approved", responseMessage: "I lived there in 2023." })]);
    const approved = within(await item(property.title));
    expect(await approved.findByText("Approved")).toBeInTheDocument();
    expect(approved.queryByRole("button", { name: /^Approve|^Reject/ })).not.toBeInTheDocument();
    expect(await panel.findByText("11")).toBeInTheDocument();
    expect(panel.getAllByRole("listitem")[0]).toHaveTextContent(`Answered a verification request for ${property.title}`);
    expect(property.verified).toBe(true);
  });

  it("rejects behind its own confirm dialog, and Cancel sends nothing", async () => {
    const { user, answers } = setupRequests({ requests: [RECEIVED[0]] });
    const reject = within(await item(property.title)).getByRole("button", { name: /^Reject/ });
    await user.click(reject);
    let dialog = within(await screen.findByRole("dialog", { name: "Reject Verification Request" }));
    await user.click(await dialog.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reject).toHaveFocus();
    expect(answers).toHaveLength(0);

    await user.click(reject);
    dialog = within(await screen.findByRole("dialog", { name: "Reject Verification Request" }));
    await user.click(await dialog.findByRole("button", { name: "Reject" }));
    expect(await toasts().findByText("Verification request updated successfully.")).toBeInTheDocument();
    expect(answers).toEqual([expect.objectContaining({ id: 6, status: "rejected", responseMessage: "" })]);
    expect(await within(await item(property.title)).findByText("Rejected")).toBeInTheDocument();
  });

  it("shows a refused answer in the server's words, or SPEC's fallback", async () => {
    const fail = { answerVerificationRequest: new ConnectError("This request has expired.", Code.FailedPrecondition) };
    const { user } = setupRequests({ requests: [RECEIVED[0]], fail });
    await user.click(within(await item(property.title)).getByRole("button", { name: /^Approve/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Verification Request" }));
    await user.click(await dialog.findByRole("button", { name: "Approve" }));
    expect(await toasts().findByText("This request has expired.")).toBeInTheDocument();
    expect(toasts().getByText("Error")).toBeInTheDocument();

    fail.answerVerificationRequest = new ConnectError("", Code.Internal);
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await toasts().findByText("Failed to update verification request.")).toBeInTheDocument();
  });

  it("keeps the answer's message within 500 characters", async () => {
    const { user, answers } = setupRequests({ requests: [RECEIVED[0]] });
    await user.click(within(await item(property.title)).getByRole("button", { name: /^Approve/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Verification Request" }));
    const box = await dialog.findByRole("textbox", { name: /Message/ });
    await user.click(box);
    await user.paste("z".repeat(501));
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await dialog.findByText("Message must be less than 500 characters")).toBeInTheDocument();
    expect(answers).toHaveLength(0);
  });

  it("shows a landlord Sent and Received tabs: the sent requests first, the pending received counted", async () => {
    const sent = [
      makeRequest({ id: 20, by: [8, "lars_lind"], to: [30, "kenji_morita"], propertyTitle: "Lars's Loft", message: "Please confirm." }),
      makeRequest({ id: 19, by: [8, "lars_lind"], to: [31, "oliver_hughes"], propertyTitle: "Lars's Loft", status: "approved" }),
    ];
    const received = [makeRequest({ id: 18, by: [2, "olive"], to: [8, "lars_lind"] })];
    const { user } = setupRequests({ viewer: landlord, requests: [...sent, ...received] });
    const panel = within(await requestsPanel());
    const tabs = within(await panel.findByRole("tablist", { name: "Verification requests" }));
    expect(tabs.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Sent", "Received1"]);
    expect(tabs.getByRole("tab", { name: "Sent" })).toHaveAttribute("aria-selected", "true");
    expect(tabs.getByRole("tab", { name: "Received, 1 pending" })).toBeInTheDocument();

    const sentList = within(await panel.findByRole("list", { name: "Sent requests" }));
    expect(sentList.getAllByRole("article").map((a) => within(a).getByText(/^To /).textContent)).toEqual([
      "To kenji_morita · Apr 05, 2025 · Expires May 05, 2025",
      "To oliver_hughes · Apr 05, 2025",
    ]);
    expect(sentList.getByText("Please confirm.")).toBeInTheDocument();
    expect(sentList.queryByRole("button", { name: /^Approve/ })).not.toBeInTheDocument();

    await user.click(tabs.getByRole("tab", { name: /Received/ }));
    const receivedList = within(await panel.findByRole("list", { name: "Received requests" }));
    expect(receivedList.getByRole("button", { name: /^Approve/ })).toBeInTheDocument();
  });

  it("opens the received requests from a notification's link (?requests=received)", async () => {
    const sent = [makeRequest({ id: 20, by: [8, "lars_lind"], to: [30, "kenji_morita"], propertyTitle: "Lars's Loft" })];
    const received = [makeRequest({ id: 18, by: [2, "olive"], to: [8, "lars_lind"] })];
    setup({ path: "/dashboard?tab=verification&requests=received", viewer: landlord, requests: [...sent, ...received] });
    const panel = within(await requestsPanel());
    const tabs = within(await panel.findByRole("tablist", { name: "Verification requests" }));
    expect(tabs.getByRole("tab", { name: "Received, 1 pending" })).toHaveAttribute("aria-selected", "true");
    expect(within(await panel.findByRole("list", { name: "Received requests" })).getByRole("button", { name: /^Approve/ })).toBeInTheDocument();
  });

  it("says when there is nothing to show", async () => {
    const { user } = setupRequests({ viewer: landlord });
    const panel = within(await requestsPanel());
    expect(await panel.findByText("You have not sent any verification requests yet.")).toBeInTheDocument();
    await user.click(panel.getByRole("tab", { name: "Received" }));
    expect(await panel.findByText(/No verification requests received yet/)).toBeInTheDocument();
  });

  it("shows a tenant who has sent requests from a property page a Sent tab too", async () => {
    setupRequests({ requests: [makeRequest({ id: 9, by: [7, "dana"], to: [8, "lars_lind"] })] });
    const panel = within(await requestsPanel());
    expect(await panel.findByRole("tab", { name: "Sent" })).toBeInTheDocument();
  });
});

const MY_REVIEWS = [
  makeReview({ id: 3, title: "Quiet street, warm flat", content: "The heating worked all winter.", status: "published", propertyTitle: "Garden Flat" }),
  makeReview({ id: 2, title: "Noisy on weekends", content: "Bars downstairs close late.", status: "hidden", propertyId: 4, propertyTitle: "" }),
  makeReview({ id: 1, title: "Fair landlord", content: "The deposit came back in full.", status: "removed", propertyTitle: "Canal House" }),
];

describe("the tenant's dashboard", () => {
  it("sums up the account, with the reviews written and Edit Profile", async () => {
    const viewer = makeUser({ ...tenant, createdAt: timestampFromDate(new Date("2024-03-05T10:00:00Z")) });
    setup({ viewer, mine: { reviews: MY_REVIEWS } });
    const summary = within(await screen.findByRole("region", { name: "Account Summary" }));
    expect(summary.getByText("Username").nextSibling).toHaveTextContent("dana");
    expect(summary.getByText("Email").nextSibling).toHaveTextContent(viewer.email);
    expect(summary.getByText("Member since").nextSibling).toHaveTextContent("Mar 5, 2024");
    await waitFor(() => expect(summary.getByText("Reviews written").nextSibling).toHaveTextContent("3"));
    expect(summary.getByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
  });

  it("has the tenant's quick links, the unbuilt ones disabled, Saved Properties opening its tab", async () => {
    const { user, router } = setup();
    const links = within(await screen.findByRole("navigation", { name: "Quick Links" }));
    expect(links.getByRole("link", { name: "Search Properties" })).toHaveAttribute("href", "/find-properties");
    expect(links.getByRole("link", { name: "Tenant Resources" })).toHaveAttribute("href", "/resources?category=tenant");
    expect(links.getByRole("link", { name: "Renter's Guide" })).toHaveAttribute("href", "/faq");
    expect(links.getByRole("link", { name: "Set Security Questions" })).toHaveAttribute("href", "/dashboard/security-questions");
    const history = links.getByRole("button", { name: /Viewing History/ });
    expect(history).toBeDisabled();
    expect(history).toHaveAttribute("aria-disabled", "true");
    expect(history).toHaveTextContent("Coming soon");

    await user.click(links.getByRole("button", { name: /Saved Properties/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=saved"));
    expect(screen.getByRole("tab", { name: "Saved Properties" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Saved Properties" })).toHaveFocus();
  });

  it("lists My Reviews in every status with the property, and searches them", async () => {
    const { user } = setup({ mine: { reviews: MY_REVIEWS } });
    const list = within(await screen.findByRole("list", { name: "My reviews" }));
    expect(list.getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "Quiet street, warm flat",
      "Noisy on weekends",
      "Fair landlord",
    ]);
    expect(list.getByText("Under review")).toBeInTheDocument();
    expect(list.getByText("Removed")).toBeInTheDocument();
    expect(list.getByRole("link", { name: "Property #4" })).toHaveAttribute("href", "/properties/4");

    const box = screen.getByRole("searchbox", { name: "Search my reviews" });
    await user.type(box, "DEPOSIT{Enter}");
    const found = within(await screen.findByRole("list", { name: "My reviews" }));
    await waitFor(() => expect(found.getAllByRole("heading").map((h) => h.textContent)).toEqual(["Fair landlord"]));
    expect(screen.getByText('1 of your 3 reviews match "DEPOSIT"')).toBeInTheDocument();
  });

  it("says when a search finds nothing, with Clear Search and Write a Review, and Clear Search brings the list back", async () => {
    const { user } = setup({ mine: { reviews: MY_REVIEWS } });
    await screen.findByRole("list", { name: "My reviews" });
    const box = screen.getByRole("searchbox", { name: "Search my reviews" });
    await user.type(box, "garage{Enter}");
    const empty = within(await screen.findByRole("region", { name: "No reviews found" }));
    expect(empty.getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", "/find-properties");
    await user.click(empty.getByRole("button", { name: "Clear Search" }));
    expect(await screen.findByRole("list", { name: "My reviews" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search my reviews" })).toHaveValue("");
  });

  it("pages My Reviews ten at a time", async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeReview({ id: 100 - i, title: `Review number ${i + 1}` }));
    const { user } = setup({ mine: { reviews: many } });
    const pages = within(await screen.findByRole("navigation", { name: "Pages of reviews" }));
    expect(pages.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(pages.getByRole("button", { name: /Previous/ })).toBeDisabled();
    await user.click(pages.getByRole("button", { name: /Next/ }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "My reviews" })).getAllByRole("heading").map((h) => h.textContent)).toEqual([
        "Review number 11",
        "Review number 12",
      ]),
    );
    expect(pages.getByRole("button", { name: /Next/ })).toBeDisabled();
  });

  it("invites a tenant without reviews to write one", async () => {
    setup();
    const empty = within(await screen.findByRole("region", { name: "No reviews yet" }));
    expect(empty.getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", "/find-properties");
  });

  it("explains a failure to load the reviews and tries again", async () => {
    const { user, mine } = setup({ mine: { reviews: MY_REVIEWS, fail: { listMyReviews: new ConnectError("down", Code.Unavailable) } } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your reviews could not be loaded.");
    delete mine.fail.listMyReviews;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "My reviews" })).toBeInTheDocument();
  });

  it("keeps the open tab in the address", async () => {
    const { user, router } = setup({ path: "/dashboard?tab=verification" });
    expect(await screen.findByRole("tab", { name: "Verification Requests" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "My Reviews" }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=reviews"));
    expect(await screen.findByRole("searchbox", { name: "Search my reviews" })).toBeInTheDocument();
  });
});

const LISTINGS = [
  makeProperty({ id: 11, title: "Canal Loft", address: "3 Prinsengracht", city: "Amsterdam", state: "", zipCode: "", country: "Netherlands", monthlyRent: 1800, currency: "EUR", verified: true, bedrooms: 2, bathrooms: 1, squareFeet: 80, areaUnit: "sqm", createdAt: timestampFromDate(new Date(Date.now() - 3 * 24 * 3600 * 1000)) }),
  makeProperty({ id: 12, title: "Family House", address: "2 Oak Avenue", city: "Austin", state: "TX", zipCode: "78701", monthlyRent: 2400, currency: "USD", verified: false, bedrooms: 3, bathrooms: 2, squareFeet: 1800, propertyType: "house" }),
];

const STATS = {
  monthlyRentTotals: [
    create(RentTotalSchema, { currency: "USD", monthlyRent: 6400n }),
    create(RentTotalSchema, { currency: "EUR", monthlyRent: 2750n }),
  ],
  propertyCount: 5,
  verifiedCount: 2,
  typeCounts: [
    create(TypeCountSchema, { propertyType: "apartment", count: 3 }),
    create(TypeCountSchema, { propertyType: "house", count: 1 }),
    create(TypeCountSchema, { propertyType: "villa", count: 1 }),
  ],
  averageRating: 3.7,
  ratedReviewCount: 3,
};

describe("the landlord's dashboard", () => {
  it("shows the property stats: rent per currency, counts, the real average and the types", async () => {
    setup({ viewer: landlord, mine: { stats: STATS } });
    const stats = within(await screen.findByRole("region", { name: "Property Stats" }));
    await waitFor(() => expect(stats.getByText("Total monthly rent").nextSibling).toHaveTextContent("$6,400"));
    expect(stats.getByText("Total monthly rent").nextSibling).toHaveTextContent("2.750 €");
    expect(stats.getByText("Properties").nextSibling).toHaveTextContent("5");
    expect(stats.getByText("Average rating").nextSibling).toHaveTextContent("3.7");
    const types = ["Apartment", "House", "Condo", "Student Housing", "Villa"].map((t) => stats.getByText(t).nextSibling?.textContent);
    expect(types).toEqual(["3", "1", "0", "0", "1"]);

    const summary = within(screen.getByRole("region", { name: "Account Summary" }));
    expect(summary.getByText("Properties listed").nextSibling).toHaveTextContent("5");
    expect(summary.getByText("Verified properties").nextSibling).toHaveTextContent("2");
  });

  it("says N/A without a rated review, and $0 without listings", async () => {
    setup({ viewer: landlord });
    const stats = within(await screen.findByRole("region", { name: "Property Stats" }));
    await waitFor(() => expect(stats.getByText("Average rating").nextSibling).toHaveTextContent("N/A"));
    expect(stats.getByText("Total monthly rent").nextSibling).toHaveTextContent("$0");
  });

  it("has the landlord's quick links, all disabled", async () => {
    setup({ viewer: landlord });
    const links = within(await screen.findByRole("navigation", { name: "Quick Links" }));
    const buttons = links.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Analytics Coming soon",
      "Tenant Management Coming soon",
      "Settings Coming soon",
    ]);
    for (const b of buttons) expect(b).toBeDisabled();
    expect(links.queryByRole("link")).not.toBeInTheDocument();
  });

  it("lists My Properties with each row's facts, View and Edit, and searches by city", async () => {
    const { user, mine } = setup({ viewer: landlord, mine: { properties: LISTINGS } });
    const list = within(await screen.findByRole("list", { name: "My properties" }));
    const loft = within(list.getAllByRole("listitem")[0]);
    expect(loft.getByRole("heading", { name: "Canal Loft" })).toBeInTheDocument();
    expect(loft.getByText("3 Prinsengracht, Chelsea, Amsterdam, Netherlands")).toBeInTheDocument();
    expect(loft.getByText("1.800 €/month")).toBeInTheDocument();
    expect(loft.getByText("Verified")).toBeInTheDocument();
    expect(loft.getByText("2 beds")).toBeInTheDocument();
    expect(loft.getByText("1 bath")).toBeInTheDocument();
    expect(loft.getByText("80 m²")).toBeInTheDocument();
    expect(loft.getByText("3 days ago")).toBeInTheDocument();
    expect(loft.getByRole("link", { name: "View: Canal Loft" })).toHaveAttribute("href", "/properties/11");
    expect(loft.getByRole("link", { name: "Edit: Canal Loft" })).toHaveAttribute("href", "/properties/11/edit");
    expect(within(list.getAllByRole("listitem")[1]).getByText("Pending")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search my properties" }), "austin{Enter}");
    await waitFor(() => expect(screen.getByRole("list", { name: "My properties" }).querySelectorAll("li")).toHaveLength(1));
    expect(mine.requests.properties.at(-1)).toMatchObject({ query: "austin", page: 1, pageSize: 20 });
    await user.type(screen.getByRole("searchbox", { name: "Search my properties" }), "x{Enter}");
    const empty = within(await screen.findByRole("region", { name: "No properties found" }));
    await user.click(empty.getByRole("button", { name: "Clear Search" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "My properties" }).querySelectorAll("li")).toHaveLength(2));
  });

  it("shows My Listings as cards, and an invitation to list without any", async () => {
    setup({ viewer: landlord, path: "/dashboard?tab=listings", mine: { properties: LISTINGS } });
    const grid = within(await screen.findByRole("list", { name: "My listings" }));
    expect(grid.getAllByRole("link", { name: /View Details/ })).toHaveLength(2);
  });

  it("invites a landlord without listings to add one", async () => {
    setup({ viewer: landlord });
    const empty = within(await screen.findByRole("region", { name: "No properties yet" }));
    expect(empty.getByRole("link", { name: "Add Property" })).toHaveAttribute("href", "/add-property");
  });
});
