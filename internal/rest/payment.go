package rest

import (
	"context"
	"io"
	"net/http"

	paymentv1 "github.com/rentproof/rentproof/gen/rentproof/payment/v1"
	"github.com/rentproof/rentproof/gen/rentproof/payment/v1/paymentv1connect"
	"github.com/rentproof/rentproof/internal/rpc"
)

type (
	// PaymentRPCs serve the demo payment paths.
	PaymentRPCs = paymentv1connect.PaymentServiceHandler
	// StripeWebhook applies Stripe's webhook events: the payment service, which verifies them.
	StripeWebhook interface {
		HandleWebhook(ctx context.Context, payload []byte, signature string) error
	}
)

// maxWebhookBytes caps a webhook event's body (Stripe's are a few KB).
const maxWebhookBytes = 256 << 10

func routePayments(mux *http.ServeMux, rpcs PaymentRPCs, hook StripeWebhook) {
	// POST /api/verification/demo-payment: {propertyId}; answers {mockPaymentIntent: {id}, requestId}.
	mux.HandleFunc("POST /api/verification/demo-payment", func(w http.ResponseWriter, r *http.Request) {
		var req paymentv1.CreateDemoPaymentRequest
		if decode(w, r, &req) {
			call(w, r, paymentv1connect.PaymentServiceCreateDemoPaymentProcedure, &req, rpcs.CreateDemoPayment,
				func(res *paymentv1.CreateDemoPaymentResponse) any { return message(res) })
		}
	})
	// POST /api/verification/demo-payment-complete: {propertyId, paymentIntentId}; answers
	// {success, requestId, status}.
	mux.HandleFunc("POST /api/verification/demo-payment-complete", func(w http.ResponseWriter, r *http.Request) {
		var req paymentv1.CompleteDemoPaymentRequest
		if decode(w, r, &req) {
			call(w, r, paymentv1connect.PaymentServiceCompleteDemoPaymentProcedure, &req, rpcs.CompleteDemoPayment,
				func(res *paymentv1.CompleteDemoPaymentResponse) any { return message(res) })
		}
	})
	// POST /api/stripe/webhook: Stripe's events, signed (Stripe-Signature). The signature needs the
	// body byte for byte, which protobuf cannot carry: a hand-written handler that still leaves
	// every rule to the service.
	const webhookName = "POST /api/stripe/webhook"
	mux.HandleFunc(webhookName, func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			bodyFailed(w, err)
			return
		}
		// Its text is the body as it came (Stripe's JSON escapes any control character) and the
		// signature.
		signature := r.Header.Get("Stripe-Signature")
		text := rpc.Text{"body": string(payload), "Stripe-Signature": signature}
		if err := rpc.Handle(r.Context(), webhookName, text, func(ctx context.Context) error {
			return hook.HandleWebhook(ctx, payload, signature)
		}); err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"received": true})
	})
}
