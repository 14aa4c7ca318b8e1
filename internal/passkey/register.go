package passkey

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// BeginRegistration starts adding a passkey to the signed-in member's account once
// account.ConfirmIdentity has their password (or a recent passkey confirmation). The options ask
// for a discoverable credential (so it can sign in without a username) with user verification,
// and exclude the member's passkeys (one authenticator, one passkey).
func (s *Service) BeginRegistration(ctx context.Context, password string) (string, error) {
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
	confirmed, err := s.accounts.ConfirmIdentity(ctx, u, password)
	if err != nil {
		return "", err
	}
	m, rows, err := s.memberOf(ctx, s.q, u)
	if err != nil {
		return "", err
	}
	if len(rows) >= MaxPasskeys {
		return "", errTooMany
	}
	if m.handle == nil {
		m.handle = newHandle()
	}
	creation, data, err := s.wa.BeginRegistration(m,
		webauthn.WithExclusions(webauthn.Credentials(m.creds).CredentialDescriptors()),
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationRequired,
		}),
		webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
		// Browsers may report whether the credential is discoverable; asked for, the answer is expected.
		webauthn.WithExtensions(webauthn.WithExtensionCredProps()),
	)
	if err != nil {
		return "", fmt.Errorf("begin registration: %w", err)
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		return storeSessionCeremony(ctx, q, ceremony{purpose: purposeRegister, userID: &u.ID, sessionID: &sess.ID, data: data})
	})
	if err != nil {
		return "", err
	}
	return optionsJSON(creation.Response)
}

// checkName trims a passkey's name and checks it: 1 to MaxNameChars characters.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	var v apperr.Validator
	v.Check(name != "", "name", "Please name your passkey")
	v.Check(utf8.RuneCountInString(name) <= MaxNameChars, "name", fmt.Sprintf("Name must be at most %d characters", MaxNameChars))
	return name, v.Err()
}

// FinishRegistration checks the browser's new credential against the member's registration
// challenge (begun on this session, within ChallengeTTL, used once) and stores it as name, with a
// security email to the member in the same transaction.
func (s *Service) FinishRegistration(ctx context.Context, credentialJSON, name string) (Passkey, error) {
	sess, err := signedIn(ctx)
	if err != nil {
		return Passkey{}, err
	}
	if err := s.available(); err != nil {
		return Passkey{}, err
	}
	if name, err = checkName(name); err != nil {
		return Passkey{}, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes([]byte(credentialJSON))
	if err != nil {
		return Passkey{}, errBadCredential
	}
	row, data, err := s.spend(ctx, parsed.Response.CollectedClientData.Challenge, purposeRegister)
	if err != nil {
		return Passkey{}, err
	}
	if row.UserID == nil || *row.UserID != sess.User.ID {
		return Passkey{}, ErrCeremonyInvalid
	}
	u, err := s.q.GetUser(ctx, sess.User.ID)
	if err != nil {
		return Passkey{}, fmt.Errorf("get user %d: %w", sess.User.ID, err)
	}
	m := &member{handle: data.UserID, name: u.Username}
	cred, err := s.wa.CreateCredential(m, data, parsed)
	if err != nil {
		return Passkey{}, errNotVerified
	}
	transports := make([]string, len(cred.Transport))
	for i, t := range cred.Transport {
		transports[i] = string(t)
	}
	var out Passkey
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockPasskeyOwner(ctx, u.ID); err != nil {
			return fmt.Errorf("lock passkeys: %w", err)
		}
		if err := account.LockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		existing, err := q.ListPasskeys(ctx, u.ID)
		if err != nil {
			return fmt.Errorf("list passkeys: %w", err)
		}
		if len(existing) >= MaxPasskeys {
			return errTooMany
		}
		// A member's passkeys share one handle; a ceremony begun before another finished keeps
		// the handle it gave the authenticator, which is what the authenticator will answer with.
		if len(existing) > 0 && !bytes.Equal(existing[0].UserHandle, data.UserID) {
			return ErrCeremonyInvalid
		}
		p, err := q.CreatePasskey(ctx, db.CreatePasskeyParams{
			UserID: u.ID, CredentialID: cred.ID, PublicKey: cred.PublicKey, SignCount: int64(cred.Authenticator.SignCount),
			Transports: transports, Flags: int16(cred.Flags.MsgpByte()), Aaguid: cred.Authenticator.AAGUID,
			AttestationType: cred.AttestationType, AttestationFormat: cred.AttestationFormat,
			UserHandle: data.UserID, Name: name,
		})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrAlreadyExists) {
				return apperr.New(apperr.ErrAlreadyExists, "This passkey is already registered.")
			}
			return fmt.Errorf("store passkey: %w", err)
		}
		out = passkeyOf(p)
		return notice(ctx, q, u, "passkey_added", "A passkey was added to your RentProof account",
			"A passkey named \""+name+"\" was added to your RentProof account ("+u.Username+") on "+timeText(time.Now())+". It can now sign in to the account.")
	})
	return out, err
}

// Rename renames one of the signed-in member's passkeys.
func (s *Service) Rename(ctx context.Context, id int64, name string) (Passkey, error) {
	sess, err := signedIn(ctx)
	if err != nil {
		return Passkey{}, err
	}
	if name, err = checkName(name); err != nil {
		return Passkey{}, err
	}
	p, err := s.q.RenamePasskey(ctx, db.RenamePasskeyParams{ID: id, UserID: sess.User.ID, Name: name})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Passkey{}, errNotFound // someone else's passkey reads as none
		}
		return Passkey{}, fmt.Errorf("rename passkey: %w", err)
	}
	return passkeyOf(p), nil
}

// Delete removes one of the signed-in member's passkeys once account.ConfirmIdentity has their
// password (or a recent passkey confirmation), with a security email in the same transaction.
// The last passkey of an account that requires one stays.
func (s *Service) Delete(ctx context.Context, id int64, password string) error {
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
		p, err := q.DeletePasskey(ctx, db.DeletePasskeyParams{ID: id, UserID: u.ID})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errNotFound
			}
			return fmt.Errorf("delete passkey: %w", err)
		}
		if err := keepRequired(ctx, q, u.ID); err != nil {
			return err
		}
		return notice(ctx, q, u, "passkey_removed", "A passkey was removed from your RentProof account",
			"The passkey named \""+p.Name+"\" was removed from your RentProof account ("+u.Username+") on "+timeText(time.Now())+". It can no longer sign in to the account.")
	})
}

// keepRequired refuses a change that leaves an account requiring a passkey without one.
func keepRequired(ctx context.Context, q *db.Queries, userID int32) error {
	required, err := q.PasskeyRequired(ctx, userID)
	if err != nil {
		return fmt.Errorf("passkey requirement: %w", err)
	}
	if !required {
		return nil
	}
	n, err := q.CountPasskeys(ctx, userID)
	if err != nil {
		return fmt.Errorf("count passkeys: %w", err)
	}
	if n == 0 {
		return errLastRequired
	}
	return nil
}

// notice writes a security email about the member's passkeys in q's transaction.
func notice(ctx context.Context, q *db.Queries, u db.User, kind, subject, what string) error {
	_, err := mail.Enqueue(ctx, q, mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kind, Subject: subject,
		Content: mail.Content{
			Heading: subject,
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				what,
				// A new password alone would not undo this: an added passkey stays, and a required one
				// keeps out whoever lacks it.
				"If this was you, there is nothing to do. If it was not, someone has access to your account: remove any passkey you do not know and end the sessions you do not know in your settings (link below), then change your password. If you can no longer sign in, write to us through the contact page: we will check that the account is yours and give it back.",
			},
			Action: &mail.Action{Label: "Review your passkeys", URL: siteorigin.From(ctx) + "/settings#passkeys"},
			Reason: "You are getting this because the passkeys of your RentProof account changed.",
			Stop:   "Security emails about your account cannot be turned off.",
		},
	})
	return err
}

// timeText is a moment as emails say it: "Thursday 26 November 2026 at 15:04 UTC".
func timeText(t time.Time) string {
	return t.UTC().Format("Monday 2 January 2006 at 15:04 MST")
}
