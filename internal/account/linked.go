package account

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
)

// LinkedToCaller reports whether the signed-in caller and the account other are linked (SQL
// accounts_linked, the one definition): they signed in from one network or with one browser in
// the last 90 days, in either order. The caller's client now (its network and device cookie)
// counts as one more sign-in of the caller. An account is linked to itself.
func LinkedToCaller(ctx context.Context, q *db.Queries, callerID, other int32) (bool, error) {
	var device []byte
	if token := deviceFrom(ctx); token != "" {
		device = HashToken(token)
	}
	linked, err := q.AccountsLinked(ctx, db.AccountsLinkedParams{
		A: other, B: callerID,
		BNetwork: nullable.Ptr(SignInNetwork(identity.ClientFrom(ctx).IP)), BDevice: device,
	})
	if err != nil {
		return false, fmt.Errorf("compare the sign-ins of accounts %d and %d: %w", callerID, other, err)
	}
	return linked, nil
}

// Linked reports whether accounts a and b are linked (SQL accounts_linked), from their
// sign-ins alone.
func Linked(ctx context.Context, q *db.Queries, a, b int32) (bool, error) {
	linked, err := q.AccountsLinked(ctx, db.AccountsLinkedParams{A: a, B: b})
	if err != nil {
		return false, fmt.Errorf("compare the sign-ins of accounts %d and %d: %w", a, b, err)
	}
	return linked, nil
}
