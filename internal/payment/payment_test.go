package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/rentproof/rentproof/gen/db"
	paymentv1 "github.com/rentproof/rentproof/gen/rentproof/payment/v1"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/testworld"
)

// event is a signed Stripe webhook event about a payment intent.
func event(id, typ, intentID string, at time.Time, secret string) ([]byte, string) {
	payload := fmt.Sprintf(`{"id":%q,"object":"event","api_version":"2023-10-16","type":%q,"data":{"object":`+
		`{"id":%q,"object":"payment_intent","amount":1999,"amount_received":1999,"currency":"usd","status":%q,%s}}}`,
		id, typ, intentID, map[string]string{"payment_intent.succeeded": "succeeded", "payment_intent.payment_failed": "requires_payment_method"}[typ],
		map[string]string{"payment_intent.succeeded": `"last_payment_error":null`, "payment_intent.payment_failed": `"last_payment_error":{"message":"Your card was declined."}`}[typ])
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: secret, Timestamp: at})
	return signed.Payload, signed.Header
}

func TestDemoPaymentEndsPaidAndWaitsForAnAdministrator(t *testing.T) {
	t.Parallel()
	w := demoWorld(t)
	olga := "token-olga"
	home := w.Property(t, "olga", "Demo Flat")

	cfg, err := w.payments.GetPaymentConfig(context.Background(), testworld.As("", &paymentv1.GetPaymentConfigRequest{}))
	if err != nil || !cfg.Msg.DemoMode || cfg.Msg.PublishableKey != "" || cfg.Msg.FeeCents != 1999 || cfg.Msg.TaxCents != 0 {
		t.Fatalf("config = %v, %v; want demo mode, fee 1999, tax 0", cfg, err)
	}

	status, body := w.post(t, olga, "/api/verification/demo-payment", map[string]any{"propertyId": home})
	if status != http.StatusOK {
		t.Fatalf("demo-payment: %d %s", status, body)
	}
	var created struct {
		MockPaymentIntent struct{ ID string } `json:"mockPaymentIntent"`
		RequestID         int32               `json:"requestId"`
	}
	if err := json.Unmarshal([]byte(body), &created); err != nil || !strings.HasPrefix(created.MockPaymentIntent.ID, "demo_pi_") {
		t.Fatalf("demo-payment answered %s", body)
	}
	if c := w.check(t, created.RequestID); c.Status != "pending" || c.PaymentStatus != "pending" || c.Intent != created.MockPaymentIntent.ID {
		t.Fatalf("after demo-payment: %+v", c)
	}
	// Pressing it again returns the same intent, not a second check.
	_, again := w.post(t, olga, "/api/verification/demo-payment", map[string]any{"propertyId": home})
	if !strings.Contains(again, created.MockPaymentIntent.ID) {
		t.Fatalf("second demo-payment answered %s, want the same intent %s", again, created.MockPaymentIntent.ID)
	}

	// Another intent id is not this property's.
	if status, body := w.post(t, olga, "/api/verification/demo-payment-complete",
		map[string]any{"propertyId": home, "paymentIntentId": "demo_pi_someoneelse"}); status != http.StatusNotFound {
		t.Fatalf("completing a foreign intent: %d %s", status, body)
	}

	status, body = w.post(t, olga, "/api/verification/demo-payment-complete",
		map[string]any{"propertyId": home, "paymentIntentId": created.MockPaymentIntent.ID})
	if status != http.StatusOK || !strings.Contains(body, `"success":true`) || !strings.Contains(body, `"status":"paid"`) {
		t.Fatalf("demo-payment-complete: %d %s", status, body)
	}
	c := w.check(t, created.RequestID)
	if c.Status != "paid" || c.PaymentStatus != "succeeded" || !c.Paid {
		t.Fatalf("after completion: %+v", c)
	}
	// Completing again changes nothing; paying again is refused; the badge waits for an administrator.
	if status, _ := w.post(t, olga, "/api/verification/demo-payment-complete",
		map[string]any{"propertyId": home, "paymentIntentId": created.MockPaymentIntent.ID}); status != http.StatusOK {
		t.Fatalf("completing twice: %d", status)
	}
	if after := w.check(t, created.RequestID); after.PaidAt != c.PaidAt {
		t.Fatalf("completing twice moved paid_at %s → %s", c.PaidAt, after.PaidAt)
	}
	if _, err := w.payments.CreateDemoPayment(context.Background(), testworld.As(olga, &paymentv1.CreateDemoPaymentRequest{PropertyId: home})); testworld.Failure(err) !=
		"failed_precondition: This property's verification check is already paid and waits for an administrator." {
		t.Fatalf("paying a paid check again: %s", testworld.Failure(err))
	}
	var verified bool
	if err := w.Pool.QueryRow(context.Background(), `SELECT verified FROM properties WHERE id = $1`, home).Scan(&verified); err != nil || verified {
		t.Fatalf("the property is verified = %v (%v) before an administrator decided", verified, err)
	}
	st, err := w.payments.GetPaymentStatus(context.Background(), testworld.As(olga, &paymentv1.GetPaymentStatusRequest{PropertyId: home}))
	if err != nil || st.Msg.Status != "paid" || st.Msg.PaymentStatus != "succeeded" {
		t.Fatalf("status = %v, %v", st, err)
	}
}

func TestAStrangerCannotPayForAnotherOwnersListing(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"demo", "card"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			w := worldFor(t, mode)
			home := w.Property(t, "olga", "Olgas Flat")
			mallory := w.Person(t, "mallory", "landlord")
			ctx := context.Background()
			const denied = "permission_denied: You can only pay for verification of properties that you own."
			var errs []error
			if mode == "card" {
				_, err := w.payments.CreatePayment(ctx, testworld.As(mallory, &paymentv1.CreatePaymentRequest{PropertyId: home}))
				errs = append(errs, err)
			} else {
				_, err := w.payments.CreateDemoPayment(ctx, testworld.As(mallory, &paymentv1.CreateDemoPaymentRequest{PropertyId: home}))
				errs = append(errs, err)
				_, err = w.payments.CompleteDemoPayment(ctx, testworld.As(mallory, &paymentv1.CompleteDemoPaymentRequest{PropertyId: home, PaymentIntentId: "demo_pi_x"}))
				errs = append(errs, err)
			}
			_, err := w.payments.GetPaymentStatus(ctx, testworld.As(mallory, &paymentv1.GetPaymentStatusRequest{PropertyId: home}))
			errs = append(errs, err)
			for i, err := range errs {
				if got := testworld.Failure(err); got != denied {
					t.Errorf("call %d by a stranger: %s, want %s", i, got, denied)
				}
			}
			if _, err := w.payments.GetPaymentStatus(ctx, testworld.As("", &paymentv1.GetPaymentStatusRequest{PropertyId: home})); testworld.Failure(err) !=
				"unauthenticated: Please sign in to pay for verification." {
				t.Errorf("signed out: %s", testworld.Failure(err))
			}
			if _, err := w.payments.GetPaymentStatus(ctx, testworld.As(mallory, &paymentv1.GetPaymentStatusRequest{PropertyId: 999999})); testworld.Failure(err) !=
				"not_found: Property not found." {
				t.Errorf("missing property: %s", testworld.Failure(err))
			}
			var n int
			if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM verification_requests`).Scan(&n); err != nil || n != 0 {
				t.Errorf("%d requests after a stranger's tries (%v)", n, err)
			}
		})
	}
}

func TestAVerifiedPropertyIsNotPaidFor(t *testing.T) {
	t.Parallel()
	w := demoWorld(t)
	home := w.Property(t, "olga", "Verified Flat")
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof) VALUES ($1, 'demo')`, home)
	_, err := w.payments.CreateDemoPayment(context.Background(), testworld.As("token-olga", &paymentv1.CreateDemoPaymentRequest{PropertyId: home}))
	if got := testworld.Failure(err); got != "failed_precondition: This property is already verified." {
		t.Fatalf("paying for a verified property: %s", got)
	}
}

func TestDemoCallsAreRefusedWithAKeyAndCardCallsWithout(t *testing.T) {
	t.Parallel()
	card := cardWorld(t)
	home := card.Property(t, "olga", "Card Flat")
	const demoOff = "failed_precondition: Demo payments are disabled: card payments are configured."
	_, err := card.payments.CreateDemoPayment(context.Background(), testworld.As("token-olga", &paymentv1.CreateDemoPaymentRequest{PropertyId: home}))
	if got := testworld.Failure(err); got != demoOff {
		t.Errorf("CreateDemoPayment with a key: %s", got)
	}
	_, err = card.payments.CompleteDemoPayment(context.Background(), testworld.As("token-olga", &paymentv1.CompleteDemoPaymentRequest{PropertyId: home, PaymentIntentId: "demo_pi_x"}))
	if got := testworld.Failure(err); got != demoOff {
		t.Errorf("CompleteDemoPayment with a key: %s", got)
	}
	for _, path := range []string{"/api/verification/demo-payment", "/api/verification/demo-payment-complete"} {
		status, body := card.post(t, "token-olga", path, map[string]any{"propertyId": home, "paymentIntentId": "demo_pi_x"})
		if status != http.StatusConflict || !strings.Contains(body, "Demo payments are disabled") {
			t.Errorf("%s with a key: %d %s", path, status, body)
		}
	}
	var n int
	if err := card.Pool.QueryRow(context.Background(), `SELECT count(*) FROM verification_requests`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d requests after refused demo calls (%v)", n, err)
	}

	demo := demoWorld(t)
	home = demo.Property(t, "olga", "Demo Flat")
	_, err = demo.payments.CreatePayment(context.Background(), testworld.As("token-olga", &paymentv1.CreatePaymentRequest{PropertyId: home}))
	if got := testworld.Failure(err); !strings.HasPrefix(got, "failed_precondition: Card payment is disabled") {
		t.Errorf("CreatePayment in demo mode: %s", got)
	}
}

func TestCardPaymentIntentAndConfig(t *testing.T) {
	t.Parallel()
	w := cardWorld(t)
	home := w.Property(t, "olga", "Card Flat")
	cfg, err := w.payments.GetPaymentConfig(context.Background(), testworld.As("", &paymentv1.GetPaymentConfigRequest{}))
	if err != nil || cfg.Msg.DemoMode || cfg.Msg.PublishableKey != testPublishable {
		t.Fatalf("config = %v, %v; want the publishable key", cfg, err)
	}
	first := w.createPayment(t, home)
	if first.ClientSecret == "" || first.PaymentIntentId == "" || first.AmountCents != 1999 || first.Currency != "usd" {
		t.Fatalf("create payment = %v", first)
	}
	second := w.createPayment(t, home)
	if second.RequestId != first.RequestId || second.PaymentIntentId != first.PaymentIntentId {
		t.Fatalf("a second Pay made request %d intent %s, want %d %s", second.RequestId, second.PaymentIntentId, first.RequestId, first.PaymentIntentId)
	}
	if n := w.proxy.count("POST /v1/payment_intents"); n != 1 {
		t.Errorf("%d payment intents created, want 1", n)
	}
	if n := w.proxy.count("POST /v1/customers"); n != 1 {
		t.Errorf("%d customers created, want 1", n)
	}
	var customers int
	if err := w.Pool.QueryRow(context.Background(), `SELECT count(*) FROM stripe_customers`).Scan(&customers); err != nil || customers != 1 {
		t.Errorf("%d stripe_customers rows (%v), want 1", customers, err)
	}

	// The owner comes back before the webhook: the server asks Stripe, which says succeeded.
	st, err := w.payments.GetPaymentStatus(context.Background(), testworld.As("token-olga", &paymentv1.GetPaymentStatusRequest{PropertyId: home}))
	if err != nil || st.Msg.Status != "pending" {
		t.Fatalf("status before payment = %v, %v", st, err)
	}
	w.proxy.succeeded.Store(true)
	st, err = w.payments.GetPaymentStatus(context.Background(), testworld.As("token-olga", &paymentv1.GetPaymentStatusRequest{PropertyId: home}))
	if err != nil || st.Msg.Status != "paid" || st.Msg.PaymentStatus != "succeeded" {
		t.Fatalf("status after Stripe says succeeded = %v, %v", st, err)
	}

	// The pages admit Stripe only when a key is configured.
	csp := func(w *world) string {
		res, err := http.Get(w.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		return res.Header.Get("Content-Security-Policy")
	}
	if got := csp(w); !strings.Contains(got, "script-src 'self' https://js.stripe.com") ||
		!strings.Contains(got, "frame-src 'self' https://js.stripe.com https://hooks.stripe.com") ||
		!strings.Contains(got, "connect-src 'self' https://api.stripe.com") {
		t.Errorf("card mode's policy %q lacks Stripe's hosts", got)
	}
	if got := csp(demoWorld(t)); strings.Contains(got, "stripe") {
		t.Errorf("demo mode's policy %q names Stripe", got)
	}
}

func TestWebhook(t *testing.T) {
	t.Parallel()
	w := cardWorld(t)
	home := w.Property(t, "olga", "Webhook Flat")
	pay := w.createPayment(t, home)

	t.Run("bad signatures are refused", func(t *testing.T) {
		payload, header := event("evt_bad", "payment_intent.succeeded", pay.PaymentIntentId, time.Now(), "whsec_wrong")
		if status, body := w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header); status != http.StatusBadRequest ||
			!strings.Contains(body, "Invalid webhook signature.") {
			t.Errorf("wrong secret: %d %s", status, body)
		}
		if status, _ := w.post(t, "", "/api/stripe/webhook", payload); status != http.StatusBadRequest {
			t.Errorf("no signature: %d", status)
		}
		old, oldHeader := event("evt_old", "payment_intent.succeeded", pay.PaymentIntentId, time.Now().Add(-301*time.Second), testWebhookSecret)
		if status, _ := w.post(t, "", "/api/stripe/webhook", old, "Stripe-Signature", oldHeader); status != http.StatusBadRequest {
			t.Errorf("301 s old: %d", status)
		}
		// A signed body changed afterwards.
		good, goodHeader := event("evt_tampered", "payment_intent.payment_failed", pay.PaymentIntentId, time.Now(), testWebhookSecret)
		tampered := bytes.Replace(good, []byte("payment_failed"), []byte("succeeded"), 1)
		if status, _ := w.post(t, "", "/api/stripe/webhook", tampered, "Stripe-Signature", goodHeader); status != http.StatusBadRequest {
			t.Errorf("tampered: %d", status)
		}
		if c := w.check(t, pay.RequestId); c.Status != "pending" || c.PaymentStatus != "pending" {
			t.Errorf("after refused events: %+v", c)
		}
		var n int
		if err := w.Pool.QueryRow(context.Background(), `SELECT count(*) FROM stripe_events`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d events recorded (%v)", n, err)
		}
	})

	t.Run("a failure is recorded", func(t *testing.T) {
		payload, header := event("evt_failed", "payment_intent.payment_failed", pay.PaymentIntentId, time.Now(), testWebhookSecret)
		if status, body := w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header); status != http.StatusOK {
			t.Fatalf("failed event: %d %s", status, body)
		}
		if c := w.check(t, pay.RequestId); c.Status != "pending" || c.PaymentStatus != "failed" || c.PaymentError != "Your card was declined." {
			t.Errorf("after payment_failed: %+v", c)
		}
	})

	t.Run("the same event twice changes nothing", func(t *testing.T) {
		payload, header := event("evt_paid", "payment_intent.succeeded", pay.PaymentIntentId, time.Now(), testWebhookSecret)
		var wg sync.WaitGroup
		statuses := make([]int, 4)
		for i := range statuses {
			wg.Go(func() { statuses[i], _ = w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header) })
		}
		wg.Wait()
		for i, s := range statuses {
			if s != http.StatusOK {
				t.Errorf("delivery %d: %d", i, s)
			}
		}
		c := w.check(t, pay.RequestId)
		if c.Status != "paid" || c.PaymentStatus != "succeeded" || c.PaymentError != "" {
			t.Fatalf("after payment_intent.succeeded: %+v", c)
		}
		// Delivered again later, and a later failure event of the same intent: nothing moves.
		if status, _ := w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header); status != http.StatusOK {
			t.Errorf("redelivery: %d", status)
		}
		failed, failedHeader := event("evt_late_failure", "payment_intent.payment_failed", pay.PaymentIntentId, time.Now(), testWebhookSecret)
		w.post(t, "", "/api/stripe/webhook", failed, "Stripe-Signature", failedHeader)
		if after := w.check(t, pay.RequestId); after != c {
			t.Errorf("after repeats: %+v, want %+v", after, c)
		}
		var n int
		if err := w.Pool.QueryRow(context.Background(), `SELECT count(*) FROM stripe_events WHERE id = 'evt_paid'`).Scan(&n); err != nil || n != 1 {
			t.Errorf("evt_paid recorded %d times (%v)", n, err)
		}
	})
}

// admin is a context of a signed-in administrator, as the admin queue calls OweRefund.
func (w *world) admin(t *testing.T) context.Context {
	t.Helper()
	w.Person(t, "ada", "admin")
	return identity.WithSession(context.Background(), identity.Session{User: identity.User{ID: w.ID(t, `SELECT id FROM users WHERE username = 'ada'`), Username: "ada", Role: "admin"}})
}

// owe owes a check's refund in a transaction of its own, as the queue's rejection does in its.
func owe(ctx context.Context, w *world, svc *payment.Service, requestID int32) error {
	return store.WithTx(ctx, w.Pool, func(q *db.Queries) error { return svc.OweRefund(ctx, q, requestID) })
}

// OweRefund owes only a paid check's fee, only for an administrator, and only what this server
// can refund; owed again, nothing more is owed; settled by many workers at once, it is refunded
// once.
func TestOweRefundOwesOnceAndIsRefundedOnce(t *testing.T) {
	t.Parallel()
	t.Run("card", func(t *testing.T) {
		t.Parallel()
		w := cardWorld(t)
		home := w.Property(t, "olga", "Refund Flat")
		pay := w.createPayment(t, home)
		svc := payment.NewService(w.Pool, w.cfg)
		ctx := w.admin(t)

		// Not paid yet: nothing to refund.
		if err := owe(ctx, w, svc, pay.RequestId); testworld.Failure(err) != "Only a paid verification check can be refunded." {
			t.Fatalf("refund before payment: %s", testworld.Failure(err))
		}
		payload, header := event("evt_refund_paid", "payment_intent.succeeded", pay.PaymentIntentId, time.Now(), testWebhookSecret)
		if status, _ := w.post(t, "", "/api/stripe/webhook", payload, "Stripe-Signature", header); status != http.StatusOK {
			t.Fatalf("webhook: %d", status)
		}
		// Only an administrator.
		olgaCtx := identity.WithSession(context.Background(), identity.Session{User: identity.User{ID: 1, Username: "olga", Role: "landlord"}})
		if err := owe(olgaCtx, w, svc, pay.RequestId); testworld.Failure(err) != "Only an administrator can refund a verification check." {
			t.Fatalf("refund by a landlord: %s", testworld.Failure(err))
		}
		// A server without Stripe cannot refund a card payment: refused, not owed forever.
		if err := owe(ctx, w, payment.NewService(w.Pool, payment.Config{}), pay.RequestId); testworld.Failure(err) !=
			"Refunds of card payments are not available on this server, so this paid check cannot be rejected: approve it or try again once payments are configured." {
			t.Fatalf("card refund without Stripe: %s", testworld.Failure(err))
		}
		for range 2 {
			if err := owe(ctx, w, svc, pay.RequestId); err != nil {
				t.Fatalf("owe: %v", err)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 5)
		for i := range errs {
			wg.Go(func() { _, errs[i] = svc.SettleDueRefunds(ctx) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("settle %d: %v", i, err)
			}
		}
		if id := w.waitRefunded(t, pay.RequestId); !strings.HasPrefix(id, "re_") {
			t.Errorf("refund id %q, want Stripe's", id)
		}
		if err := owe(ctx, w, svc, pay.RequestId); err != nil {
			t.Errorf("owing a refund made: %v", err)
		}
		if _, err := svc.SettleDueRefunds(ctx); err != nil || w.proxy.count("POST /v1/refunds") != 1 {
			t.Errorf("Stripe refunded %d times (%v), want 1", w.proxy.count("POST /v1/refunds"), err)
		}
		if err := owe(ctx, w, svc, 999999); testworld.Failure(err) != "Verification check not found." {
			t.Errorf("refunding no check: %s", testworld.Failure(err))
		}
	})
	t.Run("demo", func(t *testing.T) {
		t.Parallel()
		w := demoWorld(t)
		home := w.Property(t, "olga", "Demo Refund Flat")
		request := w.demoPaid(t, home)
		svc := payment.NewService(w.Pool, w.cfg)
		ctx := w.admin(t)
		if err := owe(ctx, w, svc, request); err != nil {
			t.Fatal(err)
		}
		first := w.waitRefunded(t, request)
		if !strings.HasPrefix(first, "demo_re_") {
			t.Errorf("demo refund id %q", first)
		}
		_ = owe(ctx, w, svc, request)
		if _, err := svc.SettleDueRefunds(ctx); err != nil {
			t.Error(err)
		}
		if again := w.check(t, request); again.RefundID != first {
			t.Errorf("refund id moved %s → %s", first, again.RefundID)
		}
	})
}

func TestPendingVerificationsListsOnlyTheCallersUnverifiedListings(t *testing.T) {
	t.Parallel()
	w := demoWorld(t)
	ctx := context.Background()
	plain := w.Property(t, "olga", "Plain Flat")
	paid := w.Property(t, "olga", "Paid Flat")
	verified := w.Property(t, "olga", "Verified Flat")
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof) VALUES ($1, 'demo')`, verified)
	w.demoPaid(t, paid)
	res, err := w.payments.ListPendingVerifications(ctx, testworld.As("token-olga", &paymentv1.ListPendingVerificationsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Msg.Properties {
		got = append(got, fmt.Sprintf("%d %s %q", p.PropertyId, p.Title, p.CheckStatus))
	}
	want := []string{fmt.Sprintf("%d Paid Flat %q", paid, "paid"), fmt.Sprintf("%d Plain Flat %q", plain, "")}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("olga's pending = %v, want %v", got, want)
	}
	mallory := w.Person(t, "mallory", "landlord")
	if res, err := w.payments.ListPendingVerifications(ctx, testworld.As(mallory, &paymentv1.ListPendingVerificationsRequest{})); err != nil || len(res.Msg.Properties) != 0 {
		t.Errorf("mallory's pending = %v, %v; want none", res, err)
	}
	if _, err := w.payments.ListPendingVerifications(ctx, testworld.As("", &paymentv1.ListPendingVerificationsRequest{})); testworld.Failure(err) != "unauthenticated: Please sign in to pay for verification." {
		t.Errorf("signed out: %s", testworld.Failure(err))
	}
}

func TestAPaidCheckDoesNotExpire(t *testing.T) {
	t.Parallel()
	w := demoWorld(t)
	home := w.Property(t, "olga", "Slow Payer Flat")
	created, err := w.payments.CreateDemoPayment(context.Background(), testworld.As("token-olga", &paymentv1.CreateDemoPaymentRequest{PropertyId: home}))
	if err != nil {
		t.Fatal(err)
	}
	var years float64
	if err := w.Pool.QueryRow(context.Background(),
		`SELECT extract(epoch FROM expires_at - now()) / (365 * 86400) FROM verification_requests WHERE id = $1`, created.Msg.RequestId).Scan(&years); err != nil || years < 99 {
		t.Fatalf("a paid check expires in %.1f years (%v), want none in practice: a late card payment would find it expired", years, err)
	}
}

func TestParallelPaysMakeOneCheckWithOneIntent(t *testing.T) {
	t.Parallel()
	w := cardWorld(t)
	home := w.Property(t, "olga", "Busy Flat")
	answers := make([]*paymentv1.CreatePaymentResponse, 6)
	errs := make([]error, len(answers))
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			res, err := w.payments.CreatePayment(context.Background(), testworld.As("token-olga", &paymentv1.CreatePaymentRequest{PropertyId: home}))
			errs[i] = err
			if err == nil {
				answers[i] = res.Msg
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("pay %d: %v", i, err)
		}
	}
	for i, a := range answers {
		if a.RequestId != answers[0].RequestId || a.PaymentIntentId != answers[0].PaymentIntentId || a.ClientSecret == "" {
			t.Errorf("pay %d: request %d intent %s, want request %d intent %s", i, a.RequestId, a.PaymentIntentId, answers[0].RequestId, answers[0].PaymentIntentId)
		}
	}
	var n int
	if err := w.Pool.QueryRow(context.Background(), `SELECT count(*) FROM verification_requests WHERE property_id = $1`, home).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d checks (%v), want 1", n, err)
	}
}

// An owner's app that starts the demo payment twice at once (a double tap, a retry) gets the one
// intent both times: the second used to lose the race to set it and answer 500.
func TestParallelDemoPaymentsShareOneIntent(t *testing.T) {
	t.Parallel()
	w := demoWorld(t)
	for round := range 5 {
		home := w.Property(t, "olga", fmt.Sprintf("Twice Tapped %d", round))
		intents := make([]string, 8)
		var wg sync.WaitGroup
		for i := range intents {
			wg.Go(func() {
				res, err := w.payments.CreateDemoPayment(context.Background(), testworld.As("token-olga", &paymentv1.CreateDemoPaymentRequest{PropertyId: home}))
				if err != nil {
					t.Errorf("demo payment %d: %v", i, err)
					return
				}
				intents[i] = res.Msg.MockPaymentIntent.Id
			})
		}
		wg.Wait()
		for _, id := range intents {
			if id == "" || id != intents[0] {
				t.Fatalf("round %d: intents %v, want one", round, intents)
			}
		}
	}
}
