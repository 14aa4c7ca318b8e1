import { MessageSquareReply } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { OwnerResponse as Response } from "@/gen/rentproof/review/v1/review_pb";
import { formatDate, isoDate } from "@/lib/format";
import { textLength } from "./review-labels";
import { useRespondToReview } from "./use-review-actions";

/** Bounds of an owner's response (the server's rules). */
export const RESPONSE_MIN = 2;
export const RESPONSE_MAX = 1000;

/** validateResponse returns the message for a response text, or undefined when it is fine. */
export function validateResponse(text: string): string | undefined {
  const n = textLength(text);
  if (n < RESPONSE_MIN) return `Response must be at least ${RESPONSE_MIN} characters`;
  if (n > RESPONSE_MAX) return `Response must be at most ${RESPONSE_MAX} characters`;
  return undefined;
}

/** OwnerResponseBlock shows the property owner's public response under a review, with its date. */
export function OwnerResponseBlock({ response }: { response: Response }) {
  const posted = formatDate(response.createdAt);
  const updated = formatDate(response.updatedAt);
  const edited =
    response.updatedAt &&
    response.createdAt &&
    response.updatedAt.seconds !== response.createdAt.seconds &&
    updated;
  return (
    <div className="review-card__response">
      <p className="review-card__response-head">
        <MessageSquareReply aria-hidden="true" size={16} />
        <strong>Response from the owner</strong>
        {posted ? <time dateTime={isoDate(response.createdAt)}>{posted}</time> : null}
        {edited ? (
          <span className="review-card__response-edited">
            (edited <time dateTime={isoDate(response.updatedAt)}>{updated}</time>)
          </span>
        ) : null}
      </p>
      <p className="review-card__response-text" dir="auto">
        {response.content}
      </p>
    </div>
  );
}

interface RespondFormProps {
  reviewId: number;
  /** The current response, when editing one. */
  current: string | undefined;
  onDone: () => void;
}

/** RespondForm lets the property's owner write or edit the response to a review. */
export function RespondForm({ reviewId, current, onDone }: RespondFormProps) {
  const id = useId();
  const editing = current !== undefined;
  const [text, setText] = useState(current ?? "");
  const [submitted, setSubmitted] = useState(false);
  const respond = useRespondToReview(editing);
  const error = submitted ? validateResponse(text) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateResponse(text)) {
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    respond.mutate({ reviewId, content: text.trim() }, { onSuccess: onDone });
  };

  return (
    <form className="respond-form" noValidate onSubmit={onSubmit} aria-label={editing ? "Edit your response" : "Respond to this review"}>
      <div className="field">
        <label htmlFor={`${id}-text`} className="field__label">
          Your response
        </label>
        <textarea
          id={`${id}-text`}
          className="textarea review-textarea"
          rows={3}
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-count`} className="field__hint char-count">
          {textLength(text)}/{RESPONSE_MAX}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
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
