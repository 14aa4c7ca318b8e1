import { useMutation } from "@connectrpc/connect-query";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useCallback, useState } from "react";
import { PasskeyService } from "@/gen/rentproof/account/v1/passkey_pb";
import { errorMessage } from "@/lib/errors";

// The passkey ceremony pieces every passkey screen shares: the passkeys feature (adding, signing
// in) and the forms that take a passkey instead of the current password.

/** webauthn loads the browser ceremony code when a ceremony starts, not with the page. */
export const webauthn = () => import("@simplewebauthn/browser");

/** PROMPT_CLOSED is what a ceremony the member closed or let time out says. */
export const PROMPT_CLOSED = "The passkey prompt was closed or timed out. Nothing was changed.";

/**
 * ceremonyMessage is what a failed passkey ceremony says: the server's message, or the browser's
 * refusal in words (the member closed the prompt, or this browser has no passkey for the site).
 */
export function ceremonyMessage(err: unknown): string {
  // The browser refuses with a DOMException (or @simplewebauthn's WebAuthnError carrying its name).
  const name = typeof err === "object" && err !== null && "name" in err ? String(err.name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return PROMPT_CLOSED;
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return errorMessage(err) || "Something went wrong with the passkey. Please try again.";
}

/**
 * useCeremony runs one passkey ceremony at a time: its pending state and its failure's message,
 * cleared when the next one starts.
 */
export function useCeremony<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const start = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setPending(true);
      setError("");
      try {
        return await run(...args);
      } catch (err) {
        setError(ceremonyMessage(err));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [run],
  );
  return { start, pending, error, clearError: () => setError("") };
}

/** useConfirmWithPasskey confirms this session with one of the member's passkeys. */
export function useConfirmWithPasskey() {
  const begin = useMutation(PasskeyService.method.beginPasskeyConfirmation);
  const finish = useMutation(PasskeyService.method.finishPasskeyConfirmation);
  const run = useCallback(async (): Promise<boolean> => {
    const { optionsJson } = await begin.mutateAsync({});
    const optionsJSON = JSON.parse(optionsJson) as PublicKeyCredentialRequestOptionsJSON;
    const credential = await (await webauthn()).startAuthentication({ optionsJSON });
    await finish.mutateAsync({ credentialJson: JSON.stringify(credential) });
    return true;
  }, [begin, finish]);
  return useCeremony(run);
}

