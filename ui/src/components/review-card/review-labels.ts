import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { initials } from "@/lib/text";
import { REVIEW_LANGUAGES, REVIEW_TYPES, STAY_PERIODS } from "@/lib/vocab";

/**
 * How reviews are labelled (SPEC §3 "reviews"): type labels, verified labels, language
 * badges and stay periods. The vocabularies and their labels come from the contract
 * (@/lib/vocab).
 */

/** Who a verified review's author is, by review type (SPEC §3); any other type is "Reviewer". */
const VERIFIED_LABELS: Record<string, string> = {
  tenant_to_property: "Tenant",
  landlord_to_tenant: "Landlord",
  agent_to_property: "Agent",
  tenant_to_landlord: "Tenant",
  tenant_to_neighborhood: "Resident",
};

/** reviewTypeLabel names a review type ("Tenant review"); an unknown type is "Review". */
export function reviewTypeLabel(type: string): string {
  return REVIEW_TYPES.label(type) ?? "Review";
}

/** verifiedLabel is who a verified review's author is, by type: Tenant, Landlord, Agent, Resident, else Reviewer. */
export function verifiedLabel(type: string): string {
  return Object.hasOwn(VERIFIED_LABELS, type) ? VERIFIED_LABELS[type] : "Reviewer";
}

/** knownLanguage tells whether a code is one of the twelve review languages. */
export function knownLanguage(code: string): boolean {
  return REVIEW_LANGUAGES.has(code);
}

/**
 * languageBadge is the text of a review's language badge: nothing for English (or no
 * language), the language's name for the other eleven, any other code upper-cased.
 */
export function languageBadge(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed || trimmed.toLowerCase() === "en") return null;
  return REVIEW_LANGUAGES.label(trimmed.toLowerCase()) ?? trimmed.toUpperCase();
}

/** stayPeriodText describes a review's stay period on the card ("Stayed 1 to 3 years"), or null. */
export function stayPeriodText(value: string): string | null {
  if (value === "current") return "Current tenant";
  const label = STAY_PERIODS.label(value);
  return label ? `Stayed ${label.toLowerCase()}` : null;
}

/** reviewerName is "First L." with initials for the avatar; "Anonymous User" and "??" when unknown (SPEC §2). */
export function reviewerName(review: Pick<Review, "reviewer">): { name: string; initials: string } {
  const first = review.reviewer?.firstName.trim() ?? "";
  const last = review.reviewer?.lastName.trim() ?? "";
  if (!first && !last) return { name: "Anonymous User", initials: "??" };
  return {
    name: [first, last ? `${last.charAt(0).toUpperCase()}.` : ""].filter(Boolean).join(" "),
    initials: initials(first, last),
  };
}
