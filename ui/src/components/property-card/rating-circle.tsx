import { formatRating, ratingBand, ratingLabel } from "@/lib/rating";

interface RatingCircleProps {
  /** The average rating to one decimal. */
  average: number;
  /** The number of reviews; without any the circle says "New" rather than rating 0 as "Bad". */
  count: number;
  size?: "sm" | "lg";
  className?: string;
}

/**
 * RatingCircle shows an average rating with one decimal in a circle coloured by its
 * band, with the band's label (SPEC §4): Excellent, Very Good, Average, Poor, Bad.
 */
export function RatingCircle({ average, count, size = "sm", className }: RatingCircleProps) {
  const classes = ["rating-circle", `rating-circle--${size}`, className];
  if (count <= 0) {
    return (
      <div className={[...classes, "rating-circle--none"].filter(Boolean).join(" ")} role="img" aria-label="No reviews yet">
        <span className="rating-circle__value" aria-hidden="true">
          New
        </span>
        <span className="rating-circle__label" aria-hidden="true">
          No reviews
        </span>
      </div>
    );
  }
  const value = formatRating(average);
  const label = ratingLabel(average);
  return (
    <div
      className={[...classes, `rating-circle--${ratingBand(average)}`].filter(Boolean).join(" ")}
      role="img"
      aria-label={`Rated ${value} out of 5: ${label}`}
    >
      <span className="rating-circle__value" aria-hidden="true">
        {value}
      </span>
      <span className="rating-circle__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
