import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, X } from "lucide-react";
import { useId, useMemo } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import type { Thread } from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { formatCount } from "@/lib/count";
import { errorMessage } from "@/lib/errors";
import { parseInteger } from "@/lib/validation";
import { charCount } from "@/lib/text";
import { useRequestViewing, useStartEnquiry } from "../api/use-enquiries";
import { MAX_VIEWING_TIMES, OCCUPANTS, moveInMonths, viewingWindow, zoneName } from "../enquiry";
import { MESSAGE_LIMITS, enquirySchema, viewingSchema, type EnquiryValues, type ViewingValues } from "../schemas";

interface FormProps {
  propertyId: number;
  /** Called with the thread written to. */
  onSent: (thread: Thread) => void;
}

/** counter is a text's live character count against its limit: "12/2,000". */
export function counter(text: string, max: number): string {
  return `${formatCount(charCount(text.trim()))}/${formatCount(max)}`;
}

/**
 * EnquiryForm is Contact Landlord's form: a message (up to 2,000 characters, counted as typed),
 * an optional move-in month and an optional number of occupants. The server's refusal (the
 * limits, a block, a withdrawn listing) is shown above the buttons.
 */
export function EnquiryForm({ propertyId, onSent }: FormProps) {
  const months = useMemo(() => moveInMonths(), []);
  const { control, handleSubmit } = useForm<EnquiryValues>({
    resolver: zodResolver(enquirySchema),
    defaultValues: { message: "", moveInMonth: "", occupants: "" },
    mode: "onChange",
  });
  const message = useWatch({ control, name: "message" });
  const start = useStartEnquiry();
  const onValid = (v: EnquiryValues) =>
    start.mutate(
      { propertyId, message: v.message.trim(), moveInMonth: v.moveInMonth, occupants: parseInteger(v.occupants) ?? 0 },
      {
        onSuccess: (res) => {
          toast({ title: "Message sent", description: "The landlord will see it on their dashboard and by email." });
          if (res.thread) onSent(res.thread);
        },
      },
    );
  return (
    <form className="enquiry-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Message the landlord">
      <FormField control={control} name="message" label="Message" hint={`${counter(message, MESSAGE_LIMITS.maxChars)} characters`}>
        {(props) => (
          <textarea
            {...props}
            className="textarea"
            rows={6}
            placeholder="Introduce yourself and ask what you would like to know about the home"
          />
        )}
      </FormField>
      <div className="enquiry-form__row">
        <FormField control={control} name="moveInMonth" label="Move-in month" optional>
          {(props) => (
            <select {...props} className="select">
              <option value="">Not decided</option>
              {months.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField control={control} name="occupants" label="Occupants" optional hint={`${OCCUPANTS.min} to ${OCCUPANTS.max} people`}>
          {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={OCCUPANTS.min} max={OCCUPANTS.max} step={1} />}
        </FormField>
      </div>
      <SendButtons error={start.error} pending={start.isPending} label="Send message" />
    </form>
  );
}

/**
 * ViewingForm is Schedule Viewing's form on the property page: it starts a thread (or adds to
 * the one already open) with a viewing request.
 */
export function ViewingForm({ propertyId, onSent, timeZone }: FormProps & { timeZone: string }) {
  const start = useStartEnquiry();
  return (
    <ViewingTimesForm
      timeZone={timeZone}
      error={start.error}
      pending={start.isPending}
      onValid={(times, message) =>
        start.mutate(
          { propertyId, message, viewingTimes: times },
          {
            onSuccess: (res) => {
              toast({ title: "Viewing request sent", description: "The landlord will see it on their dashboard and by email." });
              if (res.thread) onSent(res.thread);
            },
          },
        )
      }
    />
  );
}

/**
 * AnotherViewingForm asks, in a thread the member started, to view the listing at new times
 * (EnquiryService.RequestViewing: the same one to three times within 60 days, and the same
 * limits, as a first request).
 */
export function AnotherViewingForm({ threadId, timeZone, onSent }: { threadId: bigint; timeZone: string; onSent: () => void }) {
  const request = useRequestViewing();
  return (
    <ViewingTimesForm
      timeZone={timeZone}
      error={request.error}
      pending={request.isPending}
      onValid={(times, message) =>
        request.mutate(
          { threadId, times, message },
          {
            onSuccess: () => {
              toast({ title: "Viewing request sent", description: "The landlord will see it on their dashboard and by email." });
              onSent();
            },
          },
        )
      }
    />
  );
}

interface ViewingTimesFormProps {
  timeZone: string;
  error: unknown;
  pending: boolean;
  /** Sends the valid times ("YYYY-MM-DDTHH:MM" in the listing's zone) and the trimmed message. */
  onValid: (times: string[], message: string) => void;
}

/**
 * ViewingTimesForm is a viewing request's form: one to three date-time pickers in the listing's
 * time zone (named in their legend), from now to 60 days ahead there, and an optional message.
 */
function ViewingTimesForm({ timeZone, error, pending, onValid }: ViewingTimesFormProps) {
  const hintId = useId();
  const schema = useMemo(() => viewingSchema(timeZone), [timeZone]);
  const { min, max } = viewingWindow(timeZone);
  const { control, handleSubmit } = useForm<ViewingValues>({
    resolver: zodResolver(schema),
    defaultValues: { times: [{ value: "" }], message: "" },
    mode: "onChange",
  });
  const { fields, append, remove } = useFieldArray({ control, name: "times" });
  const message = useWatch({ control, name: "message" });
  const zone = zoneName(timeZone);
  const send = (v: ViewingValues) => onValid(v.times.map((t) => t.value), v.message.trim());
  return (
    <form className="enquiry-form" noValidate onSubmit={handleSubmit(send)} aria-label="Request a viewing">
      <fieldset className="enquiry-form__times" aria-describedby={hintId}>
        <legend className="field__label">Proposed times ({zone})</legend>
        <p id={hintId} className="field__hint">
          {timeZone ? `Times are in the listing's time zone, ${zone}` : "Times are the listing's local time"}, within the next 60
          days. Propose up to {MAX_VIEWING_TIMES}.
        </p>
        {fields.map((f, i) => (
          <div key={f.id} className="enquiry-form__time">
            <FormField control={control} name={`times.${i}.value`} label={`Time ${i + 1}`}>
              {(props) => <input {...props} className="input" type="datetime-local" min={min} max={max} />}
            </FormField>
            {i > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove time ${i + 1}`}>
                <X aria-hidden="true" size={16} />
              </Button>
            ) : null}
          </div>
        ))}
        {fields.length < MAX_VIEWING_TIMES ? (
          <Button variant="outline" size="sm" onClick={() => append({ value: "" })}>
            <Plus aria-hidden="true" size={16} /> Add another time
          </Button>
        ) : null}
      </fieldset>
      <FormField control={control} name="message" label="Message" optional hint={`${counter(message, MESSAGE_LIMITS.maxChars)} characters`}>
        {(props) => <textarea {...props} className="textarea" rows={4} placeholder="Anything the landlord should know" />}
      </FormField>
      <SendButtons error={error} pending={pending} label="Request viewing" />
    </form>
  );
}

/** SendButtons are a dialog form's end: the server's refusal, Cancel, and the submit button. */
function SendButtons({ error, pending, label }: { error: unknown; pending: boolean; label: string }) {
  return (
    <>
      <Outcome error={error} />
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Sending..." : label}
        </Button>
      </div>
    </>
  );
}

/** Outcome is the server's refusal of a form, in its own words. */
export function Outcome({ error, fallback = "It could not be sent. Please try again." }: { error: unknown; fallback?: string }) {
  if (!error) return null;
  return (
    <p className="field__error" role="alert">
      {errorMessage(error) || fallback}
    </p>
  );
}
