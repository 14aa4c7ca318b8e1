import { BadgeCheck, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { PendingVerification } from "@/gen/rentproof/payment/v1/payment_pb";
import { formatCurrency } from "@/lib/currency";
import { FEE_CENTS } from "../api/use-payment";
import { usePendingVerifications } from "../api/use-pending-verifications";
import { dollars } from "../paid-check";
import "../payment.css";

/** What a listing's paid check says while it is open. */
const CHECK_STATUS: Record<string, string> = {
  pending: "Payment started",
  paid: "Paid: waiting for an administrator",
};

/**
 * VerificationPendingPanel is the landlord dashboard's Verification Pending part (SPEC §2): the
 * owner's listings that are not verified, the fee, and Verify Now to the payment screen; or
 * "All Properties Verified" when there are none.
 */
export function VerificationPendingPanel() {
  const titleId = useId();
  const list = usePendingVerifications();
  const body = (
    <QueryState
      query={list}
      loading={<Spinner label="Loading properties" />}
      isEmpty={(data) => data.properties.length === 0}
      empty={
        <div className="payment-pending__empty">
          <BadgeCheck aria-hidden="true" size={32} />
          <h3>All Properties Verified</h3>
          <p className="muted">Every property you list shows the Verified badge.</p>
        </div>
      }
    >
      {(data) => (
        <>
          <p className="payment-pending__fee">
            <ShieldCheck aria-hidden="true" size={18} />
            <span>
              Verification Fee <strong>{dollars(FEE_CENTS)}</strong>, one time: an administrator checks your listing and
              its documents first.
            </span>
          </p>
          <ul className="payment-pending__list">
            {data.properties.map((p) => (
              <PendingItem key={p.propertyId} property={p} />
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
  return (
    <section className="card payment-pending" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-page__heading">
        Verification Pending
      </h2>
      {body}
    </section>
  );
}

function PendingItem({ property: p }: { property: PendingVerification }) {
  const status = CHECK_STATUS[p.checkStatus];
  return (
    <li className="payment-pending__item">
      <div className="payment-pending__text">
        <Link to={`/properties/${p.propertyId}`} className="payment-page__title">
          {p.title}
        </Link>
        <span className="muted">{[p.address, p.city].filter(Boolean).join(", ")}</span>
        <span className="muted">{formatCurrency(p.monthlyRent, p.currency)}/month</span>
      </div>
      {p.checkStatus === "paid" ? (
        <span className="payment-pending__status">{status}</span>
      ) : (
        <Link
          to={`/verification-payment/${p.propertyId}`}
          className={buttonClass("primary", "sm")}
          aria-label={`Verify Now: ${p.title}`}
        >
          Verify Now
        </Link>
      )}
    </li>
  );
}
