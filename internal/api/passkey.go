package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/passkey"
)

// Passkey serves PasskeyService.
type Passkey struct{ svc *passkey.Service }

var _ accountv1connect.PasskeyServiceHandler = (*Passkey)(nil)

// NewPasskey returns the PasskeyService handler over svc.
func NewPasskey(svc *passkey.Service) *Passkey { return &Passkey{svc: svc} }

func passkeyToProto(p passkey.Passkey) *accountv1.Passkey {
	return &accountv1.Passkey{
		Id: p.ID, Name: p.Name, CreatedAt: timestamppb.New(p.CreatedAt), LastUsedAt: optionalTime(p.LastUsedAt), Synced: p.Synced,
	}
}

// ListPasskeys lists the member's passkeys.
func (h *Passkey) ListPasskeys(ctx context.Context, _ *connect.Request[accountv1.ListPasskeysRequest]) (*connect.Response[accountv1.ListPasskeysResponse], error) {
	keys, required, err := h.svc.List(ctx)
	if err != nil {
		return nil, err
	}
	res := &accountv1.ListPasskeysResponse{Required: required, Passkeys: make([]*accountv1.Passkey, len(keys))}
	for i, k := range keys {
		res.Passkeys[i] = passkeyToProto(k)
	}
	return connect.NewResponse(res), nil
}

// BeginPasskeyRegistration starts adding a passkey.
func (h *Passkey) BeginPasskeyRegistration(ctx context.Context, req *connect.Request[accountv1.BeginPasskeyRegistrationRequest]) (*connect.Response[accountv1.BeginPasskeyRegistrationResponse], error) {
	options, err := h.svc.BeginRegistration(ctx, req.Msg.GetPassword())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.BeginPasskeyRegistrationResponse{OptionsJson: options}), nil
}

// FinishPasskeyRegistration stores the new passkey.
func (h *Passkey) FinishPasskeyRegistration(ctx context.Context, req *connect.Request[accountv1.FinishPasskeyRegistrationRequest]) (*connect.Response[accountv1.FinishPasskeyRegistrationResponse], error) {
	p, err := h.svc.FinishRegistration(ctx, req.Msg.GetCredentialJson(), req.Msg.GetName())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.FinishPasskeyRegistrationResponse{Passkey: passkeyToProto(p)}), nil
}

// RenamePasskey renames a passkey.
func (h *Passkey) RenamePasskey(ctx context.Context, req *connect.Request[accountv1.RenamePasskeyRequest]) (*connect.Response[accountv1.RenamePasskeyResponse], error) {
	p, err := h.svc.Rename(ctx, req.Msg.GetId(), req.Msg.GetName())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.RenamePasskeyResponse{Passkey: passkeyToProto(p)}), nil
}

// DeletePasskey removes a passkey.
func (h *Passkey) DeletePasskey(ctx context.Context, req *connect.Request[accountv1.DeletePasskeyRequest]) (*connect.Response[accountv1.DeletePasskeyResponse], error) {
	if err := h.svc.Delete(ctx, req.Msg.GetId(), req.Msg.GetPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.DeletePasskeyResponse{}), nil
}

// BeginPasskeySignIn starts a sign-in with a passkey.
func (h *Passkey) BeginPasskeySignIn(ctx context.Context, _ *connect.Request[accountv1.BeginPasskeySignInRequest]) (*connect.Response[accountv1.BeginPasskeySignInResponse], error) {
	options, err := h.svc.BeginSignIn(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.BeginPasskeySignInResponse{OptionsJson: options}), nil
}

// FinishPasskeySignIn signs in with a passkey and sets the cookies a sign-in sets.
func (h *Passkey) FinishPasskeySignIn(ctx context.Context, req *connect.Request[accountv1.FinishPasskeySignInRequest]) (*connect.Response[accountv1.FinishPasskeySignInResponse], error) {
	in, err := h.svc.FinishSignIn(ctx, req.Msg.GetCredentialJson())
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.FinishPasskeySignInResponse{User: userToProto(in.User)})
	setSignInCookies(ctx, res.Header(), in)
	return res, nil
}

// BeginPasskeyConfirmation starts confirming the session with a passkey.
func (h *Passkey) BeginPasskeyConfirmation(ctx context.Context, _ *connect.Request[accountv1.BeginPasskeyConfirmationRequest]) (*connect.Response[accountv1.BeginPasskeyConfirmationResponse], error) {
	options, err := h.svc.BeginConfirmation(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.BeginPasskeyConfirmationResponse{OptionsJson: options}), nil
}

// FinishPasskeyConfirmation confirms the session with a passkey.
func (h *Passkey) FinishPasskeyConfirmation(ctx context.Context, req *connect.Request[accountv1.FinishPasskeyConfirmationRequest]) (*connect.Response[accountv1.FinishPasskeyConfirmationResponse], error) {
	until, err := h.svc.FinishConfirmation(ctx, req.Msg.GetCredentialJson())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.FinishPasskeyConfirmationResponse{ConfirmedUntil: timestamppb.New(until)}), nil
}

// SetPasskeyRequired turns "Require a passkey" on or off.
func (h *Passkey) SetPasskeyRequired(ctx context.Context, req *connect.Request[accountv1.SetPasskeyRequiredRequest]) (*connect.Response[accountv1.SetPasskeyRequiredResponse], error) {
	if err := h.svc.SetRequired(ctx, req.Msg.GetRequired(), req.Msg.GetPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.SetPasskeyRequiredResponse{}), nil
}
