import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { initials } from "@/lib/text";

/**
 * The vocabulary of reviews (SPEC §3 "reviews", §5 "Review"): review types and their
 * labels, verified labels, languages, stay periods, categories and report reasons.
 */

/** REVIEW_TYPES are the review types in SPEC order. */
export const REVIEW_TYPES = [
  "tenant_to_property",
  "landlord_to_tenant",
  "agent_to_property",
  "tenant_to_landlord",
  "tenant_to_neighborhood",
  "general",
] as const;

/** ReviewType is one of the review types. */
export type ReviewType = (typeof REVIEW_TYPES)[number];

const TYPE_LABELS: Record<ReviewType, string> = {
  tenant_to_property: "Tenant review",
  landlord_to_tenant: "Landlord review",
  agent_to_property: "Agent review",
  tenant_to_landlord: "Review about landlord",
  tenant_to_neighborhood: "Neighborhood review",
  general: "General review",
};

const VERIFIED_LABELS: Record<ReviewType, string> = {
  tenant_to_property: "Tenant",
  landlord_to_tenant: "Landlord",
  agent_to_property: "Agent",
  tenant_to_landlord: "Tenant",
  tenant_to_neighborhood: "Resident",
  general: "Reviewer",
};

function isReviewType(value: string): value is ReviewType {
  return (REVIEW_TYPES as readonly string[]).includes(value);
}

/** reviewTypeLabel names a review type ("Tenant review"); an unknown type is "Review". */
export function reviewTypeLabel(type: string): string {
  return isReviewType(type) ? TYPE_LABELS[type] : "Review";
}

/** verifiedLabel is who a verified review's author is, by type: Tenant, Landlord, Agent, Resident, else Reviewer. */
export function verifiedLabel(type: string): string {
  return isReviewType(type) ? VERIFIED_LABELS[type] : "Reviewer";
}

/** REVIEW_LANGUAGES are the twelve review languages with their names, English first. */
export const REVIEW_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Spanish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "it", name: "Italian" },
  { code: "pt", name: "Portuguese" },
  { code: "zh", name: "Chinese" },
  { code: "ja", name: "Japanese" },
  { code: "ko", name: "Korean" },
  { code: "hi", name: "Hindi" },
  { code: "ar", name: "Arabic" },
  { code: "ru", name: "Russian" },
] as const;

/** knownLanguage tells whether a code is one of the twelve review languages. */
export function knownLanguage(code: string): boolean {
  return REVIEW_LANGUAGES.some((l) => l.code === code);
}

/**
 * languageBadge is the text of a review's language badge: nothing for English (or no
 * language), the language's name for the other eleven, any other code upper-cased.
 */
export function languageBadge(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed || trimmed.toLowerCase() === "en") return null;
  const known = REVIEW_LANGUAGES.find((l) => l.code === trimmed.toLowerCase());
  return known ? known.name : trimmed.toUpperCase();
}

/** STAY_PERIODS are the stay periods of a tenant review of a property, with labels. */
export const STAY_PERIODS = [
  { value: "current", label: "I currently live here" },
  { value: "less_than_6_months", label: "Less than 6 months" },
  { value: "6_months_to_1_year", label: "6 months to 1 year" },
  { value: "1_to_3_years", label: "1 to 3 years" },
  { value: "more_than_3_years", label: "More than 3 years" },
] as const;

/** stayPeriodText describes a review's stay period on the card ("Stayed 1 to 3 years"), or null. */
export function stayPeriodText(value: string): string | null {
  if (value === "current") return "Current tenant";
  const found = STAY_PERIODS.find((p) => p.value === value);
  return found ? `Stayed ${found.label.toLowerCase()}` : null;
}

/** REVIEW_CATEGORIES are the thirteen aspects a review may cover. */
export const REVIEW_CATEGORIES = [
  "Location",
  "Value",
  "Safety",
  "Management",
  "Amenities",
  "Noise",
  "Cleanliness",
  "Maintenance",
  "Transportation",
  "Schools",
  "Shopping",
  "Parking",
  "Community",
] as const;

/** REPORT_REASONS are the reasons a review can be reported for, with their labels. */
export const REPORT_REASONS = [
  { value: "spam", label: "Spam or advertising" },
  { value: "offensive", label: "Offensive or abusive language" },
  { value: "false_information", label: "False or misleading information" },
  { value: "not_relevant", label: "Not about this property" },
  { value: "conflict_of_interest", label: "Conflict of interest" },
  { value: "other", label: "Something else" },
] as const;

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

/** textLength counts characters as the server does (code points, so an emoji is one), after trimming. */
export function textLength(text: string): number {
  return [...text.trim()].length;
}
