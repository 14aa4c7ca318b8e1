/**
 * The figures the content pages (FAQ, About, How Reviews Work) state about RentProof's rules,
 * named as the pages use them. Each is read from the contract (lib/rules and lib/vocab), which the
 * server takes its rules from too, so a page cannot say other than what the server enforces.
 */
import { verificationProofLabel } from "@/lib/property";
import {
  ACCOUNT_RULES,
  DOCUMENT_RULES,
  PAYMENT_RULES,
  PROPERTY_RULES,
  REVIEW_RULES,
  TENANCY_RULES,
  VERIFICATION_RULES,
  xpRule,
} from "@/lib/rules";
import { LIMITS, REPORT_REASONS, REVIEW_TYPES } from "@/lib/vocab";

export const FACTS = {
  /** Independent reporters that hide a review until a moderator decides. */
  hideAfterReports: REVIEW_RULES.hideAfterReports,
  /** Days in which one network or browser links two accounts. */
  linkedWindowDays: ACCOUNT_RULES.linkedWindowDays,
  /** Minutes between the checks that count new members' reviews in once their authors are established. */
  countEveryMinutes: REVIEW_RULES.countEveryMinutes,
  /** Reviews one account writes in 24 hours. */
  maxReviewsPerDay: REVIEW_RULES.maxPerDay,
  /** Reports one account, and one network, files in 24 hours (the defaults an operator may change). */
  reportsPerAccount: REVIEW_RULES.reportsPerAccount,
  reportsPerNetwork: REVIEW_RULES.reportsPerNetwork,
  /** Days an account must be open (with a published review) to be established. */
  establishedDays: ACCOUNT_RULES.establishedDays,
  /** The balance a new account opens with. */
  openingTokens: ACCOUNT_RULES.openingTokens,
  /** Tokens for answering a request, and for its requester on approval. */
  verifierReward: VERIFICATION_RULES.rewardTokens,
  /** Days a verification request can be answered. */
  requestLifetimeDays: VERIFICATION_RULES.requestLifetimeDays,
  /** People one owner's request asks at once. */
  maxVerifiers: VERIFICATION_RULES.maxVerifiers,
  /** Requests one account sends in 24 hours. */
  maxRequestsPerDay: VERIFICATION_RULES.maxRequestsPerDay,
  /** Answers a day that earn their verifier XP and the token (the token follows the XP). */
  rewardedAnswersPerDay: xpRule("verificationsAnswered").dailyCap,
  /** Listed properties one user may keep saved. */
  maxSaved: PROPERTY_RULES.maxSaved,
  /** Days a session lasts, and idle days that end it. */
  sessionDays: ACCOUNT_RULES.sessionDays,
  sessionIdleDays: ACCOUNT_RULES.sessionIdleDays,
  /** An owner's ownership documents: the largest in MB, and how many one upload holds. */
  documentMaxMB: DOCUMENT_RULES.maxMb,
  documentsPerUpload: DOCUMENT_RULES.maxPerUpload,
  /** Days after a decision that ownership documents are deleted. */
  documentRetentionDays: DOCUMENT_RULES.retentionDays,
  /** Failed sign-ins to one account from one network within the window before a wait. */
  signInFailures: ACCOUNT_RULES.signInFailures,
  signInWindowMinutes: ACCOUNT_RULES.signInWindowMinutes,
  /** The paid check's fee in US cents. */
  feeCents: PAYMENT_RULES.feeCents,
  /** The review types that make a property's stars. */
  ratedTypes: REVIEW_RULES.ratedTypes as readonly string[],
  /** Tenancies one owner confirms in the window before the rest wait for an administrator. */
  maxOwnerConfirmations: TENANCY_RULES.maxOwnerConfirmations,
  ownerConfirmationsDays: TENANCY_RULES.ownerConfirmationsDays,
  /** Days a landlord's and a tenant's reviews of one tenancy stay hidden, from the first of them. */
  revealDays: TENANCY_RULES.revealDays,
  /** Years after a tenancy ended that its holder's reviews are still labelled verified. */
  reviewYearsAfter: TENANCY_RULES.reviewYearsAfter,
  /** Days after a claim's decision that the tenant's documents are deleted. */
  tenancyDocumentRetentionDays: TENANCY_RULES.documentRetentionDays,
} as const;

/**
 * MODERATION_TARGET is how long a decision on a reported review should take. No rule of the
 * code bounds it (a review hidden by reports simply waits for a moderator), so this is the
 * target RentProof states and keeps to: the same five business days as accessibility feedback
 * (SPEC §9).
 */
export const MODERATION_TARGET = "5 business days";

/** Support's promise (SPEC §2 "Contact", §9). */
export const SUPPORT = {
  response: "within 24 hours",
  hours: "Monday to Friday, 9 AM to 5 PM EST",
} as const;

/** The review form's limits, from the contract. */
export const REVIEW_LIMITS = {
  titleMin: LIMITS.review.title.minChars,
  titleMax: LIMITS.review.title.maxChars,
  contentMin: LIMITS.review.content.minChars,
  contentMax: LIMITS.review.content.maxChars,
  reportDetailMax: LIMITS.review.reportDetail.maxChars,
  responseMax: LIMITS.review.response.maxChars,
  imagesMax: LIMITS.property.images.maxItems,
  photosMax: LIMITS.review.photos.maxItems,
} as const;

/**
 * REVIEW_LABELS are the labels a verified review carries (SPEC §3's words), each with the review
 * types that carry it; UNLABELLED_TYPES are the types no proof can verify yet. Every review type is
 * in exactly one of them (published-rules.test.ts).
 */
export const REVIEW_LABELS: readonly { label: string; types: readonly string[] }[] = [
  { label: "Verified Tenant", types: ["tenant_to_property", "tenant_to_landlord"] },
  { label: "Verified Resident", types: ["tenant_to_neighborhood"] },
  { label: "Verified Reviewer", types: ["general"] },
  { label: "Verified Landlord", types: ["landlord_to_tenant"] },
];
/** The review types that stay unverified: no proof of an agent's engagement exists yet. */
export const UNLABELLED_TYPES: readonly string[] = ["agent_to_property"];

/** reviewLabel is the label a review type carries when verified, or undefined when it cannot be. */
export function reviewLabel(type: string): string | undefined {
  return REVIEW_LABELS.find((l) => l.types.includes(type))?.label;
}

/** reviewTypeName is a review type's label as review cards show it. */
export function reviewTypeName(type: string): string {
  return REVIEW_TYPES.label(type) ?? type;
}

/** The reasons a report may give, as the report dialog lists them. */
export const REPORT_REASON_LABELS: readonly string[] = REPORT_REASONS.terms.map((t) => t.label);

/** formatFee writes a fee in cents as US dollars: 1999 → "$19.99". */
export function formatFee(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** proof is the label a verified property shows beside its badge for a proof (lib/property), as the pages quote it. */
export function proof(verificationProof: string, confirmations = 0): string {
  return verificationProofLabel({ verified: true, verificationProof, verificationConfirmations: confirmations }) ?? "";
}
