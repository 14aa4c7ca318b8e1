package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	"github.com/rentproof/rentproof/internal/ledger"
)

// Token serves TokenService.
type Token struct{ svc *ledger.Service }

var _ tokenv1connect.TokenServiceHandler = (*Token)(nil)

// NewToken returns the TokenService handler over svc.
func NewToken(svc *ledger.Service) *Token { return &Token{svc: svc} }

// GetBalance returns the caller's balance.
func (h *Token) GetBalance(ctx context.Context, _ *connect.Request[tokenv1.GetBalanceRequest]) (*connect.Response[tokenv1.GetBalanceResponse], error) {
	balance, err := h.svc.Balance(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&tokenv1.GetBalanceResponse{Balance: balance}), nil
}

// ListTransactions returns a page of the caller's ledger.
func (h *Token) ListTransactions(ctx context.Context, req *connect.Request[tokenv1.ListTransactionsRequest]) (*connect.Response[tokenv1.ListTransactionsResponse], error) {
	page, err := h.svc.Transactions(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*tokenv1.Transaction, len(page.Transactions))
	for i, t := range page.Transactions {
		out[i] = &tokenv1.Transaction{
			Id: t.ID, Amount: t.Amount, TransactionType: t.Type, Description: t.Description,
			RelatedEntityType: t.RelatedType, RelatedEntityId: t.RelatedID, CreatedAt: timestamppb.New(t.CreatedAt),
		}
	}
	return connect.NewResponse(&tokenv1.ListTransactionsResponse{Transactions: out, Total: page.Total, HasMore: page.HasMore}), nil
}
