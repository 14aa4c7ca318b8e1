package payment

import (
	"context"
	"fmt"
	"strconv"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/notify"
)

// notifyRefunded tells whoever paid for the paid check requestID that it was refunded, in the
// transaction that records the refund.
func notifyRefunded(ctx context.Context, q *db.Queries, requestID int32) error {
	r, err := q.GetRefundNotice(ctx, requestID)
	if err != nil {
		return fmt.Errorf("who paid for paid check %d: %w", requestID, err)
	}
	return notify.Send(ctx, q, notify.Notice{
		UserID: r.RequestedByID, Category: notify.Documents, Kind: "refund",
		Title: "Your paid check of " + r.Title + " was refunded",
		Body:  fmt.Sprintf("We refunded $%d.%02d to the card you paid with; banks take a few days to show it.", r.AmountCents/100, r.AmountCents%100),
		Link:  "/properties/" + strconv.Itoa(int(r.PropertyID)), Action: "View your property",
	})
}
