// Package payment holds the paid check's payments (issue 14): an owner pays the one-time $19.99
// fee for an administrator's priority check of a listing, never for the badge itself. The payment
// is a verification request of the owner's with no addressee and a payment intent; once paid it
// waits for an administrator (internal/verifyqueue), who approves it or rejects it with a full
// refund (OweRefund).
//
// With a Stripe secret key the payment is a Stripe PaymentIntent confirmed in the app (intents.go);
// Stripe's webhook (HandleWebhook, webhook.go) or the owner's return (PaymentStatus) settles it.
// Without a key, SPEC's demo mode simulates the payment on the same path, and the card calls are
// refused, as the demo calls are when a key is configured. Refunds (refunds.go), the
// administrators' (OweRefund) and those owed when a paid check closes, are an outbox: owed in the
// transaction that rejects or closes the check, made by RunRefunds after it commits.
//
// stripe-go makes its own HTTP calls: this package imports it (and so net/http underneath), never
// Connect or an HTTP handler.
package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/vocab"
)

// FeeCents is the verification fee, $19.99 (SPEC §9), as the contract declares it
// (vocab.Published).
var FeeCents = vocab.Published.GetPayment().GetFeeCents()

// The fee's tax and currency, and the webhooks' tolerance.
const (
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
	msgNoCardRefunds  = "Refunds of card payments are not available on this server, so this paid check cannot be rejected: approve it or try again once payments are configured."
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
