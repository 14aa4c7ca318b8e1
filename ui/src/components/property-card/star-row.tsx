import { Star } from "lucide-react";
import { formatRating, starFill } from "@/lib/rating";

interface StarRowProps {
  /** The average rating, 0 to 5. */
  rating: number;
  size?: number;
  className?: string;
}

/** StarRow draws five stars filled to the nearest half of a rating, announced as "4.3 out of 5 stars". */
export function StarRow({ rating, size = 16, className }: StarRowProps) {
  return (
    <span
      className={["star-row", className].filter(Boolean).join(" ")}
      role="img"
      aria-label={`${formatRating(rating)} out of 5 stars`}
    >
      {starFill(rating).map((fill, i) => (
        <span key={i} className="star-row__star" style={{ width: size, height: size }}>
          <Star className="star-row__empty" size={size} aria-hidden="true" />
          <span className="star-row__fill" style={{ width: `${fill * 100}%` }}>
            <Star size={size} aria-hidden="true" />
          </span>
        </span>
      ))}
    </span>
  );
}
