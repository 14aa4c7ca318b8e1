import type { Review, ReviewProof, Reviewer } from "@/gen/rentproof/review/v1/review_pb";
import { formatDate } from "@/lib/format";

/**
 * How a verified review's proof reads (issue 27): the tenancy behind the label, who checked it
 * and its months, the tenant a landlord's review is about, and the blind reveal's notice to the
 * author. The label itself is the server's (Review.verified_label). Kept apart from
 * review-labels.ts, which the home page imports.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** monthLabel writes a YYYY-MM month as "Mar 2023"; anything else as it came. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}

/** tenancyPeriod is a tenancy's months: "Mar 2023 – Jan 2025", or "Mar 2023 – now" while it lasts. */
export function tenancyPeriod(from: string, to: string): string {
  return `${monthLabel(from)} – ${to ? monthLabel(to) : "now"}`;
}

/**
 * proofText says what verified a review: "Tenancy checked from documents, Mar 2023 – Jan 2025"
 * (an administrator read the tenant's documents) or "Tenancy confirmed by the landlord, Mar 2023 –
 * now" (the verified property's owner confirmed it); null for a proof it does not know.
 */
export function proofText(proof: Pick<ReviewProof, "proof" | "fromMonth" | "toMonth">): string | null {
  const how =
    proof.proof === "documents"
      ? "Tenancy checked from documents"
      : proof.proof === "landlord"
        ? "Tenancy confirmed by the landlord"
        : null;
  return how && `${how}, ${tenancyPeriod(proof.fromMonth, proof.toMonth)}`;
}

/** publicName is a person as reviews show them: first name and last initial ("Sam O."). */
export function publicName(person: Pick<Reviewer, "firstName" | "lastName"> | undefined): string {
  const first = person?.firstName.trim() ?? "";
  const last = person?.lastName.trim() ?? "";
  return [first, last ? `${last.charAt(0).toUpperCase()}.` : ""].filter(Boolean).join(" ");
}

/**
 * blindRevealNotice tells the author of a review the blind reveal keeps hidden whose review it
 * waits for and until when; null when the review is not hidden so.
 */
export function blindRevealNotice(review: Pick<Review, "reviewType" | "hiddenUntil">): string | null {
  if (!review.hiddenUntil) return null;
  const other =
    review.reviewType === "landlord_to_tenant" ? "the tenant's review of you" : "the landlord's review of your tenancy";
  return `Only you can see this review until ${other} is posted or until ${formatDate(review.hiddenUntil)}, whichever comes first: neither of you reads the other's review before writing your own.`;
}
