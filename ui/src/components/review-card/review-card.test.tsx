import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { OwnerResponseSchema, ReviewerSchema, ReviewProofSchema, type Review } from "@/gen/rentproof/review/v1/review_pb";
import { gate } from "@/test/gate";
import { makeProperty, makeReview } from "@/test/properties";
import { fakeTransport, makeUser } from "@/test/render";
import { ReviewCard, type ReviewCardProps } from "./review-card";
import { serveReviewFakes } from "./testing";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

const property = makeProperty({ id: 1, landlordId: 2 });
const tenant = makeUser({ id: 7, firstName: "Dana", lastName: "Whitfield", role: "tenant" });
const owner = makeUser({ id: 2, username: "owner", firstName: "Olive", lastName: "Owner", role: "landlord" });

interface Setup extends Partial<Omit<ReviewCardProps, "review">> {
  review?: Review;
  viewer?: User;
  hold?: () => Promise<void>;
  fail?: Parameters<typeof serveReviewFakes>[0]["fail"];
}

function setup({ review = makeReview({ id: 1, propertyId: 1, userId: 9 }), viewer, hold, fail, ...props }: Setup = {}) {
  const fakes = serveReviewFakes({ properties: [property], reviews: [review], viewer: () => viewer, hold, fail });
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  const router = createMemoryRouter(
    [
      {
        path: "/properties/:id",
        element: <ReviewCard review={review} viewerId={viewer?.id ?? null} {...props} />,
      },
      { path: "/auth", element: <p>Sign-in page</p> },
    ],
    { initialEntries: ["/properties/1"] },
  );
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...fakes, router, user: userEvent.setup(), card: screen.getByRole("article") };
}

const toasts = () => screen.getByRole("region", { name: "Notifications (F8)" });

describe("ReviewCard", () => {
  it("labels a new member's review as not counted yet, and no other", () => {
    const { card } = setup({ review: makeReview({ newMember: true }) });
    const about = within(card).getByRole("list", { name: "About this review" });
    expect(within(about).getByText("New member · not counted yet")).toBeInTheDocument();
  });

  it("gives an established member's review no new-member label", () => {
    const { card } = setup();
    expect(within(card).queryByText(/New member/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/Not counted/)).not.toBeInTheDocument();
  });

  it("says a review kept out of the rating is not counted, links to the rule, and names no network", () => {
    const { card } = setup({ review: makeReview({ notCountedReason: "not_independent" }) });
    const about = within(card).getByRole("list", { name: "About this review" });
    const why = within(about).getByRole("link", { name: "Not counted in the rating" });
    expect(why).toHaveAttribute("href", "/how-reviews-work#independent-reviews");
    // Its author is established: not a new member's review, and nothing says what linked anyone.
    expect(within(card).queryByText(/New member/)).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(/network|browser|linked|owner/i);
  });

  it("says a review about a previous address of the listing is not counted, and links to the rule", () => {
    const { card } = setup({ review: makeReview({ notCountedReason: "previous_address" }) });
    const about = within(card).getByRole("list", { name: "About this review" });
    const why = within(about).getByRole("link", { name: "About a previous address" });
    expect(why).toHaveAttribute("href", "/how-reviews-work#previous-address");
    expect(about).toHaveTextContent("About a previous address · not counted in the rating");
    expect(within(card).queryByText(/New member/)).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Not counted in the rating" })).not.toBeInTheDocument();
  });

  it("shows the reviewer as first name and last initial with initials in the avatar", () => {
    const { card } = setup({
      review: makeReview({ reviewer: create(ReviewerSchema, { id: 9, firstName: "Ada", lastName: "Lovelace" }) }),
    });
    expect(within(card).getByText("Ada L.")).toBeInTheDocument();
    expect(card.querySelector(".avatar")).toHaveTextContent("AL");
    expect(card).not.toHaveTextContent("Lovelace");
  });

  it('shows "Anonymous User" and "??" when the reviewer is unknown', () => {
    const { card } = setup({ review: makeReview({ reviewer: undefined, userId: 0 }) });
    expect(within(card).getByText("Anonymous User")).toBeInTheDocument();
    expect(card.querySelector(".avatar")).toHaveTextContent("??");
  });

  it("shows the type label, the verified label by type, rating, title, content, pros, cons and categories", () => {
    const { card } = setup({
      review: makeReview({
        reviewType: "tenant_to_neighborhood",
        verified: true,
        verifiedLabel: "Verified Resident",
        proof: create(ReviewProofSchema, { proof: "documents", fromMonth: "2023-03", toMonth: "2025-01" }),
        rating: 4,
        title: "Leafy and calm",
        content: "Two parks within five minutes.\nThe bakery opens at six.",
        pros: ["Parks", "Bakery"],
        cons: ["Few buses at night"],
        categories: ["Transportation", "Community"],
      }),
    });
    const badges = within(card).getByRole("list", { name: "About this review" });
    expect(within(badges).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Neighborhood review",
      " Verified Resident",
    ]);
    expect(within(card).getByRole("img", { name: "4.0 out of 5 stars" })).toBeInTheDocument();
    expect(within(card).getByRole("heading", { level: 3, name: "Leafy and calm" })).toBeInTheDocument();
    expect(card).toHaveAccessibleName("Leafy and calm");
    expect(within(card).getByText(/Two parks within five minutes\./)).toHaveTextContent(
      "Two parks within five minutes. The bakery opens at six.",
    );
    const items = (name: string) => within(within(card).getByRole("list", { name })).getAllByRole("listitem").map((li) => li.textContent);
    expect(items("Pros")).toEqual(["Parks", "Bakery"]);
    expect(items("Cons")).toEqual(["Few buses at night"]);
    expect(items("Categories")).toEqual(["Transportation", "Community"]);
  });

  it("has no verified label on an unverified review, and names unknown types plainly", () => {
    const { card } = setup({ review: makeReview({ reviewType: "mystery", verified: false, verifiedLabel: "" }) });
    const badges = within(card).getByRole("list", { name: "About this review" });
    expect(within(badges).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Review"]);
  });

  describe("verified label", () => {
    const documents = create(ReviewProofSchema, { proof: "documents", fromMonth: "2023-03", toMonth: "2025-01" });
    const landlord = create(ReviewProofSchema, { proof: "landlord", fromMonth: "2023-03", toMonth: "" });
    const verifiedReview = (proof = documents) =>
      makeReview({ verified: true, verifiedLabel: "Verified Tenant", proof, reviewType: "tenant_to_property" });

    it("shows the server's label as a button whose proof opens on keyboard focus, without taking the focus", async () => {
      const { card, user } = setup({ review: verifiedReview() });
      const badge = within(card).getByRole("button", { name: "Verified Tenant" });
      expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
      await user.tab();
      expect(badge).toHaveFocus();
      expect(await screen.findByRole("tooltip")).toHaveTextContent("Tenancy checked from documents, Mar 2023 – Jan 2025");
      expect(badge).toHaveAccessibleDescription("Tenancy checked from documents, Mar 2023 – Jan 2025");
      expect(badge).toHaveFocus();
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    });

    it("opens the proof on a tap and keeps it open, and closes it on a tap elsewhere", async () => {
      const { card, user } = setup({ review: verifiedReview(landlord) });
      await user.pointer({ keys: "[TouchA]", target: within(card).getByRole("button", { name: "Verified Tenant" }) });
      expect(await screen.findByRole("tooltip")).toHaveTextContent("Tenancy confirmed by the landlord, Mar 2023 – now");
      await user.pointer({ keys: "[TouchA]", target: within(card).getByRole("heading", { level: 3 }) });
      await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    });

    it("opens the proof while a mouse is over the label", async () => {
      const { card, user } = setup({ review: verifiedReview() });
      const badge = within(card).getByRole("button", { name: "Verified Tenant" });
      await user.hover(badge);
      expect(await screen.findByRole("tooltip")).toHaveTextContent("Tenancy checked from documents");
      await user.unhover(badge);
      await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    });

    it("shows no label when the server gives none, even on a review marked verified, nor on an agent's review", () => {
      const { card } = setup({ review: makeReview({ verified: true, verifiedLabel: "", reviewType: "agent_to_property" }) });
      expect(within(card).queryByText(/Verified/)).not.toBeInTheDocument();
      expect(within(card).queryByRole("button", { name: /Verified/ })).not.toBeInTheDocument();
    });

    it("names the tenant a landlord's review is about, by first name and initial", () => {
      const { card } = setup({
        review: makeReview({
          reviewType: "landlord_to_tenant",
          verifiedLabel: "Verified Landlord",
          proof: landlord,
          tenancyId: 4,
          tenant: create(ReviewerSchema, { firstName: "Sam", lastName: "Okafor" }),
        }),
      });
      expect(within(card).getByText("About tenant Sam O.")).toBeInTheDocument();
      expect(within(card).getByRole("button", { name: "Verified Landlord" })).toBeInTheDocument();
      expect(card).not.toHaveTextContent("Okafor");
    });
  });

  describe("blind reveal", () => {
    const until = timestampFromDate(new Date("2026-12-10T09:00:00Z"));

    it("tells the landlord their review of a tenant waits for the tenant's review or the date", () => {
      const { card } = setup({
        viewer: owner,
        review: makeReview({ userId: owner.id, reviewType: "landlord_to_tenant", hiddenUntil: until }),
      });
      expect(card).toHaveAccessibleDescription(
        "Not public yet: Only you can see this review until the tenant's review of you is posted or until Dec 10, 2026, whichever comes first: neither of you reads the other's review before writing your own.",
      );
    });

    it("tells the tenant their review of the landlord waits for the landlord's review", () => {
      const { card } = setup({
        viewer: tenant,
        review: makeReview({ userId: tenant.id, reviewType: "tenant_to_landlord", hiddenUntil: until }),
      });
      expect(within(card).getByText(/until the landlord's review of your tenancy is posted or until Dec 10, 2026/)).toBeInTheDocument();
    });

    it("says nothing of it on a review that is not held back", () => {
      const { card } = setup({ review: makeReview({ reviewType: "tenant_to_landlord" }) });
      expect(within(card).queryByText(/Not public yet/)).not.toBeInTheDocument();
      expect(card).not.toHaveAttribute("aria-describedby");
    });
  });

  it.each([
    ["en", null],
    ["es", "Spanish"],
    ["ja", "Japanese"],
    ["nl", "NL"],
  ])("language %s shows badge %s", (language, badge) => {
    const { card } = setup({ review: makeReview({ language }) });
    const found = card.querySelector(".review-card__language");
    if (badge === null) expect(found).toBeNull();
    else expect(found).toHaveTextContent(`Language: ${badge}`);
  });

  it('says "Posted X ago", or "Recently posted" without a date', () => {
    const { card } = setup({ review: makeReview({ createdAt: timestampFromDate(new Date(Date.now() - 3 * 24 * 3600 * 1000)) }) });
    expect(within(card).getByText("Posted 3 days ago")).toHaveAttribute("datetime");
  });

  it('says "Recently posted" when the review has no date', () => {
    const { card } = setup({ review: makeReview({ createdAt: undefined }) });
    expect(card).toHaveTextContent("Recently posted");
    expect(card.querySelector("time")).toBeNull();
  });

  it("renders what the author wrote as text, never as HTML", () => {
    const { card } = setup({
      review: makeReview({
        title: "<script>alert(1)</script>",
        content: '<img src=x onerror="alert(2)"> <b>bold</b> and more words',
        pros: ["<i>italic</i>"],
        reviewer: create(ReviewerSchema, { firstName: "<b>Eve</b>", lastName: "X" }),
      }),
    });
    expect(within(card).getByRole("heading", { name: "<script>alert(1)</script>" })).toBeInTheDocument();
    expect(card).toHaveTextContent('<img src=x onerror="alert(2)"> <b>bold</b> and more words');
    expect(card).toHaveTextContent("<i>italic</i>");
    expect(card.querySelector("script, img, b, i")).toBeNull();
  });

  it("shows a review's photos as lazy, sized thumbnails, each a link to the photo with a text alternative", () => {
    const photos = ["/uploads/reviews/0123456789abcdef0123456789abcdef.jpg", "/uploads/reviews/fedcba9876543210fedcba9876543210.png"];
    const { card } = setup({
      review: makeReview({ photos, reviewer: create(ReviewerSchema, { firstName: "Dana", lastName: "Whitfield" }) }),
    });
    const list = within(card).getByRole("list", { name: "Photos" });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(photos);
    expect(links[0]).toHaveAccessibleName("Photo 1 of 2 from Dana W. (opens in a new tab)");
    expect(links[0]).toHaveAttribute("target", "_blank");
    const img = within(links[1]).getByRole("img", { name: "Photo 2 of 2 from Dana W." });
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width", "128");
    expect(img).toHaveAttribute("height", "96");
    // The narrower stored widths are offered, so a thumbnail costs a fraction of the photo.
    expect(img).toHaveAttribute("srcset", expect.stringContaining("/uploads/reviews/fedcba9876543210fedcba9876543210-w480.png 480w"));
  });

  it("shows no photo list without photos, and never links what is not an upload", () => {
    const { card } = setup({ review: makeReview({ photos: ["javascript:alert(1)", "https://evil.example/x.png"] }) });
    expect(within(card).queryByRole("list", { name: "Photos" })).not.toBeInTheDocument();
    expect(card.querySelector("img")).toBeNull();
  });

  describe("Helpful", () => {
    it("shows the count, is disabled while pending, then thanks the user", async () => {
      const g = gate();
      const { user, card, requests } = setup({ review: makeReview({ id: 5, helpful: 3 }), viewer: tenant, hold: g.hold });
      const button = within(card).getByRole("button", { name: "Helpful (3)" });
      await user.click(button);
      await waitFor(() => expect(button).toBeDisabled());
      expect(requests.markHelpful).toEqual([expect.objectContaining({ reviewId: 5 })]);
      g.release();
      await waitFor(() => expect(button).toBeEnabled());
      expect(within(toasts()).getByText("Thank you!")).toBeInTheDocument();
      expect(within(toasts()).getByText("You've marked this review as helpful")).toBeInTheDocument();
    });

    it("says politely that a repeat vote was already counted", async () => {
      const { user, card } = setup({ viewer: tenant, review: makeReview({ helpful: 1 }) });
      await user.click(within(card).getByRole("button", { name: "Helpful (1)" }));
      expect(await within(toasts()).findByText("Thank you!")).toBeInTheDocument();
      await user.click(within(card).getByRole("button", { name: /Helpful/ }));
      expect(await within(toasts()).findByText("Already marked")).toBeInTheDocument();
      expect(within(toasts()).getByText("You have already marked this review as helpful.")).toBeInTheDocument();
      expect(within(toasts()).getAllByText("Thank you!")).toHaveLength(1);
    });

    it("tells the viewer who marked a review already", () => {
      const { card } = setup({ viewer: tenant, review: makeReview({ helpfulByViewer: true, helpful: 4 }) });
      expect(within(card).getByRole("button", { name: "Helpful (4), marked by you" })).toHaveClass("review-card__helpful--marked");
    });

    it("shows the server's message in a destructive Error toast", async () => {
      const { user, card } = setup({ viewer: tenant, review: makeReview({ userId: tenant.id }) });
      await user.click(within(card).getByRole("button", { name: /Helpful/ }));
      const item = (await within(toasts()).findByText("Error")).closest("li");
      expect(item).toHaveClass("toast--destructive");
      expect(item).toHaveTextContent("You cannot mark your own review as helpful");
    });

    it('falls back to "Failed to mark review as helpful"', async () => {
      const { user, card } = setup({ viewer: tenant, fail: { markHelpful: new ConnectError("", Code.Internal) } });
      await user.click(within(card).getByRole("button", { name: /Helpful/ }));
      expect(await within(toasts()).findByText("Failed to mark review as helpful")).toBeInTheDocument();
    });
  });

  describe("Report", () => {
    it("opens a dialog with the reasons, requires one and sends it with the detail", async () => {
      const { user, card, requests } = setup({ viewer: tenant, review: makeReview({ id: 8 }) });
      await user.click(within(card).getByRole("button", { name: "Report" }));
      const dialog = await screen.findByRole("dialog", { name: "Report this review" });
      // The form's code arrives when the dialog opens.
      const reasons = within(await within(dialog).findByRole("group", { name: "Reason" })).getAllByRole("radio");
      expect(reasons.map((r) => r.closest("label")?.textContent)).toEqual([
        "Spam or advertising",
        "Offensive or abusive language",
        "False or misleading information",
        "Not about this property",
        "Conflict of interest",
        "Something else",
      ]);

      await user.click(within(dialog).getByRole("button", { name: "Submit Report" }));
      expect(within(dialog).getByText("Please choose a reason")).toBeInTheDocument();
      expect(requests.reportReview).toEqual([]);

      await user.click(within(dialog).getByRole("radio", { name: "Conflict of interest" }));
      const detail = "The author is the landlord's cousin.";
      await user.type(within(dialog).getByLabelText("Details (optional)"), `  ${detail}  `);
      expect(within(dialog).getByText(`${detail.length}/1000`)).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Submit Report" }));
      expect(await within(toasts()).findByText("Report submitted")).toBeInTheDocument();
      expect(requests.reportReview).toEqual([
        expect.objectContaining({ reviewId: 8, reason: "conflict_of_interest", detail }),
      ]);
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    });

    it("shows the server's message when the report is refused", async () => {
      const { user, card } = setup({
        viewer: tenant,
        fail: { reportReview: new ConnectError("You have already reported this review", Code.AlreadyExists) },
      });
      await user.click(within(card).getByRole("button", { name: "Report" }));
      const dialog = await screen.findByRole("dialog", { name: "Report this review" });
      await user.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
      await user.click(within(dialog).getByRole("button", { name: "Submit Report" }));
      // The dialog stays open and says why (the toast behind the modal is hidden from assistive technology).
      expect(await within(dialog).findByRole("alert")).toHaveTextContent("You have already reported this review");
      expect(document.querySelector(".toast--destructive")).toHaveTextContent("You have already reported this review");
    });

    it("shows the daily limit on reports in the server's words", async () => {
      const limit =
        "You have sent as many reports as we accept in a day. Our moderators are looking at them; please try again tomorrow.";
      const { user, card } = setup({ viewer: tenant, fail: { reportReview: new ConnectError(limit, Code.ResourceExhausted) } });
      await user.click(within(card).getByRole("button", { name: "Report" }));
      const dialog = await screen.findByRole("dialog", { name: "Report this review" });
      await user.click(within(dialog).getByRole("radio", { name: "False or misleading information" }));
      await user.click(within(dialog).getByRole("button", { name: "Submit Report" }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe(limit);
      expect(document.querySelector(".toast--destructive")).toHaveTextContent(`Error${limit}`);
      expect(within(dialog).getByRole("button", { name: "Submit Report" })).toBeEnabled();
    });

    it("asks a signed-out visitor to sign in, coming back afterwards", async () => {
      const { user, card, router } = setup();
      await user.click(within(card).getByRole("button", { name: "Report" }));
      const dialog = await screen.findByRole("dialog", { name: "Report this review" });
      expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole("link", { name: "Sign In" }));
      expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
      expect(router.state.location.state).toEqual({ from: expect.objectContaining({ pathname: "/properties/1" }) });
    });
  });

  describe("under review", () => {
    const hidden = makeReview({ id: 4, propertyId: 1, userId: tenant.id, status: "hidden", title: "Mould in the bathroom" });
    const notice =
      "Under review: reports about this review are with our moderators. Until they decide, only you can see it, " +
      "and it does not count in the rating or in the number of reviews.";

    it("tells the author that their hidden review is under review, as the card's description", () => {
      const { card } = setup({ viewer: tenant, review: hidden });
      expect(card).toHaveAccessibleName("Mould in the bathroom");
      expect(card).toHaveAccessibleDescription(notice);
      expect(within(card).getByText("Under review:").tagName).toBe("STRONG");
      expect(card).toHaveClass("review-card--hidden");
    });

    it("says only that it is hidden to anyone else who is shown it (a moderator)", () => {
      const { card } = setup({ viewer: owner, review: hidden });
      expect(card).toHaveAccessibleDescription(
        "Hidden: reports about this review are with our moderators, who have not decided yet.",
      );
      expect(card).not.toHaveTextContent("only you can see it");
    });

    it("has no notice on a published review", () => {
      const { card } = setup({ viewer: tenant, review: makeReview({ userId: tenant.id, status: "published" }) });
      expect(card).not.toHaveAccessibleDescription();
      expect(card).not.toHaveTextContent("Under review");
    });
  });

  describe("owner's response", () => {
    const answered = makeReview({
      id: 4,
      ownerResponse: create(OwnerResponseSchema, {
        content: "Thanks, the <b>closet</b> is being enlarged.",
        createdAt: timestampFromDate(new Date("2025-04-20T12:00:00Z")),
        updatedAt: timestampFromDate(new Date("2025-04-20T12:00:00Z")),
      }),
    });

    it("shows the response under the review with its date, and no controls to others", () => {
      const { card } = setup({ review: answered, viewer: tenant });
      const block = card.querySelector(".review-card__response") as HTMLElement;
      expect(block).toHaveTextContent("Response from the owner");
      expect(block).toHaveTextContent("Apr 20, 2025");
      expect(block).toHaveTextContent("Thanks, the <b>closet</b> is being enlarged.");
      expect(within(card).queryByRole("button", { name: /Respond|Edit response/ })).not.toBeInTheDocument();
    });

    it("lets the owner respond, checking the length first", async () => {
      const { user, card, requests } = setup({ review: makeReview({ id: 6 }), viewer: owner, canRespond: true });
      await user.click(within(card).getByRole("button", { name: "Respond" }));
      const form = await within(card).findByRole("form", { name: "Respond to this review" });
      const box = within(form).getByLabelText("Your response");
      expect(box).toHaveFocus();
      await user.type(box, "x");
      await user.click(within(form).getByRole("button", { name: "Post Response" }));
      expect(within(form).getByText("Response must be at least 2 characters")).toBeInTheDocument();
      expect(requests.respondToReview).toEqual([]);

      await user.type(box, "Thank you for the kind words!");
      await user.click(within(form).getByRole("button", { name: "Post Response" }));
      expect(await within(toasts()).findByText("Response posted")).toBeInTheDocument();
      expect(requests.respondToReview).toEqual([
        expect.objectContaining({ reviewId: 6, content: "xThank you for the kind words!" }),
      ]);
      await waitFor(() => expect(within(card).queryByRole("form")).not.toBeInTheDocument());
      await waitFor(() => expect(within(card).getByRole("button", { name: "Respond" })).toHaveFocus());
    });

    it("lets the owner edit the response, starting from its text", async () => {
      const { user, card, requests } = setup({ review: answered, viewer: owner, canRespond: true });
      await user.click(within(card).getByRole("button", { name: "Edit response" }));
      const form = await within(card).findByRole("form", { name: "Edit your response" });
      const box = within(form).getByLabelText("Your response");
      expect(box).toHaveValue("Thanks, the <b>closet</b> is being enlarged.");
      await user.clear(box);
      await user.type(box, "Done: the closet is twice as big now.");
      await user.click(within(form).getByRole("button", { name: "Save Response" }));
      expect(await within(toasts()).findByText("Response updated")).toBeInTheDocument();
      expect(requests.respondToReview).toEqual([expect.objectContaining({ reviewId: 4, content: "Done: the closet is twice as big now." })]);
    });
  });
});
