/**
 * The verification vocabulary as the screens show it: request statuses with their labels and
 * badge colours, the roles a verifier may have, and the limits of the notes, all from the
 * contract (proto/rentproof/verification/v1).
 */
import {
  AnswerVerificationRequestRequestSchema,
  CreateVerificationRequestRequestSchema,
  ListPotentialVerifiersRequestSchema,
} from "@/gen/rentproof/verification/v1/verification_pb";
import { xpRule } from "@/lib/rules";
import { humanize } from "@/lib/text";
import { rulesOf } from "@/lib/vocab";

/** The limits of the notes that go with a request and with an answer. */
export const VERIFICATION_LIMITS = {
  /** The property page's notes (SPEC §5 "Verification request"). */
  notes: rulesOf(CreateVerificationRequestRequestSchema, "notes"),
  /** The landlord path's note (SPEC §5 "Verifier request"). */
  message: rulesOf(CreateVerificationRequestRequestSchema, "message"),
  /** The addressee's optional message with an answer. */
  response: rulesOf(AnswerVerificationRequestRequestSchema, "responseMessage"),
  /** The verifier search's text. */
  query: rulesOf(ListPotentialVerifiersRequestSchema, "query"),
};

/** VERIFIER_ROLES are the roles a verifier may have, with their labels. */
const VERIFIER_ROLES = rulesOf(ListPotentialVerifiersRequestSchema, "role").vocabulary;

/** VERIFIER_ROLE_VALUES are the roles the search may ask for, in the contract's order. */
export const VERIFIER_ROLE_VALUES: readonly string[] = VERIFIER_ROLES?.values ?? [];

/** roleLabel names a verifier's role: "Landlord", "Property Manager". */
export function roleLabel(role: string): string {
  return VERIFIER_ROLES?.label(role) ?? humanize(role);
}

/** rolePlural names the accounts of a role: "Tenants", "Property Managers" (every label takes an s). */
export function rolePlural(role: string): string {
  return `${roleLabel(role)}s`;
}

/**
 * searchRole is the role the verification request screen searches first: the user's own
 * (SPEC §6), or landlord for a role no verifier has (an administrator). The owner may then
 * choose another (README: decisions).
 */
export function searchRole(userRole: string): string {
  return VERIFIER_ROLES?.has(userRole) ? userRole : "landlord";
}

/** RequestStatus is a request's status (the contract's VerificationRequest.status). */
export type RequestStatus =
  | "pending"
  | "approved"
  | "rejected"
  | "paid"
  | "held"
  | "confirmed"
  | "declined"
  | "closed"
  | "expired";

const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  paid: "Paid",
  held: "Held for review",
  // The property page's request, approved by the person asked: nothing is verified until the owner accepts.
  confirmed: "Confirmed — waiting for the owner",
  declined: "Declined",
  closed: "Closed",
  expired: "Expired",
};

function isStatus(status: string): status is RequestStatus {
  return status in STATUS_LABELS;
}

/** statusLabel names a request's status for its badge. */
export function statusLabel(status: string): string {
  return isStatus(status) ? STATUS_LABELS[status] : humanize(status);
}

/** statusClass is the badge class of a status: each has its own colour. */
export function statusClass(status: string): string {
  return `badge status-badge status-badge--${isStatus(status) ? status : "other"}`;
}

/**
 * REWARDED_ANSWERS_PER_DAY is how many answers a day earn their verifier a token and XP: the
 * daily cap of the contract's points-table rule for answers (lib/rules), which the token follows.
 */
export const REWARDED_ANSWERS_PER_DAY = xpRule("verificationsAnswered").dailyCap;

/**
 * fromOwner tells whether a request came from its property's owner (the landlord path), whose
 * approval verifies the property, rather than from someone on the property's page, whose
 * approval the owner must accept first.
 */
export function fromOwner(request: { ownerUsername: string; requestedBy?: { username: string } }): boolean {
  return !!request.ownerUsername && request.requestedBy?.username === request.ownerUsername;
}
