import { useInfiniteQuery } from "@connectrpc/connect-query";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { tabReviewTypes } from "@/lib/rules";
import { REVIEW_TYPES } from "@/lib/vocab";

/** shows is the review types a tab holds, as the contract declares them (none listed: every type). */
function shows(tab: string): readonly string[] {
  const types = tabReviewTypes(tab);
  return types.length > 0 ? types : REVIEW_TYPES.values;
}

/**
 * The review tabs of the property page (SPEC §2), with the server's tab values and the
 * review types each holds (lib/rules).
 */
export const REVIEW_TABS = [
  { value: "all", label: "All", types: shows("all") },
  { value: "tenant", label: "Tenant", types: shows("tenant") },
  { value: "landlord", label: "Landlord", types: shows("landlord") },
  { value: "neighborhood", label: "Neighborhood", types: shows("neighborhood") },
  { value: "agent", label: "Agent", types: shows("agent") },
] as const satisfies readonly { value: string; label: string; types: readonly string[] }[];

export type ReviewTab = (typeof REVIEW_TABS)[number]["value"];

/** How many reviews one page (one "Load more") brings. */
export const REVIEW_PAGE_SIZE = 10;

/**
 * usePropertyReviews pages through a property's reviews for one tab, newest first, only the
 * verified ones when verifiedOnly is set, with ReviewService.ListPropertyReviews; the next page
 * exists while hasMore is true.
 */
export function usePropertyReviews(propertyId: number, tab: ReviewTab, verifiedOnly = false) {
  return useInfiniteQuery(
    ReviewService.method.listPropertyReviews,
    { propertyId, tab, page: 1, pageSize: REVIEW_PAGE_SIZE, verifiedOnly },
    {
      pageParamKey: "page",
      getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    },
  );
}
