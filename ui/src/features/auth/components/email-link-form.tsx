import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { useSendResetLink } from "../api/use-recovery-links";
import { emailLinkSchema, type EmailLinkValues } from "../schemas";
import { SubmitButton } from "./submit-button";

/**
 * EmailLinkForm asks for a password reset link by email, beside the security questions. The
 * answer it shows is the server's, the same whether or not the address has an account.
 */
export function EmailLinkForm() {
  const titleId = useId();
  const { control, handleSubmit } = useForm<EmailLinkValues>({
    resolver: zodResolver(emailLinkSchema),
    defaultValues: { email: "" },
    mode: "onChange",
  });
  const { send, pending, sent } = useSendResetLink();
  return (
    <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={handleSubmit((v) => send(v.email))}>
      <div className="auth-form__intro">
        <h2 id={titleId} className="auth-form__title">
          Get a Link by Email
        </h2>
        <p className="muted">No security questions, or forgot the answers? We email a link that sets a new password. It works once, for 24 hours.</p>
      </div>
      <FormField showOnLeave control={control} name="email" label="Email">
        {(props) => <input {...props} type="email" className="field__control" autoComplete="email" spellCheck={false} />}
      </FormField>
      <SubmitButton pending={pending} pendingLabel="Sending link...">
        <Mail aria-hidden="true" size={18} /> Email Me a Link
      </SubmitButton>
      <p role="status" className="muted">
        {sent}
      </p>
    </form>
  );
}
