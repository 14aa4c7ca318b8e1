import { HowReviewsWorkPage } from "@/features/content/components/how-reviews-work-page";
import { XpTable } from "@/features/gamification/components/xp-table";
import { reviewTypesFor } from "@/features/reviews/review-types";

/**
 * HowReviewsWorkRoute is /how-reviews-work (linked from the footer, the property page's reviews and
 * the verification dialog): the page takes the points table and the review form's rule of who may
 * write which type from the features that apply them, so it cannot describe other rules.
 */
export function HowReviewsWorkRoute() {
  return <HowReviewsWorkPage xpTable={<XpTable captionId="xp-caption" />} reviewTypesFor={reviewTypesFor} />;
}
