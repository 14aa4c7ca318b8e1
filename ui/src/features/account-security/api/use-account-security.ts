import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AccountSecurityService } from "@/gen/rentproof/account/v1/account_security_pb";
import { errorMessage } from "@/lib/errors";

const sessionsKey = createConnectQueryKey({ schema: AccountSecurityService.method.listSessions, cardinality: "finite" });

/** sessionsText is "1 other session" or "3 other sessions". */
export function sessionsText(n: number): string {
  return n === 1 ? "1 other session" : `${n} other sessions`;
}

/** useSessions loads the member's live sessions, most recently used first. */
export function useSessions() {
  return useQuery(AccountSecurityService.method.listSessions, {});
}

/**
 * useChangePassword changes the password; the toast says how many other sessions the server
 * reports it ended, and the sessions list is loaded again.
 */
export function useChangePassword(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation(AccountSecurityService.method.changePassword, {
    onSuccess: async ({ sessionsEnded }) => {
      toast({
        title: "Password changed",
        description:
          sessionsEnded > 0 ? `${sessionsText(sessionsEnded)} signed out.` : "No other session was signed in.",
      });
      onChanged();
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

/** useEndSessions ends one session or every other one, each with a toast of what the server did. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err) || "Please try again", variant: "destructive" });
  const one = useMutation(AccountSecurityService.method.endSession, {
    onSuccess: async () => {
      toast({ title: "Session signed out" });
      await refresh();
    },
    onError: async (err) => {
      failed("Failed to sign out the session")(err);
      await refresh(); // it may have ended already: the list says what is left
    },
  });
  const others = useMutation(AccountSecurityService.method.endOtherSessions, {
    onSuccess: async ({ sessionsEnded }) => {
      toast({ title: sessionsEnded > 0 ? `${sessionsText(sessionsEnded)} signed out` : "No other session was signed in" });
      await refresh();
    },
    onError: failed("Failed to sign out the other sessions"),
  });
  return {
    endSession: (id: bigint) => one.mutate({ id }),
    endingId: one.isPending ? one.variables?.id : undefined,
    endOthers: () => others.mutate({}),
    endingOthers: others.isPending,
  };
}
