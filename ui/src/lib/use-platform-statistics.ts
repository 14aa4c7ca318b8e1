import { useQuery } from "@connectrpc/connect-query";
import { StatisticsService } from "@/gen/rentproof/statistics/v1/statistics_pb";

/**
 * usePlatformStatistics loads the live platform figures (StatisticsService.GetStatistics),
 * which the server recomputes at most once a minute (SPEC §9's 60-second statistics cache).
 */
export function usePlatformStatistics() {
  return useQuery(StatisticsService.method.getStatistics, {}, { staleTime: 60_000 });
}
