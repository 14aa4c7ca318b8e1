import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { useCannotConfirmTenancy } from "../api/use-tenancies";
import { CANNOT_CONFIRM_LIMITS, cannotConfirmSchema, type CannotConfirmValues } from "../schemas";

interface CannotConfirmFormProps {
  tenancyId: number;
  /** Called once the claim went to the documents path. */
  onDone: () => void;
}

/** CannotConfirmForm is the owner's "I can't confirm this" with its required message. */
export function CannotConfirmForm({ tenancyId, onDone }: CannotConfirmFormProps) {
  const { control, handleSubmit } = useForm<CannotConfirmValues>({
    resolver: zodResolver(cannotConfirmSchema),
    defaultValues: { message: "" },
    mode: "onChange",
  });
  const message = useWatch({ control, name: "message" });
  const send = useCannotConfirmTenancy();
  const onValid = (v: CannotConfirmValues) => send.mutate({ id: tenancyId, message: v.message.trim() }, { onSuccess: onDone });
  return (
    <form className="tenancy-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="I can't confirm this">
      <FormField
        control={control}
        name="message"
        label="Message for the administrators"
        hint={`The tenant reads it too. ${charCount(message.trim())}/${CANNOT_CONFIRM_LIMITS.maxChars}`}
      >
        {(props) => (
          <textarea {...props} className="textarea" rows={4} placeholder="I bought the property after this period, say, or I do not know this tenant." />
        )}
      </FormField>
      {send.error ? (
        <p className="field__error" role="alert">
          {errorMessage(send.error) || "The message could not be sent."}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? "Sending..." : "Send to the documents path"}
        </Button>
      </div>
    </form>
  );
}
