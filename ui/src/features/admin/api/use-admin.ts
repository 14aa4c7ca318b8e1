import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { errorMessage } from "@/lib/errors";

/** useQueue lists the requests waiting for an administrator (paid checks first, then oldest). */
export function useQueue() {
  return useQuery(AdminService.method.listQueue, { pageSize: 100 });
}

/** useDecisions lists the latest administrator decisions. */
export function useDecisions() {
  return useQuery(AdminService.method.listDecisions, { pageSize: 20 });
}

/** useReportedReviews lists reported reviews (hidden ones first). */
export function useReportedReviews() {
  return useQuery(ReviewService.method.listReportedReviews, {});
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [AdminService, PropertyService, ReviewService].map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
}

const failed = (fallback: string) => (err: unknown) =>
  toast({ title: "Error", description: errorMessage(err) || fallback, variant: "destructive" });

/** useDecide approves or rejects a queued request, then refreshes the queue and the log. */
export function useDecide() {
  const refresh = useRefresh();
  return useMutation(AdminService.method.decideRequest, {
    onSuccess: async (res) => {
      // SPEC §8's words when a verification is granted.
      toast(
        res.decision?.decision === "approve"
          ? { title: "Property Verified", description: "The request was approved." }
          : { title: "Success", description: "The request was rejected." },
      );
      await refresh();
    },
    onError: failed("Failed to decide the request."),
  });
}

/** useModerate restores or removes a reported review. */
export function useModerate() {
  const refresh = useRefresh();
  return useMutation(ReviewService.method.moderateReview, {
    onSuccess: async (_res, req) => {
      toast({ title: "Success", description: req.decision === "restore" ? "The review was restored." : "The review was removed." });
      await refresh();
    },
    onError: failed("Failed to moderate the review."),
  });
}
