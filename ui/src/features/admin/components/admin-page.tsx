import { Check, RotateCcw, Trash2, TriangleAlert, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { ReviewPhotos } from "@/components/review-card/review-photos";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { QueueItem } from "@/gen/rentproof/admin/v1/admin_pb";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { usePageTitle } from "@/lib/use-page-title";
import { useDecide, useDecisions, useModerate, useQueue, useReportedReviews } from "../api/use-admin";
import { AdminAccounts } from "./admin-accounts";
import { AnsweredRequests } from "./answered-requests";
import { DocumentViewer } from "./document-viewer";
import { ContactMessages } from "./contact-messages";
import { TenancyQueue } from "./tenancy-queue";
import { UndeliveredEmails } from "./undelivered-emails";
import "../admin.css";

/** What each kind of queued request is, for the administrator. */
const KIND_LABELS: Record<string, string> = {
  documents: "Ownership documents",
  paid_check: "Paid check",
  held: "Held approval",
  confirmation: "Confirmation the owner did not ask for",
};

/**
 * AdminPage is /admin (administrators only): the queue of document requests, paid checks, held
 * approvals and confirmations the owner did not ask for, each with the address its proof was
 * gathered for beside the listing's address now, its documents opened in place and
 * approve/reject with a message; the tenancy claims waiting for an administrator (issue 27) and
 * the revocation of a verified tenancy; the reported reviews with restore/remove; the contact form's
 * messages; email that was not delivered (dead or withheld), with resend; the answered
 * requests, which an administrator may mark arranged; and the latest decisions with who made
 * them and when.
 */
export function AdminPage() {
  usePageTitle("Administration");
  return (
    <div className="container section admin-page">
      <h1>Administration</h1>
      <Queue />
      <TenancyQueue />
      <ReportedReviews />
      <ContactMessages />
      <UndeliveredEmails />
      <AdminAccounts />
      <AnsweredRequests />
      <Decisions />
    </div>
  );
}

function Queue() {
  const queue = useQueue();
  return (
    <section aria-labelledby="admin-queue">
      <h2 id="admin-queue">Verification queue</h2>
      <QueryState
        query={queue}
        loading={<Spinner label="Loading the queue" />}
        error={errorMessage(queue.error)}
        isEmpty={(data) => data.items.length === 0}
        empty={<p>Nothing is waiting for an administrator.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.items.map((item) => (
              <li key={item.requestId}>
                <QueueCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const messageId = useId();
  const warningId = `${messageId}-moved`;
  const [message, setMessage] = useState("");
  const decide = useDecide();
  const send = (decision: "approve" | "reject") =>
    decide.mutate({ requestId: item.requestId, decision, message: message.trim() });
  return (
    <article className="admin-card" aria-labelledby={`${messageId}-title`}>
      <header className="admin-card__header">
        <span className="badge">{KIND_LABELS[item.kind] ?? item.kind}</span>
        <h3 id={`${messageId}-title`}>
          <Link to={`/properties/${item.propertyId}`}>{item.propertyTitle || `Property #${item.propertyId}`}</Link>
        </h3>
        <p className="admin-card__meta">
          Owner {item.ownerUsername || "unknown"} · sent {formatRequestDate(item.createdAt)}
          {item.requestedByUsername && item.requestedByUsername !== item.ownerUsername ? ` by ${item.requestedByUsername}` : ""}
          {item.requestedToUsername ? ` · approved by ${item.requestedToUsername}` : ""}
          {item.paymentIntentId ? ` · payment ${item.paymentIntentId}` : ""}
        </p>
      </header>
      <ProofAddress item={item} warningId={warningId} />
      {item.message ? <p className="admin-card__message">“{item.message}”</p> : null}
      {item.responseMessage ? (
        <p className="admin-card__message">
          {item.requestedToUsername || "The approver"} wrote: “{item.responseMessage}”
        </p>
      ) : null}
      {item.statusReason ? <p className="admin-card__reason">{item.statusReason}</p> : null}
      {item.documents.length > 0 ? (
        <ul className="admin-documents" aria-label="Documents">
          {item.documents.map((d) => (
            <li key={d.url}>
              <DocumentViewer document={d} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field">
        <label htmlFor={messageId} className="field__label">
          Message to the owner
        </label>
        <textarea
          id={messageId}
          className="textarea"
          rows={2}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Required to reject: say why."
        />
      </div>
      <div className="admin-card__actions">
        <Button
          onClick={() => send("approve")}
          disabled={decide.isPending || item.addressChanged}
          aria-describedby={item.addressChanged ? warningId : undefined}
        >
          <Check aria-hidden="true" size={18} /> Approve
        </Button>
        <Button variant="outline" onClick={() => send("reject")} disabled={decide.isPending}>
          <X aria-hidden="true" size={18} /> Reject
        </Button>
      </div>
    </article>
  );
}

/**
 * ProofAddress shows the address a request's proof was gathered for beside the listing's address
 * now, and warns when they differ: the server then refuses to approve it.
 */
function ProofAddress({ item, warningId }: { item: QueueItem; warningId: string }) {
  if (!item.address && !item.currentAddress) return null;
  return (
    <div className="admin-card__addresses">
      <dl>
        <div>
          <dt>Proof gathered for</dt>
          <dd>{item.address || "unknown"}</dd>
        </div>
        <div>
          <dt>Listing's address now</dt>
          <dd>{item.currentAddress || "unknown"}</dd>
        </div>
      </dl>
      {item.addressChanged ? (
        <p id={warningId} className="admin-card__warning">
          <TriangleAlert aria-hidden="true" size={18} /> The listing has moved since this proof was gathered: it cannot
          verify the new address, so it cannot be approved. Reject it with a message to the owner.
        </p>
      ) : null}
    </div>
  );
}

function ReportedReviews() {
  const reviews = useReportedReviews();
  return (
    <section aria-labelledby="admin-reviews">
      <h2 id="admin-reviews">Reported reviews</h2>
      <QueryState
        query={reviews}
        loading={<Spinner label="Loading reported reviews" />}
        error={errorMessage(reviews.error)}
        isEmpty={(data) => data.reviews.length === 0}
        empty={<p>No reported reviews.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReportedReview review={r} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function ReportedReview({ review }: { review: Review }) {
  const moderate = useModerate();
  return (
    <article className="admin-card" aria-label={`Review ${review.title}`}>
      <p className="admin-card__meta">
        {review.propertyTitle || `Property #${review.propertyId}`} · {review.status} · {review.reportCount} reports
      </p>
      <h3>{review.title}</h3>
      <p>{review.content}</p>
      <ReviewPhotos photos={review.photos} />
      <div className="admin-card__actions">
        <Button variant="outline" disabled={moderate.isPending} onClick={() => moderate.mutate({ reviewId: review.id, decision: "restore" })}>
          <RotateCcw aria-hidden="true" size={16} /> Restore
        </Button>
        <Button variant="outline" disabled={moderate.isPending} onClick={() => moderate.mutate({ reviewId: review.id, decision: "remove" })}>
          <Trash2 aria-hidden="true" size={16} /> Remove
        </Button>
      </div>
    </article>
  );
}

function Decisions() {
  const decisions = useDecisions();
  return (
    <section aria-labelledby="admin-decisions">
      <h2 id="admin-decisions">Latest decisions</h2>
      <QueryState
        query={decisions}
        loading={<Spinner label="Loading decisions" />}
        error={errorMessage(decisions.error)}
        isEmpty={(data) => data.decisions.length === 0}
        empty={<p>No decisions yet.</p>}
      >
        {(data) => (
          <ul className="admin-decisions">
            {data.decisions.map((d) => (
              <li key={d.id}>
                <strong>{d.decision}</strong> by {d.adminUsername || "a former administrator"} on{" "}
                {formatRequestDate(d.createdAt)}
                {d.requestId ? ` · request #${d.requestId}` : ""}
                {d.reviewId ? ` · review #${d.reviewId}` : ""}
                {d.propertyId ? ` · property #${d.propertyId}` : ""}
                {d.message ? `: “${d.message}”` : ""}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
