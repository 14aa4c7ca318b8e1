/** An upload endpoint's JSON answer: SPEC §7's files, or the server's message. */
export interface UploadAnswer {
  success?: boolean;
  files?: string[];
  message?: string;
  error?: string;
}

/**
 * postForm sends a multipart form (with the session cookie) and resolves to the server's JSON
 * answer when it succeeds. XMLHttpRequest, because fetch cannot report upload progress: onProgress
 * gets the share sent, 0 to 1. A refusal rejects with the server's message.
 */
export function postForm(url: string, body: FormData, onProgress?: (sent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: UploadAnswer | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer && answer.success !== false) {
        resolve(answer);
        return;
      }
      reject(new Error(answer?.message || answer?.error || `${xhr.status}: ${xhr.responseText.trim() || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error("The server could not be reached."));
    xhr.send(body);
  });
}
