package payment_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/testworld"
)

// The administrators' queue lists a paid check and, rejecting it, owes its refund in the
// rejection's transaction: the rejection answers at once, the owner reads the refund on its way,
// and the server's refund worker makes it after the commit, once, with the check's idempotency
// key, however many administrators reject it at once.
func TestTheQueueRejectsAPaidCheckWithOneRefund(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"demo", "card"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			w := worldFor(t, mode)
			home := w.Property(t, "olga", "Queued Flat")
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var requestID int32
			if mode == "card" {
				pay := w.createPayment(t, home)
				requestID = pay.RequestId
				payload, header := event("evt_queue_paid", "payment_intent.succeeded", pay.PaymentIntentId, time.Now(), testWebhookSecret)
				if status, body := w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header); status != http.StatusOK {
					t.Fatalf("webhook: %d %s", status, body)
				}
			} else {
				requestID = w.demoPaid(t, home)
			}
			if mode == "card" {
				w.proxy.refundDelay.Store(int64(time.Second)) // Stripe is slow: the rejection does not wait for it
			}
			ada := w.Person(t, "ada", "admin")
			queue := adminv1connect.NewAdminServiceClient(http.DefaultClient, w.URL)
			list, err := queue.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
			if err != nil {
				t.Fatalf("queue: %v", err)
			}
			if !strings.Contains(list.Msg.String(), "Queued Flat") {
				t.Fatalf("the paid check is not in the queue: %v", list.Msg)
			}
			var wg sync.WaitGroup
			results := make([]string, 3)
			refunded := make([]bool, 3)
			for i := range results {
				wg.Go(func() {
					res, err := queue.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: requestID, Decision: "reject", Message: "The listing's details do not match."}))
					results[i] = testworld.Failure(err)
					if err == nil {
						refunded[i] = res.Msg.Refunded
					}
				})
			}
			wg.Wait()
			ok := 0
			for i, r := range results {
				if r == "ok" {
					ok++
					if !refunded[i] {
						t.Errorf("decision %d rejected without a refund", i)
					}
				}
			}
			if ok != 1 {
				t.Errorf("%d rejections succeeded (%v), want 1", ok, results)
			}
			c := w.check(t, requestID)
			if c.Status != "rejected" || c.RefundID == "" {
				t.Errorf("after rejection: %+v", c)
			}
			if mode == "card" {
				// Answered before Stripe refunded: the refund is owed, and the owner is told so.
				if c.RefundID != "claimed" || len(w.proxy.refunds()) != 0 {
					t.Errorf("the rejection waited for Stripe: refund %q, Stripe refunds %v", c.RefundID, w.proxy.refunds())
				}
				if got := w.status(t, home).GetLatestCheck().GetRefundStatus(); got != "requested" {
					t.Errorf("the owner reads the refund %q, want requested", got)
				}
			}
			refundID := w.waitRefunded(t, requestID)
			if prefix := map[string]string{"card": "re_", "demo": "demo_re_"}[mode]; !strings.HasPrefix(refundID, prefix) {
				t.Errorf("refund id %q, want %s…", refundID, prefix)
			}
			if got := w.status(t, home).GetLatestCheck().GetRefundStatus(); got != "refunded" {
				t.Errorf("the owner reads the refund %q, want refunded", got)
			}
			if mode == "card" {
				if keys := w.proxy.refunds(); !slices.Equal(keys, []string{fmt.Sprintf("paid-check-refund-%d", requestID)}) {
					t.Errorf("Stripe refunds: %v, want one with the check's idempotency key", keys)
				}
			}
			_, err = queue.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: requestID, Decision: "approve"}))
			if got := testworld.Failure(err); got != "failed_precondition: This request has already been decided." {
				t.Errorf("approving the rejected check: %s", got)
			}
		})
	}
}

// The bug this guards against: an administrator rejected a paid check and the request was
// cancelled (a client's deadline, a closed tab) while Stripe was still answering the refund.
// Stripe refunded (stripe-go cannot be stopped), recording the refund failed with the request,
// the check stayed paid in the queue with no refund recorded, and an administrator could then
// approve it: a paid_check badge for a fee returned. Now whatever a cancelled rejection leaves is
// one of two consistent states: nothing happened (no refund at Stripe or in the database, the
// check still paid), or the check is rejected with its refund recorded, made once, and it cannot
// be approved.
func TestACancelledRejectionNeverRefundsWithoutARecord(t *testing.T) {
	t.Parallel()
	w := cardWorld(t)
	home := w.Property(t, "olga", "Cancelled Flat")
	requestID := w.paid(t, home, "evt_cancelled_reject").RequestId
	queue, ada := w.queue(t)
	const slow = 800 * time.Millisecond
	w.proxy.refundDelay.Store(int64(slow))

	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	_, rejectErr := queue.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{
		RequestId: requestID, Decision: "reject", Message: "The listing's details do not match."}))
	cancel()
	time.Sleep(slow + 300*time.Millisecond) // whatever was sent to Stripe has landed by now

	c := w.check(t, requestID)
	switch c.Status {
	case "paid":
		if c.RefundID != "" || len(w.proxy.refunds()) != 0 {
			t.Fatalf("the rejection failed (%s) but left refunds: Stripe %v, recorded %q", testworld.Failure(rejectErr), w.proxy.refunds(), c.RefundID)
		}
	case "rejected":
		if c.RefundID == "" {
			t.Fatalf("rejected without a refund recorded; Stripe refunds %v", w.proxy.refunds())
		}
		w.waitRefunded(t, requestID)
		if keys := w.proxy.refunds(); !slices.Equal(keys, []string{fmt.Sprintf("paid-check-refund-%d", requestID)}) {
			t.Errorf("Stripe refunds: %v, want one with the check's idempotency key", keys)
		}
	default:
		t.Fatalf("after the cancelled rejection: %+v", c)
	}
	// Whatever happened, a fee refunded buys no badge.
	_, err := queue.DecideRequest(context.Background(), testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: requestID, Decision: "approve"}))
	if refunded := len(w.proxy.refunds()) > 0 || w.check(t, requestID).RefundID != ""; refunded && err == nil {
		t.Errorf("approved a check whose fee was refunded (Stripe refunds %v, check %+v)", w.proxy.refunds(), w.check(t, requestID))
	}
}
