import { Check, TriangleAlert, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { QueueItem } from "@/gen/rentproof/admin/v1/admin_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { PROPERTY_TYPES } from "@/lib/vocab";
import { usePageTitle } from "@/lib/use-page-title";
import { useDecide, useDecisions, useQueue } from "../api/use-admin";
import { AdminAccounts } from "./admin-accounts";
import { AnsweredRequests } from "./answered-requests";
import { VerifiedListings } from "./badge-withdrawal";
import { DocumentViewer } from "./document-viewer";
import { ContactMessages } from "./contact-messages";
import { ReportedEnquiries } from "./reported-enquiries";
import { ReportedReviews } from "./reported-reviews";
import { ReviewSearch } from "./review-search";
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
 * the revocation of a verified tenancy; the reported reviews with each report and restore/remove
 * with a reason; the reported enquiry threads with their reports and conversation, marked handled
 * with a note (issue 31); any review found and removed or restored; the verified listings, whose badge may
 * be withdrawn (issue 30); the contact form's messages; email that was not delivered (dead or withheld), with resend; the answered
 * requests, which an administrator may mark arranged; and the latest decisions with who made
 * them and when.
 */
/** AdminSkeleton is what the server sends an administrator opening /admin before the app starts (src/app/member-skeletons.tsx). */
export function AdminSkeleton() {
  return (
    <div className="container section admin-page">
      <h1>Administration</h1>
    </div>
  );
}

export function AdminPage() {
  usePageTitle("Administration");
  return (
    <div className="container section admin-page">
      <h1>Administration</h1>
      <Queue />
      <TenancyQueue />
      <ReportedReviews />
      <ReportedEnquiries />
      <ReviewSearch />
      <VerifiedListings />
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
      <dl className="admin-facts">
        <div>
          <dt>Type</dt>
          <dd>{PROPERTY_TYPES.label(item.propertyType) ?? (item.propertyType || "unknown")}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{item.ownerUsername || "unknown"}</dd>
        </div>
      </dl>
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
      {item.documentsOnFile.length > 0 ? (
        <>
          <h4 id={`${messageId}-on-file`}>Documents on file</h4>
          <ul className="admin-documents" aria-labelledby={`${messageId}-on-file`}>
            {item.documentsOnFile.map((d) => (
              <li key={d.url}>
                <span className="muted">Sent with request #{d.requestId}:</span> <DocumentViewer document={d} />
              </li>
            ))}
          </ul>
        </>
      ) : item.kind === "paid_check" ? (
        <p className="muted">No ownership documents on file for this listing.</p>
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
