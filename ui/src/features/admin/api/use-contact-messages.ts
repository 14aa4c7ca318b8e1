import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ContactService } from "@/gen/rentproof/contact/v1/contact_pb";
import { errorMessage } from "@/lib/errors";

/** MESSAGES_PAGE_SIZE is how many contact messages one page of the list shows. */
export const MESSAGES_PAGE_SIZE = 20;

/** useContactMessages lists one page of contact messages, newest first: open ones, or all. */
export function useContactMessages(includeHandled: boolean, page: number) {
  return useQuery(ContactService.method.listContactMessages, { includeHandled, page, pageSize: MESSAGES_PAGE_SIZE });
}

/** useMarkHandled marks a message handled (or open again), then refreshes the list. */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation(ContactService.method.markContactMessageHandled, {
    onSuccess: async (_res, req) => {
      toast({ title: "Success", description: req.handled ? "The message was marked handled." : "The message was reopened." });
      await queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: ContactService.method.listContactMessages, cardinality: undefined }),
      });
    },
    onError: (err) =>
      toast({ title: "Error", description: errorMessage(err) || "Failed to update the message.", variant: "destructive" }),
  });
}

/** useReplyToMessage emails an administrator's reply to a message's sender (marking it handled), then refreshes the list. */
export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation(ContactService.method.replyToContactMessage, {
    onSuccess: async () => {
      toast({ title: "Success", description: "Your reply was sent." });
      await queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: ContactService.method.listContactMessages, cardinality: undefined }),
      });
    },
  });
}
