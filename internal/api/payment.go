package api

import (
	"context"

	"connectrpc.com/connect"

	paymentv1 "github.com/rentproof/rentproof/gen/rentproof/payment/v1"
	"github.com/rentproof/rentproof/gen/rentproof/payment/v1/paymentv1connect"
	"github.com/rentproof/rentproof/internal/payment"
)

// Payment serves PaymentService.
type Payment struct{ svc *payment.Service }

var _ paymentv1connect.PaymentServiceHandler = (*Payment)(nil)

// NewPayment returns the PaymentService handler over svc.
func NewPayment(svc *payment.Service) *Payment { return &Payment{svc: svc} }

// GetPaymentConfig tells the app how to pay.
func (h *Payment) GetPaymentConfig(context.Context, *connect.Request[paymentv1.GetPaymentConfigRequest]) (*connect.Response[paymentv1.GetPaymentConfigResponse], error) {
	c := h.svc.PublicConfig()
	return connect.NewResponse(&paymentv1.GetPaymentConfigResponse{
		DemoMode: c.DemoMode, PublishableKey: c.PublishableKey, FeeCents: c.FeeCents, TaxCents: c.TaxCents, Currency: c.Currency,
	}), nil
}

// CreatePayment opens the paid check's card payment.
func (h *Payment) CreatePayment(ctx context.Context, req *connect.Request[paymentv1.CreatePaymentRequest]) (*connect.Response[paymentv1.CreatePaymentResponse], error) {
	c, err := h.svc.CreatePayment(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&paymentv1.CreatePaymentResponse{
		RequestId: c.RequestID, PaymentIntentId: c.PaymentIntentID, ClientSecret: c.ClientSecret,
		AmountCents: payment.FeeCents, Currency: payment.Currency,
	}), nil
}

// GetPaymentStatus tells where the property's paid check stands.
func (h *Payment) GetPaymentStatus(ctx context.Context, req *connect.Request[paymentv1.GetPaymentStatusRequest]) (*connect.Response[paymentv1.GetPaymentStatusResponse], error) {
	c, err := h.svc.PaymentStatus(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	out := &paymentv1.GetPaymentStatusResponse{
		RequestId: c.RequestID, Status: c.Status, PaymentStatus: c.PaymentStatus, PaymentError: c.PaymentError, PaymentIntentId: c.PaymentIntentID,
		PropertyVerified: c.PropertyVerified,
	}
	if l := c.Latest; l != nil {
		out.LatestCheck = &paymentv1.PaidCheck{
			RequestId: l.RequestID, Status: l.Status, StatusReason: l.StatusReason, ResponseMessage: l.ResponseMessage,
			PaymentStatus: l.PaymentStatus, PaymentError: l.PaymentError, AmountCents: l.AmountCents,
			RefundStatus: l.RefundStatus, RefundAmountCents: l.RefundAmountCents,
		}
	}
	return connect.NewResponse(out), nil
}

// CreateDemoPayment opens demo mode's simulated payment.
func (h *Payment) CreateDemoPayment(ctx context.Context, req *connect.Request[paymentv1.CreateDemoPaymentRequest]) (*connect.Response[paymentv1.CreateDemoPaymentResponse], error) {
	c, err := h.svc.CreateDemoPayment(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&paymentv1.CreateDemoPaymentResponse{
		MockPaymentIntent: &paymentv1.MockPaymentIntent{Id: c.PaymentIntentID}, RequestId: c.RequestID,
	}), nil
}

// CompleteDemoPayment completes demo mode's simulated payment.
func (h *Payment) CompleteDemoPayment(ctx context.Context, req *connect.Request[paymentv1.CompleteDemoPaymentRequest]) (*connect.Response[paymentv1.CompleteDemoPaymentResponse], error) {
	c, err := h.svc.CompleteDemoPayment(ctx, req.Msg.GetPropertyId(), req.Msg.GetPaymentIntentId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&paymentv1.CompleteDemoPaymentResponse{
		Success: c.Status == payment.StatusPaid, RequestId: c.RequestID, Status: c.Status,
	}), nil
}

// ListPendingVerifications lists the caller's unverified listings.
func (h *Payment) ListPendingVerifications(ctx context.Context, _ *connect.Request[paymentv1.ListPendingVerificationsRequest]) (*connect.Response[paymentv1.ListPendingVerificationsResponse], error) {
	list, err := h.svc.PendingVerifications(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*paymentv1.PendingVerification, len(list))
	for i, p := range list {
		out[i] = &paymentv1.PendingVerification{
			PropertyId: p.PropertyID, Title: p.Title, Address: p.Address, City: p.City, State: p.State, ZipCode: p.ZipCode,
			MonthlyRent: p.MonthlyRent, Currency: p.Currency, CheckStatus: p.CheckStatus,
		}
	}
	return connect.NewResponse(&paymentv1.ListPendingVerificationsResponse{Properties: out}), nil
}
