import { Flag } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/errors";
import { REPORT_REASONS, textLength } from "./review-labels";
import { REPORT_FALLBACK, useReportReview } from "./use-review-actions";

/** The longest report detail the server accepts. */
export const REPORT_DETAIL_MAX = 1000;

interface ReportDialogProps {
  reviewId: number;
  /** False when nobody is signed in: the dialog then asks to sign in instead. */
  signedIn: boolean;
}

/** ReportDialog is the Report button and its dialog: a reason from the fixed list and optional detail. */
export function ReportDialog({ reviewId, signedIn }: ReportDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Report this review"
      description="Tell us what is wrong with this review. Our moderators will look at it."
      trigger={
        <Button variant="ghost" size="sm" className="review-card__report">
          <Flag aria-hidden="true" size={16} /> Report
        </Button>
      }
    >
      {signedIn ? <ReportForm reviewId={reviewId} onDone={() => setOpen(false)} /> : <SignInToReport />}
    </Dialog>
  );
}

function SignInToReport() {
  const location = useLocation();
  return (
    <>
      <p>Please sign in to report a review.</p>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Link to="/auth" state={{ from: location }} className={buttonClass("primary")}>
          Sign In
        </Link>
      </div>
    </>
  );
}

function ReportForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [detail, setDetail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const report = useReportReview();

  const reasonError = submitted && !reason ? "Please choose a reason" : undefined;
  const detailLength = textLength(detail);
  const detailError =
    detailLength > REPORT_DETAIL_MAX ? `Details must be at most ${REPORT_DETAIL_MAX} characters` : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!reason) {
      document.getElementById(`${id}-reason-${REPORT_REASONS[0].value}`)?.focus();
      return;
    }
    if (detailError) {
      document.getElementById(`${id}-detail`)?.focus();
      return;
    }
    report.mutate({ reviewId, reason, detail: detail.trim() }, { onSuccess: onDone });
  };

  return (
    <form className="report-form" noValidate onSubmit={onSubmit} aria-label="Report this review">
      <fieldset
        className="report-form__reasons"
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        aria-invalid={reasonError ? true : undefined}
      >
        <legend className="field__label">Reason</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.value} className="report-form__reason">
            <input
              id={`${id}-reason-${r.value}`}
              type="radio"
              name={`${id}-reason`}
              value={r.value}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
            />
            {r.label}
          </label>
        ))}
        <p id={`${id}-reason-error`} className="field__error" aria-live="polite">
          {reasonError}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-detail`} className="field__label">
          Details <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-detail`}
          className="textarea review-textarea"
          rows={3}
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          aria-invalid={detailError ? true : undefined}
          aria-describedby={`${id}-detail-count${detailError ? ` ${id}-detail-error` : ""}`}
        />
        <p id={`${id}-detail-count`} className="field__hint char-count">
          {detailLength}/{REPORT_DETAIL_MAX}
        </p>
        {detailError ? (
          <p id={`${id}-detail-error`} className="field__error">
            {detailError}
          </p>
        ) : null}
      </div>
      {report.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(report.error) || REPORT_FALLBACK}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={report.isPending} aria-busy={report.isPending || undefined}>
          {report.isPending ? "Submitting..." : "Submit Report"}
        </Button>
      </div>
    </form>
  );
}
