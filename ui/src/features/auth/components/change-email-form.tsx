import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@connectrpc/connect-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { usePasswordOrPasskey } from "@/components/passkey-confirm/passkey-confirm";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { errorMessage } from "@/lib/errors";
import { useUpdateCurrentUser } from "../api/use-session";
import { changeEmailSchema, type ChangeEmailValues } from "../schemas";

/** ChangeEmailForm asks for the new address and the current password or a passkey (AccountEmailService.ChangeEmail). */
export function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const identity = usePasswordOrPasskey();
  const [schema] = useState(() => identity.require(changeEmailSchema, "password"));
  const { control, handleSubmit } = useForm<ChangeEmailValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", password: "" },
  });
  const updateCurrentUser = useUpdateCurrentUser();
  const change = useMutation(AccountEmailService.method.changeEmail, {
    onSuccess: async ({ user }) => {
      const updated = updateCurrentUser(user);
      toast({ title: "Email address changed", description: `We sent a verification link to ${user?.email ?? "your new address"}.` });
      onDone();
      await updated;
    },
  });
  return (
    <form
      className="profile-form"
      noValidate
      aria-label="Change Email"
      onSubmit={handleSubmit((v) => change.mutate({ email: v.email.trim(), password: v.password }))}
    >
      <FormField showOnLeave control={control} name="email" label="New Email">
        {(props) => <input {...props} type="email" className="field__control" autoComplete="email" />}
      </FormField>
      <FormField showOnLeave control={control} name="password" label="Current Password">
        {(props) => <input {...props} type="password" className="field__control" autoComplete="current-password" />}
      </FormField>
      {identity.offer}
      {change.error ? (
        <p className="field__error" role="alert">
          {errorMessage(change.error) || "Your email address could not be changed. Please try again."}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? "Saving..." : "Change Email"}
        </Button>
      </div>
    </form>
  );
}
