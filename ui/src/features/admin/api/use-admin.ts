import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { errorMessage } from "@/lib/errors";

/** useQueue lists the requests waiting for an administrator (paid checks first, then oldest). */
export function useQueue() {
  return useQuery(AdminService.method.listQueue, { pageSize: 100 });
}

/** useDecisions lists the latest administrator decisions. */
export function useDecisions() {
  return useQuery(AdminService.method.listDecisions, { pageSize: 20 });
}

/** How many answered requests a page of /admin shows. */
export const ANSWERED_PAGE_SIZE = 20;

/**
 * useAnsweredRequests lists the requests their addressee answered, newest answer first, one page
 * at a time, optionally of one username (sender or answerer), with the tokens each paid.
 */
export function useAnsweredRequests(username: string, page: number) {
  return useQuery(
    AdminService.method.listAnsweredRequests,
    { username, page, pageSize: ANSWERED_PAGE_SIZE },
    // The page shown stays while the next one loads.
    { placeholderData: keepPreviousData },
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [AdminService, PropertyService, ReviewService].map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
}

const failed = (fallback: string) => (err: unknown) =>
  toast({ title: "Error", description: errorMessage(err) || fallback, variant: "destructive" });

/** useDecide approves or rejects a queued request, then refreshes the queue and the log. */
export function useDecide() {
  const refresh = useRefresh();
  return useMutation(AdminService.method.decideRequest, {
    onSuccess: async (res) => {
      // SPEC §8's words when a verification is granted; an approval that verified nothing (the
      // listing was verified already) says only that it was approved.
      toast(
        res.decision?.decision !== "approve"
          ? { title: "Success", description: "The request was rejected." }
          : res.propertyVerified
            ? { title: "Property Verified", description: "The request was approved." }
            : { title: "Success", description: "The request was approved." },
      );
      await refresh();
    },
    onError: failed("Failed to decide the request."),
  });
}

/**
 * useMarkArranged marks an answered request arranged with the administrator's reason, then says
 * what it took back (the tokens, and the badge when it had verified the property) and refreshes
 * the lists, the log and the properties.
 */
export function useMarkArranged() {
  const refresh = useRefresh();
  return useMutation(AdminService.method.markRequestArranged, {
    onSuccess: async (res) => {
      const n = res.tokensTakenBack;
      toast({
        title: "Marked arranged",
        description: `${n === 0 ? "No tokens were" : n === 1 ? "1 token was" : `${n} tokens were`} taken back. ${
          res.verificationWithdrawn
            ? "The verification it granted was withdrawn."
            : "No badge was withdrawn: the request had granted none still in force."
        }`,
      });
      await refresh();
    },
    onError: failed("Failed to mark the request arranged."),
  });
}

/** useTenancyQueue lists the tenancy claims waiting for an administrator, oldest first. */
export function useTenancyQueue() {
  return useQuery(AdminService.method.listTenancyQueue, {});
}

/** useDecideTenancy approves or rejects a queued tenancy claim, then refreshes the queues and the log. */
export function useDecideTenancy() {
  const refresh = useRefresh();
  return useMutation(AdminService.method.decideTenancy, {
    onSuccess: async (res) => {
      const t = res.tenancy;
      const claim = `Claim #${t?.id ?? ""}${t?.propertyTitle ? ` at ${t.propertyTitle}` : ""}`;
      toast(
        t?.status === "approved"
          ? {
              title: "Tenancy verified",
              description: `${claim} is verified: ${t.proof === "landlord" ? "confirmed by the landlord" : "documents checked"}.`,
            }
          : { title: "Claim rejected", description: `${claim} is rejected; the tenant is told why.` },
      );
      await refresh();
    },
    onError: failed("Failed to decide the tenancy claim."),
  });
}

/** useRevokeTenancy revokes a verified tenancy with a reason: the labels it gave go. */
export function useRevokeTenancy() {
  const refresh = useRefresh();
  return useMutation(AdminService.method.revokeTenancy, {
    onSuccess: async (res) => {
      const t = res.tenancy;
      toast({
        title: "Tenancy revoked",
        description: `Tenancy #${t?.id ?? ""}${t?.propertyTitle ? ` at ${t.propertyTitle}` : ""} is revoked: the labels it gave are gone.`,
      });
      await refresh();
    },
    // The form shows the server's message beside it.
  });
}
