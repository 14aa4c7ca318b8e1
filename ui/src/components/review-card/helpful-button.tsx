import { ThumbsUp } from "lucide-react";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/count";
import { useMarkHelpful } from "./use-review-actions";

/**
 * HelpfulButton marks a review as helpful and shows the count. It is disabled while
 * the vote and the refetch of the list run (SPEC §4 "Helpful button").
 */
export function HelpfulButton({ review }: { review: Review }) {
  const mark = useMarkHelpful();
  const pending = mark.isPending;
  const count = formatCount(review.helpful);
  return (
    <Button
      variant="outline"
      size="sm"
      className={review.helpfulByViewer ? "review-card__helpful review-card__helpful--marked" : "review-card__helpful"}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={review.helpfulByViewer ? `Helpful (${count}), marked by you` : undefined}
      onClick={() => mark.mutate({ reviewId: review.id })}
    >
      {pending ? <span className="spinner spinner--sm" aria-hidden="true" /> : <ThumbsUp aria-hidden="true" size={16} />}
      Helpful ({count})
    </Button>
  );
}
