import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { errorMessage } from "@/lib/errors";

/** The toast text when a review fails without a message from the server (SPEC §8). */
export const REVIEW_FALLBACK = "There was an error submitting your review. Please try again.";

/**
 * useCreateReview posts a review with ReviewService.CreateReview and reports it with
 * SPEC §8's toasts. On success every ReviewService query is refetched (the review lists
 * and GetRatingSummary, which gives each tab's count), and so are the properties (the
 * page's rating summary and the cards' counts come with them). The refetch is not waited
 * for: the form closes as soon as the server has the review, while its toast is showing
 * (a busy server once kept the dialog open, and the page behind it hidden, past the toast's
 * five seconds).
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation(ReviewService.method.createReview, {
    onSuccess: () => {
      toast({
        title: "Review submitted",
        description: "Thank you for sharing your experience. Your review is published.",
      });
      void Promise.all([
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: ReviewService, cardinality: undefined }),
        }),
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: PropertyService, cardinality: undefined }),
        }),
      ]);
    },
    onError: (err) => {
      toast({ title: "Error submitting review", description: errorMessage(err) || REVIEW_FALLBACK, variant: "destructive" });
    },
  });
}
