import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { GamificationService } from "@/gen/rentproof/gamification/v1/gamification_pb";
import { errorMessage } from "@/lib/errors";

/** SPEC §8's messages of the administrator's two buttons. */
export const MIGRATION_FAILED = { title: "Migration Failed", description: "There was an error running the migration." };
export const MIGRATION_OK = "Migration Initiated";
export const INITIALIZE_FAILED = "Initialization Failed";
export const INITIALIZE_FAILED_DEFAULT = "There was an error initializing gamification data.";
export const INITIALIZE_OK = "Gamification Initialized";

/** useProfile asks for the signed-in user's XP, level, badges and rank. */
export function useProfile() {
  return useQuery(GamificationService.method.getProfile, {});
}

/**
 * useLeaderboard asks for the top users and the caller's rank, only while `enabled` (the
 * Leaderboard tab is open: SPEC §7).
 */
export function useLeaderboard(enabled: boolean) {
  return useQuery(GamificationService.method.getLeaderboard, {}, { enabled });
}

/** useRefresh refetches everything of the gamification service (profile and leaderboard). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: GamificationService, cardinality: undefined }),
    });
}

/** useSetLeaderboardName chooses the full name or first name and initial on the leaderboard. */
export function useSetLeaderboardName() {
  const refresh = useRefresh();
  return useMutation(GamificationService.method.setLeaderboardName, {
    onSuccess: () => refresh(),
    onError: (err) =>
      toast({
        title: "Error",
        description: errorMessage(err) || "Your leaderboard name could not be changed. Please try again.",
        variant: "destructive",
      }),
  });
}

/** useRunMigration is the administrator's "Step 1: Run Migration", with SPEC §8's toasts. */
export function useRunMigration() {
  const refresh = useRefresh();
  return useMutation(GamificationService.method.runMigration, {
    onSuccess: (res) => {
      toast({ title: MIGRATION_OK, description: res.message });
      void refresh();
    },
    onError: () => toast({ ...MIGRATION_FAILED, variant: "destructive" }),
  });
}

/**
 * useInitialize is the administrator's "Step 2: Initialize Data", with SPEC §8's toasts; the
 * profile is fetched again afterwards.
 */
export function useInitialize() {
  const refresh = useRefresh();
  return useMutation(GamificationService.method.initialize, {
    onSuccess: (res) => {
      toast({ title: INITIALIZE_OK, description: res.message });
      void refresh();
    },
    onError: (err) =>
      toast({
        title: INITIALIZE_FAILED,
        description: errorMessage(err) || INITIALIZE_FAILED_DEFAULT,
        variant: "destructive",
      }),
  });
}
