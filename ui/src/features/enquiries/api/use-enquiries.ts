import { Code } from "@connectrpc/connect";
import { createConnectQueryKey, useInfiniteQuery, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, partialMatchKey, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { EnquiryService } from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { NotificationService } from "@/gen/rentproof/notification/v1/notification_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { errorMessage, isCode } from "@/lib/errors";

/** useMyEnquiries pages the threads the signed-in member started, unread first. */
export function useMyEnquiries(page: number) {
  return useQuery(EnquiryService.method.listMyEnquiries, { page }, { placeholderData: keepPreviousData });
}

/** useReceivedEnquiries pages the threads about the signed-in owner's listings (one listing's when propertyId is set). */
export function useReceivedEnquiries(propertyId: number, page: number) {
  return useQuery(EnquiryService.method.listReceivedEnquiries, { propertyId, page }, { placeholderData: keepPreviousData });
}

/** THREAD_REFRESH_MS is how often an open thread asks again for new messages, read receipts and viewings. */
export const THREAD_REFRESH_MS = 10_000;

/**
 * useThread is one thread with its viewings and its latest messages, or every message from
 * sinceMessageId on once the reader has paged back (threadId 0n: none asked). While it is shown
 * it asks again every THREAD_REFRESH_MS, so the other member's answers show without a reload,
 * and goes on asking when a refresh fails (the connection dropped for a moment, say; the page
 * says so while it keeps failing); not while the tab is hidden (TanStack Query pauses the
 * interval then), nor before it has an answer of its own (a first load that failed offers Try
 * Again instead), nor once the thread is not found (it stays not found). Switching to
 * sinceMessageId keeps the thread on screen while it asks.
 */
export function useThread(threadId: bigint, sinceMessageId = 0n) {
  return useQuery(
    EnquiryService.method.getThread,
    { threadId, sinceMessageId },
    {
      enabled: threadId > 0n,
      refetchInterval: (query) =>
        query.state.data === undefined || isCode(query.state.error, Code.NotFound) ? false : THREAD_REFRESH_MS,
      placeholderData: (previous) => (previous?.thread?.id === threadId ? previous : undefined),
    },
  );
}

/**
 * useEarlierMessages pages back through a thread's messages before beforeMessageId, a page of
 * 100 at a time, newest page first (beforeMessageId 0n: not asked). Earlier messages do not
 * change, so they are not asked again.
 */
export function useEarlierMessages(threadId: bigint, beforeMessageId: bigint) {
  return useInfiniteQuery(
    EnquiryService.method.getThread,
    { threadId, beforeMessageId },
    {
      pageParamKey: "beforeMessageId",
      getNextPageParam: (last) => (last.hasEarlier && last.messages.length > 0 ? last.messages[0].id : undefined),
      enabled: threadId > 0n && beforeMessageId > 0n,
      staleTime: Infinity,
    },
  );
}

/** The key every useEarlierMessages query's starts with. */
const EARLIER_MESSAGES_KEY = createConnectQueryKey({ schema: EnquiryService.method.getThread, cardinality: "infinite" });

/**
 * useRefresh asks again for every enquiry list and thread, and the header's bell (a thread read
 * or answered changes what is unread); not for a thread's earlier messages (useEarlierMessages),
 * which do not change: the thread itself asks for everything from the first message shown on.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [EnquiryService, NotificationService].map((schema) =>
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema, cardinality: undefined }),
          predicate: (query) => !partialMatchKey(query.queryKey, EARLIER_MESSAGES_KEY),
        }),
      ),
    );
}

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err) || "Please try again.", variant: "destructive" });

/** useStartEnquiry sends a first message or viewing request; the dialog shows the outcome. */
export function useStartEnquiry() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.startEnquiry, { onSuccess: () => void refresh() });
}

/** useMarkThreadRead records that the caller read a thread, then refreshes the lists and the bell (not the thread itself). */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey });
  return useMutation(EnquiryService.method.markThreadRead, {
    onSuccess: () =>
      Promise.all([
        invalidate(createConnectQueryKey({ schema: EnquiryService.method.listMyEnquiries, cardinality: undefined })),
        invalidate(createConnectQueryKey({ schema: EnquiryService.method.listReceivedEnquiries, cardinality: undefined })),
        invalidate(createConnectQueryKey({ schema: NotificationService, cardinality: undefined })),
        // The bell's count comes with the current user.
        invalidate(createConnectQueryKey({ schema: AccountService.method.getCurrentUser, cardinality: undefined })),
      ]),
  });
}

/** useSendMessage replies in a thread; the form shows a refusal beside it. */
export function useSendMessage() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.sendMessage, { onSuccess: () => void refresh() });
}

/** useRequestViewing asks, in a thread the member started, for a viewing at new times; the form shows a refusal. */
export function useRequestViewing() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.requestViewing, { onSuccess: () => void refresh() });
}

/** useCloseThread closes a thread for both members. */
export function useCloseThread() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.closeThread, {
    onSuccess: () => {
      toast({ title: "Conversation closed", description: "What was said stays here for both of you." });
      void refresh();
    },
    onError: failed("The conversation could not be closed"),
  });
}

/** useAcceptViewingTime accepts one proposed time (the owner). */
export function useAcceptViewingTime() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.acceptViewingTime, {
    onSuccess: () => {
      toast({ title: "Viewing accepted", description: "We told the member, with a calendar file." });
      void refresh();
    },
    onError: (err) => {
      failed("The viewing could not be accepted")(err);
      // Decided elsewhere meanwhile (cancelled, or accepted in another tab): show what it is now.
      void refresh();
    },
  });
}

/** useDeclineViewing declines a viewing with a message (the owner); the form shows a refusal. */
export function useDeclineViewing() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.declineViewing, {
    onSuccess: () => {
      toast({ title: "Viewing declined", description: "We told the member, with your message." });
      void refresh();
    },
  });
}

/** useCancelViewing cancels a viewing (either member); the form shows a refusal. */
export function useCancelViewing() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.cancelViewing, {
    onSuccess: () => {
      toast({ title: "Viewing cancelled", description: "We told the other member." });
      void refresh();
    },
  });
}

/** useBlockSender blocks the thread's other member from the caller's listings (the owner). */
export function useBlockSender() {
  const refresh = useRefresh();
  return useMutation(EnquiryService.method.blockSender, {
    onSuccess: () => {
      toast({ title: "Sender blocked", description: "They can no longer write to you about any of your listings." });
      void refresh();
    },
    onError: failed("The sender could not be blocked"),
  });
}

/** useReportThread reports a thread to the administrators; the form shows a refusal. */
export function useReportThread() {
  return useMutation(EnquiryService.method.reportThread, {
    onSuccess: () =>
      toast({ title: "Report sent", description: "Our administrators will read this conversation and act on it." }),
  });
}

/** useMyListings is the signed-in owner's listings (up to 100), for the enquiries' listing filter. */
export function useMyListings() {
  return useQuery(PropertyService.method.listMyProperties, { page: 1, pageSize: 100 });
}
