package payment_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/testworld"
)

// The administrators' queue lists a paid check and, rejecting it, refunds it through this
// package, once, while its own transaction holds the request's row (no wait on each other).
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
				if n := w.proxy.count("POST /v1/refunds"); n != 1 {
					t.Errorf("Stripe was asked for %d refunds, want 1", n)
				}
			}
		})
	}
}
