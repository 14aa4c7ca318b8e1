import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { charCount } from "@/lib/text";
import { text } from "@/lib/validation";
import { LIMITS } from "@/lib/vocab";
import { useRespondToReview } from "./use-review-actions";

const RESPONSE = LIMITS.review.response;

/** responseSchema is an owner's response with the server's bounds and messages. */
const responseSchema = z.object({
  content: text({
    limits: RESPONSE,
    tooShort: `Response must be at least ${RESPONSE.minChars} characters`,
    tooLong: `Response must be at most ${RESPONSE.maxChars} characters`,
  }),
});
type ResponseValues = z.infer<typeof responseSchema>;

interface RespondFormProps {
  reviewId: number;
  /** The current response, when editing one. */
  current: string | undefined;
  onDone: () => void;
}

/** RespondForm lets the property's owner write or edit the response to a review. */
export function RespondForm({ reviewId, current, onDone }: RespondFormProps) {
  const editing = current !== undefined;
  const { control, handleSubmit } = useForm<ResponseValues>({
    resolver: zodResolver(responseSchema),
    defaultValues: { content: current ?? "" },
    mode: "onChange",
  });
  const respond = useRespondToReview(editing);
  const content = useWatch({ control, name: "content" });

  const onValid = (values: ResponseValues) =>
    respond.mutate({ reviewId, content: values.content.trim() }, { onSuccess: onDone });

  return (
    <form className="respond-form" noValidate onSubmit={handleSubmit(onValid)} aria-label={editing ? "Edit your response" : "Respond to this review"}>
      <FormField
        control={control}
        name="content"
        label="Your response"
        hint={`${charCount(content.trim())}/${RESPONSE.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea review-textarea" rows={3} autoFocus />}
      </FormField>
      <div className="respond-form__actions">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={respond.isPending} aria-busy={respond.isPending || undefined}>
          {respond.isPending ? "Saving..." : editing ? "Save Response" : "Post Response"}
        </Button>
      </div>
    </form>
  );
}
