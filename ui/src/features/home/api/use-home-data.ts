import { useQuery } from "@connectrpc/connect-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ResourceService } from "@/gen/rentproof/resource/v1/resource_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/** The number of featured properties on the home page (SPEC §9). */
export const FEATURED_COUNT = 3;
/** The number of recent reviews on the home page (SPEC §9). */
export const RECENT_REVIEW_COUNT = 2;
/** The number of resources on the home page (SPEC §9). */
export const HOME_RESOURCE_COUNT = 3;

/** useFeaturedProperties loads the first properties of the featured order, ratings included. */
export function useFeaturedProperties() {
  return useQuery(PropertyService.method.searchProperties, {
    sortBy: "featured",
    page: 1,
    pageSize: FEATURED_COUNT,
  });
}

/** useRecentReviews loads the newest reviews with their authors and property titles, in one request. */
export function useRecentReviews() {
  return useQuery(ReviewService.method.listRecentReviews, { limit: RECENT_REVIEW_COUNT });
}

/** useHomeResources loads the resource library; the page shows its first few. */
export function useHomeResources() {
  return useQuery(
    ResourceService.method.listResources,
    { category: "", query: "" },
    { select: (data) => data.resources.slice(0, HOME_RESOURCE_COUNT) },
  );
}
