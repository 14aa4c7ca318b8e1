import { Bell } from "lucide-react";
import { Link } from "react-router-dom";

/** unreadLabel writes a count as the bell shows it: the server counts up to 100. */
export function unreadLabel(count: number): string {
  return count >= 100 ? "99+" : String(count);
}

/**
 * NotificationBell is the header's link to /notifications with the unread count. Its name says
 * the count ("Notifications, 3 unread"); a status beside it (a polite live region: role status,
 * implicitly aria-live="polite") announces a new count when it changes, never on the first
 * render. Not an aria-live attribute: Radix's modal dialogs keep every [aria-live] element and its
 * ancestors visible to screen readers, which would leave the header outside an open dialog's
 * modality.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `Notifications, ${unreadLabel(unread)} unread` : "Notifications";
  return (
    <>
      <Link to="/notifications" className="bell" aria-label={label}>
        <Bell aria-hidden="true" size={20} />
        {unread > 0 ? (
          <span className="bell__count" aria-hidden="true">
            {unreadLabel(unread)}
          </span>
        ) : null}
      </Link>
      <span className="visually-hidden" role="status">
        {unread > 0 ? `${unreadLabel(unread)} unread notifications` : ""}
      </span>
    </>
  );
}
