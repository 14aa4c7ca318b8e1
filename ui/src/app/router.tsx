import { Outlet, type RouteObject } from "react-router-dom";
import { ProtectedRoute } from "@/features/auth/components/protected-route";
import { RootLayout } from "./root-layout";
import { NotFoundRoute } from "./routes/not-found";
import { PageSkeleton } from "./routes/page-skeleton";
import { LegalPage, PlaceholderPage } from "./routes/placeholder-page";

const HOME = { label: "Home", to: "/" };
const DASHBOARD = { label: "Dashboard", to: "/dashboard" };

/**
 * routes is every route of SPEC §2. Each screen's code is a chunk of its own, fetched when
 * the screen is first opened (the router's lazy routes), so the home page loads only what it
 * shows. Screens that later work builds are placeholders with their title and breadcrumb;
 * protected ones sit behind ProtectedRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // While the first screen's chunk loads, the header and footer are already there and
        // the page area shows a skeleton of its shape.
        HydrateFallback: PageSkeleton,
        children: [
          { path: "/", lazy: { Component: async () => (await import("./routes/home")).HomeRoute } },
          { path: "/auth", lazy: { Component: async () => (await import("./routes/auth")).AuthRoute } },
          {
            path: "/find-properties",
            lazy: { Component: async () => (await import("./routes/find-properties")).FindPropertiesRoute },
          },
          { path: "/about", element: <PlaceholderPage title="About Us" /> },
          { path: "/faq", element: <PlaceholderPage title="Frequently Asked Questions" /> },
          { path: "/contact", element: <PlaceholderPage title="Contact Us" /> },
          { path: "/resources", lazy: { Component: async () => (await import("./routes/resources")).ResourcesRoute } },
          { path: "/resources/:id", lazy: { Component: async () => (await import("./routes/resource")).ResourceRoute } },
          { path: "/properties/:id", lazy: { Component: async () => (await import("./routes/property")).PropertyRoute } },
          { path: "/location/:zipcode", lazy: { Component: async () => (await import("./routes/location")).LocationRoute } },
          {
            path: "/forgot-password",
            lazy: { Component: async () => (await import("./routes/auth")).ForgotPasswordRoute },
          },
          { path: "/terms", element: <LegalPage title="Terms and Conditions" /> },
          { path: "/privacy", element: <LegalPage title="Privacy Policy" /> },
          { path: "/cookies", element: <LegalPage title="Cookie Policy" /> },
          { path: "/accessibility", element: <LegalPage title="Accessibility Statement" /> },
          { path: "/invest", element: <PlaceholderPage title="Invest in RentProof" /> },
          {
            element: (
              <ProtectedRoute>
                <Outlet />
              </ProtectedRoute>
            ),
            children: [
              {
                path: "/add-property",
                lazy: { Component: async () => (await import("./routes/add-property")).AddPropertyRoute },
              },
              { path: "/dashboard", element: <PlaceholderPage title="Dashboard" /> },
              {
                path: "/dashboard/security-questions",
                lazy: { Component: async () => (await import("./routes/auth")).SecurityQuestionsRoute },
              },
              {
                path: "/gamification",
                element: <PlaceholderPage title="Rewards" breadcrumb={[HOME, DASHBOARD, { label: "Gamification" }]} />,
              },
              {
                path: "/verification-payment/:id",
                element: (
                  <PlaceholderPage
                    title="Verification Payment"
                    breadcrumb={[HOME, DASHBOARD, { label: "Verification Payment" }]}
                  />
                ),
              },
              {
                path: "/verification-success/:propertyId",
                element: <PlaceholderPage title="Verification Requests Sent" />,
              },
              {
                path: "/verification-request/:propertyId",
                element: (
                  <PlaceholderPage
                    title="Request Verification"
                    breadcrumb={[HOME, DASHBOARD, { label: "Request Verification" }]}
                  />
                ),
              },
            ],
          },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
