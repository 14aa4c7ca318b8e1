package identity

import (
	"context"
	"errors"
	"testing"
)

// RequireUser and RequireAdmin answer each caller's own refusal: signed out, then not an
// administrator, and the user when they may act.
func TestRequireUserAndAdmin(t *testing.T) {
	t.Parallel()
	signedOut, notAdmin := errors.New("signed out"), errors.New("not an administrator")
	as := func(role string) context.Context {
		return WithSession(context.Background(), Session{ID: 1, User: User{ID: 7, Username: "ada", Role: role}})
	}
	for _, c := range []struct {
		name          string
		ctx           context.Context
		user, admin   error
		wantAdminUser bool
	}{
		{"signed out", context.Background(), signedOut, signedOut, false},
		{"tenant", as("tenant"), nil, notAdmin, false},
		{"admin", as("admin"), nil, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			u, err := RequireUser(c.ctx, signedOut)
			if !errors.Is(err, c.user) || (err == nil && u.ID != 7) || (err != nil && u != User{}) {
				t.Errorf("RequireUser: %+v, %v; want %v", u, err, c.user)
			}
			u, err = RequireAdmin(c.ctx, signedOut, notAdmin)
			if !errors.Is(err, c.admin) || (u.ID == 7) != c.wantAdminUser {
				t.Errorf("RequireAdmin: %+v, %v; want %v", u, err, c.admin)
			}
		})
	}
}
