import { UserPen } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "../api/use-current-user";

// The form's code (and its validation library) is a chunk of its own, fetched when the dialog opens.
const ProfileForm = lazy(async () => ({ default: (await import("./edit-profile-form")).ProfileForm }));

/**
 * EditProfileButton is the dashboard's "Edit Profile" button: it opens a dialog with the form
 * for first name, last name, bio, city, country and language. On success it says "Profile
 * updated", closes, and the current user (header, dashboard) shows the change. Renders nothing
 * while nobody is signed in.
 */
export function EditProfileButton({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Edit Profile"
      description="Your name, a few words about you, where you live and your language."
      trigger={
        <Button variant="outline" className={className}>
          <UserPen aria-hidden="true" size={16} /> Edit Profile
        </Button>
      }
    >
      {/* Mounted with the dialog: it opens filled with the profile as it is now. */}
      {open ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <ProfileForm user={user} onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
