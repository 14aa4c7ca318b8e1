import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { RemoveReviewRequestSchema } from "@/gen/rentproof/admin/v1/moderation_pb";
import { rulesOf } from "@/lib/vocab";
import { useRemoveReview, useRestoreReview } from "../api/use-moderation";
import { ReasonField } from "./reason-field";

/** The reason's bounds, from the contract (1 to 500 characters). */
const REASON = rulesOf(RemoveReviewRequestSchema, "reason");

/** What the form says when the reason is missing: the server asks for one too. */
export const REASON_NEEDED = "Please give the reason: the author is told.";

interface ReviewDecisionFormProps {
  reviewId: number;
  /** canRemove offers Remove (any review not removed yet). */
  canRemove: boolean;
  /** canRestore offers Restore (a hidden or removed review, or a reported one to keep). */
  canRestore: boolean;
}

/**
 * ReviewDecisionForm removes or restores a review with a reason (a labelled textarea, required as
 * the server requires it): the author reads it, and it is kept with the decision. A refusal shows
 * the server's words beside the form.
 */
export function ReviewDecisionForm({ reviewId, canRemove, canRestore }: ReviewDecisionFormProps) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const remove = useRemoveReview();
  const restore = useRestoreReview();
  const pending = remove.isPending || restore.isPending;
  const failure = remove.error ?? restore.error;
  const send = (action: "remove" | "restore") => {
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    remove.reset();
    restore.reset();
    const done = { onSuccess: () => setReason("") };
    if (action === "remove") remove.mutate({ reviewId, reason: text }, done);
    else restore.mutate({ reviewId, reason: text }, done);
  };
  return (
    <div className="admin-review-decision">
      <ReasonField
        label="Reason for the author"
        value={reason}
        onChange={(v) => {
          setReason(v);
          setMissing(false);
        }}
        maxChars={REASON.maxChars}
        placeholder="Required: say why. It is kept with the decision."
        missing={missing ? REASON_NEEDED : ""}
        failure={failure}
        fallback="The review could not be moderated."
      />
      <div className="admin-card__actions">
        {canRestore ? (
          <Button variant="outline" disabled={pending} onClick={() => send("restore")}>
            <RotateCcw aria-hidden="true" size={16} /> Restore
          </Button>
        ) : null}
        {canRemove ? (
          <Button variant="outline" disabled={pending} onClick={() => send("remove")}>
            <Trash2 aria-hidden="true" size={16} /> Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
