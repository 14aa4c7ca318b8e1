import { useQuery } from "@connectrpc/connect-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { PasskeyService } from "@/gen/rentproof/account/v1/passkey_pb";
import { useConfirmWithPasskey } from "./ceremony";
import "./passkey-confirm.css";

/** CONFIRM_WINDOW_MS is how long a passkey confirmation stands in for the password (account.ConfirmWindow). */
export const CONFIRM_WINDOW_MS = 5 * 60_000;

/**
 * PasskeyInstead goes under a "Current Password" field: for a member with passkeys, "Use a passkey
 * instead" confirms this session with one (the server then takes an empty password for five
 * minutes: account.confirmIdentity), and says so until those minutes are up, then that they are.
 * Renders nothing for a member without passkeys.
 */
export function PasskeyInstead({ onConfirmed }: { onConfirmed?: () => void }) {
  const passkeys = useQuery(PasskeyService.method.listPasskeys, {});
  const confirm = useConfirmWithPasskey();
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    if (confirmedAt === null) return;
    const timer = setTimeout(() => setEnded(true), confirmedAt + CONFIRM_WINDOW_MS - Date.now());
    return () => clearTimeout(timer);
  }, [confirmedAt]);
  if (!passkeys.data?.passkeys.length) return null;
  let status = "";
  if (ended) status = "Your passkey confirmation has ended: enter your password, or confirm with your passkey again.";
  else if (confirmedAt !== null) status = "Confirmed with your passkey: for the next 5 minutes you can leave the password empty.";
  return (
    <div className="passkey-instead">
      <Button
        variant="ghost"
        size="sm"
        disabled={confirm.pending}
        onClick={() =>
          void confirm.start().then((ok) => {
            if (!ok) return;
            setConfirmedAt(Date.now());
            setEnded(false);
            onConfirmed?.();
          })
        }
      >
        {confirm.pending ? "Waiting for your passkey..." : "Use a passkey instead"}
      </Button>
      <p role="status" className="passkey-instead__status">
        {status}
      </p>
      {confirm.error ? (
        <p className="field__error" role="alert">
          {confirm.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * usePasswordOrPasskey is the current-password step of a form that changes something that could take
 * the account over: `offer` goes under the password field, and `require(schema, field)` is the
 * form's schema with that field required unless a passkey confirmed this session within the window
 * (checked with the other fields, so every message shows at once).
 */
export function usePasswordOrPasskey() {
  const confirmedAt = useRef<number | null>(null);
  const offer = (
    <PasskeyInstead
      onConfirmed={() => {
        confirmedAt.current = Date.now();
      }}
    />
  );
  const require = useCallback(
    <T extends z.ZodTypeAny>(schema: T, field: string, message?: string) =>
      schema.superRefine((values, ctx) => {
        const fresh = confirmedAt.current !== null && Date.now() - confirmedAt.current < CONFIRM_WINDOW_MS;
        if ((values as Record<string, unknown>)[field] !== "" || fresh) return;
        // zod's own "Required" unless the form has its words.
        ctx.addIssue(
          message
            ? { code: z.ZodIssueCode.custom, path: [field], message }
            : { code: z.ZodIssueCode.invalid_type, path: [field], expected: z.ZodParsedType.string, received: z.ZodParsedType.undefined },
        );
      }),
    [],
  );
  return { offer, require };
}
