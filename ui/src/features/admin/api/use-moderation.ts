import { createConnectQueryKey, skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { ModerationService } from "@/gen/rentproof/admin/v1/moderation_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/** How many reviews or listings a search of /admin shows at a time. */
export const MODERATION_PAGE_SIZE = 20;

/** useReportedReviews lists the reviews whose reports wait for a moderator, with the reports. */
export function useReportedReviews() {
  return useQuery(ModerationService.method.listReportedReviews, {});
}

/** useReviewSearch finds reviews in every status by number or words (only once asked: query set). */
export function useReviewSearch(query: string | undefined, status: string, page: number) {
  return useQuery(
    ModerationService.method.searchReviews,
    query === undefined ? skipToken : { query, status, page, pageSize: MODERATION_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}

/** useVerifiedProperties lists the listings whose badge is in force, optionally matching query. */
export function useVerifiedProperties(query: string, page: number) {
  return useQuery(
    ModerationService.method.listVerifiedProperties,
    { query, page, pageSize: MODERATION_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}

/** useRefresh refetches what a moderation decision changes: the lists, the log, the reviews and listings. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ModerationService, AdminService, PropertyService, ReviewService].map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
}

/** useRemoveReview removes a review with a reason; the form shows a refusal beside it. */
export function useRemoveReview() {
  const refresh = useRefresh();
  return useMutation(ModerationService.method.removeReview, {
    onSuccess: async (res) => {
      toast({ title: "Review removed", description: `“${res.review?.title ?? ""}” was removed; its author is told why.` });
      await refresh();
    },
  });
}

/** useRestoreReview publishes a review again (or keeps a reported one) with a reason. */
export function useRestoreReview() {
  const refresh = useRefresh();
  return useMutation(ModerationService.method.restoreReview, {
    onSuccess: async (res) => {
      toast({ title: "Review restored", description: `“${res.review?.title ?? ""}” is published; its reports are answered.` });
      await refresh();
    },
  });
}

/** useWithdrawBadge withdraws a listing's verification with a reason; the form shows a refusal beside it. */
export function useWithdrawBadge() {
  const refresh = useRefresh();
  return useMutation(ModerationService.method.withdrawBadge, {
    onSuccess: async () => {
      toast({ title: "Badge withdrawn", description: "The listing reads unverified; its owner is told why." });
      await refresh();
    },
  });
}
