import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { DocumentService } from "@/gen/rentproof/admin/v1/admin_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { VerificationService } from "@/gen/rentproof/verification/v1/verification_pb";
import { errorMessage } from "@/lib/errors";
import { DOCUMENT_RULES } from "@/lib/rules";
import { postForm } from "@/lib/upload";

/** SPEC §8's texts of the owner path. */
export const UPLOAD_DOCUMENTS_FAILED = "Failed to upload ownership documents";
export const DIRECT_VERIFICATION_FAILED = "Verification Failed";
export const DIRECT_VERIFICATION_FALLBACK = "Failed to verify property. Please try again.";

/** The documents the server accepts (by content: these are what the file picker offers). */
export const DOCUMENT_TYPES = "image/jpeg,image/png,image/webp,application/pdf,.pdf,.jpg,.jpeg,.png,.webp";

/** The server's caps, as the contract declares them (lib/rules): documents per request, MB each. */
export const MAX_DOCUMENTS = DOCUMENT_RULES.maxPerUpload;
export const MAX_DOCUMENT_MB = DOCUMENT_RULES.maxMb;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;

/** The upload path: multipart form data, the one call of the owner path that is not Connect. */
export const uploadDocumentsPath = (propertyId: number) => `/api/properties/${propertyId}/upload-documents`;

/**
 * uploadDocuments sends the owner's documents in one multipart request (field `documents`, with
 * the session cookie) and resolves to their URLs. A refusal rejects with the server's message.
 */
export async function uploadDocuments(propertyId: number, files: File[], onProgress?: (sent: number) => void): Promise<string[]> {
  const body = new FormData();
  for (const file of files) body.append("documents", file, file.name);
  const answer = await postForm(uploadDocumentsPath(propertyId), body, onProgress);
  if (!answer.success || !Array.isArray(answer.files)) throw new Error(answer.message || answer.error || "The documents were not stored.");
  return answer.files;
}

/**
 * useDirectVerification uploads the owner's documents (with progress) and sends them with the
 * notes to the administrators, with SPEC §8's toasts: "Failed to upload ownership documents",
 * "Verification Failed", and "Verification Request Submitted" once sent (the badge comes with an
 * administrator's approval).
 */
export function useDirectVerification(propertyId: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const submit = useMutation(DocumentService.method.submitDirectVerification);
  const [busy, setBusy] = useState(false);

  const send = async (files: File[], notes: string): Promise<boolean> => {
    setBusy(true);
    setProgress(0);
    try {
      let urls: string[];
      try {
        urls = await uploadDocuments(propertyId, files, setProgress);
      } catch (err) {
        toast({ title: UPLOAD_DOCUMENTS_FAILED, description: errorMessage(err) || undefined, variant: "destructive" });
        return false;
      }
      try {
        await submit.mutateAsync({ propertyId, documentUrls: urls, notes, documentsProvided: true, selfVerified: true });
      } catch (err) {
        toast({ title: DIRECT_VERIFICATION_FAILED, description: errorMessage(err) || DIRECT_VERIFICATION_FALLBACK, variant: "destructive" });
        return false;
      }
      toast({
        title: "Verification Request Submitted",
        description: "Your ownership documents were sent to our administrators. The badge appears once they approve them.",
      });
      await Promise.all(
        [VerificationService, PropertyService].map((schema) =>
          queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
        ),
      );
      return true;
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  return { send, busy, progress };
}
