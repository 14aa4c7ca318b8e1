import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { OutboxService } from "@/gen/rentproof/admin/v1/outbox_pb";
import { errorMessage } from "@/lib/errors";

/** EMAILS_PAGE_SIZE is how many undelivered emails one page of the list shows. */
export const EMAILS_PAGE_SIZE = 20;

/** useUndeliveredEmails lists one page of dead and withheld emails, newest first. */
export function useUndeliveredEmails(page: number) {
  return useQuery(OutboxService.method.listUndeliveredEmails, { page, pageSize: EMAILS_PAGE_SIZE });
}

/** useResendEmail puts a dead email back in the outbox, then refreshes the list. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation(OutboxService.method.resendEmail, {
    onSuccess: async () => {
      toast({ title: "Success", description: "The email will be sent again in a moment." });
      await queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: OutboxService.method.listUndeliveredEmails, cardinality: undefined }),
      });
    },
    onError: (err) => toast({ title: "Error", description: errorMessage(err) || "Failed to resend the email.", variant: "destructive" }),
  });
}
