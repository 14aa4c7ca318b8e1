import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Bath, BedDouble, Ruler, ThumbsUp } from "lucide-react";
import type { ReactNode } from "react";
import { RatingCircle } from "@/components/property-card/rating-circle";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCurrency } from "@/lib/currency";
import { formatDate } from "@/lib/format";
import { formatArea } from "@/lib/property";
import { pluralize } from "@/lib/rating";
import { timeAgo } from "@/lib/relative-time";

/**
 * RentCard is the page's side card: the monthly rent, the rating and its review count, the
 * rooms and area, what the reader can do (`actions`) and when the property was listed.
 */
export function RentCard({ property: p, actions }: { property: Property; actions: ReactNode }) {
  const summary = p.ratingSummary;
  const count = summary?.count ?? 0;
  const listed = p.createdAt ? timestampDate(p.createdAt) : null;
  return (
    <aside className="property-detail__aside" aria-label="Rent and contact">
      <div className="card rent-card">
        <p className="rent-card__rent">
          <strong>{formatCurrency(p.monthlyRent, p.currency)}</strong>
          <span>/month</span>
        </p>
        <div className="rent-card__rating">
          <RatingCircle average={summary?.average ?? p.rating} count={count} />
          <div>
            <p>{count ? pluralize(count, "review") : "No reviews yet"}</p>
            {count ? (
              <p className="rent-card__recommend">
                <ThumbsUp aria-hidden="true" size={14} /> {summary?.recommendCount ?? 0} recommend
              </p>
            ) : null}
          </div>
        </div>
        <ul className="rent-card__facts">
          <li>
            <BedDouble aria-hidden="true" size={16} /> {pluralize(p.bedrooms, "bedroom")}
          </li>
          <li>
            <Bath aria-hidden="true" size={16} /> {pluralize(p.bathrooms, "bathroom")}
          </li>
          <li>
            <Ruler aria-hidden="true" size={16} /> {formatArea(p.squareFeet, p.areaUnit)}
          </li>
        </ul>
        {actions}
        {listed ? (
          <p className="rent-card__listed">
            Listed <time dateTime={listed.toISOString()}>{timeAgo(listed)}</time> ({formatDate(p.createdAt)})
          </p>
        ) : null}
      </div>
    </aside>
  );
}
