import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { useRevokeTenancy } from "../api/use-admin";
import { REVOKE_LIMITS, revokeSchema, type RevokeValues } from "../schemas";

/**
 * RevokeTenancyForm revokes a verified tenancy by its number with a reason (required, as the
 * server asks): the labels it gave its holder's reviews go, and the tenant reads the reason.
 */
export function RevokeTenancyForm() {
  const { control, handleSubmit, reset } = useForm<RevokeValues>({
    resolver: zodResolver(revokeSchema),
    defaultValues: { id: "", reason: "" },
    mode: "onChange",
  });
  const reason = useWatch({ control, name: "reason" });
  const revoke = useRevokeTenancy();
  const onValid = (v: RevokeValues) =>
    revoke.mutate({ id: Number.parseInt(v.id, 10), reason: v.reason.trim() }, { onSuccess: () => reset() });
  return (
    <form className="admin-revoke-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Revoke a verified tenancy">
      <FormField control={control} name="id" label="Tenancy number">
        {(props) => <input {...props} className="input" inputMode="numeric" autoComplete="off" placeholder="12" />}
      </FormField>
      <FormField
        control={control}
        name="reason"
        label="Reason"
        hint={`The tenant is told. ${charCount(reason.trim())}/${REVOKE_LIMITS.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea" rows={3} placeholder="What shows the stay did not happen as claimed?" />}
      </FormField>
      {revoke.error ? (
        <p className="field__error" role="alert">
          {errorMessage(revoke.error) || "The tenancy could not be revoked."}
        </p>
      ) : null}
      <div className="admin-card__actions">
        <Button type="submit" variant="danger" disabled={revoke.isPending} aria-busy={revoke.isPending || undefined}>
          {revoke.isPending ? "Revoking..." : "Revoke tenancy"}
        </Button>
      </div>
    </form>
  );
}
