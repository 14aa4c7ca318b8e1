import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { GamificationPage } from "@/features/gamification/components/gamification-page";

/** GamificationRoute is /gamification (behind ProtectedRoute): the rewards profile and leaderboard. */
export function GamificationRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <GamificationPage user={user} />;
}
