/**
 * Where a property's paid check stands, read from what the server says (GetPaymentStatus): the
 * one place that turns its fields into the states the payment and success screens show.
 */
import type { GetPaymentStatusResponse } from "@/gen/rentproof/payment/v1/payment_pb";

/** SPEC §8's payment texts. */
export const PAYMENT_FAILED = "Payment Failed";
export const PAYMENT_FAILED_TOAST = "An error occurred during payment.";
export const PAYMENT_FAILED_INLINE = "An error occurred during payment processing.";
export const PAYMENT_ERROR = "Payment Error";
export const PAYMENT_ERROR_TEXT = "An unexpected error occurred.";

/** dollars writes cents as SPEC's amounts ($19.99, $0.00). */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Refund is what became of an ended check's fee: not refunded, asked for, or refunded. */
export interface Refund {
  status: "" | "requested" | "refunded";
  cents: number;
}

/** PaidCheckState is a property's latest paid check as the owner is told of it. */
export type PaidCheckState =
  /** The property never had a paid check. */
  | { kind: "none" }
  /** Open, its payment not made yet (nor failed). */
  | { kind: "unpaid" }
  /** Open, Stripe is still confirming the payment. */
  | { kind: "processing" }
  /** Open, the last attempt failed: Stripe's reason, empty when it gave none. */
  | { kind: "failed"; reason: string }
  /** Paid, waiting for an administrator. */
  | { kind: "paid" }
  /** An administrator approved it. */
  | { kind: "approved" }
  /** An administrator rejected it: their message, and the refund. */
  | { kind: "rejected"; message: string; refund: Refund }
  /** Closed without a decision (the listing was verified another way, or it moved): why, and the refund. */
  | { kind: "closed"; reason: string; refund: Refund };

/** paidCheckState reads the server's answer. */
export function paidCheckState(status: GetPaymentStatusResponse): PaidCheckState {
  const check = status.latestCheck;
  if (!check) return { kind: "none" };
  const refund: Refund = {
    status: check.refundStatus === "requested" || check.refundStatus === "refunded" ? check.refundStatus : "",
    cents: check.refundAmountCents,
  };
  switch (check.status) {
    case "paid":
      return { kind: "paid" };
    case "approved":
      return { kind: "approved" };
    case "rejected":
      return { kind: "rejected", message: check.responseMessage, refund };
    case "pending":
      if (check.paymentStatus === "processing") return { kind: "processing" };
      if (check.paymentStatus === "failed") return { kind: "failed", reason: check.paymentError };
      return { kind: "unpaid" };
    default:
      // closed, and any state a later server adds: the check is no longer open.
      return { kind: "closed", reason: check.statusReason, refund };
  }
}

/** refundText says what became of the fee of an ended check; empty when it was not refunded. */
export function refundText(refund: Refund): string {
  if (refund.status === "refunded") return `Your ${dollars(refund.cents)} was refunded.`;
  if (refund.status === "requested") return `Your refund of ${dollars(refund.cents)} is on its way.`;
  return "";
}

/** PaidCheckText is what a screen says of a paid check: a title and its sentences. */
export interface PaidCheckText {
  title: string;
  lines: string[];
}

/**
 * paidCheckText says where the check stands in the owner's words. feeCents is the fee charged;
 * verified tells whether the property is verified now (by any proof).
 */
export function paidCheckText(state: PaidCheckState, feeCents: number, verified: boolean): PaidCheckText {
  const badge = verified ? ["Your property shows the Verified badge."] : [];
  const refund = (r: Refund) => (refundText(r) ? [refundText(r)] : []);
  switch (state.kind) {
    case "none":
      return { title: "No Payment Found", lines: ["There is no verification check for this property yet.", ...badge] };
    case "unpaid":
      return { title: "Payment Not Received", lines: ["Your payment has not gone through yet, so no administrator is checking your property.", ...badge] };
    case "processing":
      return {
        title: "Payment Processing",
        lines: [
          "Your bank is still confirming your payment. This page checks again every few seconds.",
          "Once the payment is received, your property waits for an administrator's check.",
        ],
      };
    case "failed":
      return { title: PAYMENT_FAILED, lines: [state.reason || PAYMENT_FAILED_INLINE, "You can try again with the same or another card."] };
    case "paid":
      return {
        title: "Your payment is received",
        lines: [
          "Your property waits for an administrator's check of its details and the documents you have on file.",
          `If the administrator rejects it, your ${dollars(feeCents)} is refunded.`,
        ],
      };
    case "approved":
      return { title: "Check Approved", lines: ["An administrator approved your verification check.", ...badge] };
    case "rejected":
      return {
        title: "Check Rejected",
        lines: [
          state.message ? `An administrator rejected your verification check: ${state.message}` : "An administrator rejected your verification check.",
          ...refund(state.refund),
        ],
      };
    case "closed":
      return {
        title: "Check Closed",
        lines: [state.reason || "Your verification check was closed without a decision.", ...refund(state.refund), ...badge],
      };
  }
}
