import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { TenancyService, type Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { errorMessage } from "@/lib/errors";
import { DOCUMENT_RULES } from "@/lib/rules";
import { postForm } from "@/lib/upload";
import { tenantName } from "../tenancy";

/** The documents a stay is proven with (by content: these are what the file picker offers). */
export const TENANCY_DOCUMENT_TYPES = "image/jpeg,image/png,image/webp,application/pdf,.pdf,.jpg,.jpeg,.png,.webp";
/** The server's caps on documents, as the contract declares them: per upload, MB each. */
export const MAX_TENANCY_DOCUMENTS = DOCUMENT_RULES.maxPerUpload;
export const MAX_TENANCY_DOCUMENT_MB = DOCUMENT_RULES.maxMb;

/** The upload path: multipart, repeated `documents` parts and one `kind`; the tenant only. */
export const tenancyDocumentsPath = (tenancyId: number) => `/api/tenancies/${tenancyId}/documents`;

/** How many properties the claim form's search offers. */
export const PROPERTY_CHOICES = 5;

/** useMyTenancies lists the signed-in member's claims, newest first, with their documents. */
export function useMyTenancies() {
  return useQuery(TenancyService.method.listMyTenancies, {});
}

/** useTenancyClaims lists the claims on the signed-in owner's properties, open ones first. */
export function useTenancyClaims() {
  return useQuery(TenancyService.method.listTenancyClaims, {});
}

/** usePropertyChoices finds properties by text for the claim form (nothing until something is typed). */
export function usePropertyChoices(query: string) {
  return useQuery(
    PropertyService.method.searchProperties,
    { query, page: 1, pageSize: PROPERTY_CHOICES },
    { enabled: query.trim() !== "", placeholderData: keepPreviousData },
  );
}

/** useClaimProperty loads the property a link pre-filled the claim form with (id 0: none). */
export function useClaimProperty(id: number) {
  return useQuery(PropertyService.method.getProperty, { id }, { enabled: id > 0 });
}

/** useRefresh asks again for every tenancy list, and the reviews whose labels a change moves. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [TenancyService, ReviewService].map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
}

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err) || "Please try again.", variant: "destructive" });

/** useClaimTenancy files a claim and says what happens next. */
export function useClaimTenancy() {
  const refresh = useRefresh();
  return useMutation(TenancyService.method.claimTenancy, {
    onSuccess: (res) => {
      const t = res.tenancy;
      toast({
        title: "Tenancy claimed",
        description:
          t?.stage === "landlord"
            ? "The landlord can confirm it from their dashboard; you can send documents meanwhile."
            : "Send a lease, a rent receipt, a deposit certificate or a bill in your name: an administrator checks them.",
      });
      void refresh();
    },
    // The form shows the server's message beside it.
  });
}

/** useWithdrawTenancy withdraws the tenant's claim; the labels it gave go. */
export function useWithdrawTenancy() {
  const refresh = useRefresh();
  return useMutation(TenancyService.method.withdrawTenancy, {
    onSuccess: (res) => {
      toast({
        title: "Tenancy withdrawn",
        description: `Your claim to ${res.tenancy?.propertyTitle || "this property"} is withdrawn.`,
      });
      void refresh();
    },
    onError: failed("Failed to withdraw the tenancy"),
  });
}

/** useConfirmTenancy is the owner's confirmation: verified at once, or held for an administrator. */
export function useConfirmTenancy() {
  const refresh = useRefresh();
  return useMutation(TenancyService.method.confirmTenancy, {
    onSuccess: (res) => {
      const t = res.tenancy;
      toast(
        t?.status === "approved"
          ? { title: "Tenancy confirmed", description: `${t ? tenantName(t) : "The tenant"}'s stay is verified: confirmed by the landlord.` }
          : {
              title: "Confirmation held",
              description: `An administrator checks it before it counts${t?.holdReason ? `: ${t.holdReason}` : "."}`,
            },
      );
      void refresh();
    },
    onError: failed("Failed to confirm the tenancy"),
  });
}

/** useCannotConfirmTenancy is the owner's "I can't confirm this": the claim goes to the documents path. */
export function useCannotConfirmTenancy() {
  const refresh = useRefresh();
  return useMutation(TenancyService.method.cannotConfirmTenancy, {
    onSuccess: (res) => {
      toast({
        title: "Sent to the documents path",
        description: `${res.tenancy ? tenantName(res.tenancy) : "The tenant"} can prove the stay with documents; your message goes to the administrators.`,
      });
      void refresh();
    },
    // The form shows the server's message beside it.
  });
}

/**
 * useTenancyDocuments uploads the tenant's documents of one kind to a claim, with progress, and
 * says so; the claim then waits for an administrator. It resolves to whether they were sent.
 */
export function useTenancyDocuments(tenancy: Tenancy) {
  const refresh = useRefresh();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");
  const send = async (kind: string, files: File[]): Promise<boolean> => {
    setProgress(0);
    setError("");
    try {
      const body = new FormData();
      // The kind comes first: the server reads the parts in order.
      body.append("kind", kind);
      for (const file of files) body.append("documents", file, file.name);
      await postForm(tenancyDocumentsPath(tenancy.id), body, setProgress);
    } catch (err) {
      const message = errorMessage(err) || "The documents could not be sent.";
      setError(message);
      toast({ title: "Failed to upload documents", description: message, variant: "destructive" });
      return false;
    } finally {
      setProgress(null);
    }
    toast({ title: "Documents sent", description: "An administrator will check them." });
    void refresh();
    return true;
  };
  return { send, progress, busy: progress !== null, error };
}
