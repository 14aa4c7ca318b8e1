import { Suspense, lazy, useEffect, type ComponentType } from "react";
import { Outlet, matchRoutes, useLocation, type RouteObject } from "react-router-dom";
import { ProtectedRoute } from "@/features/auth/components/protected-route";
import { pageTitle } from "@/lib/use-page-title";
import PAGE_TITLES from "virtual:page-titles";
import { RootLayout } from "./root-layout";
import { PageSkeleton } from "./routes/page-skeleton";

/** ScreenHandle is the route handle of a lazy screen: how to load its code (tests and the first render load it ahead). */
export interface ScreenHandle {
  load: () => Promise<ComponentType>;
}

/**
 * screen is the element of a screen whose code is a chunk of its own (React.lazy), fetched when
 * the screen is first opened; meanwhile the header and footer are there and the page area shows
 * a skeleton of its shape. Code loaded ahead (preloadScreens) renders at once: React does not
 * show the skeleton for it, nor hold the screen back the 300 ms it waits before replacing a
 * skeleton it has just shown.
 */
export function screen(load: () => Promise<ComponentType>): Pick<RouteObject, "element" | "handle"> {
  let loaded: ComponentType | undefined;
  const handle: ScreenHandle = {
    load: async () => (loaded = await load()),
  };
  const Lazy = lazy(async () => ({ default: await handle.load() }));
  function Screen() {
    useScreenTitle();
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return {
    element: (
      <Suspense fallback={<PageSkeleton />}>
        <Screen />
      </Suspense>
    ),
    handle,
  };
}

// Every page's title, description and robots flags are in page-meta.json, the one list of them:
// the build copies it into the screens' list (scripts/screens.mjs), from which the server writes
// them before any script runs (internal/web/seo.go). The app takes only the fixed titles
// (virtual:page-titles); a dynamic page sets its own title from its data, as the server does.

/**
 * useScreenTitle sets the document title of a screen whose title is fixed from its route's
 * metadata, after the screen's own (a parent's effect runs after its children's), so the title
 * the app shows is the one the server sent.
 */
function useScreenTitle() {
  const { pathname } = useLocation();
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  const title = path === undefined ? undefined : PAGE_TITLES[path];
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}

/** preloadScreens loads the code of the screens on a path, so that its first render has them. */
export async function preloadScreens(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as ScreenHandle | undefined)?.load()));
}

/**
 * routes is every route of SPEC §2, for the app's declarative router (useRoutes). Each screen's
 * code is a chunk of its own, so the home page loads only what it shows; the declarative router
 * itself weighs about half of the data router, whose loaders and actions the app does not use.
 * Screens that later work builds are placeholders with their title and breadcrumb; protected
 * ones sit behind ProtectedRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", ...screen(async () => (await import("./routes/home")).HomeRoute) },
      { path: "/auth", ...screen(async () => (await import("./routes/auth")).AuthRoute) },
      {
        path: "/find-properties",
        ...screen(async () => (await import("./routes/find-properties")).FindPropertiesRoute),
      },
      { path: "/about", ...screen(async () => (await import("./routes/about")).AboutRoute) },
      { path: "/faq", ...screen(async () => (await import("./routes/faq")).FaqRoute) },
      { path: "/contact", ...screen(async () => (await import("./routes/contact")).ContactRoute) },
      {
        path: "/how-reviews-work",
        ...screen(async () => (await import("./routes/how-reviews-work")).HowReviewsWorkRoute),
      },
      { path: "/resources", ...screen(async () => (await import("./routes/resources")).ResourcesRoute) },
      { path: "/resources/:id", ...screen(async () => (await import("./routes/resource")).ResourceRoute) },
      { path: "/properties/:id", ...screen(async () => (await import("./routes/property")).PropertyRoute) },
      { path: "/location/:zipcode", ...screen(async () => (await import("./routes/location")).LocationRoute) },
      {
        path: "/forgot-password",
        ...screen(async () => (await import("./routes/auth")).ForgotPasswordRoute),
      },
      {
        path: "/reset-password",
        ...screen(async () => (await import("./routes/auth")).ResetPasswordRoute),
      },
      {
        path: "/verify-email",
        ...screen(async () => (await import("./routes/auth")).VerifyEmailRoute),
      },
      { path: "/terms", ...screen(async () => (await import("./routes/legal")).TermsRoute) },
      { path: "/privacy", ...screen(async () => (await import("./routes/legal")).PrivacyRoute) },
      { path: "/cookies", ...screen(async () => (await import("./routes/legal")).CookiesRoute) },
      { path: "/accessibility", ...screen(async () => (await import("./routes/legal")).AccessibilityRoute) },
      { path: "/invest", ...screen(async () => (await import("./routes/invest")).InvestRoute) },
      {
        element: (
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        ),
        children: [
          {
            path: "/add-property",
            ...screen(async () => (await import("./routes/add-property")).AddPropertyRoute),
          },
          {
            path: "/properties/:id/edit",
            ...screen(async () => (await import("./routes/edit-property")).EditPropertyRoute),
          },
          { path: "/dashboard", ...screen(async () => (await import("./routes/dashboard")).DashboardRoute) },
          {
            path: "/dashboard/security-questions",
            ...screen(async () => (await import("./routes/auth")).SecurityQuestionsRoute),
          },
          {
            path: "/dashboard/enquiries/:threadId",
            ...screen(async () => (await import("./routes/enquiry-thread")).OwnerThreadRoute),
          },
          {
            path: "/dashboard/my-enquiries/:threadId",
            ...screen(async () => (await import("./routes/enquiry-thread")).EnquirerThreadRoute),
          },
          {
            path: "/gamification",
            ...screen(async () => (await import("./routes/gamification")).GamificationRoute),
          },
          {
            path: "/notifications",
            ...screen(async () => (await import("./routes/notifications")).NotificationsRoute),
          },
          { path: "/settings", ...screen(async () => (await import("./routes/settings")).SettingsRoute) },
          {
            path: "/verification-payment/:id",
            ...screen(async () => (await import("./routes/verification-payment")).VerificationPaymentRoute),
          },
          {
            path: "/verification-success/:propertyId",
            ...screen(async () => (await import("./routes/verification-success")).VerificationSuccessRoute),
          },
          {
            path: "/verification-request/:propertyId",
            ...screen(async () => (await import("./routes/verification-request")).VerificationRequestRoute),
          },
        ],
      },
      { path: "/admin", ...screen(async () => (await import("./routes/admin")).AdminRoute) },
      { path: "*", ...screen(async () => (await import("./routes/not-found")).NotFoundRoute) },
    ],
  },
];
