package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
)

// AccountClosure serves AccountClosureService (a member deletes their account) and
// AdminAccountService (administrators find, suspend and reinstate accounts).
type AccountClosure struct{ svc *account.Service }

var (
	_ accountv1connect.AccountClosureServiceHandler = (*AccountClosure)(nil)
	_ adminv1connect.AdminAccountServiceHandler     = (*AccountClosure)(nil)
)

// NewAccountClosure returns the handlers over svc.
func NewAccountClosure(svc *account.Service) *AccountClosure { return &AccountClosure{svc: svc} }

// DeleteAccount closes the caller's account and clears its session cookie.
func (h *AccountClosure) DeleteAccount(ctx context.Context, req *connect.Request[accountv1.DeleteAccountRequest]) (*connect.Response[accountv1.DeleteAccountResponse], error) {
	err := h.svc.DeleteAccount(ctx, account.Closure{
		Username: req.Msg.GetUsername(), Password: req.Msg.GetPassword(), DeleteReviews: req.Msg.GetDeleteReviews(),
	})
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.DeleteAccountResponse{})
	setCookie(ctx, res.Header(), identity.SessionCookie, "", -1)
	return res, nil
}

// FindAccounts finds accounts for an administrator.
func (h *AccountClosure) FindAccounts(ctx context.Context, req *connect.Request[adminv1.FindAccountsRequest]) (*connect.Response[adminv1.FindAccountsResponse], error) {
	found, err := h.svc.FindAccounts(ctx, req.Msg.GetQuery())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.ManagedAccount, len(found))
	for i, m := range found {
		out[i] = managedAccount(m)
	}
	return connect.NewResponse(&adminv1.FindAccountsResponse{Accounts: out}), nil
}

// SuspendAccount suspends an account.
func (h *AccountClosure) SuspendAccount(ctx context.Context, req *connect.Request[adminv1.SuspendAccountRequest]) (*connect.Response[adminv1.SuspendAccountResponse], error) {
	m, err := h.svc.SuspendAccount(ctx, req.Msg.GetUserId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.SuspendAccountResponse{Account: managedAccount(m)}), nil
}

// ReinstateAccount lifts a suspension.
func (h *AccountClosure) ReinstateAccount(ctx context.Context, req *connect.Request[adminv1.ReinstateAccountRequest]) (*connect.Response[adminv1.ReinstateAccountResponse], error) {
	m, err := h.svc.ReinstateAccount(ctx, req.Msg.GetUserId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.ReinstateAccountResponse{Account: managedAccount(m)}), nil
}

func managedAccount(m account.Member) *adminv1.ManagedAccount {
	return &adminv1.ManagedAccount{
		Id: m.ID, Username: m.Username, Email: m.Email, FirstName: m.FirstName, LastName: m.LastName, Role: m.Role,
		CreatedAt: timestamppb.New(m.CreatedAt), SuspendedAt: optionalTime(m.SuspendedAt),
		SuspensionReason: m.SuspensionReason, ClosedAt: optionalTime(m.ClosedAt),
	}
}
