import { ChevronLeft, ChevronRight, Send } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { UndeliveredEmail } from "@/gen/rentproof/admin/v1/outbox_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate, isoDate } from "@/lib/format";
import { humanize } from "@/lib/text";
import { EMAILS_PAGE_SIZE, useResendEmail, useUndeliveredEmails } from "../api/use-undelivered-emails";

/**
 * UndeliveredEmails is the administrators' "Undelivered email" section: emails that are dead (the
 * mail server refused them for good, or kept failing) and emails withheld (not security mail, to
 * an address its member had not verified), newest first, each with its recipient, subject,
 * category, tries and the last error; a dead one has "Resend".
 */
export function UndeliveredEmails() {
  const [page, setPage] = useState(1);
  const emails = useUndeliveredEmails(page);
  const total = (emails.data?.dead ?? 0) + (emails.data?.withheld ?? 0);
  const pages = Math.max(1, Math.ceil(total / EMAILS_PAGE_SIZE));
  return (
    <section aria-labelledby="admin-emails">
      <h2 id="admin-emails">Undelivered email</h2>
      <p className="admin-card__meta" aria-live="polite">
        {emails.data ? `${emails.data.dead} dead · ${emails.data.withheld} withheld` : ""}
      </p>
      <QueryState
        query={emails}
        loading={<Spinner label="Loading undelivered email" />}
        error={errorMessage(emails.error)}
        isEmpty={(data) => data.emails.length === 0}
        empty={<p>Every email went out.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.emails.map((e) => (
              <li key={e.id.toString()}>
                <EmailCard email={e} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 ? (
        <nav className="admin-card__actions" aria-label="Undelivered email pages">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft aria-hidden="true" size={16} /> Newer
          </Button>
          <span className="admin-card__meta">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older <ChevronRight aria-hidden="true" size={16} />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function EmailCard({ email: e }: { email: UndeliveredEmail }) {
  const titleId = useId();
  const resend = useResendEmail();
  const dead = e.status === "dead";
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <header className="admin-card__header">
        <span className="badge">{dead ? "Dead" : "Withheld"}</span>
        <h3 id={titleId}>{e.subject}</h3>
        <p className="admin-card__meta">
          To {e.to} · {humanize(e.category)} · {e.attempts} {e.attempts === 1 ? "try" : "tries"} ·{" "}
          {dead ? "failed" : "withheld"} <time dateTime={isoDate(e.failedAt)}>{formatRequestDate(e.failedAt)}</time>
        </p>
      </header>
      {e.lastError ? <p className="admin-card__reason">{e.lastError}</p> : null}
      {e.resentBy || e.resentAt ? (
        <p className="admin-card__meta">
          Last resent by {e.resentBy || "a former administrator"} on {formatRequestDate(e.resentAt)}
        </p>
      ) : null}
      {dead ? (
        <div className="admin-card__actions">
          <Button disabled={resend.isPending} onClick={() => resend.mutate({ id: e.id })} aria-describedby={titleId}>
            <Send aria-hidden="true" size={16} /> Resend
          </Button>
        </div>
      ) : null}
    </article>
  );
}
