import { Building2, Library, Plus, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { initials } from "@/lib/text";
import { welcome } from "../greeting";

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
 * DashboardWelcome is the top of /dashboard: its header, and the welcome (not "back" on an
 * account's first day) with the user's initials and the view's two buttons. Without a user it is
 * the skeleton the server sends a member before the app starts (src/app/member-skeletons.tsx):
 * the same card, the name and initials still to come. The rest of the dashboard is its children.
 */
export function DashboardWelcome({ user, tenant, children }: { user: User | null; tenant: boolean; children?: ReactNode }) {
  return (
    <>
      <PageHeader title="Dashboard" breadcrumb={[{ label: "Home", to: "/" }, { label: "Dashboard" }]} />
      <div className="container section dashboard">
        <section className="card dashboard-welcome" aria-labelledby="welcome-title">
          <Avatar fallback={user ? initials(user.firstName, user.lastName) : ""} size="lg" className={user ? undefined : "skeleton"} />
          <div className="dashboard-welcome__text">
            <h2 id="welcome-title">
              {user ? welcome(user) : <span className="skeleton dashboard-welcome__name" role="status" aria-label="Loading" />}
            </h2>
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
        {children}
      </div>
    </>
  );
}
