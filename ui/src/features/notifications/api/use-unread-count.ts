import { useQuery } from "@connectrpc/connect-query";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";

/** How often the bell asks again while the page is visible: no faster than once a minute. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * useUnreadCount is the bell's number. It comes with GetCurrentUser's answer (the header asks it
 * anyway, so a page load costs no request of its own) and is asked again once a minute while a
 * member is signed in and the page is visible. (What sets it after marking read is in
 * use-notifications, with the page that uses it: the header's code stays small.)
 */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useQuery(AccountService.method.getCurrentUser, {}, { refetchInterval: signedIn ? UNREAD_REFRESH_MS : false });
  return signedIn ? (data?.unreadNotifications ?? 0) : 0;
}
