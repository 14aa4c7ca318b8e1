import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { AccountService, GetCurrentUserResponseSchema, type User } from "@/gen/rentproof/account/v1/account_pb";

/** useCurrentUserKey is the cache key of the GetCurrentUser answer. */
export function useCurrentUserKey() {
  const transport = useTransport();
  return useMemo(() => createConnectQueryKey({ schema: AccountService.method.getCurrentUser, transport, input: {}, cardinality: "finite" }), [transport]);
}

/**
 * useUpdateCurrentUser returns what to do when the signed-in member's own change (profile,
 * email address) has answered with their user: the cached GetCurrentUser answer becomes that
 * user at once, the bell's count as it was, and is then fetched again to be sure.
 */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  const key = useCurrentUserKey();
  return useCallback(
    async (user: User | undefined) => {
      if (user) queryClient.setQueryData(key, (old) => create(GetCurrentUserResponseSchema, { user, unreadNotifications: old?.unreadNotifications ?? 0 }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient, key],
  );
}

/**
 * useStartSession returns what to do once Login or Register has answered with a user
 * (SPEC §4: "the current user is set from the response"). The cached GetCurrentUser
 * answer becomes that user at once, so the header and the guards switch without
 * waiting for a round trip; then every cached answer is invalidated (the current user
 * included), since some of them depend on who is signed in.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  const key = useCurrentUserKey();
  return useCallback(
    async (user: User | undefined) => {
      if (user) queryClient.setQueryData(key, create(GetCurrentUserResponseSchema, { user }));
      await queryClient.invalidateQueries();
    },
    [queryClient, key],
  );
}
