package account

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
)

// What internal/passkey needs from accounts: the identity check before a change, the limits on
// failed sign-ins, and the one way a sign-in starts a session (beginSession, which Login uses too).

// ConfirmIdentity is confirmIdentity for the passkey domain: the current password, or a passkey
// confirmation of this session within ConfirmWindow. done must run in the change's transaction.
func (s *Service) ConfirmIdentity(ctx context.Context, u db.User, password string) (done func(context.Context, *db.Queries) error, err error) {
	return s.confirmIdentity(ctx, u, password)
}

// NetworkFailures is the limit on failed sign-ins from the request's client network across
// accounts: the counter password sign-ins and recovery fill too.
func NetworkFailures(ctx context.Context) ratelimit.Rule {
	return ratelimit.Rule{Key: "auth:net:" + ratelimit.Network(identity.ClientFrom(ctx).IP), Max: MaxNetworkFailures, Window: FailureWindow}
}

// TooManyFailures is the refusal of an attempt a sign-in limit holds back, in the words password
// sign-in uses.
func TooManyFailures(retryAfter time.Duration) error { return tooManyFailures(retryAfter) }

// SignInVerified signs in as userID once another proof than the password (a passkey) has shown
// who is at the keyboard: inTx runs first in the sign-in's transaction (to spend what the proof
// used), then the session starts as Login's does (the previous one revoked, the sign-in recorded,
// a new browser alerted and remembered).
func (s *Service) SignInVerified(ctx context.Context, userID int32, inTx func(q *db.Queries) error) (SignIn, error) {
	var out SignIn
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := inTx(q); err != nil {
			return err
		}
		user, err := q.GetUser(ctx, userID)
		if err != nil {
			return fmt.Errorf("get user %d: %w", userID, err)
		}
		if err := barred(user); err != nil {
			return err // as Login says it (the sessions trigger refuses a race with the suspension)
		}
		known, err := knownDevice(ctx, q, userID)
		if err != nil {
			return err
		}
		out, err = beginSession(ctx, q, user, known, byPasskey)
		return err
	})
	if err != nil {
		return SignIn{}, err
	}
	return out, nil
}

// LockLiveSession takes the member's lock in q's transaction and checks that sess is still live
// (ErrSessionEnded otherwise), as ChangePassword does first: a passkey change racing the member's
// signing that session out waits for it, then is refused.
func LockLiveSession(ctx context.Context, q *db.Queries, sess identity.Session) error {
	return lockLiveSession(ctx, q, sess)
}

// EndOtherSessions ends every live session of sess's member but sess, in q's transaction, under
// the member's lock as ChangePassword does (ErrSessionEnded when a parallel change ended sess), for
// a change after which a session signed in the old way must not stay: "Require a passkey" turned
// on. The other browsers are forgotten too (forgetOtherDevices). It returns how many it ended.
func EndOtherSessions(ctx context.Context, q *db.Queries, sess identity.Session) (int, error) {
	if err := lockLiveSession(ctx, q, sess); err != nil {
		return 0, err
	}
	n, err := q.EndOtherMemberSessions(ctx, db.EndOtherMemberSessionsParams{UserID: sess.User.ID, Keep: sess.ID, IdleSeconds: idleSeconds()})
	if err != nil {
		return 0, fmt.Errorf("end other sessions: %w", err)
	}
	return int(n), forgetOtherDevices(ctx, q, sess.User.ID)
}

// SessionsPlural is "1 other session was" or "3 other sessions were" ("No other session was" for
// none), as the security emails say it.
func SessionsPlural(n int) string {
	return sessionsPlural(n, "other session was", "other sessions were")
}

// beginSession is the end of every sign-in, in its transaction: the request's previous session
// revoked (a sign-in always issues a fresh token), the sign-in recorded, a browser new to the
// account alerted by email and remembered, and the new session started.
func beginSession(ctx context.Context, q *db.Queries, user db.User, known bool, by signInMethod) (SignIn, error) {
	out := SignIn{User: userOf(user)}
	if old, ok := identity.SessionFrom(ctx); ok {
		if err := q.RevokeSession(ctx, old.ID); err != nil {
			return SignIn{}, fmt.Errorf("revoke previous session: %w", err)
		}
	}
	if err := q.RecordLogin(ctx, user.ID); err != nil {
		return SignIn{}, fmt.Errorf("record login: %w", err)
	}
	if !known { // a browser new to the account (registration's own sign-in never comes here)
		if err := alertNewBrowser(ctx, q, user, by); err != nil {
			return SignIn{}, err
		}
	}
	var err error
	if out.Device, err = rememberDevice(ctx, q, user.ID); err != nil {
		return SignIn{}, err
	}
	if out.Session, err = startSession(ctx, q, user.ID); err != nil {
		return SignIn{}, err
	}
	return out, nil
}

// ErrPasskeyRequired refuses a password sign-in to an account that requires a passkey.
var ErrPasskeyRequired = apperr.FailedPrecondition(`This account signs in with a passkey only. Please choose "Sign in with a passkey".`)

// errPasswordDoesNotConfirm refuses the password as the identity check of an account that
// requires a passkey: a session plus the password must not undo what the passkey protects.
var errPasswordDoesNotConfirm error = &apperr.ValidationError{Violations: []apperr.FieldViolation{
	{Field: "password", Message: `Your account requires a passkey: please choose "Use a passkey instead"`}}}

// passwordSignInAllowed refuses the password as a way in when the account requires a passkey
// (passkey_requirements). Recovery sets a new password without lifting it, so recovery is never
// weaker than sign-in.
func (s *Service) passwordSignInAllowed(ctx context.Context, userID int32) error {
	required, err := s.q.PasskeyRequired(ctx, userID)
	if err != nil {
		return fmt.Errorf("passkey requirement: %w", err)
	}
	if required {
		return ErrPasskeyRequired
	}
	return nil
}

// passwordConfirms is passwordSignInAllowed for confirmIdentity, in its words.
func (s *Service) passwordConfirms(ctx context.Context, userID int32) error {
	if err := s.passwordSignInAllowed(ctx, userID); errors.Is(err, ErrPasskeyRequired) {
		return errPasswordDoesNotConfirm
	} else if err != nil {
		return err
	}
	return nil
}
