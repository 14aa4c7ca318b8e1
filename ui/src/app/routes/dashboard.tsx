import { Building2, Library, Plus, Search } from "lucide-react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { VerificationPendingPanel } from "@/features/payment/components/verification-pending-panel";
import { TokenPanel } from "@/features/tokens/components/token-panel";
import { VerificationRequestsPanel } from "@/features/verification/components/verification-requests-panel";
import { initials } from "@/lib/text";
import { usePageTitle } from "@/lib/use-page-title";
import "./dashboard.css";

/** The dashboard's buttons (SPEC §2): the tenant's and everyone else's. */
const TENANT_ACTIONS = [
  { to: "/find-properties", label: "Find Properties", Icon: Search },
  { to: "/resources?category=tenant", label: "Tenant Resources", Icon: Library },
];
const LANDLORD_ACTIONS = [
  { to: "/add-property", label: "Add Property", Icon: Plus },
  { to: "/resources?category=landlord", label: "Landlord Resources", Icon: Building2 },
];

/**
 * DashboardRoute is /dashboard (behind ProtectedRoute; SPEC §2 "Dashboard"): a welcome with the
 * user's initials and the way to what they do most, the token panel and the Verification
 * Requests. A tenant gets the tenant view; every other role the landlord view (SPEC §6).
 */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  usePageTitle("Dashboard");
  if (!user) return null;
  const tenant = user.role === "tenant";
  return (
    <>
      <PageHeader title="Dashboard" breadcrumb={[{ label: "Home", to: "/" }, { label: "Dashboard" }]} />
      <div className="container section dashboard">
        <section className="card dashboard-welcome" aria-labelledby="welcome-title">
          <Avatar fallback={initials(user.firstName, user.lastName)} size="lg" />
          <div className="dashboard-welcome__text">
            <h2 id="welcome-title">Welcome back, {user.firstName || user.username}!</h2>
            <p className="muted">
              {tenant
                ? "Find your next home, share your experience and answer the verification requests you receive."
                : "Manage your listings, get them verified and answer the verification requests you receive."}
            </p>
          </div>
          <div className="dashboard-welcome__actions">
            {(tenant ? TENANT_ACTIONS : LANDLORD_ACTIONS).map(({ to, label, Icon }, i) => (
              <Link key={to} to={to} className={buttonClass(i === 0 ? "primary" : "outline")}>
                <Icon aria-hidden="true" size={18} /> {label}
              </Link>
            ))}
          </div>
        </section>
        <div className="dashboard__layout">
          <aside className="dashboard__side" aria-label="Tokens">
            <TokenPanel />
          </aside>
          <div className="dashboard__main">
            {tenant ? null : <VerificationPendingPanel />}
            <VerificationRequestsPanel role={user.role} />
          </div>
        </div>
      </div>
    </>
  );
}
