import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PasskeyService, type Passkey } from "@/gen/rentproof/account/v1/passkey_pb";
import { errorMessage } from "@/lib/errors";

/** webauthn loads the browser ceremony code when a ceremony starts, not with the page. */
const webauthn = () => import("@simplewebauthn/browser");

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

/** usePasskeys is the signed-in member's passkeys and whether one is required. */
export function usePasskeys() {
  return useQuery(PasskeyService.method.listPasskeys, {});
}

/** useRefreshPasskeys makes the list ask again after a change. */
function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: PasskeyService.method.listPasskeys, transport, cardinality: "finite" }),
      }),
    [queryClient, transport],
  );
}

/**
 * useCeremony runs one passkey ceremony at a time: its pending state and its failure's message,
 * cleared when the next one starts.
 */
function useCeremony<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
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

/** useAddPasskey registers a new passkey: the server's options, the browser's prompt, the answer. */
export function useAddPasskey() {
  const begin = useMutation(PasskeyService.method.beginPasskeyRegistration);
  const finish = useMutation(PasskeyService.method.finishPasskeyRegistration);
  const refresh = useRefreshPasskeys();
  const run = useCallback(
    async (name: string, password: string): Promise<Passkey | undefined> => {
      const { optionsJson } = await begin.mutateAsync({ password });
      const optionsJSON = JSON.parse(optionsJson) as PublicKeyCredentialCreationOptionsJSON;
      const credential = await (await webauthn()).startRegistration({ optionsJSON });
      const { passkey } = await finish.mutateAsync({ credentialJson: JSON.stringify(credential), name });
      await refresh();
      return passkey;
    },
    [begin, finish, refresh],
  );
  return useCeremony(run);
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

/** usePasskeySignIn signs in with a discoverable passkey: no username is asked. */
export function usePasskeySignIn() {
  const begin = useMutation(PasskeyService.method.beginPasskeySignIn);
  const finish = useMutation(PasskeyService.method.finishPasskeySignIn);
  const run = useCallback(async (): Promise<User | undefined> => {
    const { optionsJson } = await begin.mutateAsync({});
    const optionsJSON = JSON.parse(optionsJson) as PublicKeyCredentialRequestOptionsJSON;
    const credential = await (await webauthn()).startAuthentication({ optionsJSON });
    const { user } = await finish.mutateAsync({ credentialJson: JSON.stringify(credential) });
    return user;
  }, [begin, finish]);
  return useCeremony(run);
}

/** usePasskeyChanges renames and removes passkeys and sets the requirement, refreshing the list. */
export function usePasskeyChanges() {
  const refresh = useRefreshPasskeys();
  const rename = useMutation(PasskeyService.method.renamePasskey, { onSuccess: refresh });
  const remove = useMutation(PasskeyService.method.deletePasskey, { onSuccess: refresh });
  const require = useMutation(PasskeyService.method.setPasskeyRequired, { onSuccess: refresh });
  return { rename, remove, require };
}
