import { zodResolver } from "@hookform/resolvers/zod";
import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { AdminAccountService, type ManagedAccount } from "@/gen/rentproof/admin/v1/admin_accounts_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import "../admin-accounts.css";

/** The most characters of a suspension's or reinstatement's reason (the contract's max_chars). */
const MAX_REASON = 500;

const decisionSchema = z.object({
  reason: z.string().trim().min(1, "Please give a reason: the member is told it").max(MAX_REASON, `Reason must be at most ${MAX_REASON} characters`),
});
type DecisionValues = z.infer<typeof decisionSchema>;

/**
 * AdminAccounts is /admin › Accounts: find an account by number, username or email address, and
 * suspend it or reinstate it with a reason the member is told (AdminAccountService).
 */
export function AdminAccounts() {
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const inputId = useId();
  const found = useQuery(AdminAccountService.method.findAccounts, { query: searched }, { enabled: searched !== "" });
  return (
    <section aria-labelledby="admin-accounts">
      <h2 id="admin-accounts">Accounts</h2>
      <form
        className="admin-accounts__search"
        role="search"
        aria-label="Find an account"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(query.trim());
        }}
      >
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            Username, email address or account number
          </label>
          <input id={inputId} className="input" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        <Button type="submit" variant="secondary" disabled={query.trim() === ""}>
          Find
        </Button>
      </form>
      {searched === "" ? null : (
        <QueryState
          query={found}
          loading={<Spinner label="Finding accounts" />}
          error={errorMessage(found.error)}
          isEmpty={(data) => data.accounts.length === 0}
          empty={<p>No account matches.</p>}
        >
          {(data) => (
            <ul className="admin-list">
              {data.accounts.map((a) => (
                <li key={a.id}>
                  <AccountCard account={a} searched={searched} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </section>
  );
}

function status(a: ManagedAccount): string {
  if (a.closedAt) return `Deleted by its owner on ${formatRequestDate(a.closedAt)}`;
  if (a.suspendedAt) return `Suspended on ${formatRequestDate(a.suspendedAt)}: ${a.suspensionReason}`;
  return "Active";
}

function AccountCard({ account: a, searched }: { account: ManagedAccount; searched: string }) {
  const headingId = useId();
  const name = `${a.firstName} ${a.lastName}`.trim() || "Anonymous User";
  return (
    <article className="admin-card" aria-labelledby={headingId}>
      <header className="admin-card__header">
        <h3 id={headingId}>
          {name} ({a.username})
        </h3>
        <p className="admin-card__meta">
          Account #{a.id} · {a.role} · {a.email}
        </p>
      </header>
      <p className="admin-accounts__status">{status(a)}</p>
      {a.closedAt ? null : <DecisionForm account={a} searched={searched} />}
    </article>
  );
}

function DecisionForm({ account: a, searched }: { account: ManagedAccount; searched: string }) {
  const suspend = !a.suspendedAt;
  const { control, handleSubmit, reset } = useForm<DecisionValues>({
    resolver: zodResolver(decisionSchema),
    defaultValues: { reason: "" },
  });
  const queryClient = useQueryClient();
  const transport = useTransport();
  const onSuccess = async () => {
    reset();
    toast({ title: suspend ? "Account suspended" : "Account reinstated", description: `${a.username} has been told by email.` });
    await queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: AdminAccountService.method.findAccounts, transport, input: { query: searched }, cardinality: "finite" }),
    });
  };
  const suspendIt = useMutation(AdminAccountService.method.suspendAccount, { onSuccess });
  const reinstateIt = useMutation(AdminAccountService.method.reinstateAccount, { onSuccess });
  const mutation = suspend ? suspendIt : reinstateIt;
  const action = suspend ? "Suspend" : "Reinstate";
  return (
    <form
      noValidate
      aria-label={`${action} ${a.username}`}
      onSubmit={handleSubmit((v) => mutation.mutate({ userId: a.id, reason: v.reason.trim() }))}
    >
      <FormField
        control={control}
        name="reason"
        label={`Reason to ${action.toLowerCase()}`}
        hint={suspend ? "The member is told. Their sessions end, they cannot sign in and their listings are hidden; their reviews stay." : "The member is told. Their listings are shown again."}
      >
        {(props) => <textarea {...props} className="textarea" rows={2} />}
      </FormField>
      {mutation.error ? (
        <p className="field__error" role="alert">
          {errorMessage(mutation.error) || `The account could not be ${suspend ? "suspended" : "reinstated"}.`}
        </p>
      ) : null}
      <div className="admin-card__actions">
        <Button type="submit" variant={suspend ? "danger" : "primary"} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? "Saving..." : action}
        </Button>
      </div>
    </form>
  );
}
