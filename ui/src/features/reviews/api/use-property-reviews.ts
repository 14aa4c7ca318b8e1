import { useInfiniteQuery } from "@connectrpc/connect-query";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/** The review tabs of the property page (SPEC §2), with the server's tab values. */
export const REVIEW_TABS = [
  { value: "all", label: "All" },
  { value: "tenant", label: "Tenant" },
  { value: "landlord", label: "Landlord" },
  { value: "neighborhood", label: "Neighborhood" },
  { value: "agent", label: "Agent" },
] as const;

export type ReviewTab = (typeof REVIEW_TABS)[number]["value"];

/** How many reviews one page (one "Load more") brings. */
export const REVIEW_PAGE_SIZE = 10;

/**
 * usePropertyReviews pages through a property's reviews for one tab, newest first,
 * with ReviewService.ListPropertyReviews; the next page exists while hasMore is true.
 */
export function usePropertyReviews(propertyId: number, tab: ReviewTab) {
  return useInfiniteQuery(
    ReviewService.method.listPropertyReviews,
    { propertyId, tab, page: 1, pageSize: REVIEW_PAGE_SIZE },
    {
      pageParamKey: "page",
      getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    },
  );
}
