// Package payment holds the paid check's payments (issue 14): an owner pays the one-time $19.99
// fee for an administrator's priority check of a listing, never for the badge itself. The payment
// is a verification request of the owner's with no addressee and a payment intent; once paid it
// waits for an administrator (internal/admin), who approves it or rejects it with a full refund
// (RefundPaidCheck).
//
// With a Stripe secret key the payment is a Stripe PaymentIntent confirmed in the app; Stripe's
// webhook (HandleWebhook) or the owner's return (PaymentStatus) settles it. Without a key, SPEC's
// demo mode simulates the payment on the same path, and the card calls are refused, as the demo
// calls are when a key is configured.
//
// stripe-go makes its own HTTP calls: this package imports it (and so net/http underneath), never
// Connect or an HTTP handler.
package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verification"
)

// The fee (SPEC §9).
const (
	// FeeCents is the verification fee: $19.99.
	FeeCents = 1999
	// TaxCents is the tax on it: $0.00.
	TaxCents = 0
	// Currency is the fee's currency, as Stripe writes it.
	Currency = "usd"
	// WebhookTolerance is how old a webhook's signature may be.
	WebhookTolerance = 300 * time.Second
)

// Request and payment statuses of a paid check.
const (
	StatusPending = "pending" // being paid
	StatusPaid    = "paid"    // waiting for an administrator

	PaymentPending    = "pending"
	PaymentProcessing = "processing"
	PaymentSucceeded  = "succeeded"
	PaymentFailed     = "failed"
)

// Prefixes of demo mode's simulated intents and refunds.
const (
	demoIntentPrefix = "demo_pi_"
	demoRefundPrefix = "demo_re_"
)

// Messages a user may see.
const (
	msgSignIn         = "Please sign in to pay for verification."
	msgNotOwner       = "You can only pay for verification of properties that you own."
	msgNotFound       = "Property not found."
	msgVerified       = "This property is already verified."
	msgAlreadyPaid    = "This property's verification check is already paid and waits for an administrator."
	msgDemoDisabled   = "Demo payments are disabled: card payments are configured."
	msgCardDisabled   = "Card payment is disabled: no payment provider is configured. Please contact the administrator."
	msgUnknownIntent  = "Failed to complete mock verification: this payment does not belong to the property."
	msgBadSignature   = "Invalid webhook signature."
	msgNoWebhook      = "Webhooks are not configured."
	msgPaymentFailed  = "An error occurred during payment."
	msgNotPaid        = "Only a paid verification check can be refunded."
	msgAdminOnly      = "Only an administrator can refund a verification check."
	msgRefundNotFound = "Verification check not found."
)

// errAdminOnly refuses a refund to anyone but an administrator, signed out or not (the
// administrators' queue is its one caller).
var errAdminOnly = apperr.PermissionDenied(msgAdminOnly)

// Config is how payments are made. Without SecretKey, demo mode.
type Config struct {
	// SecretKey is Stripe's secret key (STRIPE_SECRET_KEY); empty for demo mode.
	SecretKey string
	// PublishableKey is Stripe's publishable key (STRIPE_PUBLISHABLE_KEY), served to the app.
	PublishableKey string
	// WebhookSecret signs Stripe's webhook events (STRIPE_WEBHOOK_SECRET).
	WebhookSecret string
	// APIURL is Stripe's API base URL; empty for Stripe itself (tests use stripe-mock).
	APIURL string
}

// Card tells whether card payments are configured (otherwise demo mode).
func (c Config) Card() bool { return c.SecretKey != "" }

// Service holds the payment rules.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	cfg    Config
	stripe *client.API // nil in demo mode
}

// NewService returns a Service over pool with cfg.
func NewService(pool *pgxpool.Pool, cfg Config) *Service {
	s := &Service{pool: pool, q: db.New(pool), cfg: cfg}
	if cfg.Card() {
		var backends *stripe.Backends
		if cfg.APIURL != "" {
			backend := stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{
				URL:           new(cfg.APIURL),
				LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError},
			})
			backends = &stripe.Backends{API: backend, Connect: backend, Uploads: backend}
		}
		s.stripe = client.New(cfg.SecretKey, backends)
	}
	return s
}

// PublicConfig is what the app needs to pay.
type PublicConfig struct {
	DemoMode       bool
	PublishableKey string
	FeeCents       int32
	TaxCents       int32
	Currency       string
}

// PublicConfig tells the app how to pay.
func (s *Service) PublicConfig() PublicConfig {
	out := PublicConfig{DemoMode: !s.cfg.Card(), FeeCents: FeeCents, TaxCents: TaxCents, Currency: Currency}
	if s.cfg.Card() {
		out.PublishableKey = s.cfg.PublishableKey
	}
	return out
}

// Check is a property's paid check as its owner sees it.
type Check struct {
	RequestID       int32
	Status          string // pending or paid; empty when none is open
	PaymentStatus   string
	PaymentError    string
	PaymentIntentID string
	ClientSecret    string // only from CreatePayment
}

func checkOf(r db.VerificationRequest) Check {
	return Check{
		RequestID: r.ID, Status: r.Status, PaymentStatus: deref(r.PaymentStatus),
		PaymentError: deref(r.PaymentError), PaymentIntentID: deref(r.PaymentIntentID),
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// owned returns the signed-in caller and their property, refusing anyone but its owner.
func (s *Service) owned(ctx context.Context, propertyID int32) (identity.User, db.GetPropertyForPaymentRow, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgSignIn))
	if err != nil {
		return me, db.GetPropertyForPaymentRow{}, err
	}
	if propertyID < 1 {
		return me, db.GetPropertyForPaymentRow{}, apperr.NotFound(msgNotFound)
	}
	p, err := s.q.GetPropertyForPayment(ctx, propertyID)
	if errors.Is(err, pgx.ErrNoRows) {
		return me, p, apperr.NotFound(msgNotFound)
	}
	if err != nil {
		return me, p, fmt.Errorf("get property: %w", err)
	}
	if p.LandlordID != me.ID {
		return me, p, apperr.PermissionDenied(msgNotOwner)
	}
	return me, p, nil
}

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
		PropertyID: p.ID, OwnerID: me.ID, OwnerUsername: owner, AmountCents: new(int32(FeeCents)),
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
		if intent.Amount < FeeCents || !strings.EqualFold(string(intent.Currency), Currency) {
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
		if check, err = s.q.SetPaidCheckIntent(ctx, db.SetPaidCheckIntentParams{ID: check.ID, PaymentIntentID: &id}); err != nil {
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
	intent := &stripe.PaymentIntent{ID: intentID, Status: stripe.PaymentIntentStatusSucceeded, Amount: FeeCents, Currency: Currency}
	if err := store.WithTx(ctx, s.pool, func(q *db.Queries) error { return settle(ctx, q, intent) }); err != nil {
		return Check{}, err
	}
	if check, err = s.q.GetPaidCheck(ctx, check.ID); err != nil {
		return Check{}, fmt.Errorf("get paid check: %w", err)
	}
	return checkOf(check), nil
}

// RefundPaidCheck refunds a paid check's fee in full (Stripe refund; recorded in demo mode), once:
// a second call, even a concurrent one, finds it refunded and does nothing. Administrators only
// (the queue calls it when rejecting a paid check). It never locks the request's row: the queue
// calls it while its own transaction holds that lock.
func (s *Service) RefundPaidCheck(ctx context.Context, requestID int32) error {
	me, err := identity.RequireAdmin(ctx, errAdminOnly, errAdminOnly)
	if err != nil {
		return err
	}
	check, err := s.q.GetPaidCheck(ctx, requestID)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound(msgRefundNotFound)
	}
	if err != nil {
		return fmt.Errorf("get paid check: %w", err)
	}
	intentID := deref(check.PaymentIntentID)
	if check.PaidAt == nil || deref(check.PaymentStatus) != PaymentSucceeded || intentID == "" {
		return apperr.FailedPrecondition(msgNotPaid)
	}
	amount := FeeCents
	if check.PaymentAmountCents != nil {
		amount = int(*check.PaymentAmountCents)
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Concurrent refunds of one check take turns here; the later ones find it claimed.
		n, err := q.ClaimPaidCheckRefund(ctx, db.ClaimPaidCheckRefundParams{RequestID: check.ID, AmountCents: int32(amount), RefundedBy: &me.ID})
		if err != nil {
			return fmt.Errorf("claim refund: %w", err)
		}
		if n == 0 {
			return nil // refunded already
		}
		refundID, err := s.refund(check.ID, intentID)
		if err != nil {
			return fmt.Errorf("refund payment intent: %w", err)
		}
		if err := q.RecordPaidCheckRefund(ctx, db.RecordPaidCheckRefundParams{RequestID: check.ID, RefundID: refundID}); err != nil {
			return fmt.Errorf("record refund: %w", err)
		}
		return nil
	})
}

// Pending is one of the owner's listings that is not verified, with its paid check's status.
type Pending struct {
	PropertyID                           int32
	Title, Address, City, State, ZipCode string
	MonthlyRent                          int32
	Currency                             string
	CheckStatus                          string // pending, paid, or empty when none is open
}

// maxPending bounds the Verification Pending list.
const maxPending = 100

// PendingVerifications lists the caller's listings that are not verified, newest first.
func (s *Service) PendingVerifications(ctx context.Context) ([]Pending, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgSignIn))
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ListUnverifiedOwnProperties(ctx, db.ListUnverifiedOwnPropertiesParams{OwnerID: me.ID, MaxRows: maxPending})
	if err != nil {
		return nil, fmt.Errorf("list unverified properties: %w", err)
	}
	out := make([]Pending, len(rows))
	for i, r := range rows {
		out[i] = Pending{
			PropertyID: r.ID, Title: r.Title, Address: r.Address, City: r.City, State: deref(r.State), ZipCode: deref(r.ZipCode),
			MonthlyRent: r.MonthlyRent, Currency: r.Currency, CheckStatus: r.CheckStatus,
		}
	}
	return out, nil
}

func randomHex() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
