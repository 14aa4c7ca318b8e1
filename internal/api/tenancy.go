package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	"github.com/rentproof/rentproof/internal/tenancy"
)

// Tenancy serves TenancyService; the upload of documents is an HTTP handler over the same domain
// service (package rest).
type Tenancy struct{ svc *tenancy.Service }

var _ tenancyv1connect.TenancyServiceHandler = (*Tenancy)(nil)

// NewTenancy returns the TenancyService handler over svc.
func NewTenancy(svc *tenancy.Service) *Tenancy { return &Tenancy{svc: svc} }

// ClaimTenancy files the caller's claim.
func (h *Tenancy) ClaimTenancy(ctx context.Context, req *connect.Request[tenancyv1.ClaimTenancyRequest]) (*connect.Response[tenancyv1.ClaimTenancyResponse], error) {
	m := req.Msg
	t, err := h.svc.Claim(ctx, m.GetPropertyId(), m.GetFromMonth(), m.GetToMonth(), m.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.ClaimTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// ListMyTenancies lists the caller's claims.
func (h *Tenancy) ListMyTenancies(ctx context.Context, _ *connect.Request[tenancyv1.ListMyTenanciesRequest]) (*connect.Response[tenancyv1.ListMyTenanciesResponse], error) {
	list, err := h.svc.Mine(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.ListMyTenanciesResponse{Tenancies: tenanciesToProto(list)}), nil
}

// GetTenancy returns one claim.
func (h *Tenancy) GetTenancy(ctx context.Context, req *connect.Request[tenancyv1.GetTenancyRequest]) (*connect.Response[tenancyv1.GetTenancyResponse], error) {
	t, err := h.svc.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.GetTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// ListTenancyClaims lists the claims on the caller's properties.
func (h *Tenancy) ListTenancyClaims(ctx context.Context, req *connect.Request[tenancyv1.ListTenancyClaimsRequest]) (*connect.Response[tenancyv1.ListTenancyClaimsResponse], error) {
	list, err := h.svc.Claims(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.ListTenancyClaimsResponse{Tenancies: tenanciesToProto(list)}), nil
}

// ConfirmTenancy is the owner's confirmation.
func (h *Tenancy) ConfirmTenancy(ctx context.Context, req *connect.Request[tenancyv1.ConfirmTenancyRequest]) (*connect.Response[tenancyv1.ConfirmTenancyResponse], error) {
	t, err := h.svc.Confirm(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.ConfirmTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// CannotConfirmTenancy is the owner's "I can't confirm this".
func (h *Tenancy) CannotConfirmTenancy(ctx context.Context, req *connect.Request[tenancyv1.CannotConfirmTenancyRequest]) (*connect.Response[tenancyv1.CannotConfirmTenancyResponse], error) {
	t, err := h.svc.CannotConfirm(ctx, req.Msg.GetId(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.CannotConfirmTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// WithdrawTenancy withdraws the caller's claim.
func (h *Tenancy) WithdrawTenancy(ctx context.Context, req *connect.Request[tenancyv1.WithdrawTenancyRequest]) (*connect.Response[tenancyv1.WithdrawTenancyResponse], error) {
	t, err := h.svc.Withdraw(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tenancyv1.WithdrawTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// tenancyToProto packs a claim as its reader may see it (the domain left out what they may not).
func tenancyToProto(t tenancy.Tenancy) *tenancyv1.Tenancy {
	docs := make([]*tenancyv1.TenancyDocument, len(t.Documents))
	for i, d := range t.Documents {
		docs[i] = &tenancyv1.TenancyDocument{Url: d.URL, FileName: d.FileName, ContentType: d.ContentType, Bytes: d.Bytes, Kind: d.Kind, Deleted: d.Deleted}
	}
	return &tenancyv1.Tenancy{
		Id: t.ID, PropertyId: t.PropertyID, PropertyTitle: t.PropertyTitle, Address: t.Address,
		TenantId: t.TenantID, TenantFirstName: t.TenantFirstName, TenantLastName: t.TenantLastName,
		FromMonth: t.FromMonth, ToMonth: t.ToMonth, Status: t.Status, Stage: t.Stage, Proof: t.Proof,
		Message: t.Message, OwnerMessage: t.OwnerMessage, ResponseMessage: t.ResponseMessage, HoldReason: t.HoldReason,
		CreatedAt: timestamppb.New(t.CreatedAt), DecidedAt: optionalTime(t.DecidedAt), Documents: docs,
		PropertyVerified: t.PropertyVerified, LandlordReviewId: t.LandlordReviewID, DuplicateClaimIds: t.DuplicateClaimIDs,
		TenantUsername: t.TenantUsername, OwnerUsername: t.OwnerUsername, AddressNow: t.AddressNow,
	}
}

func tenanciesToProto(list []tenancy.Tenancy) []*tenancyv1.Tenancy {
	out := make([]*tenancyv1.Tenancy, len(list))
	for i, t := range list {
		out[i] = tenancyToProto(t)
	}
	return out
}
