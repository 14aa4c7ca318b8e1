package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verification"
)

// settle records what Stripe says of an intent: succeeded makes its check paid (once), a failure
// or a payment still processing is recorded. An intent that is not a paid check's is ignored.
func settle(ctx context.Context, q *db.Queries, intent *stripe.PaymentIntent) error {
	check, err := q.LockPaidCheckByIntent(ctx, &intent.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		slog.WarnContext(ctx, "payment intent of no paid check", "intent", intent.ID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("lock paid check: %w", err)
	}
	if check.Status == verification.StatusClosed && intent.Status == stripe.PaymentIntentStatusSucceeded {
		// Closed while it was being paid (the listing moved or was verified another way): the
		// money came anyway, so it is owed back (settled after commit: refunds.go).
		if _, err := q.RecordLatePayment(ctx, db.RecordLatePaymentParams{ID: check.ID, Reason: new(latePaymentReason)}); err != nil {
			return fmt.Errorf("record a late payment: %w", err)
		}
		return nil
	}
	if check.Status != StatusPending {
		return nil // paid (or decided) already: once only
	}
	switch intent.Status {
	case stripe.PaymentIntentStatusSucceeded:
		if intent.Amount < int64(FeeCents) || !strings.EqualFold(string(intent.Currency), Currency) {
			slog.ErrorContext(ctx, "payment intent for the wrong amount", "intent", intent.ID, "amount", intent.Amount, "currency", intent.Currency)
			return nil
		}
		if _, err := q.MarkPaidCheckPaid(ctx, check.ID); err != nil {
			return fmt.Errorf("mark paid: %w", err)
		}
	case stripe.PaymentIntentStatusProcessing:
		if _, err := q.MarkPaidCheckProcessing(ctx, check.ID); err != nil {
			return fmt.Errorf("mark processing: %w", err)
		}
	case stripe.PaymentIntentStatusRequiresPaymentMethod:
		if intent.LastPaymentError == nil {
			return nil // not tried yet
		}
		msg := intent.LastPaymentError.Msg
		if msg == "" {
			msg = msgPaymentFailed
		}
		if _, err := q.MarkPaidCheckFailed(ctx, db.MarkPaidCheckFailedParams{ID: check.ID, PaymentError: clip(msg)}); err != nil {
			return fmt.Errorf("mark failed: %w", err)
		}
	}
	return nil
}

func clip(s string) *string {
	if r := []rune(s); len(r) > 500 {
		s = string(r[:500])
	}
	return &s
}

// HandleWebhook verifies and applies one Stripe webhook event: payment_intent.succeeded makes
// the check paid, payment_intent.payment_failed records the failure, payment_intent.processing
// that the payment is on its way. An event already handled
// (Stripe delivers at least once) changes nothing.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, signature string) error {
	if !s.cfg.Card() || s.cfg.WebhookSecret == "" {
		return apperr.FailedPrecondition(msgNoWebhook)
	}
	event, err := webhook.ConstructEventWithOptions(payload, signature, s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{Tolerance: WebhookTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		slog.WarnContext(ctx, "webhook refused", "err", err)
		return apperr.New(apperr.ErrInvalidArgument, msgBadSignature)
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Recorded in the transaction that applies it: a repeat, even a concurrent one, waits for
		// the first and then finds it recorded.
		n, err := q.RecordStripeEvent(ctx, db.RecordStripeEventParams{ID: event.ID, Type: string(event.Type)})
		if err != nil {
			return fmt.Errorf("record event: %w", err)
		}
		if n == 0 {
			return nil
		}
		switch event.Type {
		case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.processing":
			var intent stripe.PaymentIntent
			if err := json.Unmarshal(event.Data.Raw, &intent); err != nil {
				return apperr.New(apperr.ErrInvalidArgument, "Invalid payment intent in the event.")
			}
			if event.Type == "payment_intent.payment_failed" && intent.LastPaymentError == nil {
				intent.LastPaymentError = &stripe.Error{Msg: msgPaymentFailed}
			}
			return settle(ctx, q, &intent)
		}
		return nil
	})
}
