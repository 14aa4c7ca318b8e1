import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { errorMessage } from "@/lib/errors";

/** Toast texts of the review card's actions (SPEC §8 for Helpful; the others are ours). */
export const HELPFUL_FALLBACK = "Failed to mark review as helpful";
export const REPORT_FALLBACK = "Failed to report the review. Please try again.";
export const RESPOND_FALLBACK = "Failed to save your response. Please try again.";

/** useRefetchReviewLists returns what refetches every cached page of property reviews. */
function useRefetchReviewLists() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: ReviewService.method.listPropertyReviews, cardinality: undefined }),
    });
}

/**
 * useMarkHelpful records a helpful vote with ReviewService.MarkHelpful, says thank you
 * (or, for a repeat vote, that it was already counted) and refetches the review lists
 * (SPEC §4: the button is pending until then).
 */
export function useMarkHelpful() {
  const refetch = useRefetchReviewLists();
  return useMutation(ReviewService.method.markHelpful, {
    onSuccess: ({ alreadyMarked }) => {
      if (alreadyMarked) {
        toast({ title: "Already marked", description: "You have already marked this review as helpful." });
      } else {
        toast({ title: "Thank you!", description: "You've marked this review as helpful" });
      }
      void refetch();
    },
    onError: (err) => {
      toast({ title: "Error", description: errorMessage(err) || HELPFUL_FALLBACK, variant: "destructive" });
    },
  });
}

/**
 * useReportReview reports a review with ReviewService.ReportReview. A report may hide the
 * review until a moderator decides, which takes it out of the lists, the counts and the
 * stars: all of them are fetched again. A refusal (say, the daily limit on reports) is
 * shown in the server's words.
 */
export function useReportReview() {
  const queryClient = useQueryClient();
  return useMutation(ReviewService.method.reportReview, {
    onSuccess: () => {
      toast({ title: "Report submitted", description: "Thank you. Our moderators will look at this review." });
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
      toast({ title: "Error", description: errorMessage(err) || REPORT_FALLBACK, variant: "destructive" });
    },
  });
}

/** useRespondToReview sets or edits the property owner's response with ReviewService.RespondToReview. */
export function useRespondToReview(editing: boolean) {
  const refetch = useRefetchReviewLists();
  return useMutation(ReviewService.method.respondToReview, {
    onSuccess: () => {
      toast(
        editing
          ? { title: "Response updated", description: "Your edited response is shown under the review." }
          : { title: "Response posted", description: "Your response is shown under the review." },
      );
      void refetch();
    },
    onError: (err) => {
      toast({ title: "Error", description: errorMessage(err) || RESPOND_FALLBACK, variant: "destructive" });
    },
  });
}
