import { PenLine } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { StarRow } from "@/components/property-card/star-row";
import { reviewTypeLabel } from "@/components/review-card/review-labels";
import { ReviewPhotos } from "@/components/review-card/review-photos";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { formatDate, isoDate } from "@/lib/format";
import { truncate } from "@/lib/text";
import { MY_REVIEWS_PAGE_SIZE, useMyReviews } from "../api/use-dashboard";
import { ListSearch } from "./list-search";
import { ListSkeleton } from "./list-skeleton";
import { Pager } from "./pager";

/** STATUS names a review's status for its author. */
const STATUS: Record<string, { label: string; className: string }> = {
  published: { label: "Published", className: "badge dashboard-badge dashboard-badge--good" },
  hidden: { label: "Under review", className: "badge dashboard-badge dashboard-badge--wait" },
  removed: { label: "Removed", className: "badge dashboard-badge dashboard-badge--wait" },
};

/** Where Write a Review leads: a review is written from a property's page, found by search (SPEC §2 Home). */
const WRITE_A_REVIEW = "/find-properties";

/**
 * MyReviewsPanel is the tenant dashboard's My Reviews tab (SPEC §2): the reviews the user wrote,
 * newest first, in every status (one that reports hid or a moderator removed says so), with a
 * search over title and content; empty states with Clear Search and Write a Review.
 */
export function MyReviewsPanel() {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [searchKey, setSearchKey] = useState(0);
  const reviews = useMyReviews(query, page);
  const search = (q: string) => {
    setQuery(q);
    setPage(1);
  };
  const clear = () => {
    search("");
    setSearchKey((k) => k + 1);
  };
  const writeLink = (
    <Link to={WRITE_A_REVIEW} className={buttonClass("primary")}>
      <PenLine aria-hidden="true" size={16} /> Write a Review
    </Link>
  );

  const body = (
    <QueryState
      query={reviews}
      loading={<ListSkeleton label="Loading your reviews" />}
      error="Your reviews could not be loaded."
      isEmpty={(data) => data.reviews.length === 0}
      empty={
        query ? (
          <EmptyState
            type="search"
            headingLevel={3}
            title="No reviews found"
            message={`None of your reviews mentions "${query}".`}
            action={
              <>
                <Button variant="outline" onClick={clear}>
                  Clear Search
                </Button>
                {writeLink}
              </>
            }
          />
        ) : (
          <EmptyState
            type="reviews"
            headingLevel={3}
            title="No reviews yet"
            message="You haven't written any reviews yet. Share your experience of a place you rented."
            action={writeLink}
          />
        )
      }
    >
      {(data) => (
        <>
          <p className="muted dashboard-list__count" aria-live="polite">
            {query
              ? `${data.totalCount} of your ${data.reviewCount} reviews match "${query}"`
              : `${data.totalCount} ${data.totalCount === 1 ? "review" : "reviews"}`}
          </p>
          <ul className="dashboard-list" aria-label="My reviews" aria-busy={reviews.isPlaceholderData || undefined}>
            {data.reviews.map((r) => (
              <MyReview key={r.id} review={r} />
            ))}
          </ul>
          <Pager page={page} pageSize={MY_REVIEWS_PAGE_SIZE} total={data.totalCount} onPage={setPage} noun="reviews" />
          <p className="muted">
            <Link to="/how-reviews-work#hidden">How reviews work</Link>: when a review is hidden or removed.
          </p>
        </>
      )}
    </QueryState>
  );
  return (
    <div className="dashboard-tab">
      <ListSearch key={searchKey} initial={query} onSearch={search} label="Search my reviews" placeholder="Search your reviews by title or content" />
      {body}
    </div>
  );
}

function MyReview({ review: r }: { review: Review }) {
  const status = STATUS[r.status] ?? STATUS.published;
  return (
    <li className="dashboard-row my-review">
      <div className="dashboard-row__head">
        <h3 className="dashboard-row__title" dir="auto">
          {r.title}
        </h3>
        <span className={status.className}>{status.label}</span>
      </div>
      <p className="dashboard-row__meta">
        <Link to={`/properties/${r.propertyId}`}>{r.propertyTitle || `Property #${r.propertyId}`}</Link>
        <span aria-hidden="true"> · </span>
        {reviewTypeLabel(r.reviewType)}
        {r.createdAt ? (
          <>
            <span aria-hidden="true"> · </span>
            <time dateTime={isoDate(r.createdAt)}>{formatDate(r.createdAt)}</time>
          </>
        ) : null}
      </p>
      <StarRow rating={r.rating} />
      <p className="my-review__content" dir="auto">
        {truncate(r.content, 240)}
      </p>
      <ReviewPhotos photos={r.photos} />
    </li>
  );
}
