import { Check, ChevronLeft, ChevronRight, Mail, Reply, RotateCcw } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { ContactMessage } from "@/gen/rentproof/contact/v1/contact_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { humanize } from "@/lib/text";
import { MESSAGES_PAGE_SIZE, useContactMessages, useMarkHandled } from "../api/use-contact-messages";

// The form (and the validation library) loads when an administrator opens it.
const ReplyForm = lazy(async () => ({ default: (await import("./reply-form")).ReplyForm }));

/**
 * ContactMessages is the administrators' "Messages" section: what the contact form received,
 * newest first, open ones unless "Show handled messages" is ticked, each with "Reply" (emailed to
 * the sender, marking it handled), "Mark handled" or "Reopen" (who handled it and when, and how
 * many replies it got, are shown).
 */
export function ContactMessages() {
  const toggleId = useId();
  const [includeHandled, setIncludeHandled] = useState(false);
  const [page, setPage] = useState(1);
  const messages = useContactMessages(includeHandled, page);
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / MESSAGES_PAGE_SIZE));
  return (
    <section aria-labelledby="admin-messages">
      <h2 id="admin-messages">Messages</h2>
      <div className="admin-messages__bar">
        <p className="admin-card__meta" aria-live="polite">
          {messages.data ? `${messages.data.open} open${includeHandled ? ` of ${messages.data.total}` : ""}` : ""}
        </p>
        <label htmlFor={toggleId} className="admin-messages__toggle">
          <input
            id={toggleId}
            type="checkbox"
            checked={includeHandled}
            onChange={(e) => {
              setIncludeHandled(e.target.checked);
              setPage(1);
            }}
          />
          Show handled messages
        </label>
      </div>
      <QueryState
        query={messages}
        loading={<Spinner label="Loading messages" />}
        error={errorMessage(messages.error)}
        isEmpty={(data) => data.messages.length === 0}
        empty={<p>{includeHandled ? "No messages yet." : "No open messages."}</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.messages.map((m) => (
              <li key={m.id.toString()}>
                <MessageCard message={m} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 ? (
        <nav className="admin-card__actions" aria-label="Messages pages">
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

function MessageCard({ message: m }: { message: ContactMessage }) {
  const titleId = useId();
  const mark = useMarkHandled();
  const [replying, setReplying] = useState(false);
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <header className="admin-card__header">
        <span className="badge">{humanize(m.subject)}</span>
        <h3 id={titleId}>Message from {m.name}</h3>
        <p className="admin-card__meta">
          <Mail aria-hidden="true" size={14} /> <a href={`mailto:${m.email}`}>{m.email}</a> · sent{" "}
          {formatRequestDate(m.createdAt)}
          {m.userId ? ` · account #${m.userId}` : " · visitor"}
        </p>
      </header>
      <p className="admin-card__message">{m.message}</p>
      {m.handled ? (
        <p className="admin-card__meta">
          Handled by {m.handledBy || "a former administrator"} on {formatRequestDate(m.handledAt)}
          {m.replies > 0 ? ` · ${m.replies === 1 ? "1 reply" : `${m.replies} replies`} sent` : ""}
        </p>
      ) : null}
      {replying ? (
        <Suspense fallback={<Spinner label="Loading the reply form" />}>
          <ReplyForm messageId={m.id} name={m.name} email={m.email} onDone={() => setReplying(false)} />
        </Suspense>
      ) : null}
      <div className="admin-card__actions">
        {replying ? null : (
          <Button variant="outline" onClick={() => setReplying(true)}>
            <Reply aria-hidden="true" size={16} /> Reply
          </Button>
        )}
        {m.handled ? (
          <Button variant="outline" disabled={mark.isPending} onClick={() => mark.mutate({ id: m.id, handled: false })}>
            <RotateCcw aria-hidden="true" size={16} /> Reopen
          </Button>
        ) : (
          <Button disabled={mark.isPending} onClick={() => mark.mutate({ id: m.id, handled: true })}>
            <Check aria-hidden="true" size={16} /> Mark handled
          </Button>
        )}
      </div>
    </article>
  );
}
