import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState, type QueryResult } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { Thread } from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { useMyEnquiries, useMyListings, useReceivedEnquiries } from "../api/use-enquiries";
import { formatMonth, threadPath } from "../enquiry";
import "../enquiries.css";

/**
 * ReceivedEnquiriesPanel is the owner's dashboard tab "Enquiries": the threads about their
 * listings, unread first, then the latest; a listing may be chosen to see only its threads.
 */
export function ReceivedEnquiriesPanel() {
  const filterId = useId();
  const [propertyId, setPropertyId] = useState(0);
  const [page, setPage] = useState(1);
  const listings = useMyListings();
  const threads = useReceivedEnquiries(propertyId, page);
  return (
    <section aria-labelledby="enquiries-title">
      <div className="enquiry-list__bar">
        <div>
          <h2 id="enquiries-title">Enquiries</h2>
          <UnreadLine count={threads.data?.unreadThreads} />
        </div>
        <div className="field">
          <label htmlFor={filterId} className="field__label">
            Listing
          </label>
          <select
            id={filterId}
            className="select"
            value={String(propertyId)}
            onChange={(e) => {
              setPropertyId(Number(e.target.value));
              setPage(1);
            }}
          >
            <option value="0">All listings</option>
            {(listings.data?.properties ?? []).map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Threads
        query={threads}
        loading="Loading enquiries"
        showListing={propertyId === 0}
        empty={
          propertyId
            ? "Nobody has written about this listing yet."
            : "When members write about your listings or ask to view them, their messages appear here."
        }
      />
      <Pages page={page} hasMore={threads.data?.hasMore ?? false} onPage={setPage} noun="enquiries" />
    </section>
  );
}

/** MyEnquiriesPanel is the member's dashboard tab "My Enquiries": the threads they started, unread first. */
export function MyEnquiriesPanel() {
  const [page, setPage] = useState(1);
  const threads = useMyEnquiries(page);
  return (
    <section aria-labelledby="my-enquiries-title">
      <div className="enquiry-list__bar">
        <div>
          <h2 id="my-enquiries-title">My Enquiries</h2>
          <UnreadLine count={threads.data?.unreadThreads} />
        </div>
      </div>
      <Threads
        query={threads}
        loading="Loading your enquiries"
        showListing
        empty="Use Contact Landlord or Schedule Viewing on a property's page: your conversations with landlords appear here."
        action={
          <Link to="/find-properties" className={buttonClass("primary")}>
            Find Properties
          </Link>
        }
      />
      <Pages page={page} hasMore={threads.data?.hasMore ?? false} onPage={setPage} noun="your enquiries" />
    </section>
  );
}

interface ThreadsProps {
  query: QueryResult<{ threads: Thread[] }>;
  /** The loading state's name. */
  loading: string;
  showListing: boolean;
  /** The empty state's words, and what it offers. */
  empty: string;
  action?: ReactNode;
}

/** Threads is a list's loading, error, empty and loaded states. */
function Threads({ query, loading, showListing, empty, action }: ThreadsProps) {
  return (
    <QueryState
      query={query}
      loading={<Spinner label={loading} />}
      error={errorMessage(query.error)}
      isEmpty={(data) => data.threads.length === 0}
      empty={<EmptyState headingLevel={3} title="No enquiries yet" message={empty} action={action} />}
    >
      {(data) => <ThreadList threads={data.threads} showListing={showListing} />}
    </QueryState>
  );
}

function UnreadLine({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <p className="muted" aria-live="polite">
      {count === 0 ? "Nothing unread" : count === 1 ? "1 conversation with unread messages" : `${count} conversations with unread messages`}
    </p>
  );
}

function ThreadList({ threads, showListing }: { threads: Thread[]; showListing: boolean }) {
  return (
    <ul className="enquiry-list">
      {threads.map((t) => (
        <li key={t.id.toString()}>
          <ThreadItem thread={t} showListing={showListing} />
        </li>
      ))}
    </ul>
  );
}

/** ThreadItem is one thread in a list: who, which listing, the latest message, and what waits. */
function ThreadItem({ thread: t, showListing }: { thread: Thread; showListing: boolean }) {
  const titleId = useId();
  const who = t.other?.name || "Former member";
  const facts = [
    t.moveInMonth ? `Moving in ${formatMonth(t.moveInMonth)}` : "",
    t.occupants ? `${t.occupants} ${t.occupants === 1 ? "occupant" : "occupants"}` : "",
    t.pendingViewing ? "Viewing request waiting" : "",
    t.status === "closed" ? "Closed" : "",
  ].filter(Boolean);
  return (
    <article className={t.unread > 0 ? "enquiry-item enquiry-item--unread" : "enquiry-item"} aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={threadPath(t.role, t.id)}>
          {t.role === "owner" ? `${who} about ${t.listing?.title ?? "your listing"}` : `${t.listing?.title ?? "A listing"} with ${who}`}
        </Link>
      </h3>
      {showListing && t.listing?.city ? <p className="enquiry-item__meta">{t.listing.city}</p> : null}
      <p>{t.lastMessage}</p>
      <p className="enquiry-item__meta">
        {t.unread > 0 ? <strong>{t.unread === 1 ? "1 unread message" : `${t.unread} unread messages`} · </strong> : null}
        Last message {formatRequestDate(t.lastMessageAt)}
        {facts.length ? ` · ${facts.join(" · ")}` : ""}
      </p>
    </article>
  );
}

function Pages({ page, hasMore, onPage, noun }: { page: number; hasMore: boolean; onPage: (page: number) => void; noun: string }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="dashboard-pager" aria-label={`Pages of ${noun}`}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} /> Previous
      </Button>
      <span className="muted">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}
