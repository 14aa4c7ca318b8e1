import { Switch } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Loading, QueryState } from "@/components/ui/query-state";
import { toast } from "@/components/ui/use-toast";
import type { Passkey } from "@/gen/rentproof/account/v1/passkey_pb";
import { formatDate } from "@/lib/format";
import { errorMessage } from "@/lib/errors";
import { useAddPasskey, usePasskeyChanges, usePasskeys } from "../api/use-passkeys";
import { PasskeyInstead } from "@/components/passkey-confirm/passkey-confirm";
import "../passkeys.css";

/** MAX_NAME_CHARS is the server's bound on a passkey's name (passkey.MaxNameChars). */
export const MAX_NAME_CHARS = 60;

/**
 * PasskeySettings is /settings › Passkeys: the member's passkeys (added, last used), adding one,
 * renaming and removing them, and "Require a passkey". Adding, removing and the requirement ask
 * for the current password, or a passkey confirmation of this session ("Use a passkey instead").
 */
export function PasskeySettings() {
  const query = usePasskeys();
  return (
    <>
      <p className="settings-section__intro">
        A passkey signs you in with your device&apos;s screen lock (fingerprint, face or PIN) instead of your password,
        without typing your username. Your device keeps its private key; RentProof keeps only the public key.
      </p>
      <QueryState
        query={query}
        loading={<Loading label="Loading your passkeys" className="passkeys__loading" />}
        error="We could not load your passkeys."
      >
        {(data) => <PasskeyPanel passkeys={data.passkeys} required={data.required} />}
      </QueryState>
    </>
  );
}

function dateText(ts: Passkey["createdAt"]): string {
  return formatDate(ts);
}

function PasskeyPanel({ passkeys, required }: { passkeys: Passkey[]; required: boolean }) {
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const done = () => setPassword("");

  return (
    <div className="passkeys">
      <div className="passkeys__identity">
        <label htmlFor={passwordId} className="field__label">
          Current password
        </label>
        <p id={`${passwordId}-hint`} className="field__hint">
          {required
            ? "Your account requires a passkey: confirm with one to add or remove passkeys or change the requirement."
            : "Adding or removing a passkey, or requiring one, needs your current password or a passkey."}
        </p>
        <input
          id={passwordId}
          type="password"
          className="field__control"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={`${passwordId}-hint`}
        />
        <PasskeyInstead />
      </div>

      <h3 className="passkeys__heading">Your passkeys</h3>
      {passkeys.length === 0 ? (
        <p className="muted">You have no passkeys yet.</p>
      ) : (
        <ul className="passkeys__list">
          {passkeys.map((p) => (
            <PasskeyRow key={p.id.toString()} passkey={p} password={password} onDone={done} />
          ))}
        </ul>
      )}

      <AddPasskeyForm password={password} onDone={done} />
      <RequirePasskey required={required} hasPasskeys={passkeys.length > 0} password={password} onDone={done} />
    </div>
  );
}

function PasskeyRow({ passkey: p, password, onDone }: { passkey: Passkey; password: string; onDone: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(p.name);
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const { rename, remove } = usePasskeyChanges();

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: p.id, name: name.trim() },
      {
        onSuccess: () => {
          setRenaming(false);
          toast({ title: "Passkey renamed", description: `Your passkey is now called "${name.trim()}".` });
        },
      },
    );
  };

  return (
    <li className="passkey">
      <div className="passkey__text">
        <p className="passkey__name">{p.name}</p>
        <p className="passkey__meta muted">
          Added {dateText(p.createdAt)} · {p.lastUsedAt ? `Last used ${dateText(p.lastUsedAt)}` : "Never used"}
          {p.synced ? " · Synced across your devices" : ""}
        </p>
      </div>
      {renaming ? (
        <form className="passkey__rename" onSubmit={saveName} aria-label={`Rename ${p.name}`}>
          <label htmlFor={nameId} className="field__label">
            New name
          </label>
          <input
            id={nameId}
            className="field__control"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
          {rename.error ? (
            <p className="field__error" role="alert">
              {errorMessage(rename.error) || "The passkey was not renamed. Please try again."}
            </p>
          ) : null}
          <div className="passkey__actions">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="passkey__actions">
          <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${p.name}`}>
            Rename
          </Button>
          <Dialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) remove.reset();
            }}
            title={`Remove ${p.name}?`}
            description="It will no longer sign in to your account. We will email you about the change."
            trigger={
              <Button variant="danger" size="sm" aria-label={`Remove ${p.name}`}>
                Remove
              </Button>
            }
          >
            {remove.error ? (
              <p className="field__error" role="alert">
                {errorMessage(remove.error) || "The passkey was not removed. Please try again."}
              </p>
            ) : null}
            <div className="dialog__actions">
              <DialogClose asChild>
                <Button variant="ghost">Cancel</Button>
              </DialogClose>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { id: p.id, password },
                    {
                      onSuccess: () => {
                        setOpen(false);
                        onDone();
                        toast({ title: "Passkey removed", description: `"${p.name}" can no longer sign in to your account.` });
                      },
                    },
                  )
                }
              >
                Remove passkey
              </Button>
            </div>
          </Dialog>
        </div>
      )}
    </li>
  );
}

function AddPasskeyForm({ password, onDone }: { password: string; onDone: () => void }) {
  const nameId = useId();
  const [name, setName] = useState("");
  const add = useAddPasskey();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const added = await add.start(name.trim(), password);
    if (!added) return;
    setName("");
    onDone();
    toast({ title: "Passkey added", description: `"${added.name}" can now sign in to your account.` });
  };

  return (
    <form className="passkeys__add" onSubmit={(e) => void submit(e)} aria-label="Add a passkey" noValidate>
      <label htmlFor={nameId} className="field__label">
        Passkey name
      </label>
      <p id={`${nameId}-hint`} className="field__hint">
        A name that tells you which device holds it, such as &ldquo;Work laptop&rdquo; (at most {MAX_NAME_CHARS} characters).
      </p>
      <input
        id={nameId}
        className="field__control"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-describedby={`${nameId}-hint`}
        autoComplete="off"
      />
      {add.error ? (
        <p className="field__error" role="alert">
          {add.error}
        </p>
      ) : null}
      <Button type="submit" disabled={add.pending} aria-busy={add.pending || undefined}>
        {add.pending ? "Waiting for your passkey..." : "Add a passkey"}
      </Button>
    </form>
  );
}

function RequirePasskey({
  required,
  hasPasskeys,
  password,
  onDone,
}: {
  required: boolean;
  hasPasskeys: boolean;
  password: string;
  onDone: () => void;
}) {
  const id = useId();
  const { require } = usePasskeyChanges();
  return (
    <div className="passkeys__require">
      <div className="passkeys__require-text">
        <label htmlFor={id} className="passkeys__require-label">
          Require a passkey
        </label>
        <p id={`${id}-description`} className="passkeys__require-description muted">
          When on, your password alone no longer signs in or confirms changes, and a new password from &ldquo;Forgot
          password?&rdquo; does not turn this off. Turning it on signs out your other sessions. Keep more than one passkey so that losing a device does not lock you out.
        </p>
      </div>
      <Switch.Root
        id={id}
        className="switch"
        checked={required}
        disabled={require.isPending || (!required && !hasPasskeys)}
        aria-describedby={`${id}-description`}
        onCheckedChange={(on) =>
          require.mutate(
            { required: on, password },
            {
              onSuccess: () => {
                onDone();
                toast({
                  title: on ? "Passkey required" : "Passkey no longer required",
                  description: on ? "Your account now signs in with a passkey only. Your other sessions were signed out." : "Your password signs in again.",
                });
              },
            },
          )
        }
      >
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
      {require.error ? (
        <p className="field__error" role="alert">
          {errorMessage(require.error) || "Your choice was not saved. Please try again."}
        </p>
      ) : null}
    </div>
  );
}
