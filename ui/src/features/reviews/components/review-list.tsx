import { ReviewCard } from "@/components/review-card/review-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { errorTypeFromError } from "@/lib/errors";
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

  if (result.isPending) {
    return (
      <div className="review-list__state">
        <Spinner label="Loading reviews" />
      </div>
    );
  }
  if (!result.data) {
    return (
      <ErrorPanel
        type={errorTypeFromError(result.error)}
        message="Reviews could not be loaded."
        onRetry={() => void result.refetch()}
        retrying={result.isRefetching}
      />
    );
  }

  const reviews = result.data.pages.flatMap((page) => page.reviews);
  if (reviews.length === 0) {
    return <EmptyState type="reviews" title={EMPTY_TITLES[tab]} headingLevel={3} />;
  }

  return (
    <>
      <ul className="review-list" aria-label="Reviews">
        {reviews.map((review) => (
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
  );
}
