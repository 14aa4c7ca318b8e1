import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { useCancelViewing, useDeclineViewing, useReportThread } from "../api/use-enquiries";
import { REPORT_REASONS } from "../enquiry";
import {
  CANCEL_LIMITS,
  DECLINE_LIMITS,
  REPORT_NOTE_LIMITS,
  cancelSchema,
  declineSchema,
  reportSchema,
  type CancelValues,
  type DeclineValues,
  type ReportValues,
} from "../schemas";
import { Outcome, counter } from "./enquiry-forms";

interface ViewingFormProps {
  viewingId: bigint;
  /** Called when the form is sent or put away. */
  onDone: () => void;
}

/** DeclineForm declines a viewing with the message the member is told (the owner). */
export function DeclineForm({ viewingId, onDone }: ViewingFormProps) {
  const decline = useDeclineViewing();
  const { control, handleSubmit } = useForm<DeclineValues>({ resolver: zodResolver(declineSchema), defaultValues: { message: "" } });
  const message = useWatch({ control, name: "message" });
  return (
    <form
      className="enquiry-form"
      noValidate
      aria-label="Decline the viewing"
      onSubmit={handleSubmit((v) => decline.mutate({ viewingId, message: v.message.trim() }, { onSuccess: onDone }))}
    >
      <FormField control={control} name="message" label="Message to the member" hint={`${counter(message, DECLINE_LIMITS.maxChars)} characters`}>
        {(props) => <textarea {...props} className="textarea" rows={3} placeholder="Why, and whether other times would suit you" />}
      </FormField>
      <Outcome error={decline.error} fallback="The viewing could not be declined. Please try again." />
      <div className="enquiry-actions">
        <Button variant="ghost" onClick={onDone}>
          Back
        </Button>
        <Button type="submit" disabled={decline.isPending} aria-busy={decline.isPending || undefined}>
          Decline viewing
        </Button>
      </div>
    </form>
  );
}

/** CancelForm cancels a viewing, with an optional note for the other member. */
export function CancelForm({ viewingId, onDone }: ViewingFormProps) {
  const cancel = useCancelViewing();
  const { control, handleSubmit } = useForm<CancelValues>({ resolver: zodResolver(cancelSchema), defaultValues: { message: "" } });
  const message = useWatch({ control, name: "message" });
  return (
    <form
      className="enquiry-form"
      noValidate
      aria-label="Cancel the viewing"
      onSubmit={handleSubmit((v) => cancel.mutate({ viewingId, message: v.message.trim() }, { onSuccess: onDone }))}
    >
      <FormField control={control} name="message" label="Message" optional hint={`${counter(message, CANCEL_LIMITS.maxChars)} characters`}>
        {(props) => <textarea {...props} className="textarea" rows={3} />}
      </FormField>
      <Outcome error={cancel.error} fallback="The viewing could not be cancelled. Please try again." />
      <div className="enquiry-actions">
        <Button variant="ghost" onClick={onDone}>
          Back
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
          Cancel viewing
        </Button>
      </div>
    </form>
  );
}

/** ReportForm reports a thread to the administrators: a reason and an optional note. */
export function ReportForm({ threadId, onDone }: { threadId: bigint; onDone: () => void }) {
  const report = useReportThread();
  const { control, handleSubmit } = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: "", note: "" },
  });
  const note = useWatch({ control, name: "note" });
  return (
    <form
      className="enquiry-form"
      noValidate
      aria-label="Report this conversation"
      onSubmit={handleSubmit((v) => report.mutate({ threadId, reason: v.reason, note: v.note.trim() }, { onSuccess: onDone }))}
    >
      <FormField control={control} name="reason" label="Reason" group>
        {(_props, field) =>
          REPORT_REASONS.map((r) => {
            const id = `report-${threadId}-${r.value}`;
            return (
              <div key={r.value} className="enquiry-form__choice">
                <input
                  id={id}
                  type="radio"
                  name={field.name}
                  value={r.value}
                  checked={field.value === r.value}
                  onChange={() => field.onChange(r.value)}
                  onBlur={field.onBlur}
                />
                <label htmlFor={id}>{r.label}</label>
              </div>
            );
          })
        }
      </FormField>
      <FormField control={control} name="note" label="Note" optional hint={`${counter(note, REPORT_NOTE_LIMITS.maxChars)} characters`}>
        {(props) => <textarea {...props} className="textarea" rows={3} />}
      </FormField>
      <Outcome error={report.error} fallback="The report could not be sent. Please try again." />
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={report.isPending} aria-busy={report.isPending || undefined}>
          Send report
        </Button>
      </div>
    </form>
  );
}
