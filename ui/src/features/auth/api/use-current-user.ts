import { Code } from "@connectrpc/connect";
import { useQuery } from "@connectrpc/connect-query";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import { isCode } from "@/lib/errors";

/** CurrentUser is the state of the signed-in user as the UI needs it. */
export interface CurrentUser {
  /** The signed-in user, or null when signed out (or while loading). */
  user: User | null;
  /** True until the first answer about the session has arrived. */
  isLoading: boolean;
  /** A failure other than "not signed in" (which is not an error here). */
  error: Error | null;
}

/**
 * useCurrentUser asks AccountService.GetCurrentUser who is signed in. The server
 * answers Code.Unauthenticated when nobody is: that means "no user", not an error.
 */
export function useCurrentUser(): CurrentUser {
  const query = useQuery(
    AccountService.method.getCurrentUser,
    {},
    {
      // A signed-out answer is cached as an error; do not ask again on every mount
      // (sign-in and sign-out invalidate this query instead).
      retryOnMount: false,
    },
  );
  const signedOut = isCode(query.error, Code.Unauthenticated);
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending && query.fetchStatus !== "idle",
    error: signedOut ? null : query.error,
  };
}
