import { ThumbsUp } from "lucide-react";
import { RatingCircle } from "@/components/property-card/rating-circle";
import { StarRow } from "@/components/property-card/star-row";
import type { RatingSummary as Summary } from "@/gen/rentproof/property/v1/property_pb";
import { pluralize, shownAndCounted } from "@/lib/rating";

export interface RatingSummaryProps {
  summary: Summary | undefined;
  /** How many reviews the property lists, of every type and counted or not; undefined until known. */
  shown?: number;
}

/**
 * RatingSummary shows a property's stored review aggregate: average, stars, count,
 * recommend count, and how many reviews gave each number of stars (5 to 1). When the
 * property lists more reviews than count in its stars (reviews about the landlord or the
 * neighbourhood, new members' reviews), the count says both: "12 reviews · 9 count toward
 * the rating."
 */
export function RatingSummary({ summary, shown }: RatingSummaryProps) {
  const count = summary?.count ?? 0;
  const both = shown === undefined ? null : shownAndCounted(shown, count);
  const average = summary?.average ?? 0;
  const distribution = [0, 1, 2, 3, 4].map((i) => summary?.distribution[i] ?? 0);
  return (
    <div className="rating-summary">
      <div className="rating-summary__score">
        <RatingCircle average={average} count={count} size="lg" />
        <div>
          <StarRow rating={average} size={18} />
          <p className="rating-summary__count">{both ?? (count ? pluralize(count, "review") : "No reviews yet")}</p>
          {count ? (
            <p className="rating-summary__recommend">
              <ThumbsUp aria-hidden="true" size={14} /> {summary?.recommendCount ?? 0} recommend
            </p>
          ) : null}
        </div>
      </div>
      <ul className="rating-bars" aria-label="Rating distribution">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = distribution[stars - 1];
          const pct = count ? Math.round((n / count) * 100) : 0;
          return (
            <li key={stars} className="rating-bars__row">
              <span className="rating-bars__label">{pluralize(stars, "star")}</span>
              <span className="rating-bars__track" aria-hidden="true">
                <span className="rating-bars__fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="rating-bars__count">
                {n}
                <span className="visually-hidden"> {n === 1 ? "review" : "reviews"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
