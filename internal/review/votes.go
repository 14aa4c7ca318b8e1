package review

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/activity"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The refusals of the moderators' calls.
var (
	errModeratorSignedOut = apperr.Unauthenticated("Please sign in")
	errNotModerator       = apperr.PermissionDenied("Only administrators can moderate reviews")
	// errOwnInterest: a moderator does not decide on their own review, or on a review of their
	// own property (removing the one bad review of it, restoring a praising one).
	errOwnInterest = apperr.PermissionDenied("You wrote this review or own its property: another administrator must decide it.")
)

// lockReview locks a review (LockReview), after its property when the change at hand may move
// the property's stars (withProperty: LockPropertyOfReview says why the order matters).
func lockReview(ctx context.Context, q *db.Queries, reviewID int32, withProperty bool) (db.LockReviewRow, error) {
	if withProperty {
		if _, err := q.LockPropertyOfReview(ctx, reviewID); err != nil {
			return db.LockReviewRow{}, reviewLockFailed(reviewID, err)
		}
	}
	r, err := q.LockReview(ctx, reviewID)
	if err != nil {
		return r, reviewLockFailed(reviewID, err)
	}
	return r, nil
}

// reviewLockFailed is the error of a lock that found no review (NotFound) or failed.
func reviewLockFailed(reviewID int32, err error) error {
	if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
		return apperr.NotFound("Review not found")
	}
	return fmt.Errorf("lock review %d: %w", reviewID, err)
}

// lockPublished locks a published review for a vote, report or response by the signed-in user
// (withProperty as lockReview: a report may hide it).
func lockPublished(ctx context.Context, q *db.Queries, reviewID int32, withProperty bool) (db.LockReviewRow, error) {
	r, err := lockReview(ctx, q, reviewID, withProperty)
	if err != nil {
		return r, err
	}
	// A review the blind reveal hides is not there for anyone but its author, who may neither
	// vote on nor report it.
	if r.Status != "published" || r.Unrevealed {
		return r, apperr.NotFound("Review not found")
	}
	return r, nil
}

// MarkHelpful records the signed-in user's vote. One vote per user and review; a repeat changes
// nothing (alreadyMarked); nobody votes on their own review. Counts stay exact under concurrency:
// the vote row is unique and the count is incremented in the same transaction.
func (s *Service) MarkHelpful(ctx context.Context, reviewID int32) (helpful int32, alreadyMarked bool, err error) {
	voter, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to mark reviews as helpful"))
	if err != nil {
		return 0, false, err
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		r, err := lockPublished(ctx, q, reviewID, false)
		if err != nil {
			return err
		}
		if r.UserID != nil && *r.UserID == voter.ID {
			return apperr.PermissionDenied("You cannot mark your own review as helpful")
		}
		added, err := q.AddHelpfulVote(ctx, db.AddHelpfulVoteParams{ReviewID: reviewID, UserID: voter.ID})
		if err != nil {
			return fmt.Errorf("add vote: %w", err)
		}
		if added == 0 {
			alreadyMarked = true
			helpful, err = q.GetHelpful(ctx, reviewID)
			return err
		}
		if helpful, err = q.IncrementHelpful(ctx, reviewID); err != nil {
			return fmt.Errorf("count vote: %w", err)
		}
		if err := activity.Record(ctx, q, activity.Activity{
			UserID: voter.ID, Type: activity.HelpfulVote, EntityType: "review", EntityID: reviewID,
		}); err != nil {
			return err
		}
		if r.UserID == nil {
			return nil
		}
		return gamification.GiveHelpfulVote(ctx, q, *r.UserID, reviewID, voter.ID)
	})
	return helpful, alreadyMarked, err
}

// Report records the signed-in user's report, with the network and browser it comes from; every
// report reaches the moderators. One report per user and review; at most
// Limits.ReportsPerAccount a day per account and Limits.ReportsPerNetwork per client network.
// The review is hidden before a moderator decides only once HideAfterReports independent
// reporters have reported it since the last restore (SQL review_hiding_reporters): established
// accounts on different networks and browsers, linked neither to the review's author, nor to the
// property's owner, nor to one another. A report is never a cheaper weapon than a review.
func (s *Service) Report(ctx context.Context, reviewID int32, reason, detail string) error {
	reporter, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to report a review"))
	if err != nil {
		return err
	}
	detail = strings.TrimSpace(detail)
	var v apperr.Validator
	v.Check(vocab.Review.ReportReason.Allows(reason), "reason", "Please choose a reason")
	v.Check(!vocab.Review.ReportDetail.TooLong(detail), "detail", fmt.Sprintf("Details must be at most %d characters", vocab.Review.ReportDetail.MaxChars))
	if err := v.Err(); err != nil {
		return err
	}
	limits := []ratelimit.Rule{
		{Key: fmt.Sprintf("report:acct:%d", reporter.ID), Max: s.limits.ReportsPerAccount, Window: 24 * time.Hour},
		{Key: "report:net:" + ratelimit.Network(identity.ClientFrom(ctx).IP), Max: s.limits.ReportsPerNetwork, Window: 24 * time.Hour},
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if _, err := ratelimit.Reserve(ctx, q, limits...); err != nil {
			return err
		}
		r, err := lockPublished(ctx, q, reviewID, true)
		if err != nil {
			return err
		}
		if r.UserID != nil && *r.UserID == reporter.ID {
			return apperr.PermissionDenied("You cannot report your own review")
		}
		network, device := clientSignals(ctx)
		added, err := q.AddReport(ctx, db.AddReportParams{
			ReviewID: reviewID, UserID: reporter.ID, Reason: reason, Detail: nullable.Ptr(detail),
			Network: nullable.Ptr(network), DeviceHash: device,
		})
		if err != nil {
			return fmt.Errorf("add report: %w", err)
		}
		if added == 0 {
			return apperr.New(apperr.ErrAlreadyExists, "You have already reported this review")
		}
		hiding, err := q.CountHidingReporters(ctx, db.CountHidingReportersParams{ReviewID: reviewID, Enough: HideAfterReports})
		if err != nil {
			return fmt.Errorf("count reports: %w", err)
		}
		hide := hiding >= HideAfterReports // the review is published (lockPublished): this hides it
		if err := q.RecordReport(ctx, db.RecordReportParams{ReviewID: reviewID, Hide: hide}); err != nil {
			return err
		}
		if hide {
			return notifyModerated(ctx, q, reviewID, "hidden", "", true)
		}
		return nil
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter,
			Message: "You have sent as many reports as we accept in a day. Our moderators are looking at them; please try again tomorrow."}
	}
	return err
}

// clientSignals are the network (account.SignInNetwork: none for loopback) and the hashed device
// cookie of the request, as a sign-in records them.
func clientSignals(ctx context.Context) (network string, device []byte) {
	client := identity.ClientFrom(ctx)
	if client.Device != "" {
		device = account.HashToken(client.Device)
	}
	return account.SignInNetwork(client.IP), device
}

// Respond sets the property owner's public response to a review; only the owner may.
func (s *Service) Respond(ctx context.Context, reviewID int32, content string) (Review, error) {
	owner, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to respond to reviews"))
	if err != nil {
		return Review{}, err
	}
	content = strings.TrimSpace(content)
	var v apperr.Validator
	rules := vocab.Review.Response
	v.Check(!rules.TooShort(content), "content", fmt.Sprintf("Response must be at least %d characters", rules.MinChars))
	v.Check(!rules.TooLong(content), "content", fmt.Sprintf("Response must be at most %d characters", rules.MaxChars))
	if err := v.Err(); err != nil {
		return Review{}, err
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		r, err := lockPublished(ctx, q, reviewID, false)
		if err != nil {
			return err
		}
		if r.LandlordID != owner.ID {
			return apperr.PermissionDenied("Only the property's owner can respond to its reviews")
		}
		if err := q.UpsertOwnerResponse(ctx, db.UpsertOwnerResponseParams{ReviewID: reviewID, OwnerID: &owner.ID, Content: content}); err != nil {
			return err
		}
		return notifyResponded(ctx, q, reviewID, content)
	})
	if err != nil {
		return Review{}, err
	}
	return s.details(ctx, reviewID)
}

// Reported lists reviews with reports for the admins.
func (s *Service) Reported(ctx context.Context) ([]Review, error) {
	if _, err := identity.RequireAdmin(ctx, errModeratorSignedOut, errNotModerator); err != nil {
		return nil, err
	}
	rows, err := s.q.ListReportedReviews(ctx)
	if err != nil {
		return nil, fmt.Errorf("list reported reviews: %w", err)
	}
	out := make([]Review, len(rows))
	for i, r := range rows {
		out[i] = listed(db.ListRecentReviewsRow(r))
	}
	return out, nil
}

// Moderate restores (publishes again) or removes a review, recording who decided and when
// (ReviewService.ModerateReview: the note is optional).
func (s *Service) Moderate(ctx context.Context, reviewID int32, decision, note string) (Review, error) {
	admin, err := identity.RequireAdmin(ctx, errModeratorSignedOut, errNotModerator)
	if err != nil {
		return Review{}, err
	}
	note = strings.TrimSpace(note)
	var v apperr.Validator
	v.Check(vocab.Review.Decision.Allows(decision), "decision", "Decision must be restore or remove")
	v.Check(!vocab.Review.Note.TooLong(note), "note", fmt.Sprintf("Note must be at most %d characters", vocab.Review.Note.MaxChars))
	if err := v.Err(); err != nil {
		return Review{}, err
	}
	if err := s.moderate(ctx, admin.ID, reviewID, decision, note, false); err != nil {
		return Review{}, err
	}
	return s.details(ctx, reviewID)
}

// moderate is the one path of a moderator's decision on a review (restore or remove), in one
// transaction: the status (whose trigger moves the property's ratings and counts), the author's
// XP for it, the author told, the open reports' reporters told, and the decision recorded (in
// review_moderation_decisions, copied to admin_decisions by a trigger). strict refuses a
// decision that changes nothing: removing a removed review, restoring a published one no report
// waits on. No decision touches a review its author deleted.
func (s *Service) moderate(ctx context.Context, adminID, reviewID int32, decision, note string, strict bool) error {
	status := map[string]string{"restore": "published", "remove": "removed"}[decision]
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		r, err := lockReview(ctx, q, reviewID, true)
		if err != nil {
			return err
		}
		if nullable.Value(r.UserID) == adminID || r.LandlordID == adminID {
			return errOwnInterest
		}
		if r.Status == "deleted" {
			return errDeletedByAuthor
		}
		reporters, err := q.ListUndecidedReporters(ctx, reviewID)
		if err != nil {
			return fmt.Errorf("reporters of review %d: %w", reviewID, err)
		}
		if strict && r.Status == status && (status == "removed" || len(reporters) == 0) {
			return errNothingToModerate[status]
		}
		if err := q.SetReviewStatus(ctx, db.SetReviewStatusParams{ID: reviewID, Status: status}); err != nil {
			return fmt.Errorf("set status: %w", err)
		}
		// A removed review's XP is taken back; published again, it earns it anew (once).
		if r.UserID != nil && status == "removed" {
			if err := gamification.TakeBackReview(ctx, q, *r.UserID, reviewID); err != nil {
				return err
			}
		} else if r.UserID != nil && r.Status == "removed" {
			if _, err := gamification.Give(ctx, q, gamification.Award{Rule: gamification.ReviewPublished, UserID: *r.UserID, EntityID: reviewID}); err != nil {
				return err
			}
		}
		// The author hears of a change they can see; the reporters of what answers them (before
		// the decision is recorded: it marks their reports answered).
		if r.Status != status {
			if err := notifyModerated(ctx, q, reviewID, status, note, len(reporters) > 0); err != nil {
				return err
			}
		}
		if err := notifyReporters(ctx, q, reviewID, reporters, status == "removed"); err != nil {
			return err
		}
		return q.RecordModeration(ctx, db.RecordModerationParams{ReviewID: reviewID, AdminID: &adminID, Decision: decision, Note: nullable.Ptr(note)})
	})
}
