import { PlaceholderPage } from "./placeholder-page";

/** HowReviewsWorkRoute is /how-reviews-work: replaced by the page itself in issue 17's work. */
export function HowReviewsWorkRoute() {
  return <PlaceholderPage title="How Reviews Work" />;
}
