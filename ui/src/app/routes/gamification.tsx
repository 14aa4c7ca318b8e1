import { acceptFirstLoad } from "@/app/first-load";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { GamificationPage } from "@/features/gamification/components/gamification-page";
import { GamificationService } from "@/gen/rentproof/gamification/v1/gamification_pb";

// The page comes with the member's profile (internal/web/firstload.go, gamificationCalls).
acceptFirstLoad(GamificationService.method.getProfile);

/** GamificationRoute is /gamification (behind ProtectedRoute): the rewards profile and leaderboard. */
export function GamificationRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <GamificationPage user={user} />;
}
