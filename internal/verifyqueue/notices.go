package verifyqueue

import (
	"context"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/verification"
)

// notifyDecided tells the sender of a queued request the administrator's decision (status), in
// the decision's transaction: owners' documents and paid checks as documents and payments
// (a rejected paid check says its refund is on the way), people's approvals as verification
// requests. verified says the decision verified prop, which an owner who asked is told here.
func notifyDecided(ctx context.Context, q *db.Queries, requesterID int32, prop verification.LockedProperty, kind, status, message string, verified bool) error {
	var title, body string
	switch kind {
	case KindDocuments:
		title = fmt.Sprintf("Your documents for %s were %s", prop.Title, status)
	case KindPaidCheck:
		title = fmt.Sprintf("Your paid check of %s was %s", prop.Title, status)
		if status == verification.StatusRejected {
			body = "Your payment is being refunded. "
		}
	default:
		return verification.NotifyAnswered(ctx, q, requesterID, prop, status, "An administrator", message, verified)
	}
	if verified && requesterID == prop.LandlordID {
		body += verification.VerifiedBadge + " "
	}
	if message != "" {
		body += fmt.Sprintf("An administrator wrote: “%s”", message)
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: requesterID, Category: notify.Documents, Kind: kind + "_decided",
		Title: title, Body: strings.TrimSpace(body), Link: verification.PropertyLink(prop.ID), Action: "View your property",
	})
}
