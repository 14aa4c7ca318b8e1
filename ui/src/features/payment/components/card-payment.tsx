import { useMutation } from "@connectrpc/connect-query";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { PaymentIntent, Stripe } from "@stripe/stripe-js";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { errorMessage } from "@/lib/errors";
import { PAYMENT_ERROR, PAYMENT_ERROR_TEXT, PAYMENT_FAILED, PAYMENT_FAILED_INLINE, PAYMENT_FAILED_TOAST } from "../paid-check";

/** What the owner is told when the server refuses to start the card payment (its reason follows). */
export const CARD_NOT_STARTED = "The card payment could not start";

/**
 * settled tells whether a confirmed PaymentIntent goes to the success page: paid, or still
 * being confirmed by the bank (the success page then follows it). Anything else failed.
 */
function settled(intent: PaymentIntent | undefined): boolean {
  return intent?.status === "succeeded" || intent?.status === "processing";
}

/** loadStripeJs fetches Stripe.js from Stripe (only on this screen, only with a key configured). */
async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import("@stripe/stripe-js");
  return loadStripe(publishableKey);
}

interface CardPaymentProps {
  propertyId: number;
  publishableKey: string;
  /** Loads Stripe.js; component tests pass a stand-in, since Stripe cannot be reached from them. */
  loadStripe?: (publishableKey: string) => Promise<Stripe | null>;
}

/**
 * CardPayment is the card path of the verification payment (SPEC §2): the server makes the
 * PaymentIntent (CreatePayment, idempotent per property and owner), Stripe's Payment Element
 * takes the card, and confirming returns to the success page, redirecting only when the bank
 * asks for it (3-D Secure). Without a redirect, only a payment that succeeded or is processing
 * goes on to the success page; any other outcome stays here with Stripe's reason (SPEC §8's
 * words). The webhook, or GetPaymentStatus when the owner is back first, then marks the check
 * paid for an administrator.
 */
export default function CardPayment({ propertyId, publishableKey, loadStripe = loadStripeJs }: CardPaymentProps) {
  const create = useMutation(PaymentService.method.createPayment);
  const { mutateAsync } = create;
  const [stripe] = useState(() => loadStripe(publishableKey));
  const [clientSecret, setClientSecret] = useState("");
  const [failure, setFailure] = useState("");

  useEffect(() => {
    let live = true;
    mutateAsync({ propertyId }).then(
      (answer) => live && setClientSecret(answer.clientSecret),
      (err: unknown) => live && setFailure(`${CARD_NOT_STARTED}: ${errorMessage(err) || PAYMENT_FAILED_INLINE}`),
    );
    return () => {
      live = false;
    };
  }, [mutateAsync, propertyId]);

  if (failure) {
    return (
      <p className="payment-page__error" role="alert">
        {failure}
      </p>
    );
  }
  if (!clientSecret) return <Spinner label="Preparing the card payment" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardForm propertyId={propertyId} />
    </Elements>
  );
}

function CardForm({ propertyId }: { propertyId: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState("");

  // SPEC §8: the toast "Payment Failed" with the provider's message, inline the same or its default.
  function failed(reason: string) {
    toast({ title: PAYMENT_FAILED, description: reason || PAYMENT_FAILED_TOAST, variant: "destructive" });
    setFailure(reason || PAYMENT_FAILED_INLINE);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setFailure("");
    const success = `/verification-success/${propertyId}?payment=card&propertyId=${propertyId}`;
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${success}` },
        redirect: "if_required",
      });
      if (error) {
        failed(error.message ?? "");
        return;
      }
      if (!settled(paymentIntent)) {
        failed(paymentIntent?.last_payment_error?.message ?? "");
        return;
      }
      // The success page asks the server afresh (usePaymentStatus refetches on every visit).
      void navigate(success);
    } catch (err) {
      const reason = err instanceof Error ? err.message : "";
      toast({ title: PAYMENT_ERROR, description: reason || PAYMENT_ERROR_TEXT, variant: "destructive" });
      setFailure(reason || PAYMENT_ERROR_TEXT);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form className="payment-page__card-form" onSubmit={(event) => void submit(event)}>
      <PaymentElement />
      <Button type="submit" disabled={!stripe || !elements || processing} className="payment-page__pay">
        {processing ? "Processing..." : "Pay $19.99"}
      </Button>
      {failure ? (
        <p className="payment-page__error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
