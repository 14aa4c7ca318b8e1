import { Coins } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { formatRequestDate, isoDate } from "@/lib/format";
import { REWARDED_ANSWERS_PER_DAY } from "../verification";
import { AnswerActions } from "./answer-actions";
import { StatusBadge } from "./status-badge";

/** RequestKind says from which side a request is seen: its addressee's or its sender's. */
export type RequestKind = "received" | "sent";

/** propertyName is a request's property title, or "Property #id" when the property is gone. */
export function propertyName(request: Pick<VerificationRequest, "propertyId" | "propertyTitle">): string {
  return request.propertyTitle || `Property #${request.propertyId}`;
}

/** RequestAddress is the address a request's proof is about (the listing's when it was sent). */
export function RequestAddress({ request }: { request: Pick<VerificationRequest, "address"> }) {
  if (!request.address) return null;
  return (
    <p className="request-item__note">
      <span className="request-item__label">For the address:</span> {request.address}
    </p>
  );
}

/**
 * RequestItem is one verification request on the dashboard: the property, who sent it or to
 * whom, when, the address its proof is about, its status (with the reason the server gives: why
 * it is held, confirmed, declined or closed), the notes on both sides and, for a pending request
 * received, what answering earns and Approve and Reject.
 */
export function RequestItem({ request: r, kind }: { request: VerificationRequest; kind: RequestKind }) {
  const titleId = useId();
  const other = kind === "received" ? r.requestedBy : r.requestedTo;
  // An owner's documents and paid checks go to the administrators: no addressee, no expiry.
  const toAdmins = kind === "sent" && !r.requestedTo?.id;
  const name = toAdmins ? "the administrators" : other?.username || "a former member";
  const reward = Number.parseFloat(r.incentiveAmount);
  const pending = r.status === "pending";
  return (
    <article className="request-item" aria-labelledby={titleId}>
      <div className="request-item__head">
        <h3 id={titleId} className="request-item__title">
          <Link to={`/properties/${r.propertyId}`}>{propertyName(r)}</Link>
        </h3>
        <StatusBadge status={r.status} />
      </div>
      <p className="request-item__meta">
        {kind === "received" ? `From ${name}` : `To ${name}`}
        {kind === "received" && r.ownerUsername && r.ownerUsername !== other?.username ? ` (owner: ${r.ownerUsername})` : ""}
        {" · "}
        <time dateTime={isoDate(r.createdAt)}>{formatRequestDate(r.createdAt)}</time>
        {pending && r.expiresAt && !toAdmins ? (
          <>
            {" · Expires "}
            <time dateTime={isoDate(r.expiresAt)}>{formatRequestDate(r.expiresAt)}</time>
          </>
        ) : null}
      </p>
      <RequestAddress request={r} />
      {r.statusReason ? <p className="request-item__reason">{r.statusReason}</p> : null}
      {r.message ? (
        <p className="request-item__note">
          <span className="request-item__label">{kind === "received" ? "Their note:" : "Your note:"}</span> {r.message}
        </p>
      ) : null}
      {r.responseMessage ? (
        <p className="request-item__note">
          <span className="request-item__label">{kind === "received" ? "Your answer:" : "Their answer:"}</span>{" "}
          {r.responseMessage}
        </p>
      ) : null}
      {kind === "received" && pending ? (
        <div className="request-item__actions">
          {reward > 0 ? (
            <p className="request-item__reward">
              <Coins aria-hidden="true" size={16} />
              <span>
                You earn {reward} {reward === 1 ? "token" : "tokens"} for answering, approve or reject alike, when the request
                comes from the owner or an established member you are not linked to (the first {REWARDED_ANSWERS_PER_DAY}{" "}
                rewarded answers a day). <Link to="/how-reviews-work#rewards">How rewards work</Link>
              </span>
            </p>
          ) : null}
          <AnswerActions request={r} title={propertyName(r)} />
        </div>
      ) : null}
    </article>
  );
}
