import { skipToken, useQuery } from "@connectrpc/connect-query";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/**
 * useShownReviews is how many published reviews a property lists, of every type and whether
 * they count in its stars or not (ReviewService.GetRatingSummary, the call the reviews' tabs
 * make too, so the page asks once); undefined until known, and while enabled is false.
 */
export function useShownReviews(propertyId: number, enabled = true): number | undefined {
  const { data } = useQuery(ReviewService.method.getRatingSummary, enabled ? { propertyId } : skipToken);
  return data?.types.reduce((n, c) => n + c.count, 0);
}
