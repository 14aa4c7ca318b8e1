import { AtSign } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "../api/use-current-user";

// The form's code (its validation library and the passkey confirmation) is a chunk of its own,
// fetched when the dialog opens.
const ChangeEmailForm = lazy(async () => ({ default: (await import("./change-email-form")).ChangeEmailForm }));

/**
 * ChangeEmailButton opens the Change Email dialog beside Edit Profile. The new address must be
 * verified with the link we send it; the old one is told of the change. Renders nothing while
 * nobody is signed in.
 */
export function ChangeEmailButton({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Change Email"
      description={`Your address is ${user.email}. We will send the new one a link to verify it, and tell the old one.`}
      trigger={
        <Button variant="outline" className={className}>
          <AtSign aria-hidden="true" size={16} /> Change Email
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <ChangeEmailForm onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
