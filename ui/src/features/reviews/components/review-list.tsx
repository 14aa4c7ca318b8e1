import { ReviewCard } from "@/components/review-card/review-card";
import { Button } from "@/components/ui/button";
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

interface ReviewListProps {
  propertyId: number;
  tab: ReviewTab;
  viewerId: number | null;
  /** True when the viewer owns the property (and may respond to its reviews). */
  viewerIsOwner: boolean;
}

/** ReviewList shows one tab's reviews, newest first, with Load more while more remain. */
export function ReviewList({ propertyId, tab, viewerId, viewerIsOwner }: ReviewListProps) {
  const result = usePropertyReviews(propertyId, tab);

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
      empty={<EmptyState type="reviews" title={EMPTY_TITLES[tab]} headingLevel={3} />}
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
