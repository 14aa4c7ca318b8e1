import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, LayoutDashboard } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";
import { formatRequestDate, isoDate } from "@/lib/format";
import { usePageTitle } from "@/lib/use-page-title";
import { useCreatedRequests } from "../api/use-verification-requests";
import { StatusBadge } from "./status-badge";
import "../verification.css";

const TITLE = "Verification Requests Sent";
const CRUMBS = [{ label: "Home", to: "/" }, { label: "Dashboard", to: "/dashboard" }, { label: TITLE }];

/** What happens after an owner has asked verifiers (SPEC §2 "Verification success screen"), for this path. */
const NEXT_STEPS = [
  {
    title: "Your verifiers receive the request",
    text: "Each person you chose finds your request, with your note, under Verification Requests on their dashboard.",
  },
  {
    title: "They approve or reject it",
    text: "Each verifier checks the property's details against what they know, then approves or rejects your request before it expires.",
  },
  {
    title: "Your property gets the Verified badge",
    text: "As soon as one verifier approves, the property shows the Verified badge, with how many people confirmed it. You can follow each answer under Verification Requests on your dashboard.",
  },
  {
    title: "More renters see and trust it",
    text: "Verified properties rank higher in search, so your listing reaches more tenants looking for a home they can trust.",
  },
];

/**
 * What happens once an owner has paid for the administrators' check (the payment screen's way
 * here). It says nothing of this payment: the payment's own card says what the server says.
 */
const PAID_CHECK_STEPS = [
  {
    title: "An administrator checks your property",
    text: "Once your payment is received, an administrator checks the listing's details and the ownership documents you have on file, ahead of other requests.",
  },
  {
    title: "They approve or reject it",
    text: "If something does not match, the administrator rejects the check, tells you why, and your $19.99 is refunded.",
  },
  {
    title: "Your property gets the Verified badge",
    text: "Once approved, the property shows the Verified badge, marked as a paid check. You can follow it under Verification Requests on your dashboard.",
  },
  NEXT_STEPS[3]!,
];

interface VerificationSuccessPageProps {
  /** The property the requests are about, or null when the route's id is not one. */
  propertyId: number | null;
  /** True when someone is signed in (the screen is protected, so always, in practice). */
  signedIn: boolean;
  /** True after a payment for the administrators' check (the payment screen's ?mock=true or ?payment=card). */
  paidCheck?: boolean;
  /** Where the payment stands, shown first after a paid check (the route composes it). */
  payment?: ReactNode;
}

/**
 * VerificationSuccessPage is /verification-success/{propertyId}: the requests are on their way,
 * why verification matters and what happens next, with the way back to the property and to the
 * dashboard. It refetches the token balance and ledger, which a request may have changed.
 */
export function VerificationSuccessPage({ propertyId, signedIn, paidCheck = false, payment }: VerificationSuccessPageProps) {
  usePageTitle(TITLE);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    void queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: TokenService, cardinality: undefined }) });
  }, [queryClient, signedIn]);

  return (
    <>
      <PageHeader title={TITLE} breadcrumb={CRUMBS}>
        <p>
          {paidCheck
            ? "Where your verification check and its payment stand, and what happens next."
            : "Your verification requests are on their way."}
        </p>
      </PageHeader>
      <div className="container container--narrow section verification-success">
        {payment}
        {propertyId !== null ? <SentRequests propertyId={propertyId} /> : null}

        <section className="card verification-page__card" aria-labelledby="why-title">
          <CheckCircle2 aria-hidden="true" size={40} className="verification-success__icon" />
          <h2 id="why-title" className="verification-page__heading">
            Why verification matters
          </h2>
          <p>
            Renters rely on reviews and listings to choose a home they have often never seen. A property confirmed by
            people who know it shows them the listing is real and its details are accurate, and it tells them the owner
            stands behind it.
          </p>
        </section>

        <section className="card verification-page__card" aria-labelledby="next-title">
          <h2 id="next-title" className="verification-page__heading">
            What happens next
          </h2>
          <ol className="next-steps">
            {(paidCheck ? PAID_CHECK_STEPS : NEXT_STEPS).map((step, i) => (
              <li key={step.title} className="next-steps__item">
                <span className="next-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="next-steps__title">{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="verification-success__actions">
          {propertyId !== null ? (
            <Link to={`/properties/${propertyId}`} className={buttonClass("outline")}>
              <ArrowLeft aria-hidden="true" size={18} /> Back to Property
            </Link>
          ) : null}
          <Link to="/dashboard" className={buttonClass("primary")}>
            <LayoutDashboard aria-hidden="true" size={18} /> Go to Dashboard
          </Link>
        </div>
      </div>
    </>
  );
}

/**
 * SentRequests lists the user's pending requests to people about the property: to whom, and
 * until when (a request that never expires has no expiresAt and shows no date). A paid check or
 * a documents request is addressed to nobody and is not listed: the payment's card tells of it.
 */
function SentRequests({ propertyId }: { propertyId: number }) {
  const created = useCreatedRequests();
  const requests = (created.data?.requests ?? []).filter(
    (r) => r.propertyId === propertyId && r.status === "pending" && Boolean(r.requestedTo?.username),
  );
  if (requests.length === 0) return null;
  return (
    <section className="card verification-page__card" aria-labelledby="sent-title">
      <h2 id="sent-title" className="verification-page__heading">
        Waiting for an answer
      </h2>
      <ul className="sent-requests">
        {requests.map((r) => (
          <li key={r.id} className="sent-requests__item">
            <strong>{r.requestedTo?.username}</strong>
            <StatusBadge status={r.status} />
            {r.expiresAt ? (
              <span className="muted">
                until <time dateTime={isoDate(r.expiresAt)}>{formatRequestDate(r.expiresAt)}</time>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
