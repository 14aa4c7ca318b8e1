import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/** The page sizes of the dashboard's lists (the server's defaults, sent so caches are shared). */
export const MY_REVIEWS_PAGE_SIZE = 10;
export const MY_PROPERTIES_PAGE_SIZE = 20;

/**
 * useMyReviews pages the signed-in user's reviews (every status), with an optional search over
 * title and content. The first page without a query also gives the account summary its count.
 */
export function useMyReviews(query = "", page = 1) {
  return useQuery(
    ReviewService.method.listMyReviews,
    { query, page, pageSize: MY_REVIEWS_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}

/** useMyProperties pages the signed-in user's listings, with an optional search over title, address or city. */
export function useMyProperties(query = "", page = 1) {
  return useQuery(
    PropertyService.method.listMyProperties,
    { query, page, pageSize: MY_PROPERTIES_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}

/** useLandlordStats sums the signed-in user's listings (the stats card and the account summary). */
export function useLandlordStats() {
  return useQuery(PropertyService.method.getLandlordStats, {});
}
