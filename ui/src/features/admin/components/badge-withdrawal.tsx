import { BadgeX, Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { WithdrawBadgeRequestSchema, type VerifiedProperty } from "@/gen/rentproof/admin/v1/moderation_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { PROPERTY_TYPES, rulesOf } from "@/lib/vocab";
import { useVerifiedProperties, useWithdrawBadge } from "../api/use-moderation";
import { Pager } from "./pager";
import { ReasonField } from "./reason-field";

/** The reason's bounds, from the contract (1 to 500 characters). */
const REASON = rulesOf(WithdrawBadgeRequestSchema, "reason");

/** What each proof means, for the administrator. */
const PROOF_WORDS: Record<string, string> = {
  documents: "Ownership documents checked",
  paid_check: "Paid check",
  confirmed: "Confirmed by people",
  demo: "Demo listing",
};

/** What the form says when the reason is missing: the server asks for one too. */
export const WITHDRAW_REASON_NEEDED = "Please give the reason for withdrawing the verification: the owner is told.";

/**
 * VerifiedListings is /admin's verified listings, newest verification first, found by title,
 * address or owner, each with "Withdraw badge" and the reason the owner reads: the listing then
 * reads unverified and the withdrawal is kept with the decisions.
 */
export function VerifiedListings() {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const listed = useVerifiedProperties(query, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  };
  return (
    <section aria-labelledby="admin-badges">
      <h2 id="admin-badges">Verified listings</h2>
      <form className="admin-filter" role="search" aria-label="Find a verified listing" onSubmit={search}>
        <label htmlFor={`${id}-query`} className="field__label">
          Title, address or owner
        </label>
        <input
          id={`${id}-query`}
          className="input"
          type="search"
          maxLength={100}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" size={16} /> Find listings
        </Button>
      </form>
      <QueryState
        query={listed}
        loading={<Spinner label="Loading verified listings" />}
        error={errorMessage(listed.error) || "Failed to load the verified listings."}
        isEmpty={(data) => data.properties.length === 0}
        empty={<p>{query ? `No verified listing matches ${query}.` : "No listing is verified."}</p>}
      >
        {(data) => (
          <ul className="admin-list" aria-label="Verified listings" aria-busy={listed.isPlaceholderData || undefined}>
            {data.properties.map((p) => (
              <li key={p.propertyId}>
                <VerifiedCard property={p} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Pager label="Pages of verified listings" page={page} hasMore={listed.data?.hasMore ?? false} busy={listed.isFetching} onPage={setPage} />
    </section>
  );
}

function VerifiedCard({ property: p }: { property: VerifiedProperty }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const withdraw = useWithdrawBadge();
  const send = () => {
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    withdraw.mutate({ propertyId: p.propertyId, reason: text });
  };
  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`}>
          <Link to={`/properties/${p.propertyId}`}>{p.title || `Property #${p.propertyId}`}</Link>
        </h3>
        <p className="admin-card__meta">
          {PROPERTY_TYPES.label(p.propertyType) ?? p.propertyType} · owner {p.ownerUsername || "unknown"}
        </p>
      </header>
      <dl className="admin-facts">
        <div>
          <dt>Address</dt>
          <dd>{p.address || "unknown"}</dd>
        </div>
        <div>
          <dt>Verified by</dt>
          <dd>{PROOF_WORDS[p.proof] ?? p.proof}</dd>
        </div>
        <div>
          <dt>Since</dt>
          <dd>{formatRequestDate(p.verifiedAt)}</dd>
        </div>
      </dl>
      <ReasonField
        label="Reason for the owner"
        value={reason}
        onChange={(v) => {
          setReason(v);
          setMissing(false);
        }}
        maxChars={REASON.maxChars}
        placeholder="Required: say why the badge goes."
        missing={missing ? WITHDRAW_REASON_NEEDED : ""}
        failure={withdraw.error}
        fallback="The badge could not be withdrawn."
      />
      <div className="admin-card__actions">
        <Button variant="danger" disabled={withdraw.isPending} aria-busy={withdraw.isPending || undefined} onClick={send}>
          <BadgeX aria-hidden="true" size={16} /> Withdraw badge
        </Button>
      </div>
    </article>
  );
}
