package verification

import (
	"context"
	"fmt"
	"strconv"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/notify"
)

// RequestsLink is where a member sees the verification requests they sent and received.
const RequestsLink = "/dashboard?tab=verification"

// PropertyLink is the page of property id.
func PropertyLink(id int32) string { return "/properties/" + strconv.Itoa(int(id)) }

// notifyAsked tells the members asked to verify a property, in the requests' transaction.
func notifyAsked(ctx context.Context, q *db.Queries, to []int32, from, title, note string) error {
	body := "Open Verification Requests on your dashboard to approve or reject it."
	if note != "" {
		body = fmt.Sprintf("%s wrote: “%s”. %s", from, note, body)
	}
	return notify.SendEach(ctx, q, to, notify.Notice{
		Category: notify.VerificationRequests, Kind: "verification_request",
		Title: fmt.Sprintf("%s asked you to verify %s", from, title), Body: body,
		Link: RequestsLink, Action: "View the request",
	})
}

// answerWords says what became of a request, for its sender.
var answerWords = map[string]string{
	StatusApproved:  "approved",
	StatusRejected:  "rejected",
	StatusHeld:      "approved, waiting for an administrator's check",
	StatusConfirmed: "confirmed, waiting for the owner to accept it",
	StatusDeclined:  "declined",
}

// NotifyAnswered tells the sender of a verification request what became of it (status), in the
// transaction that answered or decided it; by names who ("Jane" or "An administrator").
func NotifyAnswered(ctx context.Context, q *db.Queries, requesterID int32, title, status, by, message string) error {
	body := ""
	if message != "" {
		body = fmt.Sprintf("%s wrote: “%s”", by, message)
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: requesterID, Category: notify.VerificationRequests, Kind: "verification_answered",
		Title: fmt.Sprintf("Your verification request for %s was %s", title, answerWords[status]), Body: body,
		Link: RequestsLink, Action: "View your requests",
	})
}

// notifyVerified tells the owner their property is verified, unless they verified it themselves
// (accepting a confirmation).
func notifyVerified(ctx context.Context, q *db.Queries, prop LockedProperty) error {
	if me, ok := identity.UserFrom(ctx); ok && me.ID == prop.LandlordID {
		return nil
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: prop.LandlordID, Category: notify.PropertyBadges, Kind: "property_verified",
		Title: prop.Title + " is verified", Body: "Your property now shows the verified badge.",
		Link: PropertyLink(prop.ID), Action: "View your property",
	})
}

// NotifyWithdrawn tells the owner of a property its verified badge was withdrawn, and why.
func NotifyWithdrawn(ctx context.Context, q *db.Queries, ownerID, propertyID int32, title, reason string) error {
	return notify.Send(ctx, q, notify.Notice{
		UserID: ownerID, Category: notify.PropertyBadges, Kind: "verification_withdrawn",
		Title: "The verification of " + title + " was withdrawn", Body: "Reason: " + reason,
		Link: PropertyLink(propertyID), Action: "View your property",
	})
}
