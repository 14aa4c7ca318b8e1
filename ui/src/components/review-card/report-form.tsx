import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { text } from "@/lib/validation";
import { LIMITS, REPORT_REASONS } from "@/lib/vocab";
import { REPORT_FALLBACK, useReportReview } from "./use-review-actions";

const DETAIL = LIMITS.review.reportDetail;

/** reportSchema is a report: a reason from the contract's list and optional detail. */
const reportSchema = z.object({
  reason: z.string().refine((v) => REPORT_REASONS.has(v), "Please choose a reason"),
  detail: text({ limits: DETAIL, tooLong: `Details must be at most ${DETAIL.maxChars} characters` }),
});
type ReportValues = z.infer<typeof reportSchema>;

/** ReportForm is the report dialog's form: a reason from the contract's list and optional detail. */
export function ReportForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
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
