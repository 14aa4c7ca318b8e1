import { useMutation } from "@tanstack/react-query";
import { LIMITS } from "@/lib/vocab";

/** The upload endpoint: the one call that is not Connect (multipart form data). */
export const UPLOAD_PATH = "/api/upload/property-images";

/** The most images a property can have (SPEC §9; the contract's CreatePropertyRequest.images). */
export const MAX_PROPERTY_IMAGES = LIMITS.property.images.maxItems;

interface UploadAnswer {
  success?: boolean;
  files?: string[];
  error?: string;
  message?: string;
}

/** UploadError is a refused or failed upload, with a message for the user. */
export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

/**
 * uploadPropertyImages sends images as multipart form data (repeated field
 * `images`, with the session cookie) and returns the URLs of the stored files.
 * A refusal raises an UploadError with the server's message, or, when the answer
 * is not the server's JSON, "status: body" (SPEC §8).
 */
export async function uploadPropertyImages(files: File[], signal?: AbortSignal): Promise<string[]> {
  const body = new FormData();
  for (const file of files) body.append("images", file, file.name);
  const res = await fetch(UPLOAD_PATH, { method: "POST", body, credentials: "include", signal });
  const text = await res.text();
  let answer: UploadAnswer | null = null;
  try {
    answer = JSON.parse(text) as UploadAnswer;
  } catch {
    answer = null;
  }
  if (!res.ok || !answer || answer.success === false || !Array.isArray(answer.files)) {
    const message =
      answer?.message || answer?.error || (res.ok ? "Upload failed" : `${res.status}: ${text.trim() || res.statusText}`);
    throw new UploadError(message, res.status);
  }
  return answer.files;
}

/** useUploadPropertyImages wraps uploadPropertyImages in a mutation (pending state, no retries). */
export function useUploadPropertyImages() {
  return useMutation({ mutationFn: (files: File[]) => uploadPropertyImages(files) });
}
