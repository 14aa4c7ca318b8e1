import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { VocabSelect } from "@/components/ui/vocab-select";
import { charCount } from "@/lib/text";
import { refusalOf, useSendContactMessage } from "../api/use-send-contact-message";
import { SUPPORT } from "../contact-details";
import { CONTACT_LIMITS, EMPTY_CONTACT, SUBJECTS, contactSchema, toRequest, type ContactValues } from "../schema";

/**
 * ContactForm is the contact form (SPEC §2, §5 "Contact"): name, email, subject and a message
 * with a live counter. While the call runs it says "Sending..."; once sent, the "Message Sent!"
 * state with "Send Another Message", which empties it. A failure keeps everything typed. A
 * hidden honeypot field (website), which people never see or reach, catches robots that fill
 * every field.
 */
export function ContactForm() {
  const trapId = useId();
  const { control, handleSubmit, reset, register, setFocus } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY_CONTACT,
    mode: "onChange",
  });
  const message = useWatch({ control, name: "message" });
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0); // forms emptied by Send Another Message
  const refusal = refusalOf(send.error);

  useEffect(() => {
    if (round > 0) setFocus("name");
  }, [round, setFocus]);

  if (sent) {
    return (
      <SentPanel
        onAnother={() => {
          reset(EMPTY_CONTACT);
          send.reset();
          setSent(false);
          setRound((n) => n + 1);
        }}
      />
    );
  }

  const submit = handleSubmit((values) => send.mutate(toRequest(values), { onSuccess: () => setSent(true) }));
  return (
    <form className="contact-form" noValidate aria-label="Contact form" onSubmit={submit}>
      <div className="contact-form__row">
        <FormField showOnLeave control={control} name="name" label="Name">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="name" />}
        </FormField>
        <FormField showOnLeave control={control} name="email" label="Email">
          {(props) => (
            <input {...props} type="email" className="field__control" autoComplete="email" autoCapitalize="none" spellCheck={false} />
          )}
        </FormField>
      </div>
      <FormField showOnLeave control={control} name="subject" label="Subject">
        {(props) => (
          <VocabSelect {...props} vocabulary={SUBJECTS} placeholder="Select a subject" className="field__control field__control--select" />
        )}
      </FormField>
      <FormField
        showOnLeave
        control={control}
        name="message"
        label="Message"
        hint={`${charCount(message.trim())}/${CONTACT_LIMITS.message.maxChars}`}
      >
        {(props) => <textarea {...props} className="field__control contact-form__message" rows={6} />}
      </FormField>
      {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={trapId}>Leave this field empty</label>
        <input id={trapId} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      {refusal ? (
        <p role="alert" className="contact-form__refusal">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="contact-form__submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
        {send.isPending ? (
          <>
            <span className="spinner spinner--sm spinner--on-primary" aria-hidden="true" />
            Sending...
          </>
        ) : (
          <>
            <Send aria-hidden="true" size={18} /> Send Message
          </>
        )}
      </Button>
    </form>
  );
}

/** SentPanel is the form's "Message Sent!" state; it takes focus so the change is announced. */
function SentPanel({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-sent" role="status">
      <CheckCircle2 aria-hidden="true" size={48} className="contact-sent__icon" />
      <h3 ref={heading} tabIndex={-1} className="contact-sent__title">
        Message Sent!
      </h3>
      <p>Thank you for reaching out. We&apos;ll get back to you {SUPPORT.response}.</p>
      <Button variant="outline" onClick={onAnother}>
        Send Another Message
      </Button>
    </div>
  );
}
