import { BarChart3 } from "lucide-react";
import { useId } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { GetLandlordStatsResponse } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";
import { formatCurrency, DEFAULT_CURRENCY } from "@/lib/currency";
import { errorTypeFromError } from "@/lib/errors";
import { propertyTypeLabel, SEARCH_PROPERTY_TYPES } from "@/lib/property";
import { useLandlordStats } from "../api/use-dashboard";
import { LoadingFigure } from "./loading-figure";

/**
 * typeRows are the counts by type SPEC §2 lists (apartment, house, condo, student_housing),
 * zero or not, then any other type the landlord has, as the server orders them.
 */
export function typeRows(stats: Pick<GetLandlordStatsResponse, "typeCounts">): { type: string; count: number }[] {
  const counts = new Map(stats.typeCounts.map((t) => [t.propertyType, t.count]));
  const fixed: readonly string[] = SEARCH_PROPERTY_TYPES;
  return [
    ...fixed.map((type) => ({ type, count: counts.get(type) ?? 0 })),
    ...stats.typeCounts.filter((t) => !fixed.includes(t.propertyType)).map((t) => ({ type: t.propertyType, count: t.count })),
  ];
}

/** averageText is the average rating to one decimal, or "N/A" without a rated review. */
export function averageText(stats: Pick<GetLandlordStatsResponse, "averageRating" | "ratedReviewCount">): string {
  return stats.ratedReviewCount > 0 ? stats.averageRating.toFixed(1) : "N/A";
}

/**
 * PropertyStats is the landlord dashboard's Property Stats card (SPEC §2): the total monthly rent
 * in each currency (never added across currencies), the property count, the real average rating
 * of the reviews that rate the properties (or N/A), and the counts by type.
 */
export function PropertyStats() {
  const headingId = useId();
  const stats = useLandlordStats();
  return (
    <section className="card dashboard-panel property-stats" aria-labelledby={headingId} aria-busy={stats.isPending || undefined}>
      <h2 id={headingId} className="dashboard-panel__title">
        <BarChart3 aria-hidden="true" size={20} /> Property Stats
      </h2>
      {stats.isError ? (
        <ErrorPanel
          type={errorTypeFromError(stats.error)}
          message="Your property stats could not be loaded."
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <dl className="summary-list">
          <div>
            <dt>Total monthly rent</dt>
            <dd className="property-stats__rents">
              {stats.data ? (
                stats.data.monthlyRentTotals.length ? (
                  stats.data.monthlyRentTotals.map((r) => (
                    <span key={r.currency}>{formatCurrency(Number(r.monthlyRent), r.currency)}</span>
                  ))
                ) : (
                  formatCurrency(0, DEFAULT_CURRENCY)
                )
              ) : (
                <LoadingFigure />
              )}
            </dd>
          </div>
          <div>
            <dt>Properties</dt>
            <dd>{stats.data ? formatCount(stats.data.propertyCount) : <LoadingFigure />}</dd>
          </div>
          <div>
            <dt>Average rating</dt>
            <dd>{stats.data ? averageText(stats.data) : <LoadingFigure />}</dd>
          </div>
          {(stats.data ? typeRows(stats.data) : typeRows({ typeCounts: [] })).map(({ type, count }) => (
            <div key={type}>
              <dt>{propertyTypeLabel(type)}</dt>
              <dd>{stats.data ? formatCount(count) : <LoadingFigure />}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
