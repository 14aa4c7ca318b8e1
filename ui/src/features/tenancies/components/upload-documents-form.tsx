import { FileText, Upload, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { TENANCY_DOCUMENT_KINDS } from "@/lib/tenancy";
import {
  MAX_TENANCY_DOCUMENTS,
  MAX_TENANCY_DOCUMENT_MB,
  TENANCY_DOCUMENT_TYPES,
  useTenancyDocuments,
} from "../api/use-tenancies";

/** The upload form's own messages (the server says the rest). */
export const UPLOAD_MESSAGES = {
  kind: "Choose what the documents are",
  none: "Please choose the documents that show you lived there",
};

interface UploadDocumentsFormProps {
  tenancy: Tenancy;
  /** Called once the documents are sent. */
  onDone: () => void;
}

/**
 * UploadDocumentsForm sends documents of one kind (a lease, rent receipts, …) that show the
 * tenant lived at the claim's address, with upload progress; an administrator checks them.
 * Only the tenant and the administrators can open them, never the owner.
 */
export function UploadDocumentsForm({ tenancy, onDone }: UploadDocumentsFormProps) {
  const id = useId();
  const [kind, setKind] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ kind?: string; files?: string }>({});
  const { send, busy, progress, error } = useTenancyDocuments(tenancy);

  const choose = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])].slice(0, MAX_TENANCY_DOCUMENTS);
    setFiles(next);
    setErrors((e) => ({ ...e, files: tooLarge(next) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { kind: kind ? undefined : UPLOAD_MESSAGES.kind, files: files.length === 0 ? UPLOAD_MESSAGES.none : tooLarge(files) };
    setErrors(found);
    if (found.kind || found.files) return;
    if (await send(kind, files)) onDone();
  };

  const described = (field: "kind" | "files", hint = false) =>
    [hint ? `${id}-${field}-hint` : "", errors[field] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <form className="tenancy-form" noValidate onSubmit={onSubmit} aria-label="Upload documents">
      <div className="field">
        <label htmlFor={`${id}-kind`} className="field__label">
          What are they?
        </label>
        <select
          id={`${id}-kind`}
          className="select"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setErrors((x) => ({ ...x, kind: undefined }));
          }}
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={described("kind")}
          disabled={busy}
        >
          <option value="">Choose a kind</option>
          {TENANCY_DOCUMENT_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
        {errors.kind ? (
          <p id={`${id}-kind-error`} className="field__error" role="alert">
            {errors.kind}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-files`} className="field__label">
          Documents
        </label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={TENANCY_DOCUMENT_TYPES}
          className="input"
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={described("files", true)}
          onChange={(e) => {
            choose(e.target.files);
            e.target.value = "";
          }}
          disabled={busy}
        />
        <p id={`${id}-files-hint`} className="field__hint">
          In your name, at {tenancy.address || "this address"}: JPEG, PNG, WebP or PDF, up to {MAX_TENANCY_DOCUMENTS} files of{" "}
          {MAX_TENANCY_DOCUMENT_MB} MB each. Only you and our administrators can open them, never the landlord.
        </p>
        {errors.files ? (
          <p id={`${id}-files-error`} className="field__error" role="alert">
            {errors.files}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul className="tenancy-doc-list" aria-label="Chosen documents">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                <FileText aria-hidden="true" size={16} /> {f.name}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${f.name}`}
                  disabled={busy}
                  onClick={() => setFiles(files.filter((_, j) => j !== i))}
                >
                  <X aria-hidden="true" size={14} />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="tenancy-progress">
          <label htmlFor={`${id}-progress`}>Uploading documents</label>
          <progress id={`${id}-progress`} max={1} value={progress} />
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (
            <>
              <Spinner size="sm" label="Sending documents" /> Sending...
            </>
          ) : (
            <>
              <Upload aria-hidden="true" size={18} /> Upload documents
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/** tooLarge names the first document past the server's cap. */
function tooLarge(files: File[]): string | undefined {
  const big = files.find((f) => f.size > MAX_TENANCY_DOCUMENT_MB * 1024 * 1024);
  return big ? `${big.name} is larger than ${MAX_TENANCY_DOCUMENT_MB} MB.` : undefined;
}
