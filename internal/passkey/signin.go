package passkey

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
)

// SignInChallengesPerNetwork bounds the sign-in ceremonies one client network may begin within
// ChallengeTTL: beginning one needs no account, and each is a row.
const SignInChallengesPerNetwork = 100

// errCloned refuses an assertion whose signature counter went backwards: two copies of the key
// may exist.
var errCloned = apperr.Unauthenticated("This passkey could not be used: its security key may have been copied. Please sign in another way and remove it from your settings.")

// BeginSignIn starts a sign-in with a discoverable passkey: no username and no allowed
// credentials, the browser offers the passkeys it holds for the site; user verification required.
func (s *Service) BeginSignIn(ctx context.Context) (string, error) {
	if err := s.available(); err != nil {
		return "", err
	}
	assertion, data, err := s.wa.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return "", fmt.Errorf("begin sign-in: %w", err)
	}
	perNetwork := ratelimit.Rule{Key: "passkey:begin:net:" + ratelimit.Network(identity.ClientFrom(ctx).IP), Max: SignInChallengesPerNetwork, Window: ChallengeTTL}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if _, err := ratelimit.Reserve(ctx, q, perNetwork); err != nil {
			return err
		}
		return storeCeremony(ctx, q, ceremony{purpose: purposeSignIn, data: data})
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return "", account.TooManyFailures(e.RetryAfter)
	}
	if err != nil {
		return "", err
	}
	return optionsJSON(assertion.Response)
}

// credentialRule is the limit on failed sign-ins with one credential (whoever holds it), as
// password sign-in limits an account from one network.
func credentialRule(rawID []byte) ratelimit.Rule {
	sum := sha256.Sum256(rawID)
	return ratelimit.Rule{Key: fmt.Sprintf("passkey:cred:%x", sum[:16]), Max: account.MaxAccountNetworkFailures, Window: account.FailureWindow}
}

// FinishSignIn checks a discoverable passkey's assertion and signs in as the passkey's owner.
// Each attempt is reserved against the limits before anything is checked (per credential, and per
// client network with the password sign-ins' failures); a success gives it back.
func (s *Service) FinishSignIn(ctx context.Context, credentialJSON string) (account.SignIn, error) {
	if err := s.available(); err != nil {
		return account.SignIn{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes([]byte(credentialJSON))
	if err != nil {
		return account.SignIn{}, errBadCredential
	}
	perCredential := credentialRule(parsed.RawID)
	var reserved ratelimit.Reservation
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		reserved, err = ratelimit.Reserve(ctx, q, perCredential, account.NetworkFailures(ctx))
		return err
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return account.SignIn{}, account.TooManyFailures(e.RetryAfter)
	}
	if err != nil {
		return account.SignIn{}, err
	}
	// From here every refusal keeps the reservation: it was a failure.
	_, data, err := s.spend(ctx, parsed.Response.CollectedClientData.Challenge, purposeSignIn)
	if err != nil {
		return account.SignIn{}, err
	}
	stored, err := s.q.GetPasskeyByCredential(ctx, parsed.RawID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return account.SignIn{}, errNotVerified
		}
		return account.SignIn{}, fmt.Errorf("find passkey: %w", err)
	}
	// The account is the credential's owner, never what the answer claims: the library checks that
	// the user handle the authenticator returned is the one stored with this credential.
	owner := func(rawID, _ []byte) (webauthn.User, error) {
		if !bytes.Equal(rawID, stored.CredentialID) {
			return nil, errNotVerified
		}
		return &member{handle: stored.UserHandle, creds: []webauthn.Credential{credentialOf(stored)}}, nil
	}
	_, cred, err := s.wa.ValidatePasskeyLogin(owner, data, parsed)
	if err != nil {
		return account.SignIn{}, errNotVerified
	}
	if cred.Authenticator.CloneWarning {
		return account.SignIn{}, errCloned
	}
	return s.accounts.SignInVerified(ctx, stored.UserID, func(q *db.Queries) error {
		if err := used(ctx, q, stored, cred); err != nil {
			return err
		}
		return ratelimit.Settle(ctx, q, reserved, perCredential.Key)
	})
}

// used records a passkey's successful assertion; an assertion that another one of the same
// credential overtook (the counter moved meanwhile) is refused.
func used(ctx context.Context, q *db.Queries, stored db.Passkey, cred *webauthn.Credential) error {
	n, err := q.UsePasskey(ctx, db.UsePasskeyParams{
		ID: stored.ID, OldCount: stored.SignCount, NewCount: int64(cred.Authenticator.SignCount), Flags: int16(cred.Flags.MsgpByte()),
	})
	if err != nil {
		return fmt.Errorf("record passkey use: %w", err)
	}
	if n != 1 {
		return ErrCeremonyInvalid
	}
	return nil
}

// BeginConfirmation starts confirming the signed-in member's session with one of their own
// passkeys (user verification required).
func (s *Service) BeginConfirmation(ctx context.Context) (string, error) {
	sess, err := signedIn(ctx)
	if err != nil {
		return "", err
	}
	if err := s.available(); err != nil {
		return "", err
	}
	u, err := s.q.GetUser(ctx, sess.User.ID)
	if err != nil {
		return "", fmt.Errorf("get user %d: %w", sess.User.ID, err)
	}
	m, rows, err := s.memberOf(ctx, s.q, u)
	if err != nil {
		return "", err
	}
	if len(rows) == 0 {
		return "", errNoPasskeys
	}
	assertion, data, err := s.wa.BeginLogin(m, webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return "", fmt.Errorf("begin confirmation: %w", err)
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		return storeSessionCeremony(ctx, q, ceremony{purpose: purposeConfirm, userID: &u.ID, sessionID: &sess.ID, data: data})
	})
	if err != nil {
		return "", err
	}
	return optionsJSON(assertion.Response)
}

// FinishConfirmation checks the assertion against the member's confirmation challenge (begun on
// this session) and their own passkeys, and marks the session confirmed (ConfirmSession): for
// account.ConfirmWindow, account.ConfirmIdentity accepts an empty password. It returns when the
// confirmation ends.
func (s *Service) FinishConfirmation(ctx context.Context, credentialJSON string) (time.Time, error) {
	sess, err := signedIn(ctx)
	if err != nil {
		return time.Time{}, err
	}
	if err := s.available(); err != nil {
		return time.Time{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes([]byte(credentialJSON))
	if err != nil {
		return time.Time{}, errBadCredential
	}
	row, data, err := s.spend(ctx, parsed.Response.CollectedClientData.Challenge, purposeConfirm)
	if err != nil {
		return time.Time{}, err
	}
	if row.UserID == nil || *row.UserID != sess.User.ID {
		return time.Time{}, ErrCeremonyInvalid
	}
	u, err := s.q.GetUser(ctx, sess.User.ID)
	if err != nil {
		return time.Time{}, fmt.Errorf("get user %d: %w", sess.User.ID, err)
	}
	m, rows, err := s.memberOf(ctx, s.q, u)
	if err != nil {
		return time.Time{}, err
	}
	// The ceremony allowed the passkeys the member had then; one removed since no longer counts.
	data.AllowedCredentialIDs = nil
	cred, err := s.wa.ValidateLogin(m, data, parsed)
	if err != nil {
		return time.Time{}, errNotVerified
	}
	if cred.Authenticator.CloneWarning {
		return time.Time{}, errCloned
	}
	var stored db.Passkey
	for _, r := range rows {
		if bytes.Equal(r.CredentialID, cred.ID) {
			stored = r
		}
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := used(ctx, q, stored, cred); err != nil {
			return err
		}
		if err := q.ConfirmSession(ctx, sess.ID); err != nil {
			return fmt.Errorf("confirm session: %w", err)
		}
		return nil
	})
	if err != nil {
		return time.Time{}, err
	}
	return time.Now().Add(account.ConfirmWindow), nil
}

// SetRequired turns "Require a passkey" on or off once account.ConfirmIdentity has the member's
// password or a recent passkey confirmation (while it is on, only the latter: the password no
// longer confirms anything). On needs a passkey, and ends the member's other sessions: one signed
// in with the password (perhaps a thief's) must not outlast the requirement. A security email
// tells the member either way.
func (s *Service) SetRequired(ctx context.Context, required bool, password string) error {
	sess, err := signedIn(ctx)
	if err != nil {
		return err
	}
	u, err := s.q.GetUser(ctx, sess.User.ID)
	if err != nil {
		return fmt.Errorf("get user %d: %w", sess.User.ID, err)
	}
	confirmed, err := s.accounts.ConfirmIdentity(ctx, u, password)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		if err := q.LockPasskeyOwner(ctx, u.ID); err != nil {
			return fmt.Errorf("lock passkeys: %w", err)
		}
		if err := account.LockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		if !required {
			n, err := q.StopRequiringPasskey(ctx, u.ID)
			if err != nil || n == 0 {
				return err
			}
			return notice(ctx, q, u, "passkey_not_required", "Your RentProof account no longer requires a passkey",
				"\"Require a passkey\" was turned off for your RentProof account ("+u.Username+") on "+timeText(time.Now())+". Your password signs in again.")
		}
		n, err := q.CountPasskeys(ctx, u.ID)
		if err != nil {
			return fmt.Errorf("count passkeys: %w", err)
		}
		if n == 0 {
			return errNoPasskeys
		}
		if err := q.RequirePasskey(ctx, u.ID); err != nil {
			return fmt.Errorf("require passkey: %w", err)
		}
		ended, err := account.EndOtherSessions(ctx, q, sess)
		if err != nil {
			return err
		}
		return notice(ctx, q, u, "passkey_required", "Your RentProof account now requires a passkey",
			"\"Require a passkey\" was turned on for your RentProof account ("+u.Username+") on "+timeText(time.Now())+". From now on it signs in with a passkey only, and a new password from a recovery does not change that. "+
				account.SessionsPlural(ended)+" signed out; the browser that turned it on stays signed in.")
	})
}

// Housekeep deletes challenges an hour past their expiry. Safe to run on every server at once.
func (s *Service) Housekeep(ctx context.Context) error {
	if err := s.q.DeleteOldPasskeyChallenges(ctx); err != nil {
		return fmt.Errorf("delete old passkey challenges: %w", err)
	}
	return nil
}
