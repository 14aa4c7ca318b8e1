import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { useMarkArranged } from "../api/use-admin";
import { ARRANGED_LIMITS, arrangedSchema, type ArrangedValues } from "../schemas";

interface ArrangedFormProps {
  requestId: number;
  /** Called once the request is marked. */
  onDone: () => void;
}

/** ArrangedForm asks why a request was arranged (required, as the server asks) and marks it. */
export function ArrangedForm({ requestId, onDone }: ArrangedFormProps) {
  const { control, handleSubmit } = useForm<ArrangedValues>({
    resolver: zodResolver(arrangedSchema),
    defaultValues: { message: "" },
    mode: "onChange",
  });
  const message = useWatch({ control, name: "message" });
  const mark = useMarkArranged();

  const onValid = (values: ArrangedValues) => mark.mutate({ requestId, message: values.message.trim() }, { onSuccess: onDone });

  return (
    <form className="admin-arranged-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Mark arranged">
      <FormField
        control={control}
        name="message"
        label="Why was it arranged?"
        hint={`${charCount(message.trim())}/${ARRANGED_LIMITS.maxChars}`}
      >
        {(props) => (
          <textarea
            {...props}
            className="textarea"
            rows={4}
            placeholder="What shows the people on it set it up between them?"
          />
        )}
      </FormField>
      {mark.error ? <p role="alert">{errorMessage(mark.error) || "Failed to mark the request arranged."}</p> : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={mark.isPending} aria-busy={mark.isPending || undefined}>
          {mark.isPending ? "Saving..." : "Mark arranged"}
        </Button>
      </div>
    </form>
  );
}
