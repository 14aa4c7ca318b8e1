import { Link } from "react-router-dom";
import { ReviewPhotos } from "@/components/review-card/review-photos";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { ModeratedReview, Report } from "@/gen/rentproof/admin/v1/moderation_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { REPORT_REASONS } from "@/lib/vocab";
import { useReportedReviews } from "../api/use-moderation";
import { ReviewDecisionForm } from "./review-decision-form";

/** STATUS_WORDS say what a review's status means to a moderator. */
export const STATUS_WORDS: Record<string, string> = {
  published: "published",
  hidden: "hidden by reports, waiting for a decision",
  removed: "removed",
};

/**
 * ReportedReviews is /admin's reported reviews: those whose reports no decision has answered yet,
 * hidden ones first, each with every report waiting (reason, note, who reported, whether that
 * account is established and whether another report came from the same network or browser), and
 * restore or remove with a reason. A decision takes the review off the list.
 */
export function ReportedReviews() {
  const reviews = useReportedReviews();
  return (
    <section aria-labelledby="admin-reviews">
      <h2 id="admin-reviews">Reported reviews</h2>
      <QueryState
        query={reviews}
        loading={<Spinner label="Loading reported reviews" />}
        error={errorMessage(reviews.error)}
        isEmpty={(data) => data.reviews.length === 0}
        empty={<p>No reported reviews.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReportedReview review={r} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function ReportedReview({ review }: { review: ModeratedReview }) {
  return (
    <article className="admin-card" aria-label={`Review ${review.title}`}>
      <ReviewSummary review={review} />
      <h4>
        {review.reports.length === 1 ? "1 report" : `${review.reports.length} reports`} waiting for a decision
      </h4>
      <ul className="admin-reports" aria-label="Reports">
        {review.reports.map((report) => (
          <li key={report.id}>
            <ReportLine report={report} />
          </li>
        ))}
      </ul>
      <ReviewDecisionForm reviewId={review.id} canRestore canRemove />
    </article>
  );
}

/** ReviewSummary is a review as a moderator reads it: where, by whom, its status, stars and words. */
export function ReviewSummary({ review }: { review: ModeratedReview }) {
  return (
    <>
      <p className="admin-card__meta">
        Review #{review.id} of <Link to={`/properties/${review.propertyId}`}>{review.propertyTitle || `Property #${review.propertyId}`}</Link>{" "}
        by {review.authorUsername || "a deleted account"} · {formatRequestDate(review.createdAt)} · {review.rating} of 5 stars ·{" "}
        {STATUS_WORDS[review.status] ?? review.status}
      </p>
      <h3>{review.title}</h3>
      <p className="admin-card__message">{review.content}</p>
      <ReviewPhotos photos={review.photos} />
    </>
  );
}

function ReportLine({ report }: { report: Report }) {
  return (
    <>
      <strong>{REPORT_REASONS.label(report.reason) ?? report.reason}</strong> · by {report.reporterUsername || "a deleted account"} (
      {report.reporterEstablished ? "established account" : "new account, not established"};{" "}
      {report.sharedNetwork ? "same network or browser as another reporter" : "a network and browser no other reporter used"}) ·{" "}
      {formatRequestDate(report.createdAt)}
      {report.note ? <span className="admin-card__message"> “{report.note}”</span> : null}
    </>
  );
}
