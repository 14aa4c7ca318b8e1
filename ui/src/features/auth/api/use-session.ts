import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AccountService, GetCurrentUserResponseSchema, type User } from "@/gen/rentproof/account/v1/account_pb";

/**
 * useStartSession returns what to do once Login or Register has answered with a user
 * (SPEC §4: "the current user is set from the response"). The cached GetCurrentUser
 * answer becomes that user at once, so the header and the guards switch without
 * waiting for a round trip; then every cached answer is invalidated (the current user
 * included), since some of them depend on who is signed in.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useCallback(
    async (user: User | undefined) => {
      if (user) {
        queryClient.setQueryData(
          createConnectQueryKey({
            schema: AccountService.method.getCurrentUser,
            transport,
            input: {},
            cardinality: "finite",
          }),
          create(GetCurrentUserResponseSchema, { user }),
        );
      }
      await queryClient.invalidateQueries();
    },
    [queryClient, transport],
  );
}
