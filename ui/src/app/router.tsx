import type { RouteObject } from "react-router-dom";
import { ProtectedRoute } from "@/features/auth/components/protected-route";
import { RootLayout } from "./root-layout";
import { AuthRoute, ForgotPasswordRoute, SecurityQuestionsRoute } from "./routes/auth";
import { HomeRoute } from "./routes/home";
import { NotFoundRoute } from "./routes/not-found";
import { AddPropertyRoute, FindPropertiesRoute, LocationRoute, PropertyRoute } from "./routes/properties";
import { LegalPage, PlaceholderPage } from "./routes/placeholder-page";
import { ResourceRoute, ResourcesRoute } from "./routes/resources";

const HOME = { label: "Home", to: "/" };
const DASHBOARD = { label: "Dashboard", to: "/dashboard" };

/**
 * routes is every route of SPEC §2. Screens that later work builds are placeholders
 * with their title and breadcrumb; protected ones sit behind ProtectedRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <HomeRoute /> },
      { path: "/auth", element: <AuthRoute /> },
      { path: "/find-properties", element: <FindPropertiesRoute /> },
      {
        path: "/add-property",
        element: (
          <ProtectedRoute>
            <AddPropertyRoute />
          </ProtectedRoute>
        ),
      },
      { path: "/about", element: <PlaceholderPage title="About Us" /> },
      { path: "/faq", element: <PlaceholderPage title="Frequently Asked Questions" /> },
      { path: "/contact", element: <PlaceholderPage title="Contact Us" /> },
      { path: "/resources", element: <ResourcesRoute /> },
      { path: "/resources/:id", element: <ResourceRoute /> },
      { path: "/properties/:id", element: <PropertyRoute /> },
      {
        path: "/dashboard",
        element: (
          <ProtectedRoute>
            <PlaceholderPage title="Dashboard" />
          </ProtectedRoute>
        ),
      },
      {
        path: "/dashboard/security-questions",
        element: (
          <ProtectedRoute>
            <SecurityQuestionsRoute />
          </ProtectedRoute>
        ),
      },
      {
        path: "/gamification",
        element: (
          <ProtectedRoute>
            <PlaceholderPage title="Rewards" breadcrumb={[HOME, DASHBOARD, { label: "Gamification" }]} />
          </ProtectedRoute>
        ),
      },
      { path: "/location/:zipcode", element: <LocationRoute /> },
      { path: "/forgot-password", element: <ForgotPasswordRoute /> },
      { path: "/terms", element: <LegalPage title="Terms and Conditions" /> },
      { path: "/privacy", element: <LegalPage title="Privacy Policy" /> },
      { path: "/cookies", element: <LegalPage title="Cookie Policy" /> },
      { path: "/accessibility", element: <LegalPage title="Accessibility Statement" /> },
      { path: "/invest", element: <PlaceholderPage title="Invest in RentProof" /> },
      {
        path: "/verification-payment/:id",
        element: (
          <ProtectedRoute>
            <PlaceholderPage title="Verification Payment" breadcrumb={[HOME, DASHBOARD, { label: "Verification Payment" }]} />
          </ProtectedRoute>
        ),
      },
      {
        path: "/verification-success/:propertyId",
        element: (
          <ProtectedRoute>
            <PlaceholderPage title="Verification Requests Sent" />
          </ProtectedRoute>
        ),
      },
      {
        path: "/verification-request/:propertyId",
        element: (
          <ProtectedRoute>
            <PlaceholderPage title="Request Verification" breadcrumb={[HOME, DASHBOARD, { label: "Request Verification" }]} />
          </ProtectedRoute>
        ),
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];
