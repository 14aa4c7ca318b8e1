import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminService, QueueItemSchema } from "@/gen/rentproof/admin/v1/admin_pb";
import {
  ModeratedReviewSchema,
  ModerationService,
  VerifiedPropertySchema,
  type ModeratedReview,
  type RemoveReviewRequest,
  type RestoreReviewRequest,
  type VerifiedProperty,
  type WithdrawBadgeRequest,
} from "@/gen/rentproof/admin/v1/moderation_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const at = timestampFromDate(new Date("2026-11-20T10:00:00Z"));

function review(id: number, title: string, status: string, reported: boolean): ModeratedReview {
  return create(ModeratedReviewSchema, {
    id,
    propertyId: 3,
    propertyTitle: "Sunny Flat",
    authorUsername: "tina",
    rating: 2,
    title,
    content: "The heating never worked in winter.",
    status,
    reportCount: reported ? 2 : 0,
    createdAt: at,
    reports: reported
      ? [
          { id: 1, reason: "false_information", note: "They never lived there.", reporterUsername: "rita", reporterEstablished: true, sharedNetwork: true, createdAt: at },
          { id: 2, reason: "spam", reporterUsername: "rob", reporterEstablished: false, sharedNetwork: true, createdAt: at },
        ]
      : [],
  });
}

function verified(): VerifiedProperty {
  return create(VerifiedPropertySchema, {
    propertyId: 3,
    title: "Sunny Flat",
    address: "1 Park Lane, Leeds",
    propertyType: "apartment",
    ownerUsername: "olive",
    proof: "documents",
    verifiedAt: at,
  });
}

/** setup serves /admin with a fake ModerationService over a reported review, any review and a verified listing. */
function setup(opts: { refuseRemove?: boolean } = {}) {
  let reported = [review(8, "Damp and dark", "hidden", true)];
  let found = [review(9, "Noisy street", "published", false)];
  let listings = [verified()];
  const removed: RemoveReviewRequest[] = [];
  const restored: RestoreReviewRequest[] = [];
  const withdrawn: WithdrawBadgeRequest[] = [];
  const searched: string[] = [];
  const transport = fakeTransport({
    user: makeUser({ id: 1, username: "ada", role: "admin" }),
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({
          items: [
            create(QueueItemSchema, {
              kind: "paid_check",
              requestId: 7,
              propertyId: 3,
              propertyTitle: "Sunny Flat",
              propertyType: "apartment",
              ownerUsername: "olive",
              status: "paid",
              paymentIntentId: "pi_1",
              createdAt: at,
              address: "1 Park Lane, Leeds",
              currentAddress: "1 Park Lane, Leeds",
              documentsOnFile: [{ url: "/api/documents/abc", fileName: "deed.pdf", contentType: "application/pdf", bytes: 10, requestId: 4 }],
            }),
          ],
          hasMore: false,
        }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
      router.service(ModerationService, {
        listReportedReviews: () => ({ reviews: reported }),
        searchReviews: (req) => {
          searched.push(req.query);
          return { reviews: found, hasMore: false };
        },
        removeReview: (req) => {
          if (opts.refuseRemove) throw new ConnectError("This review is already removed.", Code.FailedPrecondition);
          removed.push(req);
          found = found.map((r) => (r.id === req.reviewId ? { ...r, status: "removed" } : r));
          reported = reported.filter((r) => r.id !== req.reviewId);
          return { review: { ...review(req.reviewId, "x", "removed", false) } };
        },
        restoreReview: (req) => {
          restored.push(req);
          reported = reported.filter((r) => r.id !== req.reviewId);
          return { review: review(req.reviewId, "Damp and dark", "published", false) };
        },
        listVerifiedProperties: () => ({ properties: listings, hasMore: false }),
        withdrawBadge: (req) => {
          withdrawn.push(req);
          listings = [];
          return { propertyId: req.propertyId };
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { removed, restored, withdrawn, searched, user: userEvent.setup() };
}

describe("/admin moderation", () => {
  it("shows a paid check's listing and the documents on file", async () => {
    setup();
    const queue = within(await screen.findByRole("region", { name: "Verification queue" }));
    const card = within(await queue.findByRole("article", { name: "Sunny Flat" }));
    expect(card.getByText("Paid check")).toBeInTheDocument();
    expect(within(card.getByText("Owner").closest("div")!).getByText("olive")).toBeInTheDocument();
    expect(within(card.getByText("Type").closest("div")!).getByRole("definition")).not.toHaveTextContent("unknown");
    const onFile = within(card.getByRole("list", { name: "Documents on file" }));
    expect(onFile.getByText("Sent with request #4:")).toBeInTheDocument();
    expect(onFile.getByRole("button", { name: "Open deed.pdf" })).toBeInTheDocument();
  });

  it("shows each report and restores with a reason, after which the review leaves the list", async () => {
    const { user, restored } = setup();
    const card = within(await screen.findByRole("article", { name: "Review Damp and dark" }));
    const reports = within(card.getByRole("list", { name: "Reports" }));
    expect(reports.getAllByRole("listitem")).toHaveLength(2);
    expect(reports.getByText(/by rita \(established account; same network or browser as another reporter\)/)).toBeInTheDocument();
    expect(reports.getByText(/by rob \(new account, not established;/)).toBeInTheDocument();
    expect(reports.getByText("“They never lived there.”")).toBeInTheDocument();

    // A reason is required: nothing is sent without one.
    await user.click(card.getByRole("button", { name: "Restore" }));
    expect(await card.findByRole("alert")).toHaveTextContent("Please give the reason: the author is told.");
    expect(card.getByRole("textbox", { name: "Reason for the author" })).toHaveAttribute("aria-invalid", "true");
    expect(restored).toEqual([]);

    await user.type(card.getByRole("textbox", { name: "Reason for the author" }), "The stay is documented.");
    await user.click(card.getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(restored).toEqual([expect.objectContaining({ reviewId: 8, reason: "The stay is documented." })]));
    expect(await screen.findByText("No reported reviews.")).toBeInTheDocument();
  });

  it("finds any review and removes it with a reason; a refusal shows the server's words", async () => {
    const { user, removed, searched } = setup();
    const form = within(await screen.findByRole("search", { name: "Find a review" }));
    await user.type(form.getByRole("searchbox", { name: "Review number or words" }), "tina");
    await user.click(form.getByRole("button", { name: "Find reviews" }));
    const card = within(await screen.findByRole("article", { name: "Review Noisy street" }));
    expect(searched).toEqual(["tina"]);
    expect(card.queryByRole("button", { name: "Restore" })).not.toBeInTheDocument();
    await user.type(card.getByRole("textbox", { name: "Reason for the author" }), "Names a neighbour");
    await user.click(card.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(removed).toEqual([expect.objectContaining({ reviewId: 9, reason: "Names a neighbour" })]));
    // Removed now: Restore is offered, Remove is not.
    expect(await card.findByRole("button", { name: "Restore" })).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();
  });

  it("says why a removal was refused", async () => {
    const { user } = setup({ refuseRemove: true });
    const card = within(await screen.findByRole("article", { name: "Review Damp and dark" }));
    await user.type(card.getByRole("textbox", { name: "Reason for the author" }), "Spam");
    await user.click(card.getByRole("button", { name: "Remove" }));
    expect(await card.findByRole("alert")).toHaveTextContent("This review is already removed.");
  });

  it("withdraws a listing's badge with a reason", async () => {
    const { user, withdrawn } = setup();
    const section = within(await screen.findByRole("region", { name: "Verified listings" }));
    const card = within(await section.findByRole("article", { name: "Sunny Flat" }));
    expect(card.getByText("Ownership documents checked")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Withdraw badge" }));
    expect(await card.findByRole("alert")).toHaveTextContent("Please give the reason for withdrawing the verification: the owner is told.");
    await user.type(card.getByRole("textbox", { name: "Reason for the owner" }), "The deed names another owner");
    await user.click(card.getByRole("button", { name: "Withdraw badge" }));
    await waitFor(() => expect(withdrawn).toEqual([expect.objectContaining({ propertyId: 3, reason: "The deed names another owner" })]));
    expect(await section.findByText("No listing is verified.")).toBeInTheDocument();
  });
});
