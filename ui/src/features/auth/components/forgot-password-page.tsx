import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, KeyRound, Mail } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { FindAccountResponse } from "@/gen/rentproof/account/v1/account_pb";
import { usePageTitle } from "@/lib/use-page-title";
import { useFindAccount, useResetPassword } from "../api/use-password-reset";
import { useSendResetLink } from "../api/use-recovery-links";
import {
  findAccountSchema,
  resetPasswordSchema,
  type FindAccountValues,
  type ResetPasswordValues,
} from "../schemas";
import { EmailLinkForm } from "./email-link-form";
import { SubmitButton } from "./submit-button";
import "../auth.css";

const EMPTY_FIND: FindAccountValues = { email: "", username: "" };
const EMPTY_RESET: ResetPasswordValues = {
  securityAnswer1: "",
  securityAnswer2: "",
  newPassword: "",
  confirmPassword: "",
};

/** Found is the account of step 1, with the questions step 2 asks. */
interface Found {
  userId: number;
  email: string;
  username: string;
  securityQuestion1: string;
  securityQuestion2: string;
}

/**
 * ForgotPasswordPage is /forgot-password (SPEC §2 "Password reset"): step 1 finds the
 * account by email and username, step 2 answers its two security questions and sets
 * a new password. Back to Find Account returns to step 1 with what was typed there;
 * a successful reset lands on sign-in. Beside step 1, a reset link by email; step 2 offers it
 * for the address of step 1 (every pair gets questions, so the page never tells whether the
 * account exists). Focus moves to the heading of the step that appears.
 */
export function ForgotPasswordPage() {
  usePageTitle("Reset Password");
  const [found, setFound] = useState<Found | null>(null);
  const findForm = useForm<FindAccountValues>({
    resolver: zodResolver(findAccountSchema),
    defaultValues: EMPTY_FIND,
    mode: "onChange",
  });
  const resetForm = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: EMPTY_RESET,
    mode: "onChange",
  });
  const findTitleId = useId();
  const resetTitleId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // Set when the step changes because of the user (not on the first render).
  const focusStep = useRef(false);

  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepHeading.current?.focus();
  }, [found]);

  const showStep = (next: Found | null) => {
    focusStep.current = true;
    setFound(next);
  };

  const { findAccount, pending: finding } = useFindAccount((res: FindAccountResponse, username: string) => {
    resetForm.reset();
    showStep({
      userId: res.userId,
      email: findForm.getValues("email").trim(),
      username,
      securityQuestion1: res.securityQuestion1,
      securityQuestion2: res.securityQuestion2,
    });
  });

  // A successful reset lands on sign-in (useResetPassword): not SPEC's return to step 1, whose
  // empty form said nothing about what had happened (README, deviations).
  const { resetPassword, pending: resetting } = useResetPassword();
  const emailLink = useSendResetLink();

  return (
    <>
      <PageHeader title="Reset Password">
        <p>Forgot your password? Answer your security questions, or get a link by email, and choose a new one.</p>
      </PageHeader>
      <div className="container section auth-layout">
        <div className="card auth-card">
          <p className="auth-steps muted">{found ? "Step 2 of 2" : "Step 1 of 2"}</p>
          {found ? (
            <form
              className="auth-form"
              noValidate
              aria-labelledby={resetTitleId}
              onSubmit={resetForm.handleSubmit((values) => resetPassword(found.userId, values))}
            >
              <div className="auth-form__intro">
                <h2 id={resetTitleId} ref={stepHeading} tabIndex={-1} className="auth-form__title">
                  Answer Security Questions
                </h2>
                <p className="muted">
                  Answer the questions you chose for <strong>{found.username}</strong>. Case and spacing do not matter.
                </p>
              </div>
              <FormField showOnLeave control={resetForm.control} name="securityAnswer1" label={found.securityQuestion1}>
                {(props) => <input {...props} type="text" className="field__control" autoComplete="off" />}
              </FormField>
              <FormField showOnLeave control={resetForm.control} name="securityAnswer2" label={found.securityQuestion2}>
                {(props) => <input {...props} type="text" className="field__control" autoComplete="off" />}
              </FormField>
              {/* Changing the password judges its confirmation again. */}
              <FormField showOnLeave control={resetForm.control} name="newPassword" label="New Password" deps={["confirmPassword"]}>
                {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
              </FormField>
              <FormField showOnLeave control={resetForm.control} name="confirmPassword" label="Confirm New Password">
                {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
              </FormField>
              <SubmitButton pending={resetting} pendingLabel="Resetting password...">
                <KeyRound aria-hidden="true" size={18} /> Reset Password
              </SubmitButton>
              <Button variant="outline" size="lg" className="auth-secondary" onClick={() => showStep(null)} disabled={resetting}>
                <ArrowLeft aria-hidden="true" size={18} /> Back to Find Account
              </Button>
              <Button
                variant="outline"
                size="lg"
                className="auth-secondary"
                onClick={() => emailLink.send(found.email)}
                disabled={emailLink.pending}
              >
                <Mail aria-hidden="true" size={18} /> Email Me a Link Instead
              </Button>
              <p role="status" className="muted">
                {emailLink.sent}
              </p>
            </form>
          ) : (
            <form
              className="auth-form"
              noValidate
              aria-labelledby={findTitleId}
              onSubmit={findForm.handleSubmit(findAccount)}
            >
              <div className="auth-form__intro">
                <h2 id={findTitleId} ref={stepHeading} tabIndex={-1} className="auth-form__title">
                  Find Your Account
                </h2>
                <p className="muted">Enter the email address and username of your account.</p>
              </div>
              <FormField showOnLeave control={findForm.control} name="email" label="Email">
                {(props) => <input {...props} type="email" className="field__control" autoComplete="email" spellCheck={false} />}
              </FormField>
              <FormField showOnLeave control={findForm.control} name="username" label="Username">
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    className="field__control"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <SubmitButton pending={finding} pendingLabel="Finding account...">
                Find Account
              </SubmitButton>
            </form>
          )}
          {found ? null : <EmailLinkForm />}
          <p className="auth-form__switch">
            Remembered your password? <Link to="/auth">Return to Login</Link>
          </p>
        </div>
      </div>
    </>
  );
}
