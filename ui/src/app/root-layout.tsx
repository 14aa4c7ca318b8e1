import { useContext } from "react";
import { Outlet } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/layout/skip-link";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { MemberSkeleton } from "@/features/auth/member-skeleton";
import { useSignOut } from "@/features/auth/api/use-sign-out";
import { useUnreadCount } from "@/features/notifications/api/use-unread-count";
import { useScrollRestoration } from "@/lib/use-scroll-restoration";

/** RootLayout is the chrome around every screen: skip link, header, main, footer. */
export function RootLayout() {
  const { user, isLoading } = useCurrentUser();
  const { signOut } = useSignOut();
  const unread = useUnreadCount(user !== null);
  // A member's page prerendered for a member whose address is not verified has the banner too.
  const skeleton = useContext(MemberSkeleton);
  const unverifiedEmail = user ? (user.emailVerified ? null : user.email) : (skeleton?.unverifiedEmail ?? null);
  useScrollRestoration();
  return (
    <div className="app-shell">
      <SkipLink />
      <Header user={user} userLoading={isLoading} unread={unread} onSignOut={signOut} />
      {/* Shown in the same paint as the header's signed-in parts: nothing below it moves later. */}
      {unverifiedEmail !== null ? <VerifyEmailBanner email={unverifiedEmail} /> : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
