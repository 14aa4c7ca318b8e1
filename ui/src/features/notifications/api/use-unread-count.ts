import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AccountService, GetCurrentUserResponseSchema } from "@/gen/rentproof/account/v1/account_pb";

/** How often the bell asks again while the page is visible: no faster than once a minute. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * useUnreadCount is the bell's number. It comes with GetCurrentUser's answer (the header asks it
 * anyway, so a page load costs no request of its own) and is asked again once a minute while a
 * member is signed in and the page is visible.
 */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useQuery(AccountService.method.getCurrentUser, {}, { refetchInterval: signedIn ? UNREAD_REFRESH_MS : false });
  return signedIn ? (data?.unreadNotifications ?? 0) : 0;
}

/** useSetUnreadCount returns what puts a new count (a mark-read answer's) on the bell at once. */
export function useSetUnreadCount() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useCallback(
    (unread: number) => {
      const key = createConnectQueryKey({
        schema: AccountService.method.getCurrentUser,
        transport,
        input: {},
        cardinality: "finite",
      });
      queryClient.setQueryData(key, (old) =>
        old ? create(GetCurrentUserResponseSchema, { ...old, unreadNotifications: unread }) : old,
      );
    },
    [queryClient, transport],
  );
}
