import { Suspense, lazy, type ComponentType, type ReactNode } from "react";
import { acceptFirstLoad } from "@/app/first-load";
import { PropertyCard } from "@/components/property-card/property-card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { ChangeEmailButton } from "@/features/auth/components/change-email-dialog";
import { EditProfileButton } from "@/features/auth/components/edit-profile-dialog";
import { AccountSummary } from "@/features/dashboard/components/account-summary";
import { DashboardWelcome } from "@/features/dashboard/components/dashboard-welcome";
import { MyListingsPanel, MyPropertiesPanel } from "@/features/dashboard/components/my-properties-panel";
import { MyReviewsPanel } from "@/features/dashboard/components/my-reviews-panel";
import { PropertyStats } from "@/features/dashboard/components/property-stats";
import { LANDLORD_LINKS, QuickLinks, tenantLinks } from "@/features/dashboard/components/quick-links";
import { TokenPanel } from "@/features/tokens/components/token-panel";
import { usePageTitle } from "@/lib/use-page-title";
import { useTabParam } from "@/lib/use-tab-param";
import "@/features/dashboard/dashboard.css";
import "./dashboard.css";

// The page comes with the answers its first view shows beside the session's (internal/web/
// firstload.go, dashboardCalls): the dashboard renders with its figures and lists and asks for
// none of them as it opens.
acceptFirstLoad(
  TokenService.method.getBalance,
  TokenService.method.listTransactions,
  ReviewService.method.listMyReviews,
  PropertyService.method.getLandlordStats,
  PropertyService.method.listMyProperties,
);

/**
 * lazyPanel makes a tab's panel a chunk of its own, fetched when the tab opens, so that the
 * dashboard's first load runs only the code of what it shows (each view's first tab is imported
 * as usual); `preload` fetches it early, when a pointer comes over the tab.
 */
function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    // A failed early fetch is not an error of its own: the tab reports it when it opens.
    { preload: () => void load().catch(() => undefined) },
  );
}

const SavedPropertiesPanel = lazyPanel(
  async () => (await import("@/features/properties/components/saved-properties-panel")).SavedPropertiesPanel,
);
const SavedSearchesPanel = lazyPanel(
  async () => (await import("@/features/saved-searches/components/saved-searches-panel")).SavedSearchesPanel,
);
const MyEnquiriesPanel = lazyPanel(async () => (await import("@/features/enquiries/components/enquiry-lists")).MyEnquiriesPanel);
const ReceivedEnquiriesPanel = lazyPanel(
  async () => (await import("@/features/enquiries/components/enquiry-lists")).ReceivedEnquiriesPanel,
);
const MyTenanciesPanel = lazyPanel(async () => (await import("@/features/tenancies/components/my-tenancies-panel")).MyTenanciesPanel);
const TenancyClaimsPanel = lazyPanel(
  async () => (await import("@/features/tenancies/components/tenancy-claims-panel")).TenancyClaimsPanel,
);
const VerificationPendingPanel = lazyPanel(
  async () => (await import("@/features/payment/components/verification-pending-panel")).VerificationPendingPanel,
);
const VerificationRequestsPanel = lazyPanel(
  async () => (await import("@/features/verification/components/verification-requests-panel")).VerificationRequestsPanel,
);

/** The tabs of each view, the first one the default; `?tab=` names the open one. */
const TENANT_TABS = [
  { value: "reviews", label: "My Reviews" },
  { value: "saved", label: "Saved Properties", preload: SavedPropertiesPanel.preload },
  { value: "searches", label: "Saved Searches", preload: SavedSearchesPanel.preload },
  { value: "my-enquiries", label: "My Enquiries", preload: MyEnquiriesPanel.preload },
  { value: "tenancies", label: "My Tenancies", preload: MyTenanciesPanel.preload },
  { value: "verification", label: "Verification Requests", preload: VerificationRequestsPanel.preload },
] as const;
const LANDLORD_TABS = [
  { value: "properties", label: "My Properties" },
  { value: "enquiries", label: "Enquiries", preload: ReceivedEnquiriesPanel.preload },
  { value: "listings", label: "My Listings" },
  { value: "claims", label: "Tenancy Claims", preload: TenancyClaimsPanel.preload },
  { value: "pending", label: "Verification Pending", preload: VerificationPendingPanel.preload },
  { value: "verification", label: "Verification Requests", preload: VerificationRequestsPanel.preload },
  { value: "tenancies", label: "My Tenancies", preload: MyTenanciesPanel.preload },
  { value: "my-enquiries", label: "My Enquiries", preload: MyEnquiriesPanel.preload },
  { value: "searches", label: "Saved Searches", preload: SavedSearchesPanel.preload },
] as const;

/**
 * DashboardRoute is /dashboard (behind ProtectedRoute; SPEC §2 "Dashboard"): the welcome (not "back"
 * on an account's first day) with the user's initials and the role's two buttons, the side cards (token balance, account summary,
 * property stats for landlords, quick links) and the tabs. A tenant gets the tenant view; every
 * other role the landlord view (SPEC §6), with the claims on their properties (Tenancy Claims).
 * Every member has My Tenancies, where `?tab=tenancies&claim=<propertyId>` opens the claim form,
 * and My Enquiries (the threads they started with landlords); the landlord view adds Enquiries,
 * the threads about their listings (issue 31).
 */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  usePageTitle("Dashboard");
  if (!user) return null;
  const tenant = user.role === "tenant";
  return (
    <DashboardWelcome user={user} tenant={tenant}>
      {tenant ? <TenantDashboard user={user} /> : <LandlordDashboard user={user} />}
    </DashboardWelcome>
  );
}

function TenantDashboard({ user }: { user: User }) {
  const [tab, setTab] = useTabParam(TENANT_TABS);
  // The quick link opens the tab and takes focus to it (which scrolls it into view), as a
  // keyboard user would arrive there.
  const openSaved = () => {
    setTab("saved");
    document.querySelector<HTMLElement>('#dashboard-tabs [role="tab"][aria-controls$="-content-saved"]')?.focus();
  };
  return (
    <div className="dashboard__layout">
      <aside className="dashboard__side" aria-label="Your account">
        <TokenPanel />
        <AccountSummary user={user} action={<AccountActions />} />
        <QuickLinks links={tenantLinks(openSaved)} />
      </aside>
      <div className="dashboard__main" id="dashboard-tabs">
        <Tabs value={tab} onValueChange={setTab}>
          <DashboardTabs tabs={TENANT_TABS} />
          <Panel value="reviews">
            <MyReviewsPanel />
          </Panel>
          <Panel value="saved">
            <SavedPropertiesPanel />
          </Panel>
          <Panel value="searches">
            <SavedSearchesPanel />
          </Panel>
          <Panel value="my-enquiries">
            <MyEnquiriesPanel />
          </Panel>
          <Panel value="tenancies">
            <MyTenanciesPanel />
          </Panel>
          <Panel value="verification">
            <VerificationRequestsPanel role={user.role} />
          </Panel>
        </Tabs>
      </div>
    </div>
  );
}

function LandlordDashboard({ user }: { user: User }) {
  const [tab, setTab] = useTabParam(LANDLORD_TABS);
  return (
    <div className="dashboard__layout">
      <aside className="dashboard__side" aria-label="Your account">
        <AccountSummary user={user} action={<AccountActions />} />
        <TokenPanel />
        <PropertyStats />
        <QuickLinks links={LANDLORD_LINKS} />
      </aside>
      <div className="dashboard__main" id="dashboard-tabs">
        <Tabs value={tab} onValueChange={setTab}>
          <DashboardTabs tabs={LANDLORD_TABS} />
          <Panel value="properties">
            <MyPropertiesPanel />
          </Panel>
          <Panel value="enquiries">
            <ReceivedEnquiriesPanel />
          </Panel>
          <Panel value="listings">
            <MyListingsPanel card={(p) => <PropertyCard property={p} />} />
          </Panel>
          <Panel value="claims">
            <TenancyClaimsPanel />
          </Panel>
          <Panel value="pending">
            <VerificationPendingPanel />
          </Panel>
          <Panel value="verification">
            <VerificationRequestsPanel role={user.role} />
          </Panel>
          <Panel value="tenancies">
            <MyTenanciesPanel />
          </Panel>
          <Panel value="my-enquiries">
            <MyEnquiriesPanel />
          </Panel>
          <Panel value="searches">
            <SavedSearchesPanel />
          </Panel>
        </Tabs>
      </div>
    </div>
  );
}

/** AccountActions are the account summary's buttons: Edit Profile and Change Email. */
function AccountActions() {
  return (
    <div className="account-summary__buttons">
      <EditProfileButton />
      <ChangeEmailButton />
    </div>
  );
}

/** DashboardTabs are a view's tab triggers; a pointer over one starts fetching its panel's code. */
function DashboardTabs({ tabs }: { tabs: readonly { value: string; label: string; preload?: () => void }[] }) {
  return (
    <TabsList aria-label="Dashboard">
      {tabs.map((t) => (
        <TabsTrigger key={t.value} value={t.value} onPointerEnter={t.preload}>
          {t.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

/** Panel is one tab's content, with a spinner while a lazy panel's code arrives. */
function Panel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsContent value={value}>
      <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense>
    </TabsContent>
  );
}
