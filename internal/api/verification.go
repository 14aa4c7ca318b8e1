package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/verification"
)

// Verification serves VerificationService.
type Verification struct{ svc *verification.Service }

var _ verificationv1connect.VerificationServiceHandler = (*Verification)(nil)

// NewVerification returns the VerificationService handler over svc.
func NewVerification(svc *verification.Service) *Verification { return &Verification{svc: svc} }

// ListPotentialVerifiers lists accounts that may confirm a property.
func (h *Verification) ListPotentialVerifiers(ctx context.Context, req *connect.Request[verificationv1.ListPotentialVerifiersRequest]) (*connect.Response[verificationv1.ListPotentialVerifiersResponse], error) {
	m := req.Msg
	page, err := h.svc.PotentialVerifiers(ctx, m.GetRole(), m.GetQuery(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*verificationv1.PotentialVerifier, len(page.Verifiers))
	for i, v := range page.Verifiers {
		out[i] = &verificationv1.PotentialVerifier{Id: v.ID, Username: v.Username, Role: v.Role}
	}
	return connect.NewResponse(&verificationv1.ListPotentialVerifiersResponse{Verifiers: out, HasMore: page.HasMore}), nil
}

// CreateVerificationRequest sends requests to confirm a property.
func (h *Verification) CreateVerificationRequest(ctx context.Context, req *connect.Request[verificationv1.CreateVerificationRequestRequest]) (*connect.Response[verificationv1.CreateVerificationRequestResponse], error) {
	m := req.Msg
	list, err := h.svc.Create(ctx, verification.Draft{
		PropertyID: m.GetPropertyId(), RequestedToID: m.GetRequestedToId(), Notes: m.GetNotes(),
		VerifierUsernames: m.GetVerifierUsernames(), Message: m.GetMessage(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.CreateVerificationRequestResponse{Requests: requestsToProto(list)}), nil
}

// ListCreatedVerificationRequests lists the requests the caller sent.
func (h *Verification) ListCreatedVerificationRequests(ctx context.Context, req *connect.Request[verificationv1.ListCreatedVerificationRequestsRequest]) (*connect.Response[verificationv1.ListCreatedVerificationRequestsResponse], error) {
	page, err := h.svc.Created(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.ListCreatedVerificationRequestsResponse{Requests: requestsToProto(page.Requests), HasMore: page.HasMore}), nil
}

// ListReceivedVerificationRequests lists the requests addressed to the caller.
func (h *Verification) ListReceivedVerificationRequests(ctx context.Context, req *connect.Request[verificationv1.ListReceivedVerificationRequestsRequest]) (*connect.Response[verificationv1.ListReceivedVerificationRequestsResponse], error) {
	page, err := h.svc.Received(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.ListReceivedVerificationRequestsResponse{Requests: requestsToProto(page.Requests), HasMore: page.HasMore}), nil
}

// AnswerVerificationRequest approves or rejects a request.
func (h *Verification) AnswerVerificationRequest(ctx context.Context, req *connect.Request[verificationv1.AnswerVerificationRequestRequest]) (*connect.Response[verificationv1.AnswerVerificationRequestResponse], error) {
	m := req.Msg
	a, err := h.svc.Answer(ctx, m.GetId(), m.GetStatus(), m.GetResponseMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.AnswerVerificationRequestResponse{
		Request: requestToProto(a.Request), PropertyVerified: a.PropertyVerified, TokensEarned: a.TokensEarned,
	}), nil
}

// ListConfirmationsToAccept lists the confirmations waiting for the caller, as an owner.
func (h *Verification) ListConfirmationsToAccept(ctx context.Context, req *connect.Request[verificationv1.ListConfirmationsToAcceptRequest]) (*connect.Response[verificationv1.ListConfirmationsToAcceptResponse], error) {
	page, err := h.svc.Confirmations(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.ListConfirmationsToAcceptResponse{Requests: requestsToProto(page.Requests), HasMore: page.HasMore}), nil
}

// DecideConfirmation accepts or declines a confirmation of the caller's property.
func (h *Verification) DecideConfirmation(ctx context.Context, req *connect.Request[verificationv1.DecideConfirmationRequest]) (*connect.Response[verificationv1.DecideConfirmationResponse], error) {
	d, err := h.svc.DecideConfirmation(ctx, req.Msg.GetId(), req.Msg.GetAccept())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.DecideConfirmationResponse{Request: requestToProto(d.Request), PropertyVerified: d.PropertyVerified}), nil
}

// WithdrawVerification removes a property's badge.
func (h *Verification) WithdrawVerification(ctx context.Context, req *connect.Request[verificationv1.WithdrawVerificationRequest]) (*connect.Response[verificationv1.WithdrawVerificationResponse], error) {
	if err := h.svc.Withdraw(ctx, req.Msg.GetPropertyId(), req.Msg.GetReason()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&verificationv1.WithdrawVerificationResponse{}), nil
}

func requestsToProto(list []verification.Request) []*verificationv1.VerificationRequest {
	out := make([]*verificationv1.VerificationRequest, len(list))
	for i, r := range list {
		out[i] = requestToProto(r)
	}
	return out
}

func requestToProto(r verification.Request) *verificationv1.VerificationRequest {
	out := &verificationv1.VerificationRequest{
		Id:                r.ID,
		PropertyId:        r.PropertyID,
		PropertyTitle:     r.PropertyTitle,
		RequestedBy:       &verificationv1.Party{Id: r.RequestedBy.ID, Username: r.RequestedBy.Username},
		RequestedTo:       &verificationv1.Party{Id: r.RequestedTo.ID, Username: r.RequestedTo.Username},
		Status:            r.Status,
		StatusReason:      r.StatusReason,
		Message:           r.Message,
		ResponseMessage:   r.ResponseMessage,
		OwnerUsername:     r.OwnerUsername,
		IncentiveAmount:   r.IncentiveAmount,
		DocumentsProvided: r.DocumentsProvided,
		DocumentsVerified: r.DocumentsVerified,
		Address:           r.Address,
		CreatedAt:         timestamppb.New(r.CreatedAt),
		UpdatedAt:         timestamppb.New(r.UpdatedAt),
	}
	out.ExpiresAt, out.RespondedAt = optionalTime(r.ExpiresAt), optionalTime(r.RespondedAt)
	return out
}
