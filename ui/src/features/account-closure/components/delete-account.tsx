import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { usePasswordOrPasskey } from "@/components/passkey-confirm/passkey-confirm";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AccountClosureService } from "@/gen/rentproof/account/v1/account_closure_pb";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import "../account-closure.css";

/** The toast after a deletion. */
export const ACCOUNT_DELETED = "Your account was deleted";

function schemaFor(username: string) {
  return z.object({
    username: z
      .string()
      .refine((v) => v.trim().toLowerCase() === username.toLowerCase(), "Type your username exactly as it is to confirm"),
    password: z.string(), // required unless a passkey confirmed: usePasswordOrPasskey
    deleteReviews: z.boolean(),
  });
}
type DeleteAccountValues = z.infer<ReturnType<typeof schemaFor>>;

/** DeleteAccountForm confirms with the typed username and the current password or a passkey (AccountClosureService.DeleteAccount). */
function DeleteAccountForm({ username }: { username: string }) {
  const identity = usePasswordOrPasskey();
  const [schema] = useState(() => identity.require(schemaFor(username), "password", "Please enter your current password"));
  const { control, handleSubmit, register } = useForm<DeleteAccountValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: "", password: "", deleteReviews: false },
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(AccountClosureService.method.deleteAccount, {
    onSuccess: async () => {
      // The session has ended: leave the protected page, then let nothing of the account stay on screen.
      await navigate("/", { replace: true }); // before the reset, or the protected page sends it to /auth
      toast({ title: ACCOUNT_DELETED, description: "We sent a confirmation to your email address." });
      await queryClient.resetQueries();
    },
  });
  return (
    <form
      className="profile-form"
      noValidate
      aria-label="Delete account"
      onSubmit={handleSubmit((v) =>
        remove.mutate({ username: v.username.trim(), password: v.password, deleteReviews: v.deleteReviews }),
      )}
    >
      <FormField showOnLeave control={control} name="username" label={`Type your username (${username}) to confirm`}>
        {(props) => <input {...props} type="text" className="field__control" autoComplete="off" spellCheck={false} />}
      </FormField>
      <FormField showOnLeave control={control} name="password" label="Current Password">
        {(props) => <input {...props} type="password" className="field__control" autoComplete="current-password" />}
      </FormField>
      {identity.offer}
      <div className="delete-account__check">
        <input id="delete-reviews" type="checkbox" {...register("deleteReviews")} aria-describedby="delete-reviews-hint" />
        <label htmlFor="delete-reviews">Also delete my reviews</label>
        <p id="delete-reviews-hint" className="field__hint">
          Otherwise your reviews stay, shown as written by &quot;Anonymous User&quot;. Deleted reviews no longer count in any rating.
        </p>
      </div>
      {remove.error ? (
        <p className="field__error" role="alert">
          {errorMessage(remove.error) || "Your account could not be deleted. Please try again."}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {remove.isPending ? "Deleting..." : "Delete my account"}
        </Button>
      </div>
    </form>
  );
}

/**
 * DeleteAccount is /settings › Delete account: what deletion does, and the button that opens the
 * confirmation (the typed username and the current password).
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const username = useQuery(AccountService.method.getCurrentUser, {}).data?.user?.username ?? "";
  return (
    <>
      <p className="settings-section__intro">
        Deleting your account signs you out everywhere, removes your listings from RentProof and deletes your private
        documents and your personal details. Your reviews stay without your name unless you choose to delete them too. We
        keep your token ledger and XP without your name, so other members&apos; balances and ranks stay right. Your
        username cannot be used by anyone for 90 days. This cannot be undone.
      </p>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete account"
        description="This cannot be undone. We will send a confirmation to your email address."
        trigger={
          <Button variant="danger">
            <Trash2 aria-hidden="true" size={16} /> Delete account
          </Button>
        }
      >
        {open && username ? <DeleteAccountForm username={username} /> : null}
      </Dialog>
    </>
  );
}
