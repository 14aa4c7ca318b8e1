import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import { toast, type ToastOptions } from "@/components/ui/use-toast";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";
import {
  VerificationService,
  type AnswerVerificationRequestResponse,
  type CreateVerificationRequestResponse,
} from "@/gen/rentproof/verification/v1/verification_pb";
import { errorMessage } from "@/lib/errors";
import { ToastLines } from "../components/toast-lines";
import { REWARDED_ANSWERS_PER_DAY } from "../verification";

/** How many requests a list shows (the newest). */
export const REQUESTS_PAGE_SIZE = 50;

/** Toast texts of SPEC §8. */
export const REQUEST_FALLBACK = "Failed to submit verification request. Please try again.";
export const SEND_FALLBACK = "Failed to send verification requests. Please try again.";
export const ANSWER_FALLBACK = "Failed to update verification request.";

/** useReceivedRequests lists the requests addressed to the signed-in user, newest first, titles included. */
export function useReceivedRequests() {
  return useQuery(VerificationService.method.listReceivedVerificationRequests, { pageSize: REQUESTS_PAGE_SIZE });
}

/** useCreatedRequests lists the requests the signed-in user sent, newest first, titles included. */
export function useCreatedRequests() {
  return useQuery(VerificationService.method.listCreatedVerificationRequests, { pageSize: REQUESTS_PAGE_SIZE });
}

/**
 * useRefresh returns what refetches everything a request or an answer changes: the request
 * lists, the token balance and ledger (a verifier's reward, a requester's) and the properties
 * (an approval verifies one, with its proof).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [VerificationService, TokenService, PropertyService].map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
}

/** failureToast says a refusal in the server's words, or SPEC §8's fallback. */
const failureToast = (fallback: string) => (err: unknown) =>
  toast({ title: "Error", description: errorMessage(err) || fallback, variant: "destructive" });

/**
 * RequestPath is who asks: "page", anyone but the owner on the property page (one landlord,
 * notes); "owner", the owner on the verification request screen (verifiers, a note).
 */
export type RequestPath = "page" | "owner";

const SENT: Record<RequestPath, { success: (res: CreateVerificationRequestResponse) => ToastOptions; fallback: string }> = {
  page: {
    success: ({ requests }) => {
      const to = requests[0]?.requestedTo?.username;
      return {
        title: "Verification Request Submitted",
        description: to ? `Your request has been sent to ${to}.` : "Your request has been sent.",
      };
    },
    fallback: REQUEST_FALLBACK,
  },
  owner: {
    success: () => ({ title: "Verification Requests Sent", description: "Your requests have been sent to the selected verifiers." }),
    fallback: SEND_FALLBACK,
  },
};

/**
 * useCreateRequest sends verification requests on one of SPEC's two paths with SPEC §8's
 * toasts ("Verification Request Submitted" on the property page, "Verification Requests Sent"
 * for the owner; "Error" in the server's words), then refetches the lists.
 */
export function useCreateRequest(path: RequestPath) {
  const refresh = useRefresh();
  return useMutation(VerificationService.method.createVerificationRequest, {
    onSuccess: (res) => {
      toast(SENT[path].success(res));
      void refresh();
    },
    onError: failureToast(SENT[path].fallback),
  });
}

/** SPEC §8's words for an answer recorded. */
export const ANSWER_SUCCESS = "Verification request updated successfully.";

/**
 * answerNotes are the lines an answer's toast adds to SPEC's words, so that it never claims a
 * reward the server did not pay: what a confirmation still waits for, and that the answer earned
 * nothing when the server says so (a held approval, a linked or new sender, past the day's
 * rewarded answers).
 */
export function answerNotes({ request, tokensEarned }: AnswerVerificationRequestResponse): string[] {
  const notes: string[] = [];
  if (request?.status === "confirmed") notes.push("The property is verified once its owner accepts your confirmation.");
  if (tokensEarned > 0) return notes;
  notes.push(
    request?.status === "held"
      ? "It earned nothing: an administrator checks this approval first, and it can earn only once approved."
      : `It earned no token or XP: only answers to the owner or to an established member you are not linked to earn, the first ${REWARDED_ANSWERS_PER_DAY} a day.`,
  );
  return notes;
}

/**
 * useAnswerRequest approves or rejects a received request with SPEC §8's toasts ("Success" /
 * "Verification request updated successfully.", with a line when the answer earned nothing, or
 * "Error" in the server's words), then refetches the lists, the balance and the properties.
 */
export function useAnswerRequest() {
  const refresh = useRefresh();
  return useMutation(VerificationService.method.answerVerificationRequest, {
    onSuccess: (res) => {
      toast({ title: "Success", description: createElement(ToastLines, { lines: [ANSWER_SUCCESS, ...answerNotes(res)] }) });
      void refresh();
    },
    onError: failureToast(ANSWER_FALLBACK),
  });
}

/** How many confirmations the owner's list shows at once (the oldest first). */
export const CONFIRMATIONS_PAGE_SIZE = 20;

/**
 * useConfirmationsToAccept lists the confirmations of the signed-in owner's listings that they
 * did not ask for (the property page's requests, approved by the person asked), oldest first.
 */
export function useConfirmationsToAccept(enabled = true) {
  return useQuery(VerificationService.method.listConfirmationsToAccept, { pageSize: CONFIRMATIONS_PAGE_SIZE }, { enabled });
}

/**
 * useDecideConfirmation accepts or declines one of those confirmations: "Property Verified"
 * (SPEC §8's words for a verification) when accepting verified the property, "Success" otherwise,
 * "Error" in the server's words on a refusal; then refetches the lists, balances and properties.
 */
export function useDecideConfirmation() {
  const refresh = useRefresh();
  return useMutation(VerificationService.method.decideConfirmation, {
    onSuccess: (res, req) => {
      const title = res.request?.propertyTitle || "The property";
      toast(
        !req.accept
          ? { title: "Success", description: "The confirmation was declined. The property stays unverified." }
          : res.propertyVerified
            ? { title: "Property Verified", description: `You accepted the confirmation: ${title} is verified.` }
            : { title: "Success", description: "You accepted the confirmation." },
      );
      void refresh();
    },
    onError: failureToast(ANSWER_FALLBACK),
  });
}
