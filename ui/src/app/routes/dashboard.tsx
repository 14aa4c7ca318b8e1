import { PropertyCard } from "@/components/property-card/property-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { ChangeEmailButton } from "@/features/auth/components/change-email-dialog";
import { EditProfileButton } from "@/features/auth/components/edit-profile-dialog";
import { AccountSummary } from "@/features/dashboard/components/account-summary";
import { DashboardWelcome } from "@/features/dashboard/components/dashboard-welcome";
import { MyListingsPanel, MyPropertiesPanel } from "@/features/dashboard/components/my-properties-panel";
import { MyReviewsPanel } from "@/features/dashboard/components/my-reviews-panel";
import { PropertyStats } from "@/features/dashboard/components/property-stats";
import { LANDLORD_LINKS, QuickLinks, tenantLinks } from "@/features/dashboard/components/quick-links";
import { MyEnquiriesPanel, ReceivedEnquiriesPanel } from "@/features/enquiries/components/enquiry-lists";
import { VerificationPendingPanel } from "@/features/payment/components/verification-pending-panel";
import { SavedPropertiesPanel } from "@/features/properties/components/saved-properties-panel";
import { SavedSearchesPanel } from "@/features/saved-searches/components/saved-searches-panel";
import { MyTenanciesPanel } from "@/features/tenancies/components/my-tenancies-panel";
import { TenancyClaimsPanel } from "@/features/tenancies/components/tenancy-claims-panel";
import { TokenPanel } from "@/features/tokens/components/token-panel";
import { VerificationRequestsPanel } from "@/features/verification/components/verification-requests-panel";
import { usePageTitle } from "@/lib/use-page-title";
import { useTabParam } from "@/lib/use-tab-param";
import "@/features/dashboard/dashboard.css";
import "./dashboard.css";

/** The tabs of each view, the first one the default; `?tab=` names the open one. */
const TENANT_TABS = [
  { value: "reviews", label: "My Reviews" },
  { value: "saved", label: "Saved Properties" },
  { value: "searches", label: "Saved Searches" },
  { value: "my-enquiries", label: "My Enquiries" },
  { value: "tenancies", label: "My Tenancies" },
  { value: "verification", label: "Verification Requests" },
] as const;
const LANDLORD_TABS = [
  { value: "properties", label: "My Properties" },
  { value: "enquiries", label: "Enquiries" },
  { value: "listings", label: "My Listings" },
  { value: "claims", label: "Tenancy Claims" },
  { value: "pending", label: "Verification Pending" },
  { value: "verification", label: "Verification Requests" },
  { value: "tenancies", label: "My Tenancies" },
  { value: "my-enquiries", label: "My Enquiries" },
  { value: "searches", label: "Saved Searches" },
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
          <TabsList aria-label="Dashboard">
            {TENANT_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="reviews">
            <MyReviewsPanel />
          </TabsContent>
          <TabsContent value="saved">
            <SavedPropertiesPanel />
          </TabsContent>
          <TabsContent value="searches">
            <SavedSearchesPanel />
          </TabsContent>
          <TabsContent value="my-enquiries">
            <MyEnquiriesPanel />
          </TabsContent>
          <TabsContent value="tenancies">
            <MyTenanciesPanel />
          </TabsContent>
          <TabsContent value="verification">
            <VerificationRequestsPanel role={user.role} />
          </TabsContent>
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
          <TabsList aria-label="Dashboard">
            {LANDLORD_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="properties">
            <MyPropertiesPanel />
          </TabsContent>
          <TabsContent value="enquiries">
            <ReceivedEnquiriesPanel />
          </TabsContent>
          <TabsContent value="listings">
            <MyListingsPanel card={(p) => <PropertyCard property={p} />} />
          </TabsContent>
          <TabsContent value="claims">
            <TenancyClaimsPanel />
          </TabsContent>
          <TabsContent value="pending">
            <VerificationPendingPanel />
          </TabsContent>
          <TabsContent value="verification">
            <VerificationRequestsPanel role={user.role} />
          </TabsContent>
          <TabsContent value="tenancies">
            <MyTenanciesPanel />
          </TabsContent>
          <TabsContent value="my-enquiries">
            <MyEnquiriesPanel />
          </TabsContent>
          <TabsContent value="searches">
            <SavedSearchesPanel />
          </TabsContent>
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
