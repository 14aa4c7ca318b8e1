package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v76"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verification"
)

// A paid check's payment: a Stripe PaymentIntent for the fee (CreatePayment), or demo mode's
// simulated one (CreateDemoPayment, CompleteDemoPayment), and where it stands (PaymentStatus).

// open returns the property's open paid check, opening one when none is: only its owner, only
// while it is not verified, only while the check is not paid yet.
func (s *Service) open(ctx context.Context, propertyID int32) (db.VerificationRequest, db.GetPropertyForPaymentRow, error) {
	me, p, err := s.owned(ctx, propertyID)
	if err != nil {
		return db.VerificationRequest{}, p, err
	}
	if p.Verified {
		return db.VerificationRequest{}, p, apperr.FailedPrecondition(msgVerified)
	}
	var owner *string
	if p.OwnerUsername != "" {
		owner = &p.OwnerUsername
	}
	check, err := s.q.CreatePaidCheck(ctx, db.CreatePaidCheckParams{
		PropertyID: p.ID, OwnerID: me.ID, OwnerUsername: owner, AmountCents: new(FeeCents),
	})
	if errors.Is(err, pgx.ErrNoRows) { // one is open already
		check, err = s.q.GetOpenPaidCheck(ctx, p.ID)
	}
	if err != nil {
		return check, p, fmt.Errorf("open paid check: %w", err)
	}
	if check.Status == StatusPaid {
		return check, p, apperr.FailedPrecondition(msgAlreadyPaid)
	}
	return check, p, nil
}

// CreatePayment opens the property's paid check and its PaymentIntent for the fee, or returns the
// open one's: the client secret the app's card form confirms.
func (s *Service) CreatePayment(ctx context.Context, propertyID int32) (Check, error) {
	if !s.cfg.Card() {
		return Check{}, apperr.FailedPrecondition(msgCardDisabled)
	}
	check, p, err := s.open(ctx, propertyID)
	if err != nil {
		return Check{}, err
	}
	var intent *stripe.PaymentIntent
	if check.PaymentIntentID == nil {
		customer, err := s.customer(ctx, check.RequestedByID)
		if err != nil {
			return Check{}, err
		}
		params := &stripe.PaymentIntentParams{
			Amount:                  new(int64(FeeCents)),
			Currency:                new(Currency),
			Customer:                new(customer),
			Description:             new("RentProof verification check: " + p.Title),
			AutomaticPaymentMethods: &stripe.PaymentIntentAutomaticPaymentMethodsParams{Enabled: new(true)},
		}
		params.AddMetadata("property_id", strconv.Itoa(int(p.ID)))
		params.AddMetadata("property_name", p.Title)
		params.AddMetadata("verification_request_id", strconv.Itoa(int(check.ID)))
		// Per property and owner (and the check, so a new check after a refund is a new payment):
		// a repeated or concurrent call gets the same intent back from Stripe.
		params.SetIdempotencyKey(fmt.Sprintf("paid-check-property-%d-owner-%d-request-%d", p.ID, check.RequestedByID, check.ID))
		intent, err = s.stripe.PaymentIntents.New(params)
		if err != nil {
			return Check{}, fmt.Errorf("create payment intent: %w", err)
		}
		recorded, err := s.q.SetPaidCheckIntent(ctx, db.SetPaidCheckIntentParams{ID: check.ID, PaymentIntentID: &intent.ID})
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			// A concurrent call recorded its intent first (Stripe answers both with one intent for
			// one idempotency key; were they two, the unrecorded one is never confirmed): use that.
			if check, err = s.q.GetPaidCheck(ctx, check.ID); err != nil {
				return Check{}, fmt.Errorf("get paid check: %w", err)
			}
			if intent, err = s.stripe.PaymentIntents.Get(deref(check.PaymentIntentID), nil); err != nil {
				return Check{}, fmt.Errorf("get payment intent: %w", err)
			}
		case err != nil:
			return Check{}, fmt.Errorf("record payment intent: %w", err)
		default:
			check = recorded
		}
	} else {
		intent, err = s.stripe.PaymentIntents.Get(*check.PaymentIntentID, nil)
		if err != nil {
			return Check{}, fmt.Errorf("get payment intent: %w", err)
		}
	}
	out := checkOf(check)
	out.ClientSecret = intent.ClientSecret
	return out, nil
}

// customer returns the user's Stripe customer, creating it once.
func (s *Service) customer(ctx context.Context, userID int32) (string, error) {
	c, err := s.q.GetStripeCustomer(ctx, userID)
	if err == nil {
		return c.StripeCustomerID, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("get stripe customer: %w", err)
	}
	params := &stripe.CustomerParams{}
	params.AddMetadata("user_id", strconv.Itoa(int(userID)))
	params.SetIdempotencyKey(fmt.Sprintf("customer-user-%d", userID))
	created, err := s.stripe.Customers.New(params)
	if err != nil {
		return "", fmt.Errorf("create stripe customer: %w", err)
	}
	c, err = s.q.CreateStripeCustomer(ctx, db.CreateStripeCustomerParams{UserID: userID, StripeCustomerID: created.ID})
	if err != nil {
		return "", fmt.Errorf("record stripe customer: %w", err)
	}
	return c.StripeCustomerID, nil
}

// CreateDemoPayment is demo mode's payment: it opens the property's paid check with a simulated
// intent (or returns the open one's).
func (s *Service) CreateDemoPayment(ctx context.Context, propertyID int32) (Check, error) {
	if s.cfg.Card() {
		return Check{}, apperr.FailedPrecondition(msgDemoDisabled)
	}
	check, _, err := s.open(ctx, propertyID)
	if err != nil {
		return Check{}, err
	}
	if check.PaymentIntentID == nil {
		id := demoIntentPrefix + randomHex()
		check, err = s.q.SetPaidCheckIntent(ctx, db.SetPaidCheckIntentParams{ID: check.ID, PaymentIntentID: &id})
		if errors.Is(err, pgx.ErrNoRows) {
			// A request at the same time gave the check its intent first: answer with that one
			// (this was a 500, found by the authorization matrix).
			check, _, err = s.open(ctx, propertyID)
		}
		if err != nil {
			return Check{}, fmt.Errorf("record demo intent: %w", err)
		}
	}
	return checkOf(check), nil
}

// CompleteDemoPayment simulates the success of the property's demo payment: the check becomes
// paid and waits for an administrator, as after a card payment. Completing it again is harmless.
func (s *Service) CompleteDemoPayment(ctx context.Context, propertyID int32, intentID string) (Check, error) {
	if s.cfg.Card() {
		return Check{}, apperr.FailedPrecondition(msgDemoDisabled)
	}
	if _, _, err := s.owned(ctx, propertyID); err != nil {
		return Check{}, err
	}
	check, err := s.q.GetOpenPaidCheck(ctx, propertyID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && deref(check.PaymentIntentID) != intentID) || !strings.HasPrefix(intentID, demoIntentPrefix) {
		return Check{}, apperr.NotFound(msgUnknownIntent)
	}
	if err != nil {
		return Check{}, fmt.Errorf("get paid check: %w", err)
	}
	intent := &stripe.PaymentIntent{ID: intentID, Status: stripe.PaymentIntentStatusSucceeded, Amount: int64(FeeCents), Currency: Currency}
	if err := store.WithTx(ctx, s.pool, func(q *db.Queries) error { return settle(ctx, q, intent) }); err != nil {
		return Check{}, err
	}
	if check, err = s.q.GetPaidCheck(ctx, check.ID); err != nil {
		return Check{}, fmt.Errorf("get paid check: %w", err)
	}
	return checkOf(check), nil
}

// Refund states of a paid check, as its owner is told (the latest check's RefundStatus).
const (
	RefundRequested = "requested" // asked for, not confirmed yet
	RefundRefunded  = "refunded"  // recorded by Stripe (or demo mode)
)

// LatestCheck is a property's latest paid check, open or not, as its owner sees it.
type LatestCheck struct {
	RequestID         int32
	Status            string // pending, paid, closed, approved or rejected
	StatusReason      string // why it was closed
	ResponseMessage   string // the administrator's message with the decision
	PaymentStatus     string
	PaymentError      string
	AmountCents       int32
	RefundStatus      string // empty, RefundRequested or RefundRefunded
	RefundAmountCents int32
}

// Status is where a property's paid check stands: what the payment and success screens show.
type Status struct {
	// Check is the open paid check (pending or paid); zero when none is open.
	Check
	// Latest is the latest paid check, open or not; nil when the property never had one.
	Latest *LatestCheck
	// PropertyVerified tells whether the property is verified, by any proof.
	PropertyVerified bool
}

// PaymentStatus tells the owner where the property's paid check stands. While a card payment is
// not settled, it asks Stripe (the owner may come back before the webhook) and records the answer
// as the webhook would.
func (s *Service) PaymentStatus(ctx context.Context, propertyID int32) (Status, error) {
	_, p, err := s.owned(ctx, propertyID)
	if err != nil {
		return Status{}, err
	}
	// The owner may be back before Stripe's webhook (or without one): ask Stripe where a payment
	// still unsettled stands — an open check's, or one closed while it was being paid, whose
	// money, if it came, is owed back — and record it first.
	latest, err := s.q.GetLatestPaidCheck(ctx, propertyID)
	if err == nil && (latest.Status == StatusPending || (latest.Status == verification.StatusClosed && !latest.Paid)) {
		if err := s.refresh(ctx, latest.PaymentIntentID); err != nil {
			return Status{}, err
		}
		latest, err = s.q.GetLatestPaidCheck(ctx, propertyID)
	}
	out := Status{PropertyVerified: p.Verified}
	if errors.Is(err, pgx.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return Status{}, fmt.Errorf("get latest paid check: %w", err)
	}
	out.Latest = &LatestCheck{
		RequestID: latest.ID, Status: latest.Status, StatusReason: latest.StatusReason, ResponseMessage: latest.ResponseMessage,
		PaymentStatus: latest.PaymentStatus, PaymentError: latest.PaymentError, AmountCents: latest.AmountCents,
		RefundStatus: latest.RefundStatus, RefundAmountCents: latest.RefundAmountCents,
	}
	if latest.Status == StatusPending || latest.Status == StatusPaid {
		// The open check (the latest, since a check opens only when none is), read after refresh.
		out.Check = Check{
			RequestID: latest.ID, Status: latest.Status, PaymentStatus: latest.PaymentStatus, PaymentError: latest.PaymentError,
			PaymentIntentID: latest.PaymentIntentID,
		}
	}
	return out, nil
}

// refresh asks Stripe where a check's card payment stands and records the answer (settle); a
// demo payment, or a check without an intent, has nothing to ask.
func (s *Service) refresh(ctx context.Context, intentID string) error {
	if !s.cfg.Card() || intentID == "" || strings.HasPrefix(intentID, demoIntentPrefix) {
		return nil
	}
	intent, err := s.stripe.PaymentIntents.Get(intentID, nil)
	if err != nil {
		return fmt.Errorf("get payment intent: %w", err)
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error { return settle(ctx, q, intent) })
}

// randomHex names a demo intent.
func randomHex() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
