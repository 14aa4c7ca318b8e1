package account

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rentproof/rentproof/gen/db"
	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ accountv1connect.AccountServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// GetCurrentUser returns the signed-in user.
func (h *Handler) GetCurrentUser(ctx context.Context, _ *connect.Request[accountv1.GetCurrentUserRequest]) (*connect.Response[accountv1.GetCurrentUserResponse], error) {
	u, err := h.svc.Current(ctx)
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&accountv1.GetCurrentUserResponse{User: UserToProto(u)}), nil
}

// UserToProto converts an account to the form its owner sees; secrets never leave the server.
func UserToProto(u db.User) *accountv1.User {
	return &accountv1.User{
		Id:                   u.ID,
		Username:             u.Username,
		Email:                u.Email,
		FirstName:            u.FirstName,
		LastName:             u.LastName,
		Role:                 u.Role,
		ProfileImage:         convert.Value(u.ProfileImage),
		Tokens:               u.Tokens,
		CreatedAt:            timestamppb.New(u.CreatedAt),
		HasSecurityQuestions: u.SecurityQuestion1 != nil,
	}
}

func isUnauthenticated(err error) bool { return errors.Is(err, apperr.ErrUnauthenticated) }
