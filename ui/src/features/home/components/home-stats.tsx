import { Building2, MessageSquare, Users, UserCheck, type LucideIcon } from "lucide-react";
import type { GetStatisticsResponse } from "@/gen/rentproof/statistics/v1/statistics_pb";
import { usePlatformStatistics } from "@/lib/use-platform-statistics";

const count = new Intl.NumberFormat("en-US");

/**
 * The headline statistics (SPEC §1, §2), each the live count from StatisticsService, not SPEC's
 * fixed "5,780+": a trust platform shows only figures it can stand behind.
 */
export const HOME_STATS: { label: string; value: (s: GetStatisticsResponse) => number; icon: LucideIcon }[] = [
  { label: "Properties", value: (s) => s.totalProperties, icon: Building2 },
  { label: "Reviews", value: (s) => s.totalReviews, icon: MessageSquare },
  { label: "Landlords", value: (s) => s.totalLandlords, icon: UserCheck },
  { label: "Tenants", value: (s) => s.totalTenants, icon: Users },
];

/**
 * HomeStats is the band of four headline statistics under the hero. Until the figures arrive (and
 * in the prerendered page, which must not bake in a number) each value is a placeholder of the
 * value's own height, so the band does not move when they land; if they cannot be loaded, a dash.
 */
export function HomeStats() {
  const { data, isError } = usePlatformStatistics();
  return (
    <section className="home-stats" aria-label="RentProof in numbers" aria-busy={!data && !isError}>
      <dl className="container home-stats__grid">
        {HOME_STATS.map(({ value, label, icon: Icon }) => (
          <div key={label} className="home-stats__item">
            <Icon aria-hidden="true" size={26} className="home-stats__icon" />
            <dt className="home-stats__label">{label}</dt>
            <dd className="home-stats__value">
              {data ? (
                count.format(value(data))
              ) : isError ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="visually-hidden">Not available</span>
                </>
              ) : (
                <span className="skeleton home-stats__placeholder">
                  <span className="visually-hidden">Loading</span>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
