import { Suspense, lazy } from "react";
import { Outlet } from "react-router-dom";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/layout/skip-link";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { useSignOut } from "@/features/auth/api/use-sign-out";
import { useUnreadCount } from "@/features/notifications/api/use-unread-count";
import { useScrollRestoration } from "@/lib/use-scroll-restoration";

// Only members whose address is not verified see the banner: its code loads for them alone.
const VerifyEmailBanner = lazy(async () => ({
  default: (await import("@/features/auth/components/verify-email-banner")).VerifyEmailBanner,
}));

/** RootLayout is the chrome around every screen: skip link, header, main, footer. */
export function RootLayout() {
  const { user, isLoading } = useCurrentUser();
  const { signOut } = useSignOut();
  const unread = useUnreadCount(user !== null);
  useScrollRestoration();
  return (
    <div className="app-shell">
      <SkipLink />
      <Header user={user} userLoading={isLoading} unread={unread} onSignOut={signOut} />
      {user && !user.emailVerified ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner email={user.email} />
        </Suspense>
      ) : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
