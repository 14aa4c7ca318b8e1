import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useInfiniteQuery, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback } from "react";
import { AccountService, GetCurrentUserResponseSchema } from "@/gen/rentproof/account/v1/account_pb";
import { toast } from "@/components/ui/use-toast";
import {
  NotificationService,
  type ListNotificationsResponse,
} from "@/gen/rentproof/notification/v1/notification_pb";
import { errorMessage } from "@/lib/errors";

/** How many notifications a page of /notifications shows. */
export const NOTIFICATION_PAGE_SIZE = 20;

const LIST_INPUT = { before: 0n, pageSize: NOTIFICATION_PAGE_SIZE };

/** useNotifications pages through the member's notifications, newest first (keyset: before). */
export function useNotifications() {
  return useInfiniteQuery(NotificationService.method.listNotifications, LIST_INPUT, {
    pageParamKey: "before",
    getNextPageParam: (last) => (last.nextBefore > 0n ? last.nextBefore : undefined),
  });
}

/**
 * useMarkRead marks one notification, or all of them, read: the list shows them read and the
 * bell its new count at once, from the answers, without asking again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const setUnread = useSetUnreadCount();
  const listKey = createConnectQueryKey({
    schema: NotificationService.method.listNotifications,
    transport,
    input: LIST_INPUT,
    cardinality: "infinite",
    pageParamKey: "before",
  });
  const markInList = (read: (id: bigint) => boolean) =>
    queryClient.setQueryData<InfiniteData<ListNotificationsResponse>>(listKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              notifications: page.notifications.map((n) => (read(n.id) ? { ...n, read: true } : n)),
            })),
          }
        : data,
    );
  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: "Could not mark as read", description: errorMessage(error) });

  const one = useMutation(NotificationService.method.markNotificationRead, {
    onSuccess: (res, req) => {
      markInList((id) => id === req.id);
      setUnread(res.unread);
    },
    onError: failed,
  });
  const all = useMutation(NotificationService.method.markAllNotificationsRead, {
    onSuccess: () => {
      markInList(() => true);
      setUnread(0);
      toast({ title: "All notifications marked as read" });
    },
    onError: failed,
  });
  return {
    markRead: (id: bigint) => one.mutate({ id }),
    markAllRead: () => all.mutate({}),
    markingAll: all.isPending,
    markingId: one.isPending ? one.variables?.id : undefined,
  };
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
