import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { charCount } from "@/lib/text";
import { useAnswerRequest } from "../api/use-verification-requests";
import { answerSchema, type AnswerValues } from "../schemas";
import { VERIFICATION_LIMITS } from "../verification";
import type { Answer } from "./answer-actions";

interface AnswerFormProps {
  requestId: number;
  answer: Answer;
  /** The confirm button's label: Approve or Reject. */
  confirm: string;
  /** Called once the answer is recorded. */
  onDone: () => void;
}

/** AnswerForm confirms an answer, with an optional message to the sender. */
export function AnswerForm({ requestId, answer, confirm, onDone }: AnswerFormProps) {
  const { control, handleSubmit } = useForm<AnswerValues>({
    resolver: zodResolver(answerSchema),
    defaultValues: { responseMessage: "" },
    mode: "onChange",
  });
  const message = useWatch({ control, name: "responseMessage" });
  const answerRequest = useAnswerRequest();

  const onValid = (values: AnswerValues) =>
    answerRequest.mutate(
      { id: requestId, status: answer, responseMessage: values.responseMessage.trim() },
      { onSuccess: onDone },
    );

  return (
    <form className="verification-form" noValidate onSubmit={handleSubmit(onValid)} aria-label={`${confirm} request`}>
      <FormField
        control={control}
        name="responseMessage"
        label="Message"
        optional
        hint={`${charCount(message.trim())}/${VERIFICATION_LIMITS.response.maxChars}`}
      >
        {(props) => (
          <textarea {...props} className="textarea verification-form__notes" rows={3} placeholder="A word for the sender" />
        )}
      </FormField>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button
          type="submit"
          variant={answer === "approved" ? "primary" : "danger"}
          disabled={answerRequest.isPending}
          aria-busy={answerRequest.isPending || undefined}
        >
          {answerRequest.isPending ? "Saving..." : confirm}
        </Button>
      </div>
    </form>
  );
}
