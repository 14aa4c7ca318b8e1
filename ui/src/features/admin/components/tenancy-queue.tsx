import { Check, TriangleAlert, X } from "lucide-react";
import { Suspense, lazy, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { documentKindLabel, formatPeriod } from "@/lib/tenancy";
import { useDecideTenancy, useTenancyQueue } from "../api/use-admin";
import { DocumentViewer } from "./document-viewer";

// The revocation form (and the validation library) is a chunk of its own.
const RevokeTenancyForm = lazy(async () => ({ default: (await import("./revoke-tenancy-form")).RevokeTenancyForm }));

/** The message a rejection needs: the tenant is told why. */
export const REJECT_NEEDS_MESSAGE = "Please say why: the tenant is told.";

/**
 * TenancyQueue is /admin's tenancy claims (issue 27): the claims with the tenant's documents and
 * the owners' held confirmations, oldest first, each with who claims what and when, the address
 * claimed beside the listing's address now, the documents opened in place, the owner's message,
 * why a confirmation is held and the other claims that were sent the same document; approve or
 * reject with a message. Below, the revocation of a verified tenancy by its number.
 */
export function TenancyQueue() {
  const queue = useTenancyQueue();
  return (
    <section aria-labelledby="admin-tenancies">
      <h2 id="admin-tenancies">Tenancy claims</h2>
      <QueryState
        query={queue}
        loading={<Spinner label="Loading the tenancy claims" />}
        error={errorMessage(queue.error)}
        isEmpty={(data) => data.tenancies.length === 0}
        empty={<p>No tenancy claim is waiting for an administrator.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.tenancies.map((t) => (
              <li key={t.id}>
                <TenancyCard tenancy={t} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <h3>Revoke a verified tenancy</h3>
      <p className="muted">Revoking takes the verified label from its holder's reviews; it is kept with the decisions.</p>
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <RevokeTenancyForm />
      </Suspense>
    </section>
  );
}

function TenancyCard({ tenancy: t }: { tenancy: Tenancy }) {
  const id = useId();
  const warningId = `${id}-moved`;
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const decide = useDecideTenancy();
  const held = t.holdReason !== "";
  const send = (approve: boolean) => {
    const text = message.trim();
    if (!approve && !text) {
      setMissing(true);
      return;
    }
    decide.mutate({ id: t.id, approve, message: text });
  };
  const tenant = [t.tenantFirstName, t.tenantLastName ? `${t.tenantLastName.charAt(0)}.` : ""].filter(Boolean).join(" ");
  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <span className="badge">{held ? "Held confirmation" : "Tenancy documents"}</span>
        <h3 id={`${id}-title`}>
          Claim #{t.id}: <Link to={`/properties/${t.propertyId}`}>{t.propertyTitle || `Property #${t.propertyId}`}</Link>
        </h3>
        <p className="admin-card__meta">
          Tenant {t.tenantUsername || "unknown"}
          {tenant ? ` (${tenant})` : ""} · owner {t.ownerUsername || "unknown"} · claimed {formatRequestDate(t.createdAt)}
        </p>
      </header>
      <dl className="admin-facts">
        <div>
          <dt>Lived there</dt>
          <dd>{formatPeriod(t.fromMonth, t.toMonth)}</dd>
        </div>
        <div>
          <dt>Address claimed</dt>
          <dd>{t.address || "unknown"}</dd>
        </div>
        {t.addressNow ? (
          <div>
            <dt>Listing's address now</dt>
            <dd>{t.addressNow}</dd>
          </div>
        ) : null}
      </dl>
      {t.addressNow ? (
        <p id={warningId} className="admin-card__warning">
          <TriangleAlert aria-hidden="true" size={18} /> The listing has moved since this claim was made: a stay at the old address
          cannot verify the new one, so it cannot be approved. Reject it with a message to the tenant.
        </p>
      ) : null}
      {t.duplicateClaimIds.map((other) => (
        <p key={other} className="admin-card__warning">
          <TriangleAlert aria-hidden="true" size={18} /> The same document was sent with claim #{other}
        </p>
      ))}
      {t.message ? <p className="admin-card__message">The tenant wrote: “{t.message}”</p> : null}
      {t.ownerMessage ? <p className="admin-card__message">The owner could not confirm it: “{t.ownerMessage}”</p> : null}
      {held ? <p className="admin-card__reason">The owner confirmed it. Held: {t.holdReason}</p> : null}
      {t.documents.length > 0 ? (
        <ul className="admin-documents" aria-label="Documents">
          {t.documents.map((d, i) => (
            <li key={`${d.url}-${i}`}>
              <span className="badge">{documentKindLabel(d.kind)}</span> <DocumentViewer document={d} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-message`} className="field__label">
          Message to the tenant
        </label>
        <textarea
          id={`${id}-message`}
          className="textarea"
          rows={2}
          maxLength={500}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          placeholder="Required to reject: say why."
        />
        {missing ? (
          <p id={`${id}-missing`} className="field__error" role="alert">
            {REJECT_NEEDS_MESSAGE}
          </p>
        ) : null}
      </div>
      <div className="admin-card__actions">
        <Button
          onClick={() => send(true)}
          disabled={decide.isPending || t.addressNow !== ""}
          aria-describedby={t.addressNow ? warningId : undefined}
        >
          <Check aria-hidden="true" size={18} /> Approve
        </Button>
        <Button variant="outline" onClick={() => send(false)} disabled={decide.isPending}>
          <X aria-hidden="true" size={18} /> Reject
        </Button>
      </div>
    </article>
  );
}
