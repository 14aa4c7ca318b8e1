import { ArrowRight, BadgeCheck, Quote } from "lucide-react";
import { Link } from "react-router-dom";
import { StarRow } from "@/components/property-card/star-row";
import { reviewerName } from "@/components/review-card/review-labels";
import { ReviewPhotos } from "@/components/review-card/review-photos";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { postedAgo } from "@/lib/relative-time";
import { truncate } from "@/lib/text";
import { useRecentReviews } from "../api/use-home-data";

/** How much of a review's text the home page shows. */
const EXCERPT_LENGTH = 220;

/** reviewerName is shared with the review card: "First L.", or "Anonymous User" (SPEC §2). */
export { reviewerName };

function RecentReview({ review }: { review: Review }) {
  const who = reviewerName(review);
  return (
    <article className="card recent-review" aria-labelledby={`recent-review-${review.id}`}>
      <Quote className="recent-review__quote" aria-hidden="true" size={28} />
      <div className="recent-review__head">
        <StarRow rating={review.rating} />
        {review.verified ? (
          <span className="badge badge--verified">
            <BadgeCheck aria-hidden="true" size={14} /> Verified
          </span>
        ) : null}
      </div>
      <h3 id={`recent-review-${review.id}`} className="recent-review__title">
        {review.title}
      </h3>
      <p className="recent-review__content">{truncate(review.content, EXCERPT_LENGTH)}</p>
      <ReviewPhotos photos={review.photos} author={who.name} />
      <div className="recent-review__foot">
        <div className="author">
          <Avatar fallback={who.initials} size="sm" />
          <div className="author__text">
            <span className="author__name">{who.name}</span>
            <span className="author__title">{postedAgo(review.createdAt)}</span>
          </div>
        </div>
        {review.propertyTitle ? (
          <Link to={`/properties/${review.propertyId}`} className="recent-review__property">
            {review.propertyTitle}
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** RecentReviews shows the newest reviews (up to two), loaded in one request. */
export function RecentReviews() {
  const result = useRecentReviews();

  const body = (
    <QueryState
      query={result}
      loading={<Loading label="Loading reviews" className="recent-reviews__grid skeleton recent-reviews__skeleton" />}
      error="Recent reviews could not be loaded."
      isEmpty={(data) => data.reviews.length === 0}
      empty={<EmptyState type="reviews" headingLevel={3} />}
    >
      {(data) => (
        <div className="recent-reviews__grid">
          {data.reviews.slice(0, 2).map((review) => (
            <RecentReview key={review.id} review={review} />
          ))}
        </div>
      )}
    </QueryState>
  );

  return (
    <section className="section home-section" aria-labelledby="recent-reviews-title">
      <div className="container">
        <div className="home-section__header">
          <div>
            <h2 id="recent-reviews-title" className="section__title">
              Recent Reviews
            </h2>
            <p className="section__subtitle">
              What tenants are saying about the places they rent. <Link to="/how-reviews-work">How reviews work</Link>
            </p>
          </div>
          <Link to="/find-properties" className={buttonClass("outline")}>
            Read More Reviews <ArrowRight aria-hidden="true" size={16} />
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
