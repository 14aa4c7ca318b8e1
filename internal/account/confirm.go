package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
)

// ConfirmWindow is how long a passkey ceremony that confirmed a session lets it make changes that
// could take the account over without typing the password.
const ConfirmWindow = 5 * time.Minute

// ErrPasswordNeeded asks for the current password when the session has no recent confirmation.
var ErrPasswordNeeded error = &apperr.ValidationError{Violations: []apperr.FieldViolation{
	{Field: "password", Message: "Please enter your current password"}}}

// errWrongPassword refuses a wrong current password.
var errWrongPassword error = &apperr.ValidationError{Violations: []apperr.FieldViolation{
	{Field: "password", Message: "Your password is incorrect"}}}

// confirmIdentity checks that the owner of u is at the keyboard before a change that could take
// the account over (password, email, security questions, passkeys, deletion): the current password
// in password, or, when it is empty, a passkey that confirmed this session within ConfirmWindow.
// A wrong password counts toward the sign-in limits (the same counters as Login), so a stolen
// session cannot be used to guess it. done must run in the change's transaction: it gives a
// correct password's reservation back.
func (s *Service) confirmIdentity(ctx context.Context, u db.User, password string) (done func(context.Context, *db.Queries) error, err error) {
	nothing := func(context.Context, *db.Queries) error { return nil }
	if password == "" {
		sess, ok := identity.SessionFrom(ctx)
		if !ok {
			return nil, ErrNotSignedIn
		}
		confirmed, err := s.q.SessionConfirmedWithin(ctx, db.SessionConfirmedWithinParams{
			ID: sess.ID, WindowSeconds: int32(ConfirmWindow / time.Second),
		})
		if err != nil {
			return nil, fmt.Errorf("session confirmation: %w", err)
		}
		if !confirmed {
			return nil, ErrPasswordNeeded
		}
		return nothing, nil
	}
	if err := s.passwordConfirms(ctx, u.ID); err != nil {
		return nil, err
	}
	known, err := knownDevice(ctx, s.q, u.ID)
	if err != nil {
		return nil, err
	}
	// A wrong password here counts as a failed sign-in with either identifier of the account.
	try := newAttempt(ctx, "login", known, strings.ToLower(u.Username), strings.ToLower(u.Email))
	try.whenWide = accountHeld
	reserved, err := s.reserve(ctx, try)
	if err != nil {
		return nil, err
	}
	if rules.LoginPassword.TooLong(password) || !VerifySecret(u.PasswordHash, password) {
		return nil, errWrongPassword // the reservation stays: it was a failure
	}
	return func(ctx context.Context, q *db.Queries) error { return succeeded(ctx, q, try, reserved) }, nil
}
