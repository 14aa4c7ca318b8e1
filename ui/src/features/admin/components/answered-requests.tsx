import { ChevronLeft, ChevronRight, Flag, Search } from "lucide-react";
import { Suspense, lazy, useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { AnsweredRequest } from "@/gen/rentproof/admin/v1/admin_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { humanize } from "@/lib/text";
import { useAnsweredRequests } from "../api/use-admin";

// The form's code (and its validation library) is a chunk of its own, fetched when a dialog opens.
const ArrangedForm = lazy(async () => ({ default: (await import("./arranged-form")).ArrangedForm }));

/** What each status of an answered request means, for the administrator. */
const STATUS_LABELS: Record<string, string> = {
  approved: "Approved",
  rejected: "Rejected",
  held: "Held for an administrator",
  confirmed: "Confirmed — waiting for the owner",
  declined: "Declined",
  closed: "Closed",
};

/**
 * AnsweredRequests is /admin's list of the verification requests their addressee answered,
 * newest answer first, by username (sender or answerer) and page: each with its property, who
 * sent and who answered it, its status, when it was answered, the tokens it paid (net of
 * reversals) and whether it was marked arranged, with "Mark arranged" on the others.
 */
export function AnsweredRequests() {
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const [username, setUsername] = useState("");
  const [page, setPage] = useState(1);
  const answered = useAnsweredRequests(username, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setUsername(draft.trim());
    setPage(1);
  };
  const clear = () => {
    setDraft("");
    setUsername("");
    setPage(1);
  };
  return (
    <section aria-labelledby="admin-answered">
      <h2 id="admin-answered">Answered requests</h2>
      <p className="muted">
        Requests the person asked has answered, newest answer first. Mark one arranged when its people set it up between
        them: the tokens it paid are taken back (never below a zero balance), the answerer's XP for it is reversed and a
        badge it granted is withdrawn.
      </p>
      <form className="admin-filter" role="search" aria-label="Answered requests" onSubmit={search}>
        <label htmlFor={inputId} className="field__label">
          Username (sender or answerer)
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          maxLength={50}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" size={16} /> Search
        </Button>
        {username ? (
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        ) : null}
      </form>
      <QueryState
        query={answered}
        loading={<Spinner label="Loading answered requests" />}
        error={errorMessage(answered.error) || "Failed to load the answered requests."}
        isEmpty={(data) => data.requests.length === 0}
        empty={<p>{username ? `No answered requests sent or answered by ${username}.` : "No request has been answered yet."}</p>}
      >
        {(data) => (
          <ul className="admin-list" aria-label="Answered requests" aria-busy={answered.isPlaceholderData || undefined}>
            {data.requests.map((r) => (
              <li key={r.requestId}>
                <AnsweredCard request={r} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {page > 1 || answered.data?.hasMore ? (
        <nav className="admin-pager" aria-label="Pages of answered requests">
          <Button variant="outline" size="sm" disabled={page <= 1 || answered.isFetching} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" size={16} /> Previous
          </Button>
          <span className="muted">Page {page}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!answered.data?.hasMore || answered.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Next <ChevronRight aria-hidden="true" size={16} />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function AnsweredCard({ request: r }: { request: AnsweredRequest }) {
  const titleId = useId();
  const title = r.propertyTitle || `Property #${r.propertyId}`;
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <header className="admin-card__header">
        <h3 id={titleId}>
          <Link to={`/properties/${r.propertyId}`}>{title}</Link>
        </h3>
        <p className="admin-card__meta">
          Request #{r.requestId} · owner {r.ownerUsername || "unknown"}
        </p>
      </header>
      <dl className="admin-facts">
        <div>
          <dt>Sent by</dt>
          <dd>{r.requestedByUsername || "a former member"}</dd>
        </div>
        <div>
          <dt>Answered by</dt>
          <dd>{r.requestedToUsername || "a former member"}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[r.status] ?? humanize(r.status)}</dd>
        </div>
        <div>
          <dt>Answered</dt>
          <dd>{formatRequestDate(r.respondedAt) || "unknown"}</dd>
        </div>
        <div>
          <dt>Tokens paid</dt>
          <dd>{r.tokensPaid}</dd>
        </div>
        <div>
          <dt>Arranged</dt>
          <dd>{r.arrangedAt ? `Yes, marked ${formatRequestDate(r.arrangedAt)}` : "No"}</dd>
        </div>
      </dl>
      {r.statusReason ? <p className="admin-card__reason">{r.statusReason}</p> : null}
      {r.message ? <p className="admin-card__message">Note: “{r.message}”</p> : null}
      {r.responseMessage ? <p className="admin-card__message">Answer: “{r.responseMessage}”</p> : null}
      {r.arrangedAt ? null : (
        <div className="admin-card__actions">
          <MarkArranged request={r} title={title} />
        </div>
      )}
    </article>
  );
}

/** MarkArranged is an answered request's "Mark arranged" button and the dialog that asks why. */
function MarkArranged({ request, title }: { request: AnsweredRequest; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Mark Request Arranged"
      description={`Request #${request.requestId} about ${title}, sent by ${request.requestedByUsername || "a former member"} and answered by ${request.requestedToUsername || "a former member"}. Say why you find it was arranged between them: the reason is kept with the decision.`}
      trigger={
        <Button variant="outline" aria-label={`Mark arranged: request #${request.requestId}`}>
          <Flag aria-hidden="true" size={16} /> Mark arranged
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <ArrangedForm requestId={request.requestId} onDone={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
