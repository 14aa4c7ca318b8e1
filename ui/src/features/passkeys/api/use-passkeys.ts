import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PasskeyService, type Passkey } from "@/gen/rentproof/account/v1/passkey_pb";
import { useCeremony, webauthn } from "@/components/passkey-confirm/ceremony";

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
