import { Check, Inbox, X } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { formatRequestDate, isoDate } from "@/lib/format";
import { useConfirmationsToAccept, useDecideConfirmation } from "../api/use-verification-requests";
import { ListError, ListLoading } from "./list-states";
import { RequestAddress, propertyName } from "./request-item";

/**
 * ConfirmationsToAccept is the owner's part of the dashboard's Verification Requests: the
 * confirmations of their listings that they did not ask for (someone asked a landlord from the
 * property's page, and the landlord approved). Nothing is verified until the owner accepts one;
 * each shows who confirmed it and their message, who asked and their note, and the address the
 * confirmation is about, with Accept and Decline.
 */
export function ConfirmationsToAccept() {
  const headingId = useId();
  const query = useConfirmationsToAccept();
  const requests = query.data?.requests ?? [];
  return (
    <section className="confirmations" aria-labelledby={headingId}>
      <h3 id={headingId} className="confirmations__title">
        Confirmations to accept
      </h3>
      <p className="muted confirmations__intro">
        Someone asked a landlord to confirm one of your listings, and the landlord did. Your listing is verified only if
        you accept; decline a confirmation you do not trust.
      </p>
      {query.isPending ? (
        <ListLoading label="Loading confirmations" rows={1} />
      ) : query.isError ? (
        <ListError query={query} fallback="Failed to load the confirmations." />
      ) : requests.length === 0 ? (
        <p className="request-list__empty">
          <Inbox aria-hidden="true" size={20} /> No confirmations are waiting for you.
        </p>
      ) : (
        <>
          <ul className="request-list" aria-label="Confirmations to accept">
            {requests.map((r) => (
              <li key={r.id}>
                <Confirmation request={r} />
              </li>
            ))}
          </ul>
          {query.data?.hasMore ? (
            <p className="muted">Showing the {requests.length} oldest: the next ones show as you answer these.</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Confirmation({ request: r }: { request: VerificationRequest }) {
  const titleId = useId();
  const decide = useDecideConfirmation();
  const title = propertyName(r);
  const confirmer = r.requestedTo?.username || "a former member";
  const asker = r.requestedBy?.username || "a former member";
  const answered = r.respondedAt ?? r.updatedAt;
  const send = (accept: boolean) => decide.mutate({ id: r.id, accept });
  return (
    <article className="request-item" aria-labelledby={titleId} aria-busy={decide.isPending || undefined}>
      <div className="request-item__head">
        <h4 id={titleId} className="request-item__title">
          <Link to={`/properties/${r.propertyId}`}>{title}</Link>
        </h4>
      </div>
      <p className="request-item__meta">
        Confirmed by <strong>{confirmer}</strong>
        {answered ? (
          <>
            {" on "}
            <time dateTime={isoDate(answered)}>{formatRequestDate(answered)}</time>
          </>
        ) : null}
        {" · asked by "}
        <strong>{asker}</strong>
      </p>
      <RequestAddress request={r} />
      <p className="request-item__note">
        <span className="request-item__label">{confirmer}'s message:</span> {r.responseMessage || "(none)"}
      </p>
      <p className="request-item__note">
        <span className="request-item__label">{asker}'s note:</span> {r.message || "(none)"}
      </p>
      <div className="request-item__actions">
        <div className="answer-actions">
          <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => send(false)} aria-label={`Decline: ${title}`}>
            <X aria-hidden="true" size={16} /> Decline
          </Button>
          <Button size="sm" disabled={decide.isPending} onClick={() => send(true)} aria-label={`Accept: ${title}`}>
            <Check aria-hidden="true" size={16} /> Accept
          </Button>
        </div>
      </div>
    </article>
  );
}
