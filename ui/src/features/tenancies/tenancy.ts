/**
 * What a tenancy claim's status and stage mean, in words, for its tenant and for the property's
 * owner (issue 27). The server decides every step; these only say where a claim stands.
 */
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { proofWords } from "@/lib/tenancy";

/** StatusTone colours a claim's badge: good once verified, wait while open, off once it ended. */
export type StatusTone = "good" | "wait" | "off";

/** statusWords names a claim's status, with its proof once verified ("Verified · documents checked"). */
export function statusWords(t: Tenancy): { label: string; tone: StatusTone } {
  switch (t.status) {
    case "approved": {
      const proof = proofWords(t.proof);
      return { label: proof ? `Verified · ${proof}` : "Verified", tone: "good" };
    }
    case "pending":
      return { label: "Pending", tone: "wait" };
    case "rejected":
      return { label: "Rejected", tone: "off" };
    case "withdrawn":
      return { label: "Withdrawn", tone: "off" };
    case "revoked":
      return { label: "Revoked", tone: "off" };
    default:
      return { label: t.status, tone: "off" };
  }
}

/** Whether a claim is open: documents may be sent to it. */
export const isOpen = (t: Tenancy) => t.status === "pending";

/** tenantStage says who an open claim waits for, to its tenant. */
export function tenantStage(t: Tenancy): string {
  if (!isOpen(t)) return "";
  switch (t.stage) {
    case "landlord":
      return "Waiting for the landlord to confirm (you can send documents instead)";
    case "documents":
      if (t.ownerMessage) return "Send documents: the landlord could not confirm this stay.";
      if (!t.propertyVerified) return "Send documents: this property is not verified, so its landlord cannot confirm stays.";
      return "Send documents: an administrator will check them.";
    case "administrator":
      return t.holdReason
        ? "The landlord confirmed: an administrator checks the confirmation before it counts."
        : "Documents sent: an administrator will check them";
    default:
      return "";
  }
}

/** ownerStage says where an open claim on their property stands, to the owner. */
export function ownerStage(t: Tenancy): string {
  if (!isOpen(t)) return "";
  switch (t.stage) {
    case "landlord":
      return "Waiting for you to confirm";
    case "documents":
      return t.ownerMessage
        ? "You could not confirm it: the tenant was asked for documents."
        : "Waiting for the tenant's documents: an unverified property's owner cannot confirm stays.";
    case "administrator":
      return t.holdReason
        ? "Your confirmation waits for an administrator."
        : "The tenant's documents are with an administrator.";
    default:
      return "";
  }
}

/** tenantName is the claimant as an owner sees them: first name and initial ("Dana W."). */
export function tenantName(t: Tenancy): string {
  const name = [t.tenantFirstName, t.tenantLastName ? `${t.tenantLastName.charAt(0)}.` : ""].filter(Boolean).join(" ");
  return name || "A former member";
}
