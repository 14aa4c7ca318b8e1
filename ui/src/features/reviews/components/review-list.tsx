import { Link } from "react-router-dom";
import { ReviewCard } from "@/components/review-card/review-card";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { usePropertyReviews, type ReviewTab } from "../api/use-property-reviews";

/** The empty-state title of each tab. */
const EMPTY_TITLES: Record<ReviewTab, string> = {
  all: "No reviews yet",
  tenant: "No tenant reviews yet",
  landlord: "No landlord reviews yet",
  neighborhood: "No neighborhood reviews yet",
  agent: "No agent reviews yet",
};

/** The empty-state title of each tab under "Verified reviews only". */
const EMPTY_VERIFIED_TITLES: Record<ReviewTab, string> = {
  all: "No verified reviews yet",
  tenant: "No verified tenant reviews yet",
  landlord: "No verified landlord reviews yet",
  neighborhood: "No verified neighborhood reviews yet",
  agent: "No verified agent reviews yet",
};

interface ReviewListProps {
  propertyId: number;
  tab: ReviewTab;
  viewerId: number | null;
  /** True when the viewer owns the property (and may respond to its reviews). */
  viewerIsOwner: boolean;
  /** Lists only the verified reviews ("Verified reviews only"). */
  verifiedOnly?: boolean;
  /** Where the list goes with the filter cleared (the same page without it). */
  allReviewsHref?: string;
}

/**
 * ReviewList shows one tab's reviews, newest first, with Load more while more remain; only the
 * verified ones under "Verified reviews only", whose empty state says what verified means and
 * offers every review instead.
 */
export function ReviewList({ propertyId, tab, viewerId, viewerIsOwner, verifiedOnly = false, allReviewsHref }: ReviewListProps) {
  const result = usePropertyReviews(propertyId, tab, verifiedOnly);

  return (
    <QueryState
      query={result}
      loading={
        <div className="review-list__state">
          <Spinner label="Loading reviews" />
        </div>
      }
      error="Reviews could not be loaded."
      isEmpty={(data) => data.pages.every((page) => page.reviews.length === 0)}
      empty={
        verifiedOnly ? (
          <EmptyState
            type="reviews"
            title={EMPTY_VERIFIED_TITLES[tab]}
            message={
              tab === "agent"
                ? "Agent reviews are never verified: there is no proof of an agent's work at a property yet."
                : "A review is verified when a checked tenancy at this property stands behind it: confirmed by its verified owner, or documents our team has read."
            }
            action={
              allReviewsHref !== undefined ? (
                <Link to={allReviewsHref} replace className={buttonClass("outline", "sm")}>
                  Show all reviews
                </Link>
              ) : null
            }
            headingLevel={3}
          />
        ) : (
          <EmptyState type="reviews" title={EMPTY_TITLES[tab]} headingLevel={3} />
        )
      }
    >
      {(data) => (
        <>
          <ul className="review-list" aria-label="Reviews">
            {data.pages
              .flatMap((page) => page.reviews)
              .map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} viewerId={viewerId} canRespond={viewerIsOwner} />
                </li>
              ))}
          </ul>
          {result.hasNextPage ? (
            <div className="review-list__more">
              {result.isFetchNextPageError ? (
                <p className="field__error" role="alert">
                  More reviews could not be loaded. Please try again.
                </p>
              ) : null}
              <Button
                variant="outline"
                onClick={() => void result.fetchNextPage()}
                disabled={result.isFetchingNextPage}
                aria-busy={result.isFetchingNextPage || undefined}
              >
                {result.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
