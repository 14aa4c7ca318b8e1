import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createRouterTransport, type ServiceImpl, type Transport } from "@connectrpc/connect";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import {
  CategoryPreferenceSchema,
  NotificationSchema,
  NotificationService,
  type CategoryPreference,
  type Notification,
} from "@/gen/rentproof/notification/v1/notification_pb";

/** makeNotification builds a notification for fake services. */
export function makeNotification(id: number, overrides: Partial<Omit<Notification, "$typeName" | "$unknown">> = {}): Notification {
  return create(NotificationSchema, {
    id: BigInt(id),
    category: "review_responses",
    kind: "review_response",
    title: `The owner responded to your review ${id}`,
    body: "Thanks for staying with us.",
    link: `/properties/${id}`,
    createdAt: timestampFromDate(new Date(Date.now() - id * 60_000)),
    ...overrides,
  });
}

/** defaultPreferences is some category as a member who changed nothing sees it. */
export function defaultPreferences(): CategoryPreference[] {
  return [
    ["review_responses", "Responses to your reviews", "When an owner responds to a review you wrote.", true, false],
    ["levels_badges", "Levels and badges", "When you reach a new level or earn a badge.", false, false],
    ["security", "Security", "Confirming your email address, resetting your password and sign-ins from a new browser. These always reach you.", true, true],
  ].map(([category, label, description, email, locked]) =>
    create(CategoryPreferenceSchema, {
      category: category as string,
      label: label as string,
      description: description as string,
      email: email as boolean,
      locked: locked as boolean,
    }),
  );
}

/**
 * notificationsTransport serves the signed-in user with an unread count and NotificationService
 * from memory (the notifications newest first, 20 a page, and the preferences); overrides replace
 * some of its methods.
 */
export function notificationsTransport(
  user: User,
  notifications: Notification[],
  overrides: Partial<ServiceImpl<typeof NotificationService>> = {},
): Transport {
  const list = notifications.map((n) => ({ ...n }));
  const prefs = defaultPreferences();
  const unread = () => list.filter((n) => !n.read).length;
  return createRouterTransport((router) => {
    router.service(AccountService, { getCurrentUser: () => ({ user, unreadNotifications: unread() }) });
    router.service(NotificationService, {
      listNotifications(req) {
        const from = req.before > 0n ? list.filter((n) => n.id < req.before) : list;
        const page = from.slice(0, req.pageSize || 20);
        const more = from.length > page.length;
        return { notifications: page, nextBefore: more ? (page.at(-1)?.id ?? 0n) : 0n };
      },
      countUnread: () => ({ unread: unread() }),
      markNotificationRead(req) {
        const n = list.find((x) => x.id === req.id);
        if (n) n.read = true;
        return { unread: unread() };
      },
      markAllNotificationsRead() {
        const marked = unread();
        list.forEach((n) => (n.read = true));
        return { marked };
      },
      getNotificationPreferences: () => ({ categories: prefs }),
      updateNotificationPreferences(req) {
        for (const c of req.changes) {
          const p = prefs.find((x) => x.category === c.category);
          if (p) p.email = c.email;
        }
        return { categories: prefs };
      },
      ...overrides,
    });
  });
}
