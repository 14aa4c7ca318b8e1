import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useState } from "react";
import { type GetPaymentStatusResponse, PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { errorMessage } from "@/lib/errors";
import { PAYMENT_RULES } from "@/lib/rules";
import { paidCheckState } from "../paid-check";

/** SPEC §8's demo payment texts. */
export const DEMO_CREATE_FAILED = "Failed to process mock payment";
export const DEMO_COMPLETE_FAILED = "Failed to complete mock verification";
export const DEMO_FALLBACK = "Failed to simulate payment";

/** The fee (SPEC §9), as the contract declares it and the server charges it (lib/rules). */
export const FEE_CENTS = PAYMENT_RULES.feeCents;
export const TAX_CENTS = 0;

/** usePaymentConfig is how this server takes payments: demo mode or Stripe, and the fee. */
export function usePaymentConfig() {
  return useQuery(PaymentService.method.getPaymentConfig, {});
}

/** How often a payment Stripe is still confirming is asked about again. */
export const PROCESSING_POLL_MS = 5000;

/** How often a refund on its way is asked about again: the server makes it within seconds. */
export const REFUND_POLL_MS = 2000;

/** pollAfter is how long until a check's status is asked again; false: it will not move by itself. */
export function pollAfter(status: GetPaymentStatusResponse | undefined): number | false {
  if (!status) return false;
  const state = paidCheckState(status);
  if (state.kind === "processing") return PROCESSING_POLL_MS;
  if ((state.kind === "rejected" || state.kind === "closed") && state.refund.status === "requested") return REFUND_POLL_MS;
  return false;
}

/**
 * usePaymentStatus asks where a property's paid check stands. Back from the card form before
 * Stripe's webhook has arrived, this is what makes the server ask Stripe (GetPaymentStatus). It
 * is asked again on every visit (a payment moves on between screens), and every few seconds
 * while Stripe is still confirming the payment or a refund is on its way.
 */
export function usePaymentStatus(propertyId: number | null) {
  return useQuery(PaymentService.method.getPaymentStatus, propertyId === null ? skipToken : { propertyId }, {
    staleTime: 0,
    refetchOnMount: "always",
    refetchInterval: (query) => pollAfter(query.state.data),
  });
}

/** DemoPaymentError is a failed step of the demo payment: SPEC's words and the server's reason. */
export class DemoPaymentError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/**
 * useDemoPayment runs SPEC's demo payment flow: demo-payment creation, then its completion. It
 * resolves once the paid check is paid (it then waits for an administrator).
 */
export function useDemoPayment() {
  const create = useMutation(PaymentService.method.createDemoPayment);
  const complete = useMutation(PaymentService.method.completeDemoPayment);
  const [pending, setPending] = useState(false);
  async function pay(propertyId: number): Promise<void> {
    setPending(true);
    try {
      let intentId: string;
      try {
        const created = await create.mutateAsync({ propertyId });
        intentId = created.mockPaymentIntent?.id ?? "";
      } catch (err) {
        throw new DemoPaymentError(DEMO_CREATE_FAILED, errorMessage(err));
      }
      try {
        await complete.mutateAsync({ propertyId, paymentIntentId: intentId });
      } catch (err) {
        throw new DemoPaymentError(DEMO_COMPLETE_FAILED, errorMessage(err));
      }
    } finally {
      setPending(false);
    }
  }
  return { pay, pending };
}
