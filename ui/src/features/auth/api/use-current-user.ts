import { useQuery } from "@connectrpc/connect-query";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";

/** CurrentUser is the state of the signed-in user as the UI needs it. */
export interface CurrentUser {
  /** The signed-in user, or null when signed out (or while loading). */
  user: User | null;
  /** True until the first answer about the session has arrived. */
  isLoading: boolean;
  /** The session could not be checked at all (the server is down, …). */
  error: Error | null;
}

/**
 * useCurrentUser asks AccountService.GetCurrentUser who is signed in. A signed-out
 * visitor gets an answer without a user, not an error: an error status would be
 * logged in the browser's console on every signed-out page load.
 */
export function useCurrentUser(): CurrentUser {
  const query = useQuery(AccountService.method.getCurrentUser, {});
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending && query.fetchStatus !== "idle",
    error: query.error,
  };
}
