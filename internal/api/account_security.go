package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
)

// AccountSecurity serves AccountSecurityService: the password and the member's sessions.
type AccountSecurity struct{ svc *account.Service }

var _ accountv1connect.AccountSecurityServiceHandler = (*AccountSecurity)(nil)

// NewAccountSecurity returns the AccountSecurityService handler over svc.
func NewAccountSecurity(svc *account.Service) *AccountSecurity { return &AccountSecurity{svc: svc} }

// ChangePassword changes the caller's password and ends their other sessions.
func (h *AccountSecurity) ChangePassword(ctx context.Context, req *connect.Request[accountv1.ChangePasswordRequest]) (*connect.Response[accountv1.ChangePasswordResponse], error) {
	ended, err := h.svc.ChangePassword(ctx, req.Msg.GetCurrentPassword(), req.Msg.GetNewPassword())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.ChangePasswordResponse{SessionsEnded: int32(ended)}), nil
}

// ListSessions lists the caller's live sessions.
func (h *AccountSecurity) ListSessions(ctx context.Context, _ *connect.Request[accountv1.ListSessionsRequest]) (*connect.Response[accountv1.ListSessionsResponse], error) {
	list, err := h.svc.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*accountv1.AccountSession, len(list))
	for i, s := range list {
		out[i] = &accountv1.AccountSession{
			Id: s.ID, Browser: s.Browser, OperatingSystem: s.System, Summary: s.Summary, Network: s.Network,
			CreatedAt: timestamppb.New(s.CreatedAt), LastUsedAt: timestamppb.New(s.LastUsedAt),
			ExpiresAt: timestamppb.New(s.ExpiresAt), Current: s.Current,
		}
	}
	return connect.NewResponse(&accountv1.ListSessionsResponse{Sessions: out}), nil
}

// EndSession ends one of the caller's sessions; ending their own clears its cookie.
func (h *AccountSecurity) EndSession(ctx context.Context, req *connect.Request[accountv1.EndSessionRequest]) (*connect.Response[accountv1.EndSessionResponse], error) {
	current, err := h.svc.EndSession(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.EndSessionResponse{WasCurrent: current})
	if current {
		setCookie(ctx, res.Header(), identity.SessionCookie, "", -1)
	}
	return res, nil
}

// EndOtherSessions ends every session of the caller's but this one.
func (h *AccountSecurity) EndOtherSessions(ctx context.Context, _ *connect.Request[accountv1.EndOtherSessionsRequest]) (*connect.Response[accountv1.EndOtherSessionsResponse], error) {
	ended, err := h.svc.EndOtherSessions(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.EndOtherSessionsResponse{SessionsEnded: int32(ended)}), nil
}
