import { useQuery } from "@connectrpc/connect-query";
import { useMemo } from "react";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { reviewCounts } from "../review-counts";

/**
 * useReviewCounts fetches a property's reviews per type with ReviewService.GetRatingSummary
 * (one call for every tab's count and the rating's own). Creating a review refetches it
 * (useCreateReview invalidates every ReviewService query), and so does a report, which may
 * hide a review.
 */
export function useReviewCounts(propertyId: number) {
  const query = useQuery(ReviewService.method.getRatingSummary, { propertyId });
  const counts = useMemo(() => (query.data ? reviewCounts(query.data) : undefined), [query.data]);
  return { query, counts };
}
