import { FileText, Upload, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { charCount } from "@/lib/text";
import {
  DOCUMENT_TYPES,
  MAX_DOCUMENTS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  useDirectVerification,
} from "../api/use-direct-verification";
import { VERIFICATION_LIMITS } from "../verification";

/** SPEC §5's messages of the owner path. */
export const NO_DOCUMENTS = "Please upload property ownership documents to verify your property";
export const NOTES_TOO_LONG = "Notes must be less than 500 characters";

interface DirectVerificationFormProps {
  propertyId: number;
  /** Called once the documents are sent. */
  onDone: () => void;
}

/**
 * DirectVerificationForm is the owner's path of the property page's verification dialog (SPEC
 * §2, §5): ownership documents (images or PDF) and optional notes, sent to the administrators
 * with upload progress. Sending does not verify the property: an administrator's approval does.
 */
export function DirectVerificationForm({ propertyId, onDone }: DirectVerificationFormProps) {
  const filesId = useId();
  const notesId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<{ files?: string; notes?: string }>({});
  const { send, busy, progress } = useDirectVerification(propertyId);
  const maxNotes = VERIFICATION_LIMITS.notes.maxChars ?? 500;

  const choose = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])].slice(0, MAX_DOCUMENTS);
    setFiles(next);
    setErrors((e) => ({ ...e, files: tooLarge(next) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      files: files.length === 0 ? NO_DOCUMENTS : tooLarge(files),
      notes: charCount(notes.trim()) > maxNotes ? NOTES_TOO_LONG : undefined,
    };
    setErrors(found);
    if (found.files || found.notes) return;
    if (await send(files, notes.trim())) onDone();
  };

  return (
    <form className="verification-form" noValidate onSubmit={onSubmit} aria-label="Verify with ownership documents">
      <div className="field">
        <label htmlFor={filesId} className="field__label">
          Ownership documents
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={DOCUMENT_TYPES}
          className="input"
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={`${filesId}-hint${errors.files ? ` ${filesId}-error` : ""}`}
          onChange={(e) => {
            choose(e.target.files);
            e.target.value = "";
          }}
          disabled={busy}
        />
        <p id={`${filesId}-hint`} className="field__hint">
          A deed, a title or a tax bill: JPEG, PNG, WebP or PDF, up to {MAX_DOCUMENTS} files of {MAX_DOCUMENT_MB} MB each. Only you and
          our administrators can open them.
        </p>
        {errors.files ? (
          <p id={`${filesId}-error`} className="field__error" role="alert">
            {errors.files}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul className="document-list" aria-label="Chosen documents">
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

      <div className="field">
        <label htmlFor={notesId} className="field__label">
          Notes <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id={notesId}
          className="textarea verification-form__notes"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={`${notesId}-count${errors.notes ? ` ${notesId}-error` : ""}`}
          placeholder="Anything the administrators should know about these documents?"
        />
        <p id={`${notesId}-count`} className="field__hint">
          {charCount(notes.trim())}/{maxNotes}
        </p>
        {errors.notes ? (
          <p id={`${notesId}-error`} className="field__error" role="alert">
            {errors.notes}
          </p>
        ) : null}
      </div>

      {progress !== null ? (
        <div className="document-progress">
          <label htmlFor={`${filesId}-progress`}>Uploading documents</label>
          <progress id={`${filesId}-progress`} max={1} value={progress} />
        </div>
      ) : null}

      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (
            <>
              <Spinner size="sm" label="Sending documents" /> Submitting...
            </>
          ) : (
            <>
              <Upload aria-hidden="true" size={18} /> Submit Documents
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/** tooLarge names the first document past the server's cap (MAX_DOCUMENT_MB). */
function tooLarge(files: File[]): string | undefined {
  const big = files.find((f) => f.size > MAX_DOCUMENT_BYTES);
  return big ? `${big.name} is larger than ${MAX_DOCUMENT_MB} MB.` : undefined;
}
