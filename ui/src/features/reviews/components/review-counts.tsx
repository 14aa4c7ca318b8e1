import { Info } from "lucide-react";
import { useId } from "react";
import { StarRow } from "@/components/property-card/star-row";
import { Button } from "@/components/ui/button";
import type { ReviewTypeCount } from "@/gen/rentproof/review/v1/review_pb";
import { formatCount } from "@/lib/count";
import { pluralize } from "@/lib/rating";
import { allTabLine, typeFigures, unratedName, type ReviewCounts } from "../review-counts";

/** tabName is a tab's accessible name with its count: "Tenant, 3 reviews". */
export function tabName(label: string, count: number): string {
  return `${label}, ${pluralize(count, "review")}`;
}

/** TabCount is the number of reviews beside a tab's label; the tab's name says it in words (tabName). */
export function TabCount({ count }: { count: number }) {
  return (
    <span className="review-tabs__count" aria-hidden="true">
      {formatCount(count)}
    </span>
  );
}

/**
 * UnratedSummary is a small summary of the kinds of review kept out of the property's
 * rating: each with its count and average stars (of the reviews that count). Nothing
 * without such reviews.
 */
export function UnratedSummary({ items }: { items: ReviewTypeCount[] }) {
  const id = useId();
  if (!items.length) return null;
  return (
    <div className="unrated-summary">
      <p id={id} className="unrated-summary__title">
        Not counted in the property&apos;s rating
      </p>
      <ul aria-labelledby={id} className="unrated-summary__list">
        {items.map((c) => (
          <li key={c.reviewType} className="unrated-summary__item">
            <span className="unrated-summary__name">{unratedName(c.reviewType)}</span>
            <StarRow rating={c.average} size={14} />
            <span className="unrated-summary__figures">{typeFigures(c)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface AllTabSummaryProps {
  counts: ReviewCounts | undefined;
  /** True when the counts could not be loaded. */
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * AllTabSummary heads the All tab: how many reviews it holds, how many of them count toward
 * the property's rating and why the others do not, then the unrated kinds' own summary; or,
 * when the counts could not be loaded, a quiet retry (the list below still works).
 */
export function AllTabSummary({ counts, failed, retrying, onRetry }: AllTabSummaryProps) {
  if (!counts) {
    return failed ? (
      <div className="review-counts review-counts--failed">
        <p>Review counts could not be loaded.</p>
        <Button variant="ghost" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? "Loading..." : "Try Again"}
        </Button>
      </div>
    ) : null;
  }
  const line = allTabLine(counts);
  if (!line) return null;
  return (
    <div className="review-counts">
      <p className="review-counts__line">
        <Info aria-hidden="true" size={16} className="review-counts__icon" />
        <span>{line}</span>
      </p>
      <UnratedSummary items={counts.unrated} />
    </div>
  );
}
