import type { GetStatisticsResponse } from "@/gen/rentproof/statistics/v1/statistics_pb";
import { ErrorPanel } from "@/components/ui/error-panel";
import { errorTypeFromError } from "@/lib/errors";
import { usePlatformStatistics } from "@/lib/use-platform-statistics";

const count = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** formatPercent writes a percentage to one decimal, with a sign when asked: 12.34 → "+12.3%". */
export function formatPercent(value: number, signed = false): string {
  const text = `${oneDecimal.format(value)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

/** STATS are the figures of the grid, each read from GetStatistics' answer and written for a reader. */
export const STATS: { label: string; value: (s: GetStatisticsResponse) => string; note: string }[] = [
  { label: "Active listings", value: (s) => count.format(s.totalProperties), note: "properties listed now" },
  { label: "Verified listings", value: (s) => count.format(s.totalVerifiedProperties), note: "with a proof behind their badge" },
  { label: "Reviews", value: (s) => count.format(s.totalReviews), note: "written on RentProof" },
  { label: "Average rating", value: (s) => `${oneDecimal.format(s.averageRating)} / 5`, note: "across all reviews" },
  { label: "Countries", value: (s) => count.format(s.uniqueCountries), note: "with active listings" },
  { label: "Active users", value: (s) => count.format(s.activeUsers), note: "signed in within 30 days" },
  { label: "Listing growth", value: (s) => formatPercent(s.monthlyGrowth, true), note: "new listings, last 30 days against the 30 before" },
  { label: "Retention", value: (s) => formatPercent(s.retentionRate), note: "of accounts older than 30 days active in the last 30" },
];

/** PlatformStats is the investor page's grid of live figures from StatisticsService. */
export function PlatformStats() {
  const { data, error, isPending, refetch, isRefetching } = usePlatformStatistics();
  if (error) {
    return (
      <ErrorPanel
        type={errorTypeFromError(error)}
        title="Figures unavailable"
        message="We couldn't load the live figures. Please try again."
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  return (
    <dl className="invest-stats" aria-busy={isPending}>
      {STATS.map((stat) => (
        <div key={stat.label} className="invest-stats__item">
          <dt className="invest-stats__label">{stat.label}</dt>
          <dd className="invest-stats__value">
            {data ? (
              stat.value(data)
            ) : (
              <span className="skeleton skeleton--line invest-stats__placeholder">
                <span className="visually-hidden">Loading</span>
              </span>
            )}
          </dd>
          <dd className="invest-stats__note">{stat.note}</dd>
        </div>
      ))}
    </dl>
  );
}
