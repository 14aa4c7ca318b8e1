import { NotificationsPage } from "@/features/notifications/components/notifications-page";

/** NotificationsRoute is /notifications (behind ProtectedRoute). */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
