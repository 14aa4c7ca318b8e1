import { Clock, EyeOff, Languages, MapPinOff, MessageSquareReply, Pencil, Scale, ThumbsDown, ThumbsUp, UserRoundPlus } from "lucide-react";
import { Suspense, lazy, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router-dom";
import { StarRow } from "@/components/property-card/star-row";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { isoDate } from "@/lib/format";
import { postedAgo } from "@/lib/relative-time";
import { HelpfulButton } from "./helpful-button";
import { OwnerResponseBlock } from "./owner-response";
import { ReportDialog } from "./report-dialog";
import { ReviewPhotos } from "./review-photos";
import {
  knownLanguage,
  languageBadge,
  reviewerName,
  reviewTypeLabel,
  stayPeriodText,
} from "./review-labels";
import { blindRevealNotice, publicName } from "./review-proof";
import { VerifiedBadge } from "./verified-badge";
import "./review-card.css";

// The owner's response form (and its validation library) is a chunk of its own, fetched when opened.
const RespondForm = lazy(async () => ({ default: (await import("./respond-form")).RespondForm }));

/** Where the rules page explains which reviews never count in a rating, and why. */
const NOT_COUNTED_RULE = "/how-reviews-work#independent-reviews";

/** Where the rules page explains why reviews about a listing's earlier address stop counting. */
const PREVIOUS_ADDRESS_RULE = "/how-reviews-work#previous-address";

export interface ReviewCardProps {
  review: Review;
  /** The signed-in viewer's user id; null when nobody is signed in. */
  viewerId: number | null;
  /** True when the viewer owns the reviewed property, and so may respond to the review. */
  canRespond?: boolean;
  /** Heading level of the review's title; h3 by default. */
  headingLevel?: 3 | 4;
}

/**
 * ReviewCard is one review as SPEC §2 "Review card" draws it: the reviewer as first
 * name and last initial with an initials avatar, the type label, the verified label,
 * the language badge, stars, title, content, pros and cons, photos, when it was posted, the
 * Helpful and Report buttons, and the owner's response (which the owner may write or
 * edit here). Everything the author wrote is rendered as text. A review that reports
 * hid until a moderator decides is shown to its author only, with a notice that says so. A new
 * member's review (its author's account is not established yet) is labelled as such: it does
 * not count in the ratings until it is. A review that does not count for another reason (its
 * author was not independent of the property's owner) says only that it is not counted, with a
 * link to the rule: never what linked the accounts. A review written about an earlier address of
 * the listing says so, and that it is not counted, with a link to that rule.
 */
export function ReviewCard({ review, viewerId, canRespond = false, headingLevel = 3 }: ReviewCardProps) {
  const titleId = useId();
  const noticeId = useId();
  // The server lists a review that reports hid only to its author (and to moderators).
  const hidden = review.status === "hidden";
  const who = reviewerName(review);
  const language = languageBadge(review.language);
  const lang = language && knownLanguage(review.language) ? review.language : undefined;
  const stay = review.reviewType === "tenant_to_property" ? stayPeriodText(review.stayPeriod) : null;
  const Heading = headingLevel === 4 ? "h4" : "h3";
  // The blind reveal lists such a review to its author alone, with hidden_until set.
  const waiting = blindRevealNotice(review);
  const tenant = review.reviewType === "landlord_to_tenant" ? publicName(review.tenant) : "";
  const [responding, setResponding] = useState(false);
  const respondButton = useRef<HTMLButtonElement>(null);

  const closeResponse = () => {
    // The form goes away: give focus back to the button that opened it, once it is back.
    flushSync(() => setResponding(false));
    respondButton.current?.focus();
  };

  return (
    <article
      className={hidden ? "card review-card review-card--hidden" : "card review-card"}
      aria-labelledby={titleId}
      aria-describedby={hidden || waiting ? noticeId : undefined}
    >
      {hidden ? (
        <p id={noticeId} className="review-card__notice">
          <EyeOff aria-hidden="true" size={18} className="review-card__notice-icon" />
          {viewerId !== null && viewerId === review.userId ? (
            <span>
              <strong>Under review:</strong> reports about this review are with our moderators. Until they decide, only
              you can see it, and it does not count in the rating or in the number of reviews.
            </span>
          ) : (
            <span>
              <strong>Hidden:</strong> reports about this review are with our moderators, who have not decided yet.
            </span>
          )}
        </p>
      ) : waiting ? (
        <p id={noticeId} className="review-card__notice">
          <Clock aria-hidden="true" size={18} className="review-card__notice-icon" />
          <span>
            <strong>Not public yet:</strong> {waiting}
          </span>
        </p>
      ) : null}
      <header className="review-card__header">
        <div className="author">
          <Avatar fallback={who.initials} size="md" />
          <div className="author__text">
            <span className="author__name">{who.name}</span>
            <span className="review-card__posted">
              {review.createdAt ? (
                <time dateTime={isoDate(review.createdAt)}>{postedAgo(review.createdAt)}</time>
              ) : (
                postedAgo(undefined)
              )}
              {stay ? <span className="review-card__stay"> · {stay}</span> : null}
            </span>
            {tenant ? <span className="review-card__about">About tenant {tenant}</span> : null}
          </div>
        </div>
        <ul className="review-card__badges" aria-label="About this review">
          <li className="badge badge--category">{reviewTypeLabel(review.reviewType)}</li>
          {review.verifiedLabel ? (
            // The server's label, which follows the proof: none on an unverified review.
            <li>
              <VerifiedBadge label={review.verifiedLabel} proof={review.proof} />
            </li>
          ) : null}
          {review.newMember ? (
            // Listed like any review, kept out of the stars and averages until its author is established.
            <li className="badge review-card__new-member">
              <UserRoundPlus aria-hidden="true" size={14} /> New member · not counted yet
            </li>
          ) : review.notCountedReason === "previous_address" ? (
            // Honest history of the place the listing was before its address changed: listed, not
            // counted in its rating while the listing is elsewhere.
            <li className="badge review-card__not-counted">
              <MapPinOff aria-hidden="true" size={14} />{" "}
              <Link to={PREVIOUS_ADDRESS_RULE} className="review-card__not-counted-link">
                About a previous address
              </Link>{" "}
              · not counted in the rating
            </li>
          ) : review.notCountedReason !== "" ? (
            // Listed like any review, never in the stars or averages (the server says why in a word;
            // the rules page explains it without naming anyone's networks or browsers).
            <li className="badge review-card__not-counted">
              <Scale aria-hidden="true" size={14} />{" "}
              <Link to={NOT_COUNTED_RULE} className="review-card__not-counted-link">
                Not counted in the rating
              </Link>
            </li>
          ) : null}
          {language ? (
            <li className="badge review-card__language">
              <Languages aria-hidden="true" size={14} />
              <span className="visually-hidden">Language: </span>
              {language}
            </li>
          ) : null}
        </ul>
      </header>

      <StarRow rating={review.rating} size={18} className="review-card__stars" />

      <div className="review-card__body" lang={lang}>
        <Heading id={titleId} className="review-card__title" dir="auto">
          {review.title}
        </Heading>
        <p className="review-card__content" dir="auto">
          {review.content}
        </p>
        {review.pros.length || review.cons.length ? (
          <div className="review-card__points">
            {review.pros.length ? <PointList kind="Pros" items={review.pros} /> : null}
            {review.cons.length ? <PointList kind="Cons" items={review.cons} /> : null}
          </div>
        ) : null}
      </div>

      <ReviewPhotos photos={review.photos} author={who.name} />

      {review.categories.length ? (
        <ul className="review-card__categories" aria-label="Categories">
          {review.categories.map((c) => (
            <li key={c} className="tag">
              {c}
            </li>
          ))}
        </ul>
      ) : null}

      {review.ownerResponse && !responding ? <OwnerResponseBlock response={review.ownerResponse} /> : null}
      {responding ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <RespondForm reviewId={review.id} current={review.ownerResponse?.content} onDone={closeResponse} />
        </Suspense>
      ) : null}

      <footer className="review-card__footer">
        <HelpfulButton review={review} />
        <ReportDialog reviewId={review.id} signedIn={viewerId !== null} />
        {canRespond && !responding ? (
          <button
            ref={respondButton}
            type="button"
            className={buttonClass("ghost", "sm", "review-card__respond")}
            onClick={() => setResponding(true)}
          >
            {review.ownerResponse ? (
              <>
                <Pencil aria-hidden="true" size={16} /> Edit response
              </>
            ) : (
              <>
                <MessageSquareReply aria-hidden="true" size={16} /> Respond
              </>
            )}
          </button>
        ) : null}
      </footer>
    </article>
  );
}

function PointList({ kind, items }: { kind: "Pros" | "Cons"; items: string[] }) {
  const id = useId();
  const Icon = kind === "Pros" ? ThumbsUp : ThumbsDown;
  return (
    <div className={`review-card__point-list review-card__point-list--${kind.toLowerCase()}`}>
      <p id={id} className="review-card__point-title">
        <Icon aria-hidden="true" size={14} /> {kind}
      </p>
      <ul aria-labelledby={id}>
        {items.map((item, i) => (
          <li key={i} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
