import { AlertCircle, BadgeCheck, Clock, CreditCard, RotateCcw, XCircle } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { errorTypeFromError } from "@/lib/errors";
import { FEE_CENTS, usePaymentStatus } from "../api/use-payment";
import { paidCheckState, paidCheckText, type PaidCheckState } from "../paid-check";
import "../payment.css";

const ICONS: Record<PaidCheckState["kind"], ReactNode> = {
  none: <CreditCard aria-hidden="true" size={22} />,
  unpaid: <CreditCard aria-hidden="true" size={22} />,
  processing: <Clock aria-hidden="true" size={22} />,
  failed: <AlertCircle aria-hidden="true" size={22} />,
  paid: <BadgeCheck aria-hidden="true" size={22} />,
  approved: <BadgeCheck aria-hidden="true" size={22} />,
  rejected: <XCircle aria-hidden="true" size={22} />,
  closed: <RotateCcw aria-hidden="true" size={22} />,
};

/** Where the owner may pay (again), by state: a check not paid yet, or a failed attempt. */
const PAY_LINKS: Partial<Record<PaidCheckState["kind"], string>> = {
  none: "Go to Payment",
  unpaid: "Go to Payment",
  failed: "Try Again",
};

/**
 * PaidCheckStatus is the success screen's account of a paid check (back from the payment
 * screen or Stripe's redirect): what the server says of the payment, asked on arrival, never
 * assumed. A failed payment offers to try again; a payment still processing is asked about
 * again every few seconds. No date is shown: a paid check never expires.
 */
export function PaidCheckStatus({ propertyId }: { propertyId: number }) {
  const titleId = useId();
  const status = usePaymentStatus(propertyId);
  // Only an answer fetched on this visit: one cached from the payment screen is out of date.
  if (status.isError) {
    return <ErrorPanel type={errorTypeFromError(status.error)} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  if (!status.data || !status.isFetchedAfterMount) {
    return (
      <div className="payment-page__loading">
        <Spinner label="Checking your payment" />
        <p>Checking your payment...</p>
      </div>
    );
  }
  const state = paidCheckState(status.data);
  const text = paidCheckText(state, status.data.latestCheck?.amountCents || FEE_CENTS, status.data.propertyVerified);
  const pay = PAY_LINKS[state.kind];
  return (
    // Polite: a payment still processing changes here without a reload.
    <section className={`card payment-page__card paid-check paid-check--${state.kind}`} aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className="payment-page__heading">
        {ICONS[state.kind]} {text.title}
      </h2>
      <div className="paid-check__text">
        {text.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {pay ? (
        <Link to={`/verification-payment/${propertyId}`} className={buttonClass("primary")}>
          {pay}
        </Link>
      ) : null}
    </section>
  );
}
