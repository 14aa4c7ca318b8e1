import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";

/** SPEC §8: an upload failure without a message from the server. */
export const UPLOAD_FAILED = "Upload failed";

/**
 * UploadKind is one of the server's image upload paths (multipart form data: the calls that are
 * not Connect) and the words for what it stores.
 */
export interface UploadKind {
  /** The endpoint ("/api/upload/property-images"). */
  path: string;
  /** The form field each file is sent as ("images"). */
  field: string;
  /** The most a listing or review may hold (the contract's limit). */
  max: number;
  /** What one and several of them are called ("image", "images"). */
  one: string;
  many: string;
}

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
 * readAnswer turns the endpoint's answer into the stored files' URLs, or an UploadError with
 * the server's message or, when the answer is not the server's JSON, "status: body" (SPEC §8).
 */
function readAnswer(status: number, statusText: string, text: string): string[] {
  let answer: UploadAnswer | null = null;
  try {
    answer = JSON.parse(text) as UploadAnswer;
  } catch {
    answer = null;
  }
  const ok = status >= 200 && status < 300;
  if (!ok || !answer || answer.success === false || !Array.isArray(answer.files)) {
    const message = answer?.message || answer?.error || (ok ? UPLOAD_FAILED : `${status}: ${text.trim() || statusText}`);
    throw new UploadError(message, status);
  }
  return answer.files;
}

interface UploadOptions {
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * uploadImage sends one image to kind's path as multipart form data (kind's field, with the
 * session cookie) and returns the URL of the stored file. It uses XMLHttpRequest because
 * fetch cannot report upload progress. An abort rejects with an AbortError.
 */
export function uploadImage(kind: UploadKind, file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    if (signal?.aborted) return aborted();
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.open("POST", kind.path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const [url] = readAnswer(xhr.status, xhr.statusText, xhr.responseText);
        if (url) resolve(url);
        else reject(new UploadError(UPLOAD_FAILED, xhr.status));
      } catch (err) {
        reject(err instanceof Error ? err : new UploadError(UPLOAD_FAILED, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(`${UPLOAD_FAILED}: the server could not be reached`, 0));
    xhr.onabort = aborted;
    const body = new FormData();
    body.append(kind.field, file, file.name);
    xhr.send(body);
  });
}

/** ImageUpload is one chosen image on its way to the server. */
export interface ImageUpload {
  id: string;
  /** What the user calls it: the chosen file's name, or "current image N" for one stored already. */
  name: string;
  /** The chosen file; none for an image stored already (an edited listing's, a kept draft's). */
  file?: File;
  /** A local preview (an object URL), shown until the stored file is known. */
  preview: string;
  status: "uploading" | "uploaded" | "failed";
  /** The share sent so far, 0 to 1, while uploading. */
  progress: number;
  /** The stored file's URL, once uploaded. */
  url?: string;
  /** Why the server refused it, when it failed. */
  error?: string;
}

/** ImageUploads is the state and the actions of useImageUploads. */
export interface ImageUploads {
  /** The upload path and its words. */
  kind: UploadKind;
  items: readonly ImageUpload[];
  /** Starts uploading the files at once; refuses a selection that would pass the maximum. */
  add: (files: File[]) => void;
  /** Forgets an image, cancelling its upload if it is still running. */
  remove: (id: string) => void;
  /** Uploads a failed image again. */
  retry: (id: string) => void;
  /** Moves an image by offset places (-1: earlier, 1: later); the first is the cover. */
  move: (id: string, offset: number) => void;
  /** Resolves, once every running upload has ended, to the images as they are then. */
  settled: () => Promise<readonly ImageUpload[]>;
  /** Forgets every image (the form was sent), cancelling what still runs. */
  clear: () => void;
}

let counter = 0;

function previewOf(file: File): string {
  return typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : "";
}

function release(url: string) {
  if (url && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

/**
 * useImageUploads uploads images to kind's path as soon as they are chosen, one request per
 * image so that each has its own progress and its own error. There is no separate Upload step:
 * what the user sees is what the listing or review gets. Toasts follow SPEC §8 ("Upload
 * successful", "Upload failed", "Too many images"), in kind's words.
 */
export function useImageUploads(kind: UploadKind, initial: readonly string[] = []): ImageUploads {
  // The list lives in a ref (read by settled() after awaiting) and is mirrored into state to render.
  // An edited listing (or a kept draft) starts with the images stored already.
  const [items, setItems] = useState<readonly ImageUpload[]>(() =>
    initial.map((url, i) => ({
      id: `current-image-${i + 1}`,
      name: `current ${kind.one} ${i + 1}`,
      preview: "",
      status: "uploaded",
      progress: 1,
      url,
    })),
  );
  const list = useRef<ImageUpload[]>([...items]);
  const running = useRef(new Map<string, { controller: AbortController; done: Promise<void> }>());

  const update = useCallback((change: (items: ImageUpload[]) => ImageUpload[]) => {
    list.current = change(list.current);
    setItems(list.current);
  }, []);
  const patch = useCallback(
    (id: string, fields: Partial<ImageUpload>) => update((all) => all.map((i) => (i.id === id ? { ...i, ...fields } : i))),
    [update],
  );

  // Starts one image's upload; resolves to whether it was stored (undefined when cancelled).
  const start = useCallback(
    (item: ImageUpload & { file: File }): Promise<boolean | undefined> => {
      const controller = new AbortController();
      const result = uploadImage(kind, item.file, {
        signal: controller.signal,
        onProgress: (sent) => patch(item.id, { progress: sent }),
      }).then(
        (url) => {
          patch(item.id, { status: "uploaded", progress: 1, url });
          return true;
        },
        (err: unknown) => {
          if (isAbort(err)) return undefined;
          patch(item.id, { status: "failed", error: err instanceof Error && err.message ? err.message : UPLOAD_FAILED });
          return false;
        },
      );
      const done = result.then(() => {
        running.current.delete(item.id);
      });
      running.current.set(item.id, { controller, done });
      return result;
    },
    [kind, patch],
  );

  const report = useCallback(async (uploads: Promise<boolean | undefined>[], ids: string[]) => {
    const outcomes = await Promise.all(uploads);
    const stored = outcomes.filter((o) => o === true).length;
    if (stored > 0) {
      toast({
        title: "Upload successful",
        description: `${stored} ${stored === 1 ? kind.one : kind.many} uploaded successfully.`,
      });
    }
    const failed = list.current.filter((i) => ids.includes(i.id) && i.status === "failed");
    if (failed.length > 0) {
      toast({
        title: "Upload failed",
        description: failed[0].error || "An unknown error occurred",
        variant: "destructive",
      });
    }
  }, [kind]);

  const add = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (list.current.length + files.length > kind.max) {
        toast({
          title: `Too many ${kind.many}`,
          description: `You can only upload a maximum of ${kind.max} ${kind.many}.`,
          variant: "destructive",
        });
        return;
      }
      const fresh = files.map<ImageUpload & { file: File }>((file) => ({
        id: `image-${++counter}`,
        name: file.name,
        file,
        preview: previewOf(file),
        status: "uploading",
        progress: 0,
      }));
      update((all) => [...all, ...fresh]);
      void report(
        fresh.map(start),
        fresh.map((i) => i.id),
      );
    },
    [kind, update, start, report],
  );

  const remove = useCallback(
    (id: string) => {
      running.current.get(id)?.controller.abort();
      const gone = list.current.find((i) => i.id === id);
      if (gone) release(gone.preview);
      update((all) => all.filter((i) => i.id !== id));
    },
    [update],
  );

  const retry = useCallback(
    (id: string) => {
      const item = list.current.find((i) => i.id === id);
      if (!item?.file || item.status !== "failed") return;
      const again = { ...item, file: item.file, status: "uploading" as const, progress: 0, error: undefined };
      patch(id, again);
      void report([start(again)], [id]);
    },
    [patch, start, report],
  );

  const move = useCallback(
    (id: string, offset: number) =>
      update((all) => {
        const from = all.findIndex((i) => i.id === id);
        const to = from + offset;
        if (from < 0 || to < 0 || to >= all.length) return all;
        const next = [...all];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item);
        return next;
      }),
    [update],
  );

  const settled = useCallback(async () => {
    // An upload that ends may not start another, so one wait covers them all.
    await Promise.all([...running.current.values()].map((r) => r.done));
    return list.current;
  }, []);

  const clear = useCallback(() => {
    running.current.forEach((r) => r.controller.abort());
    list.current.forEach((i) => release(i.preview));
    update(() => []);
  }, [update]);

  // Leaving the page cancels what is still running and frees the previews.
  useEffect(() => {
    const uploads = running.current;
    const images = list;
    return () => {
      uploads.forEach((r) => r.controller.abort());
      images.current.forEach((i) => release(i.preview));
    };
  }, []);

  return { kind, items, add, remove, retry, move, settled, clear };
}
