import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { FormField } from "@/components/ui/form-field";
import { usePageTitle } from "@/lib/use-page-title";
import { useResetWithLink } from "../api/use-recovery-links";
import { newPasswordSchema, type NewPasswordValues } from "../schemas";
import { SubmitButton } from "./submit-button";
import "../auth.css";

/**
 * ResetPasswordPage is /reset-password?token=…, where an emailed reset link lands: a new
 * password with SPEC's rules; success signs the account out everywhere and goes to sign-in
 * with SPEC's success toast. Whether the link still works only the server knows: it says so
 * when the form is sent.
 */
export function ResetPasswordPage() {
  usePageTitle("Choose a New Password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const titleId = useId();
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    mode: "onChange",
  });
  const { reset, pending } = useResetWithLink(token);

  return (
    <>
      <PageHeader title="Choose a New Password">
        <p>Choosing a new password signs your account out everywhere.</p>
      </PageHeader>
      <div className="container section auth-layout">
        <div className="card auth-card">
          {token ? (
            <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={handleSubmit(reset)}>
              <h2 id={titleId} className="auth-form__title">
                Set Your New Password
              </h2>
              {/* Changing the password judges its confirmation again. */}
              <FormField showOnLeave control={control} name="newPassword" label="New Password" deps={["confirmPassword"]}>
                {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
              </FormField>
              <FormField showOnLeave control={control} name="confirmPassword" label="Confirm New Password">
                {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
              </FormField>
              <SubmitButton pending={pending} pendingLabel="Resetting password...">
                <KeyRound aria-hidden="true" size={18} /> Reset Password
              </SubmitButton>
            </form>
          ) : (
            <p role="alert">This link is incomplete. Please ask for a new one.</p>
          )}
          <p className="auth-form__switch">
            Need a new link? <Link to="/forgot-password">Reset your password</Link>
          </p>
        </div>
      </div>
    </>
  );
}
