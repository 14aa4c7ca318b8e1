import { useContext } from "react";
import { acceptFirstLoad } from "@/app/first-load";
import { Spinner } from "@/components/ui/spinner";
import { AdminPage } from "@/features/admin/components/admin-page";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { MemberSkeleton } from "@/features/auth/member-skeleton";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { EnquiryReportService } from "@/gen/rentproof/admin/v1/enquiry_reports_pb";
import { ModerationService } from "@/gen/rentproof/admin/v1/moderation_pb";
import { OutboxService } from "@/gen/rentproof/admin/v1/outbox_pb";
import { ContactService } from "@/gen/rentproof/contact/v1/contact_pb";
import { NotFoundRoute } from "./not-found";

// An administrator's page comes with its queues and lists (internal/web/firstload.go, adminCalls).
acceptFirstLoad(
  AdminService.method.listQueue,
  AdminService.method.listTenancyQueue,
  ModerationService.method.listReportedReviews,
  EnquiryReportService.method.listReportedThreads,
  ModerationService.method.listVerifiedProperties,
  ContactService.method.listContactMessages,
  OutboxService.method.listUndeliveredEmails,
  AdminService.method.listAnsweredRequests,
  AdminService.method.listDecisions,
);

/**
 * AdminRoute is /admin: the administrators' screen; anyone else gets the not-found screen. While
 * the session is checked: a spinner, or the page's skeleton when the build prerenders it.
 */
export function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  const skeleton = useContext(MemberSkeleton);
  if (isLoading) return skeleton?.page ?? <Spinner label="Loading" />;
  if (user?.role !== "admin") return <NotFoundRoute />;
  return <AdminPage />;
}
