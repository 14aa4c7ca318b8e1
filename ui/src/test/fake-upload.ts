import { afterEach, beforeEach, vi } from "vitest";

/** png is a small PNG file as a person would choose it. */
export function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
}

/**
 * FakeUpload stands in for XMLHttpRequest against the upload endpoint: each request is
 * kept so a test can report progress and answer it; with `autoAnswer` every request is
 * stored at once under the next URL.
 */
export class FakeUpload {
  static sent: FakeUpload[] = [];
  static autoAnswer = true;
  static stored = 0;
  method = "";
  url = "";
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
    if (FakeUpload.autoAnswer) queueMicrotask(() => this.store());
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The form field the file was sent as ("images", "photos"). */
  get field() {
    return [...(this.body?.keys() ?? [])][0] ?? "";
  }
  get fileName() {
    return (this.body?.get(this.field) as File).name;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  store() {
    const folder = this.field === "photos" ? "reviews" : "properties";
    this.answer(200, { success: true, files: [`/uploads/${folder}/img-${++FakeUpload.stored}.png`] });
  }
}

/** stubUploadsInEachTest puts FakeUpload in place of XMLHttpRequest around each test of the file. */
export function stubUploadsInEachTest() {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.autoAnswer = true;
    FakeUpload.stored = 0;
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
