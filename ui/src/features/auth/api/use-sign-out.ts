import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";

/** currentUserKey matches every cached GetCurrentUser answer, whatever the transport. */
export const currentUserKey = createConnectQueryKey({
  schema: AccountService.method.getCurrentUser,
  cardinality: "finite",
});

/**
 * useSignOut ends the session with AccountService.Logout and reports the outcome
 * with the toasts of SPEC §8. On success every cached query is reset, so nothing of
 * the previous user stays on screen and GetCurrentUser is asked again (now: no user).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const mutation = useMutation(AccountService.method.logout, {
    onSuccess: async () => {
      await queryClient.resetQueries();
      toast({ title: "Logged out", description: "You have been successfully logged out" });
    },
    onError: (err) => {
      toast({ title: "Logout failed", description: errorMessage(err) || "Please try again", variant: "destructive" });
    },
  });
  return {
    signOut: () => {
      // A second click while the first sign-out runs would only report a failure.
      if (!mutation.isPending) mutation.mutate({});
    },
    pending: mutation.isPending,
  };
}
