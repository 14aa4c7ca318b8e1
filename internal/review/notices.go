package review

import (
	"context"
	"fmt"
	"strconv"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/notify"
)

// MyReviewsLink is where authors see their reviews in every status.
const MyReviewsLink = "/dashboard?tab=reviews"

func propertyLink(id int32) string { return "/properties/" + strconv.Itoa(int(id)) }

// reviewNotice reads what a review's notifications name (nil author: the account is gone).
func reviewNotice(ctx context.Context, q *db.Queries, reviewID int32) (db.GetReviewNoticeRow, error) {
	r, err := q.GetReviewNotice(ctx, reviewID)
	if err != nil {
		return r, fmt.Errorf("review %d for its notification: %w", reviewID, err)
	}
	return r, nil
}

// notifyResponded tells a review's author the owner responded, in the response's transaction.
func notifyResponded(ctx context.Context, q *db.Queries, reviewID int32, content string) error {
	r, err := reviewNotice(ctx, q, reviewID)
	if err != nil || r.UserID == nil {
		return err
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: *r.UserID, Category: notify.ReviewResponses, Kind: "review_response",
		Title: "The owner of " + r.PropertyTitle + " responded to your review",
		Body:  fmt.Sprintf("“%s”", content), Link: propertyLink(r.PropertyID), Action: "Read the response",
	})
}

// notifyModerated tells a review's author it was hidden pending moderation, restored or removed
// (status: hidden, published or removed), in the transaction that changed it; reported says
// whether reports led to the decision (a moderator may remove a review nobody reported).
func notifyModerated(ctx context.Context, q *db.Queries, reviewID int32, status, note string, reported bool) error {
	r, err := reviewNotice(ctx, q, reviewID)
	if err != nil || r.UserID == nil {
		return err
	}
	var kind, title, body string
	switch status {
	case "hidden":
		kind = "review_hidden"
		title = "Your review of " + r.PropertyTitle + " is hidden pending moderation"
		body = "Several members reported it. A moderator will restore or remove it, and we will tell you which."
	case "published":
		kind = "review_restored"
		title = "Your review of " + r.PropertyTitle + " was restored"
		body = "A moderator checked the reports and published it again."
		if !reported {
			body = "A moderator published it again."
		}
	default:
		kind = "review_removed"
		title = "Your review of " + r.PropertyTitle + " was removed"
		body = "A moderator checked the reports and removed it."
		if !reported {
			body = "A moderator removed it."
		}
	}
	if note != "" {
		body += fmt.Sprintf(" The moderator wrote: “%s”", note)
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: *r.UserID, Category: notify.Moderation, Kind: kind,
		Title: title, Body: body, Link: MyReviewsLink, Action: "View your reviews",
	})
}

// notifyReporters tells the members whose reports a moderation decision answers (reporters,
// ListUndecidedReporters) what was decided.
func notifyReporters(ctx context.Context, q *db.Queries, reviewID int32, reporters []int32, removed bool) error {
	if len(reporters) == 0 {
		return nil
	}
	r, err := reviewNotice(ctx, q, reviewID)
	if err != nil {
		return err
	}
	body := "A moderator checked it and kept the review: it follows our guidelines."
	if removed {
		body = "A moderator checked it and removed the review."
	}
	return notify.SendEach(ctx, q, reporters, notify.Notice{
		Category: notify.Moderation, Kind: "report_decided",
		Title: "Your report on a review of " + r.PropertyTitle + " was decided", Body: body,
		Link: propertyLink(r.PropertyID), Action: "View the property",
	})
}
