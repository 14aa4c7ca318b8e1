import { Code } from "@connectrpc/connect";
import { skipToken, useQuery } from "@connectrpc/connect-query";
import { AlertCircle, BadgeCheck, Clock, CreditCard, FileQuestion, Info, Lock, ShieldCheck } from "lucide-react";
import { Suspense, lazy, useEffect, useId, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService, type Property } from "@/gen/rentproof/property/v1/property_pb";
import { errorTypeFromError, isCode } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import {
  DEMO_FALLBACK,
  DemoPaymentError,
  FEE_CENTS,
  TAX_CENTS,
  useDemoPayment,
  usePaymentConfig,
  usePaymentStatus,
} from "../api/use-payment";
import { PAYMENT_FAILED, PAYMENT_FAILED_INLINE, dollars, paidCheckState, paidCheckText } from "../paid-check";
import "../payment.css";

// Stripe's libraries load with the card form only, and only when a key is configured.
const CardPayment = lazy(() => import("./card-payment"));

const TITLE = "Verification Payment";
const CRUMBS = [{ label: "Home", to: "/" }, { label: "Dashboard", to: "/dashboard" }, { label: TITLE }];

/** How long demo mode's notice toast stays (SPEC §9: development payment toast 5000 ms). */
export const DEMO_TOAST_MS = 5000;
export const DEMO_TOAST_TITLE = "Development Mode";
export const DEMO_TOAST_TEXT =
  "Card payment is disabled in development. Please contact the administrator to verify your property.";

const BENEFITS = [
  "Higher visibility in search results",
  "A Verified badge on your listing",
  "More quality tenants interested in your property",
  "Trusted tenants confirming your property's details",
];

interface VerificationPaymentPageProps {
  /** The property from the route, or null when the route has no property id. */
  propertyId: number | null;
  /** The signed-in user (the screen is protected). */
  user: User;
}

/**
 * VerificationPaymentPage is /verification-payment/{id} (SPEC §2 "Verification payment screen"):
 * the owner pays the one-time fee for an administrator's priority check of the listing. In demo
 * mode (no payment provider configured) the payment is simulated; it ends on the success screen
 * and the check waits for an administrator. What the server says of the listing's check decides
 * what the owner is offered: a paid check (or one whose payment is processing) is not offered
 * again, a verified listing says so, a failed attempt says why above the form.
 */
export function VerificationPaymentPage({ propertyId, user }: VerificationPaymentPageProps) {
  usePageTitle(TITLE);
  const config = usePaymentConfig();
  const demoMode = config.data?.demoMode ?? true;
  const result = useQuery(PropertyService.method.getProperty, propertyId === null ? skipToken : { id: propertyId });
  const property = result.data?.property;

  useEffect(() => {
    if (!config.data?.demoMode) return;
    toast({ title: DEMO_TOAST_TITLE, description: DEMO_TOAST_TEXT, duration: DEMO_TOAST_MS });
  }, [config.data?.demoMode]);

  let body: ReactNode;
  if (propertyId === null) {
    body = (
      <StateCard icon={<FileQuestion aria-hidden="true" size={40} />} title="Missing Property Information">
        <p>No property was named for this payment.</p>
        <Link to="/dashboard" className={buttonClass("primary")}>
          Back to Dashboard
        </Link>
      </StateCard>
    );
  } else if (isCode(result.error, Code.NotFound) || (result.isSuccess && !property)) {
    body = (
      <StateCard icon={<FileQuestion aria-hidden="true" size={40} />} title="Property Not Found">
        <p>This property does not exist or is no longer listed.</p>
        <Link to="/dashboard" className={buttonClass("primary")}>
          Return to Dashboard
        </Link>
      </StateCard>
    );
  } else if (result.isError) {
    body = (
      <ErrorPanel type={errorTypeFromError(result.error)} onRetry={() => void result.refetch()} retrying={result.isFetching} />
    );
  } else if (!property || config.isPending) {
    body = (
      <div className="payment-page__loading">
        <Spinner label="Loading property" size="lg" />
        <p>Loading property details...</p>
      </div>
    );
  } else if (property.verified) {
    body = <AlreadyVerified propertyId={property.id} />;
  } else if (property.landlordId !== user.id) {
    body = (
      <StateCard icon={<Lock aria-hidden="true" size={40} />} title="Permission Denied">
        <p>You can only pay for verification of properties that you own.</p>
        <Link to={`/properties/${property.id}`} className={buttonClass("primary")}>
          Back to Property
        </Link>
      </StateCard>
    );
  } else {
    body = <OwnerPayment property={property} demoMode={demoMode} publishableKey={config.data?.publishableKey ?? ""} />;
  }

  return (
    <>
      <PageHeader title={TITLE} breadcrumb={CRUMBS}>
        <p>A one-time fee for an administrator&apos;s priority check of your listing and its documents.</p>
      </PageHeader>
      <div className="container section payment-page">{body}</div>
    </>
  );
}

function AlreadyVerified({ propertyId }: { propertyId: number }) {
  return (
    <StateCard icon={<BadgeCheck aria-hidden="true" size={40} />} title="Property Already Verified">
      <p>Verified properties show a Verified badge and get priority in search results: there is nothing to pay.</p>
      <Link to={`/properties/${propertyId}`} className={buttonClass("primary")}>
        Back to Property
      </Link>
    </StateCard>
  );
}

interface OwnerPaymentProps {
  property: Property;
  demoMode: boolean;
  publishableKey: string;
}

/**
 * OwnerPayment is the owner's screen once the property is loaded: asked on every visit, the
 * server's account of the listing's check decides whether there is anything to pay.
 */
function OwnerPayment({ property, demoMode, publishableKey }: OwnerPaymentProps) {
  const status = usePaymentStatus(property.id);
  if (status.isError) {
    return <ErrorPanel type={errorTypeFromError(status.error)} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  if (!status.data || !status.isFetchedAfterMount) {
    return (
      <div className="payment-page__loading">
        <Spinner label="Checking your payment" size="lg" />
        <p>Checking your payment...</p>
      </div>
    );
  }
  if (status.data.propertyVerified) return <AlreadyVerified propertyId={property.id} />;
  const state = paidCheckState(status.data);
  if (state.kind === "paid" || state.kind === "processing") {
    const text = paidCheckText(state, status.data.latestCheck?.amountCents || FEE_CENTS, false);
    const paid = state.kind === "paid";
    return (
      <StateCard
        icon={paid ? <BadgeCheck aria-hidden="true" size={40} /> : <Clock aria-hidden="true" size={40} />}
        title={paid ? "Verification Check Paid" : text.title}
      >
        {text.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <Link to="/dashboard" className={buttonClass("primary")}>
          Go to Dashboard
        </Link>
      </StateCard>
    );
  }
  return (
    <div className="payment-page__columns">
      <PaymentCard
        property={property}
        demoMode={demoMode}
        publishableKey={publishableKey}
        lastFailure={state.kind === "failed" ? state.reason || PAYMENT_FAILED_INLINE : ""}
      />
      <div className="payment-page__side">
        <PropertyDetails property={property} />
        <PaymentSummary />
        <Benefits />
      </div>
    </div>
  );
}

interface PaymentCardProps {
  property: Property;
  demoMode: boolean;
  publishableKey: string;
  /** Why the last attempt failed, in Stripe's words; empty when none did. */
  lastFailure: string;
}

/** PaymentCard is the left column: demo mode's simulation, or the card form. */
function PaymentCard({ property, demoMode, publishableKey, lastFailure }: PaymentCardProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { pay, pending } = useDemoPayment();
  const [failure, setFailure] = useState("");

  async function simulate() {
    setFailure("");
    try {
      await pay(property.id);
      void navigate(`/verification-success/${property.id}?mock=true&propertyId=${property.id}`);
    } catch (err) {
      const message = err instanceof DemoPaymentError ? err.message : DEMO_FALLBACK;
      const reason = err instanceof DemoPaymentError ? err.reason : "";
      toast({ title: "Error", description: message || DEMO_FALLBACK, variant: "destructive" });
      setFailure(reason ? `${message}: ${reason}` : message);
    }
  }

  return (
    <section className="card payment-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-page__heading">
        <CreditCard aria-hidden="true" size={20} /> Payment
      </h2>
      {lastFailure ? (
        <p className="payment-page__notice payment-page__notice--failed">
          <AlertCircle aria-hidden="true" size={18} />
          <span>
            <strong>{PAYMENT_FAILED}</strong>: your last payment did not go through. {lastFailure} You can try again below.
          </span>
        </p>
      ) : null}
      {demoMode ? (
        <>
          <p className="payment-page__notice" role="note">
            <Info aria-hidden="true" size={18} />
            <span>
              <strong>Demo Mode</strong>: no card payment provider is configured, so the payment is simulated and
              nothing is charged. Your verification check then waits for an administrator.
            </span>
          </p>
          <div className="payment-page__fields" aria-label="Card details (placeholder)" role="group">
            <label>
              Card number
              <input type="text" disabled placeholder="4242 4242 4242 4242" />
            </label>
            <div className="payment-page__fields-row">
              <label>
                Expiry
                <input type="text" disabled placeholder="MM / YY" />
              </label>
              <label>
                CVC
                <input type="text" disabled placeholder="123" />
              </label>
            </div>
          </div>
          <Button onClick={() => void simulate()} disabled={pending} className="payment-page__pay">
            {pending ? "Processing..." : `Simulate Payment (${dollars(FEE_CENTS)})`}
          </Button>
          {failure ? (
            <p className="payment-page__error" role="alert">
              {failure}
            </p>
          ) : null}
        </>
      ) : publishableKey ? (
        <Suspense fallback={<Spinner label="Preparing the card payment" />}>
          <CardPayment propertyId={property.id} publishableKey={publishableKey} />
        </Suspense>
      ) : (
        <p className="payment-page__notice" role="note">
          <Info aria-hidden="true" size={18} />
          <span>Card payment is not configured on this server. Please contact the administrator.</span>
        </p>
      )}
    </section>
  );
}

function PropertyDetails({ property }: { property: Property }) {
  const titleId = useId();
  return (
    <section className="card payment-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-page__heading">
        Property Details
      </h2>
      <p className="payment-page__title">{property.title}</p>
      <p className="muted">{property.address}</p>
      <p className="muted">{[property.city, [property.state, property.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</p>
    </section>
  );
}

function PaymentSummary() {
  const titleId = useId();
  return (
    <section className="card payment-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-page__heading">
        Payment Summary
      </h2>
      <dl className="payment-page__summary">
        <dt>Verification Fee</dt>
        <dd>{dollars(FEE_CENTS)}</dd>
        <dt>Tax</dt>
        <dd>{dollars(TAX_CENTS)}</dd>
        <dt className="payment-page__total">Total</dt>
        <dd className="payment-page__total">{dollars(FEE_CENTS + TAX_CENTS)}</dd>
      </dl>
    </section>
  );
}

function Benefits() {
  const titleId = useId();
  return (
    <section className="card payment-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="payment-page__heading">
        <ShieldCheck aria-hidden="true" size={20} /> Benefits of Verification
      </h2>
      <ul className="payment-page__benefits">
        {BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </section>
  );
}

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="not-found__card payment-page__state" aria-labelledby={titleId}>
      <span className="payment-page__state-icon">{icon}</span>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
