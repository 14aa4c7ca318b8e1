// The skeletons of members' pages, for the build's prerenderer only (src/prerender.tsx): the
// server sends a member the one for their role (internal/web/preload.go) so that the page's
// header and opening text paint before the app starts. Each is made of the page's own parts.
import type { ReactNode } from "react";
import { SettingsSkeleton } from "@/app/routes/settings";
import { DashboardWelcome } from "@/features/dashboard/components/dashboard-welcome";
import { AdminSkeleton } from "@/features/admin/components/admin-page";
import { RewardsHeader } from "@/features/gamification/components/gamification-page";

/** The address in a skeleton for a member whose address is not verified: the server writes theirs in its place (internal/web/preload.go). */
export const MEMBER_EMAIL_MARK = "member-email@rentproof.invalid";

/** memberSkeleton is the skeleton of the member's page at path for role ("*": any role without one of its own); null for a page without one. */
export function memberSkeleton(path: string, role: string): ReactNode {
  switch (path) {
    case "/dashboard":
      return <DashboardWelcome user={null} tenant={role === "tenant"} />;
    case "/gamification":
      return <RewardsHeader />;
    case "/settings":
      return <SettingsSkeleton />;
    case "/admin":
      return <AdminSkeleton />;
    default:
      return null;
  }
}
