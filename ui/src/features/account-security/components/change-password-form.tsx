import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { usePasswordOrPasskey } from "@/components/passkey-confirm/passkey-confirm";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { useChangePassword } from "../api/use-account-security";
import { changePasswordSchema, type ChangePasswordValues } from "../schemas";
import "../account-security.css";

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * ChangePasswordForm is /settings › Password: the current password (a wrong one counts as a
 * failed sign-in), the new one twice. The server ends every other session and emails the member;
 * this browser stays signed in.
 */
export function ChangePasswordForm() {
  const identity = usePasswordOrPasskey();
  const [schema] = useState(() => identity.require(changePasswordSchema, "currentPassword"));
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const change = useChangePassword(() => form.reset(EMPTY));
  return (
    <>
      <p className="settings-section__intro">
        Changing your password signs out every other browser and app signed in to your account; this one stays
        signed in. We email you about the change.
      </p>
      <form
        className="security-form"
        noValidate
        aria-label="Change password"
        onSubmit={form.handleSubmit((v) => change.mutate({ currentPassword: v.currentPassword, newPassword: v.newPassword }))}
      >
        <FormField showOnLeave control={form.control} name="currentPassword" label="Current Password">
          {(props) => <input {...props} type="password" className="field__control" autoComplete="current-password" />}
        </FormField>
        {identity.offer}
        <FormField
          showOnLeave
          control={form.control}
          name="newPassword"
          label="New Password"
          deps={["confirmPassword"]}
          hint="At least 6 characters."
        >
          {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
        </FormField>
        <FormField showOnLeave control={form.control} name="confirmPassword" label="Confirm New Password">
          {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
        </FormField>
        {change.error ? (
          <p className="field__error" role="alert">
            {errorMessage(change.error) || "Your password could not be changed. Please try again."}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </div>
      </form>
    </>
  );
}
