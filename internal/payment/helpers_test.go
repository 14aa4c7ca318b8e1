package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paymentv1 "github.com/rentproof/rentproof/gen/rentproof/payment/v1"
	"github.com/rentproof/rentproof/gen/rentproof/payment/v1/paymentv1connect"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

const (
	testSecretKey     = "sk_test_123"
	testPublishable   = "pk_test_123"
	testWebhookSecret = "whsec_test_secret"
)

var (
	mockOnce sync.Once
	mockURL  string
	mockErr  error
)

// stripeMock returns the URL of a running stripe-mock: STRIPE_MOCK_URL, or the one
// scripts/stripe-mock.sh starts (pinned, on free ports), as the tests' database comes from
// scripts/db.sh.
func stripeMock(t *testing.T) string {
	t.Helper()
	mockOnce.Do(func() {
		if u := os.Getenv("STRIPE_MOCK_URL"); u != "" {
			mockURL = u
			return
		}
		dir, err := os.Getwd()
		if err != nil {
			mockErr = err
			return
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				mockErr = errors.New("go.mod not found above the test's folder")
				return
			}
			dir = parent
		}
		cmd := exec.CommandContext(context.Background(), "bash", filepath.Join(dir, "scripts", "stripe-mock.sh"))
		out, err := cmd.Output()
		if err != nil {
			msg := err.Error()
			if ee, ok := errors.AsType[*exec.ExitError](err); ok {
				msg = strings.TrimSpace(string(ee.Stderr))
			}
			mockErr = fmt.Errorf("no STRIPE_MOCK_URL set and scripts/stripe-mock.sh could not start stripe-mock: %s", msg)
			return
		}
		mockURL = strings.TrimSpace(string(out))
	})
	if mockErr != nil {
		t.Fatalf("stripe-mock: %v", mockErr)
	}
	return mockURL
}

// stripeProxy stands between the server and stripe-mock: it counts the calls by method and path
// and can make a payment intent read as succeeded, or as any state of intentAs (stripe-mock
// answers fixed fixtures).
type stripeProxy struct {
	URL       string
	mu        sync.Mutex
	calls     map[string]int
	succeeded atomic.Bool
	intentAs  atomic.Pointer[intentState]
	// failRefunds makes Stripe answer every refund with a server error while it is set;
	// refundKeys are the Idempotency-Key headers of the refunds Stripe made.
	failRefunds atomic.Bool
	refundKeys  []string
	// refundDelay holds every refund this long before Stripe makes it (a slow answer).
	refundDelay atomic.Int64
}

// intentState is what a fetched payment intent says: Stripe's status and, after a failed
// attempt, Stripe's reason.
type intentState struct{ Status, Error string }

// patched is the state a fetched intent reads as; nil leaves stripe-mock's fixture alone.
func (p *stripeProxy) patched() *intentState {
	if st := p.intentAs.Load(); st != nil {
		return st
	}
	if p.succeeded.Load() {
		return &intentState{Status: "succeeded"}
	}
	return nil
}

func newStripeProxy(t *testing.T) *stripeProxy {
	t.Helper()
	target, err := url.Parse(stripeMock(t))
	if err != nil {
		t.Fatal(err)
	}
	p := &stripeProxy{calls: map[string]int{}}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = func(res *http.Response) error {
		st := p.patched()
		if res.Request.Method != http.MethodGet || !strings.HasPrefix(res.Request.URL.Path, "/v1/payment_intents/") || st == nil {
			return nil
		}
		if _, err := io.Copy(io.Discard, res.Body); err != nil {
			return err
		}
		_ = res.Body.Close()
		// stripe-mock's fixture: make it the fee, in the state asked for.
		id := strings.TrimPrefix(res.Request.URL.Path, "/v1/payment_intents/")
		lastError := "" // none: absent, as Stripe sends it
		if st.Error != "" {
			lastError = fmt.Sprintf(`,"last_payment_error":{"type":"card_error","code":"card_declined","message":%q}`, st.Error)
		}
		received := 0
		if st.Status == "succeeded" {
			received = 1999
		}
		patched := fmt.Sprintf(`{"id":%q,"object":"payment_intent","amount":1999,"amount_received":%d,"currency":"usd","status":%q,"client_secret":"%s_secret_x"%s}`,
			id, received, st.Status, id, lastError)
		res.Body = io.NopCloser(strings.NewReader(patched))
		res.ContentLength = int64(len(patched))
		res.Header.Set("Content-Length", fmt.Sprint(len(patched)))
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		refund := r.Method == http.MethodPost && r.URL.Path == "/v1/refunds"
		if d := time.Duration(p.refundDelay.Load()); refund && d > 0 {
			time.Sleep(d)
		}
		if refund && p.failRefunds.Load() {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"error": {"type": "api_error", "message": "Stripe is having a bad day."}}`)
			return
		}
		p.mu.Lock()
		p.calls[r.Method+" "+pathKind(r.URL.Path)]++
		if refund {
			p.refundKeys = append(p.refundKeys, r.Header.Get("Idempotency-Key"))
		}
		p.mu.Unlock()
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// refunds returns the Idempotency-Key of every refund Stripe made.
func (p *stripeProxy) refunds() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.refundKeys...)
}

// pathKind is a Stripe path without its object id: /v1/payment_intents/pi_1 → /v1/payment_intents/{id}.
func pathKind(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) >= 3 {
		parts[2] = "{id}"
	}
	return "/" + strings.Join(parts, "/")
}

func (p *stripeProxy) count(key string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.calls[key]
}

// world is a server with a PaymentService client; olga, every test's owner, is signed in.
type world struct {
	*testworld.World
	payments paymentv1connect.PaymentServiceClient
	cfg      payment.Config
	proxy    *stripeProxy
}

// demoWorld is a server in demo mode (no Stripe key).
func demoWorld(t *testing.T) *world {
	t.Helper()
	return newWorld(t, payment.Config{})
}

// cardWorld is a server with card payments through stripe-mock.
func cardWorld(t *testing.T) *world {
	t.Helper()
	proxy := newStripeProxy(t)
	w := newWorld(t, payment.Config{
		SecretKey: testSecretKey, PublishableKey: testPublishable, WebhookSecret: testWebhookSecret, APIURL: proxy.URL,
	})
	w.proxy = proxy
	return w
}

// worldFor is the world of a mode: "demo" or "card".
func worldFor(t *testing.T, mode string) *world {
	t.Helper()
	if mode == "card" {
		return cardWorld(t)
	}
	return demoWorld(t)
}

func newWorld(t *testing.T, cfg payment.Config) *world {
	t.Helper()
	w := testworld.Start(t, testserver.Options{Payments: cfg})
	w.Person(t, "olga", "landlord")
	return &world{World: w, payments: paymentv1connect.NewPaymentServiceClient(http.DefaultClient, w.URL), cfg: cfg}
}

// check is a paid check's row as the tests read it.
type check struct {
	Status, PaymentStatus, Intent, PaymentError, RefundID string
	Paid                                                  bool
	PaidAt                                                string
}

func (w *world) check(t *testing.T, requestID int32) check {
	t.Helper()
	var c check
	err := w.Pool.QueryRow(context.Background(), `
		SELECT status, coalesce(payment_status, ''), coalesce(payment_intent_id, ''), coalesce(payment_error, ''),
			coalesce((SELECT refund_id FROM paid_check_refunds f WHERE f.request_id = r.id), ''),
			paid_at IS NOT NULL, coalesce(paid_at::text, '')
		FROM verification_requests r WHERE id = $1`, requestID).
		Scan(&c.Status, &c.PaymentStatus, &c.Intent, &c.PaymentError, &c.RefundID, &c.Paid, &c.PaidAt)
	if err != nil {
		t.Fatalf("read check %d: %v", requestID, err)
	}
	return c
}

// post sends a JSON body (bytes as they are, anything else marshalled) to the REST shim as token,
// with header's name and value pairs, and returns the status and body.
func (w *world) post(t *testing.T, token, path string, body any, header ...string) (int, string) {
	t.Helper()
	raw, ok := body.([]byte)
	if !ok {
		raw, _ = json.Marshal(body)
	}
	status, _, out := testworld.Send(t, http.MethodPost, w.URL+path, token, "application/json", bytes.NewReader(raw), header...)
	return status, out
}

// createPayment opens a card payment as olga.
func (w *world) createPayment(t *testing.T, propertyID int32) *paymentv1.CreatePaymentResponse {
	t.Helper()
	res, err := w.payments.CreatePayment(context.Background(), testworld.As("token-olga", &paymentv1.CreatePaymentRequest{PropertyId: propertyID}))
	if err != nil {
		t.Fatalf("create payment for %d: %v", propertyID, err)
	}
	return res.Msg
}

// demoPaid pays olga's check of a property in demo mode (the demo payment made and completed)
// and returns the check.
func (w *world) demoPaid(t *testing.T, propertyID int32) int32 {
	t.Helper()
	ctx := context.Background()
	created, err := w.payments.CreateDemoPayment(ctx, testworld.As("token-olga", &paymentv1.CreateDemoPaymentRequest{PropertyId: propertyID}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.payments.CompleteDemoPayment(ctx, testworld.As("token-olga", &paymentv1.CompleteDemoPaymentRequest{
		PropertyId: propertyID, PaymentIntentId: created.Msg.MockPaymentIntent.Id,
	})); err != nil {
		t.Fatal(err)
	}
	return created.Msg.RequestId
}
