import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { usePasskeySignIn } from "../api/use-passkeys";
import "../passkeys.css";

interface PasskeySignInButtonProps {
  /** Makes the signed-in user the current one (the auth feature's useStartSession). */
  onSignedIn: (user: User | undefined) => Promise<void> | void;
}

/**
 * PasskeySignInButton is "Sign in with a passkey" on /auth: the browser offers the passkeys it
 * holds for RentProof, so no username is typed; the server signs in as the passkey's owner.
 */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const signIn = usePasskeySignIn();
  const go = async () => {
    const user = await signIn.start();
    if (!user) return;
    toast({ title: "Login successful", description: `Welcome back, ${user.firstName.trim() || user.username}!` });
    await onSignedIn(user);
  };
  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or" aria-hidden="true">
        or
      </p>
      <Button
        variant="outline"
        className="passkey-sign-in__button"
        onClick={() => void go()}
        disabled={signIn.pending}
        aria-busy={signIn.pending || undefined}
      >
        <KeyRound aria-hidden="true" size={18} />
        {signIn.pending ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      {signIn.error ? (
        <p className="field__error" role="alert">
          {signIn.error}
        </p>
      ) : null}
    </div>
  );
}
