// Package account holds accounts and sessions: who is signed in, and the secrets that prove it.
package account

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
)

// Service holds the account rules.
type Service struct{ q *db.Queries }

// NewService returns a Service reading through q.
func NewService(q *db.Queries) *Service { return &Service{q: q} }

// HashToken is how a session token is stored: only its SHA-256, so a leaked table grants nothing.
func HashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// UserForToken returns the user of a live session token, or ErrUnauthenticated.
func (s *Service) UserForToken(ctx context.Context, token string) (db.User, error) {
	if token == "" {
		return db.User{}, apperr.ErrUnauthenticated
	}
	u, err := s.q.GetUserBySessionToken(ctx, HashToken(token))
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return db.User{}, apperr.ErrUnauthenticated
		}
		return db.User{}, fmt.Errorf("look up session: %w", err)
	}
	return u, nil
}

type userKey struct{}

// WithUser returns ctx carrying the signed-in user.
func WithUser(ctx context.Context, u db.User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// UserFrom returns the signed-in user put on ctx by the authentication middleware.
func UserFrom(ctx context.Context) (db.User, bool) {
	u, ok := ctx.Value(userKey{}).(db.User)
	return u, ok
}

// Current returns the signed-in user, or ErrUnauthenticated.
func (s *Service) Current(ctx context.Context) (db.User, error) {
	u, ok := UserFrom(ctx)
	if !ok {
		return db.User{}, apperr.Unauthenticated("You are not signed in")
	}
	return u, nil
}
