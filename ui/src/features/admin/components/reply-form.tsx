import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { useReplyToMessage } from "../api/use-contact-messages";
import { REPLY_LIMITS, replySchema, type ReplyValues } from "../schemas";

interface ReplyFormProps {
  messageId: bigint;
  /** The sender's name and address, which the label names. */
  name: string;
  email: string;
  /** Called once the reply is sent, or when the administrator cancels. */
  onDone: () => void;
}

/**
 * ReplyForm writes an administrator's reply to a contact message: the server emails it to the
 * address on the message (and notifies a signed-in sender in the app) and marks the message handled.
 */
export function ReplyForm({ messageId, name, email, onDone }: ReplyFormProps) {
  const { control, handleSubmit } = useForm<ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: "" },
    mode: "onChange",
  });
  const message = useWatch({ control, name: "message" });
  const reply = useReplyToMessage();
  const onValid = (values: ReplyValues) => reply.mutate({ id: messageId, message: values.message.trim() }, { onSuccess: onDone });

  return (
    <form className="admin-reply-form" noValidate onSubmit={handleSubmit(onValid)} aria-label={`Reply to ${name}`}>
      <FormField
        control={control}
        name="message"
        label={`Your reply (emailed to ${email})`}
        hint={`${charCount(message.trim())}/${REPLY_LIMITS.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea" rows={6} />}
      </FormField>
      {reply.error ? <p role="alert">{errorMessage(reply.error) || "Failed to send the reply."}</p> : null}
      <div className="admin-card__actions">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={reply.isPending} aria-busy={reply.isPending || undefined}>
          {reply.isPending ? "Sending..." : "Send reply"}
        </Button>
      </div>
    </form>
  );
}
