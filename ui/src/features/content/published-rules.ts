/**
 * The figures the content pages (FAQ, About, How Reviews Work) state about RentProof's rules.
 * Where the web app already reads a figure from the contract (lib/vocab), it is taken from there;
 * the others are rules only the server applies, copied here once with the Go or SQL source that
 * decides them named beside each. published-rules.test.ts reads those sources, so a rule changed on the
 * server without this file fails the tests instead of leaving the pages wrong.
 */
import { verificationProofLabel } from "@/lib/property";
import { LIMITS, REPORT_REASONS, REVIEW_TYPES } from "@/lib/vocab";

export const FACTS = {
  /** internal/review HideAfterReports: independent reporters (SQL review_hiding_reporters) that hide a review. */
  hideAfterReports: 3,
  /** SQL accounts_linked: days in which one network or browser links two accounts. */
  linkedWindowDays: 90,
  /** internal/review CountEvery: minutes between the checks that count new members' reviews in once their authors are established. */
  countEveryMinutes: 1,
  /** internal/review MaxReviewsPerDay: reviews one account writes in 24 hours. */
  maxReviewsPerDay: 10,
  /** internal/review DefaultLimits.ReportsPerAccount (LIMIT_REPORTS_PER_ACCOUNT's default). */
  reportsPerAccount: 20,
  /** internal/review DefaultLimits.ReportsPerNetwork (LIMIT_REPORTS_PER_NETWORK's default). */
  reportsPerNetwork: 50,
  /** SQL account_established: days an account must be open (with a published review). */
  establishedDays: 7,
  /** users.tokens' default: the balance a new account opens with (its initial_allocation row). */
  openingTokens: 10,
  /** internal/verification Reward: tokens for answering a request, and for its requester on approval. */
  verifierReward: 1,
  /** internal/verification Lifetime: days a verification request can be answered. */
  requestLifetimeDays: 30,
  /** internal/verification MaxVerifiers: people one owner's request asks at once. */
  maxVerifiers: 20,
  /** internal/verification MaxRequestsPerDay: requests one account sends in 24 hours. */
  maxRequestsPerDay: 20,
  /** internal/verification HeldReason: days an owner's network or browser links them to an approver. */
  heldWindowDays: 90,
  /** internal/gamification RequestAnswered.DailyCap: answers a day that earn their verifier XP and the token. */
  rewardedAnswersPerDay: 10,
  /** internal/property MaxSaved: listed properties one user may keep saved. */
  maxSaved: 500,
  /** internal/account sessions: days a session lasts, and idle days that end it. */
  sessionDays: 30,
  sessionIdleDays: 7,
  /** internal/document MaxBytes (in MB) and MaxPerUpload: an owner's ownership documents. */
  documentMaxMB: 10,
  documentsPerUpload: 10,
  /** internal/document Retention: days after a decision that ownership documents are deleted. */
  documentRetentionDays: 90,
  /** internal/account FailureWindow and MaxAccountNetworkFailures: failed sign-ins before a wait. */
  signInFailures: 10,
  signInWindowMinutes: 15,
  /**
   * internal/payment FeeCents: the paid check's fee in US cents. (features/payment has it too, but
   * importing it would bring the payment client into these pages' code.)
   */
  feeCents: 1999,
  /** internal/review RatedTypes: the review types that make a property's stars. */
  ratedTypes: ["tenant_to_property", "agent_to_property", "general"] as readonly string[],
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
