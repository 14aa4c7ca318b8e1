import { zodResolver } from "@hookform/resolvers/zod";
import { Coins, Send } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import type { PotentialVerifier } from "@/gen/rentproof/verification/v1/verification_pb";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { REQUEST_FALLBACK, useCreateRequest } from "../api/use-verification-requests";
import { requestSchema, type RequestValues } from "../schemas";
import { VERIFICATION_LIMITS } from "../verification";
import { VerifierName, VerifierSearch } from "./verifier-search";

interface RequestVerificationFormProps {
  propertyId: number;
  /** Called once the request is sent. */
  onDone: () => void;
}

/**
 * RequestVerificationForm is the property page's verification dialog for a signed-in user who
 * does not own the property (SPEC §2 "Verification dialog", §5): choose a landlord among the
 * potential verifiers (a username search over radios, so arrows move between them), optional
 * notes, and the token the user earns once the property is verified through the request (the
 * owner accepts the confirmation; the server pays it unless the requester and the landlord are
 * linked). A refusal (an account too new to ask, say) shows in the form in the server's words.
 */
export function RequestVerificationForm({ propertyId, onDone }: RequestVerificationFormProps) {
  const radioName = useId();
  const [chosen, setChosen] = useState<PotentialVerifier | null>(null);
  const { control, handleSubmit } = useForm<RequestValues>({
    resolver: zodResolver(requestSchema),
    defaultValues: { requestedToId: 0, notes: "" },
    mode: "onChange",
  });
  const notes = useWatch({ control, name: "notes" });
  const request = useCreateRequest("page");

  const onValid = (values: RequestValues) =>
    // A refusal stays in the form (the toast says it too, and goes): a new account cannot ask at all.
    request.mutate({ propertyId, requestedToId: values.requestedToId, notes: values.notes.trim() }, { onSuccess: onDone });

  return (
    <form className="verification-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Request Verification">
      <FormField control={control} name="requestedToId" label="Landlord" group className="verification-form__choice">
        {(_, field) => (
          <>
            <VerifierSearch
              role="landlord"
              label="Search landlords by username"
              listLabel="Landlords"
              emptyText="No landlords can verify properties yet."
              inputRef={field.ref}
              renderItem={(v) => (
                <label className="verifier-option">
                  <input
                    type="radio"
                    name={radioName}
                    value={v.id}
                    checked={field.value === v.id}
                    onChange={() => {
                      setChosen(v);
                      field.onChange(v.id);
                    }}
                  />
                  <VerifierName verifier={v} />
                </label>
              )}
            />
            <p className="verification-form__chosen" aria-live="polite">
              {chosen ? (
                <>
                  Selected landlord: <strong>{chosen.username}</strong>
                </>
              ) : null}
            </p>
          </>
        )}
      </FormField>

      <FormField
        control={control}
        name="notes"
        label="Notes"
        optional
        hint={`${charCount(notes.trim())}/${VERIFICATION_LIMITS.notes.maxChars}`}
      >
        {(props) => (
          <textarea
            {...props}
            className="textarea verification-form__notes"
            rows={3}
            placeholder="What should the landlord check? How do you know the property?"
          />
        )}
      </FormField>

      <div className="verification-form__reward">
        <Coins aria-hidden="true" size={18} />
        <div>
          <p>You'll earn 1 token when this property is verified.</p>
          <p className="verification-form__reward-terms">
            The landlord's confirmation verifies it only once the property's owner (or an administrator) accepts it, and
            the token is paid only if you and the landlord are not linked accounts (signed in from one network or
            browser).
          </p>
        </div>
      </div>

      {request.error ? (
        <p className="verification-form__error" role="alert">
          {errorMessage(request.error) || REQUEST_FALLBACK}
        </p>
      ) : null}

      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
          {request.isPending ? (
            <>
              <Spinner size="sm" label="Submitting request" /> Submitting...
            </>
          ) : (
            <>
              <Send aria-hidden="true" size={18} /> Submit Request
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
