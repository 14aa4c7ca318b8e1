import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { ModeratedReview } from "@/gen/rentproof/admin/v1/moderation_pb";
import { errorMessage } from "@/lib/errors";
import { useReviewSearch } from "../api/use-moderation";
import { Pager } from "./pager";
import { ReviewSummary } from "./reported-reviews";
import { ReviewDecisionForm } from "./review-decision-form";

/**
 * ReviewSearch is /admin's "Any review": find a review in any status by its number or by words of
 * its title, text, author's username or property's title, and remove it or restore it with a
 * reason, reported or not.
 */
export function ReviewSearch() {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [status, setStatus] = useState("");
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const found = useReviewSearch(query, status, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  };
  return (
    <section aria-labelledby="admin-any-review">
      <h2 id="admin-any-review">Any review</h2>
      <p className="muted">
        Remove a review that breaks the guidelines, reported or not, or restore a removed one. Its author is told the reason;
        a removed review leaves the pages, the ratings and the counts until it is restored.
      </p>
      <form className="admin-filter" role="search" aria-label="Find a review" onSubmit={search}>
        <label htmlFor={`${id}-query`} className="field__label">
          Review number or words
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
        <label htmlFor={`${id}-status`} className="field__label">
          Status
        </label>
        <select id={`${id}-status`} className="select" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any</option>
          <option value="published">Published</option>
          <option value="hidden">Hidden by reports</option>
          <option value="removed">Removed</option>
          <option value="deleted">Deleted by its author</option>
        </select>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" size={16} /> Find reviews
        </Button>
      </form>
      {query === undefined ? null : (
        <>
          <QueryState
            query={found}
            loading={<Spinner label="Finding reviews" />}
            error={errorMessage(found.error) || "Failed to find reviews."}
            isEmpty={(data) => data.reviews.length === 0}
            empty={<p>No review matches.</p>}
          >
            {(data) => (
              <ul className="admin-list" aria-label="Reviews found" aria-busy={found.isPlaceholderData || undefined}>
                {data.reviews.map((r) => (
                  <li key={r.id}>
                    <FoundReview review={r} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          <Pager label="Pages of reviews" page={page} hasMore={found.data?.hasMore ?? false} busy={found.isFetching} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function FoundReview({ review }: { review: ModeratedReview }) {
  return (
    <article className="admin-card" aria-label={`Review ${review.title}`}>
      <ReviewSummary review={review} />
      {review.status === "deleted" ? (
        <p className="muted">Its author deleted this review: it cannot be restored or removed.</p>
      ) : (
        <ReviewDecisionForm reviewId={review.id} canRemove={review.status !== "removed"} canRestore={review.status !== "published"} />
      )}
    </article>
  );
}
