import { useInfiniteQuery } from "@connectrpc/connect-query";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { REVIEW_TYPES } from "@/lib/vocab";

/**
 * The review tabs of the property page (SPEC §2), with the server's tab values and the
 * review types each holds (internal/review's tabs).
 */
export const REVIEW_TABS = [
  { value: "all", label: "All", types: REVIEW_TYPES.values },
  { value: "tenant", label: "Tenant", types: ["tenant_to_property", "tenant_to_landlord"] },
  { value: "landlord", label: "Landlord", types: ["landlord_to_tenant"] },
  { value: "neighborhood", label: "Neighborhood", types: ["tenant_to_neighborhood"] },
  { value: "agent", label: "Agent", types: ["agent_to_property"] },
] as const satisfies readonly { value: string; label: string; types: readonly string[] }[];

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
