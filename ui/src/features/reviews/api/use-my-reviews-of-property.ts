import { useQuery } from "@connectrpc/connect-query";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/**
 * useMyReviewsOfProperty asks which reviews the signed-in user already wrote about a property
 * (ReviewService.ListMyReviewsOfProperty): one of each type is allowed, so the form offers the
 * others. A review posted refreshes it with every ReviewService query (useCreateReview).
 */
export function useMyReviewsOfProperty(propertyId: number) {
  return useQuery(ReviewService.method.listMyReviewsOfProperty, { propertyId });
}
