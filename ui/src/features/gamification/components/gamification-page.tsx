import { PageHeader } from "@/components/layout/page-header";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { errorTypeFromError } from "@/lib/errors";
import { initials } from "@/lib/text";
import { usePageTitle } from "@/lib/use-page-title";
import { useTabParam } from "@/lib/use-tab-param";
import { useProfile } from "../api/use-gamification";
import { LeaderboardPanel } from "./leaderboard-panel";
import { NotInitialized } from "./not-initialized";
import { ProfilePanel, ProfileSkeleton } from "./profile-panel";
import "../gamification.css";

/** The page's tabs, the first the default; `?tab=` names the open one. */
const TABS = [
  { value: "profile", label: "Profile" },
  { value: "leaderboard", label: "Leaderboard" },
] as const;

const BREADCRUMB = [{ label: "Home", to: "/" }, { label: "Dashboard", to: "/dashboard" }, { label: "Gamification" }];

/**
 * GamificationPage is /gamification (SPEC §2 "Gamification"): the Profile and Leaderboard tabs,
 * or, while the levels and badges are not set up, the "not fully initialised" state.
 */
export function GamificationPage({ user }: { user: User }) {
  usePageTitle("Rewards");
  const [tab, setTab] = useTabParam(TABS);
  const profile = useProfile();

  let body;
  if (profile.isError) {
    body = (
      <ErrorPanel
        type={errorTypeFromError(profile.error)}
        message="Your rewards could not be loaded."
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else if (profile.data && !profile.data.initialized) {
    body = <NotInitialized admin={user.role === "admin"} />;
  } else {
    const p = profile.data?.profile;
    body = (
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Rewards">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          {p ? <ProfilePanel profile={p} initials={initials(user.firstName, user.lastName) || initials(user.username)} /> : <ProfileSkeleton />}
        </TabsContent>
        <TabsContent value="leaderboard">
          <LeaderboardPanel active={tab === "leaderboard"} viewerId={user.id} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <>
      <RewardsHeader />
      <div className="container section gamification">{body}</div>
    </>
  );
}

/** RewardsHeader is the top of /gamification, also the skeleton the server sends a member before the app starts (src/app/member-skeletons.tsx). */
export function RewardsHeader() {
  return (
    <PageHeader title="Rewards" breadcrumb={BREADCRUMB}>
      <p>Earn experience points for reviews, listings and verifications, level up, collect badges and climb the leaderboard.</p>
    </PageHeader>
  );
}
