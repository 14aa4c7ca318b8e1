import { useMutation } from "@connectrpc/connect-query";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { errorMessage } from "@/lib/errors";

/** What the owner is told when the card payment cannot start or is declined (Stripe's reason follows). */
export const CARD_FAILED = "Payment failed";

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
 * asks for it (3-D Secure). The webhook, or GetPaymentStatus when the owner is back first, then
 * marks the check paid for an administrator.
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
      (err: unknown) => live && setFailure(`${CARD_FAILED}: ${errorMessage(err)}`),
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setFailure("");
    const success = `/verification-success/${propertyId}?payment=card&propertyId=${propertyId}`;
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${success}` },
      redirect: "if_required",
    });
    setProcessing(false);
    if (error) {
      const reason = error.message ?? "";
      toast({ title: "Error", description: reason || CARD_FAILED, variant: "destructive" });
      setFailure(reason ? `${CARD_FAILED}: ${reason}` : CARD_FAILED);
      return;
    }
    void navigate(success);
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
