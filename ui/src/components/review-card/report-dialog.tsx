import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useLocation } from "react-router-dom";
import { z } from "zod";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { text } from "@/lib/validation";
import { LIMITS, REPORT_REASONS } from "@/lib/vocab";
import { REPORT_FALLBACK, useReportReview } from "./use-review-actions";

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

const DETAIL = LIMITS.review.reportDetail;

/** reportSchema is a report: a reason from the contract's list and optional detail. */
export const reportSchema = z.object({
  reason: z.string().refine((v) => REPORT_REASONS.has(v), "Please choose a reason"),
  detail: text({ limits: DETAIL, tooLong: `Details must be at most ${DETAIL.maxChars} characters` }),
});
type ReportValues = z.infer<typeof reportSchema>;

function ReportForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const id = useId();
  const { control, handleSubmit } = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: "", detail: "" },
    mode: "onChange",
  });
  const report = useReportReview();
  const detail = useWatch({ control, name: "detail" });

  const onValid = ({ reason, detail }: ReportValues) =>
    report.mutate({ reviewId, reason, detail: detail.trim() }, { onSuccess: onDone });

  return (
    <form className="report-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Report this review">
      <FormField control={control} name="reason" label="Reason" group className="report-form__reasons">
        {(_, field) =>
          REPORT_REASONS.terms.map((r, i) => (
            <label key={r.value} className="report-form__reason">
              <input
                ref={i === 0 ? field.ref : undefined}
                type="radio"
                name={`${id}-reason`}
                value={r.value}
                checked={field.value === r.value}
                onChange={() => field.onChange(r.value)}
                onBlur={field.onBlur}
              />
              {r.label}
            </label>
          ))
        }
      </FormField>
      <FormField
        control={control}
        name="detail"
        label="Details"
        optional
        hint={`${charCount(detail.trim())}/${DETAIL.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea review-textarea" rows={3} />}
      </FormField>
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
