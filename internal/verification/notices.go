package verification

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/notify"
)

// ReceivedLink and SentLink open the dashboard's verification requests on the ones a member
// received and the ones they sent.
const (
	ReceivedLink = "/dashboard?tab=verification&requests=received"
	SentLink     = "/dashboard?tab=verification&requests=sent"
)

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
		Link: ReceivedLink, Action: "View the request",
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

// NotifyAnswered tells the sender of a verification request about prop what became of it
// (status), in the transaction that answered or decided it; by names who ("Jane" or "An
// administrator"). verified says the answer verified prop: an owner who asked is told so here, in
// the same notification (Grant, told by its caller, sends them no other).
func NotifyAnswered(ctx context.Context, q *db.Queries, requesterID int32, prop LockedProperty, status, by, message string, verified bool) error {
	n := notify.Notice{
		UserID: requesterID, Category: notify.VerificationRequests, Kind: "verification_answered",
		Title: fmt.Sprintf("Your verification request for %s was %s", prop.Title, answerWords[status]),
		Link:  SentLink, Action: "View your requests",
	}
	if message != "" {
		n.Body = fmt.Sprintf("%s wrote: “%s”", by, message)
	}
	if verified && requesterID == prop.LandlordID {
		n.Body = strings.TrimSpace(VerifiedBadge + " " + n.Body)
		n.Link, n.Action = PropertyLink(prop.ID), "View your property"
	}
	return notify.Send(ctx, q, n)
}

// VerifiedBadge is what an owner is told when their property is verified.
const VerifiedBadge = "Your property now shows the verified badge."

// notifyVerified tells the owner their property is verified, unless they verified it themselves
// (accepting a confirmation).
func notifyVerified(ctx context.Context, q *db.Queries, prop LockedProperty) error {
	if me, ok := identity.UserFrom(ctx); ok && me.ID == prop.LandlordID {
		return nil
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: prop.LandlordID, Category: notify.PropertyBadges, Kind: "property_verified",
		Title: prop.Title + " is verified", Body: VerifiedBadge,
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
