import { timestampDate } from "@bufbuild/protobuf/wkt";
import { CheckCheck } from "lucide-react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { Notification } from "@/gen/rentproof/notification/v1/notification_pb";
import { errorMessage } from "@/lib/errors";
import { timeAgo } from "@/lib/relative-time";
import { usePageTitle } from "@/lib/use-page-title";
import { useMarkRead, useNotifications } from "../api/use-notifications";
import "../notifications.css";

/** NO_NOTIFICATIONS is the empty state's title. */
export const NO_NOTIFICATIONS = "You have no notifications yet.";

/**
 * NotificationsPage is /notifications: the member's notifications, newest first, a page at a time,
 * each leading to what it is about; unread ones are marked (in words for screen readers) and can
 * be marked read one by one or all at once.
 */
export function NotificationsPage() {
  usePageTitle("Notifications");
  const query = useNotifications();
  const { markRead, markAllRead, markingAll, markingId } = useMarkRead();
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnread = notifications.some((n) => !n.read);

  return (
    <>
      <PageHeader title="Notifications">
        <p>What happened to your reviews, listings, requests and claims.</p>
      </PageHeader>
      <div className="container notifications">
        <QueryState
          query={query}
          loading={<Loading label="Loading notifications" className="notifications__loading" />}
          error="We could not load your notifications."
          isEmpty={(data) => data.pages.every((page) => page.notifications.length === 0)}
          empty={
            <EmptyState
              title={NO_NOTIFICATIONS}
              message="We will tell you here when someone responds to your review, answers your request or decides a claim."
            />
          }
        >
          {() => (
            <>
              <div className="notifications__toolbar">
                <Button variant="outline" size="sm" onClick={markAllRead} disabled={!anyUnread || markingAll}>
                  <CheckCheck aria-hidden="true" size={16} /> Mark all as read
                </Button>
              </div>
              <ul className="notification-list" aria-label="Notifications, newest first">
                {notifications.map((n) => (
                  <NotificationItem
                    key={String(n.id)}
                    notification={n}
                    marking={markingId === n.id}
                    onRead={() => markRead(n.id)}
                  />
                ))}
              </ul>
              {query.hasNextPage ? (
                <div className="notifications__more">
                  <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                    {query.isFetchingNextPage ? "Loading…" : "Show older notifications"}
                  </Button>
                </div>
              ) : null}
              {query.isFetchNextPageError ? (
                <p role="alert" className="notifications__error">
                  We could not load older notifications: {errorMessage(query.error)}
                </p>
              ) : null}
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}

interface NotificationItemProps {
  notification: Notification;
  marking: boolean;
  onRead: () => void;
}

function NotificationItem({ notification: n, marking, onRead }: NotificationItemProps) {
  const created = n.createdAt ? timestampDate(n.createdAt) : undefined;
  return (
    <li className={n.read ? "notification" : "notification notification--unread"}>
      <span className="notification__dot" aria-hidden="true" />
      <div className="notification__main">
        {/* Following the link reads the notification too. */}
        <Link to={n.link} className="notification__title" onClick={n.read ? undefined : onRead}>
          {n.read ? null : <span className="visually-hidden">Unread:</span>} {n.title}
        </Link>
        {n.body ? <p className="notification__body">{n.body}</p> : null}
        {created ? (
          <time className="notification__time" dateTime={created.toISOString()}>
            {timeAgo(created)}
          </time>
        ) : null}
      </div>
      {n.read ? null : (
        <Button variant="ghost" size="sm" onClick={onRead} disabled={marking} aria-label={`Mark “${n.title}” as read`}>
          Mark as read
        </Button>
      )}
    </li>
  );
}
