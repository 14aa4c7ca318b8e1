import { MessageSquareReply } from "lucide-react";
import type { OwnerResponse as Response } from "@/gen/rentproof/review/v1/review_pb";
import { formatDate, isoDate } from "@/lib/format";

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
