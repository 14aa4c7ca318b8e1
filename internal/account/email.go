package account

import (
	"context"
	"crypto/hmac"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// Email address verification, address changes and sign-in alerts (issue 29). All of it is
// security mail (mail.CategorySecurity): it goes to the address whether or not it is verified,
// and cannot be turned off. Each email is written in the transaction of the event that causes
// it, so a sign-up or change that rolls back sends nothing.

const (
	// VerifyEmailTTL is how long a verification link works: two days, so a link read the next
	// morning or after a weekend day still works, while an old inbox is not a key for ever.
	VerifyEmailTTL = 48 * time.Hour
	// VerifyEmailsPerHour caps the verification emails to one address in any hour.
	VerifyEmailsPerHour = 3
	// EmailChangeNoticesPerHour caps the change notices to one (old) address in any hour: a
	// change that would pass it is refused, since the notice must go.
	EmailChangeNoticesPerHour = 5
	// SignInAlertsPerHour caps the sign-in alerts to one address in any hour; past it a storm
	// of sign-ins from new browsers still signs in, without more mail.
	SignInAlertsPerHour = 3
)

// The outbox kinds of this file's emails, and the signing purpose of verification links.
const (
	kindVerifyEmail    = "verify_email"
	kindEmailChanged   = "email_changed"
	kindSignInAlert    = "sign_in_alert"
	purposeVerifyEmail = "verify_email"
)

// securityStop is the footer of every security email.
const securityStop = "Security emails about your account cannot be turned off."

var (
	errLinkInvalid = apperr.New(apperr.ErrInvalidArgument,
		"This verification link is not valid: it may have been cut short or altered. Please open the link from the email again, or sign in and choose \"Resend the email\".")
	errLinkExpired = apperr.FailedPrecondition(
		"This verification link has expired. Please sign in and choose \"Resend the email\" to get a new one.")
	errAddressChanged = apperr.FailedPrecondition(
		"This link was sent to an email address that is no longer on the account, so it cannot verify it. Please use the link we sent to your current address.")
	errAlreadyVerified = apperr.FailedPrecondition("Your email address is already verified.")
)

// VerifyEmail verifies the address a verification link was made for, whoever opens it (the link
// is the proof): it works signed in or not. alreadyVerified tells that it had been verified before.
func (s *Service) VerifyEmail(ctx context.Context, token string) (alreadyVerified bool, err error) {
	key, err := signing.Open(ctx, s.q, purposeVerifyEmail)
	if err != nil {
		return false, err
	}
	parts, err := key.Verify(strings.TrimSpace(token), time.Now())
	switch {
	case errors.Is(err, signing.ErrExpired):
		return false, errLinkExpired
	case err != nil || len(parts) != 2:
		return false, errLinkInvalid
	}
	id, err := strconv.ParseInt(parts[0], 10, 32)
	if err != nil {
		return false, errLinkInvalid
	}
	for range 2 { // a second look only when the row changed between the read and the update
		u, err := s.q.GetUser(ctx, int32(id))
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return false, errLinkInvalid // the account is gone
			}
			return false, fmt.Errorf("get user %d: %w", id, err)
		}
		if !hmac.Equal([]byte(addressDigest(key, u.Email)), []byte(parts[1])) {
			return false, errAddressChanged
		}
		if u.EmailVerifiedAt != nil {
			return true, nil
		}
		// Only while the address is still the one the link was made for.
		n, err := s.q.MarkEmailVerified(ctx, db.MarkEmailVerifiedParams{ID: u.ID, Email: u.Email})
		if err != nil {
			return false, fmt.Errorf("verify email of user %d: %w", u.ID, err)
		}
		if n == 1 {
			return false, nil
		}
	}
	return false, errAddressChanged
}

// ResendVerification sends the signed-in user's verification email again and returns the address
// it went to; at most VerifyEmailsPerHour an hour per address.
func (s *Service) ResendVerification(ctx context.Context) (string, error) {
	me, err := identity.RequireUser(ctx, ErrNotSignedIn)
	if err != nil {
		return "", err
	}
	var to string
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		u, err := q.GetUser(ctx, me.ID)
		if err != nil {
			return fmt.Errorf("get user %d: %w", me.ID, err)
		}
		if u.EmailVerifiedAt != nil {
			return errAlreadyVerified
		}
		to = u.Email
		return queueVerification(ctx, q, u)
	})
	if errors.Is(err, mail.ErrTooMany) {
		return "", tooManyVerificationEmails()
	}
	return to, err
}

func tooManyVerificationEmails() error {
	return &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: time.Hour, Message: fmt.Sprintf(
		"We have already sent %d verification emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.",
		VerifyEmailsPerHour)}
}

// queueVerificationAtSignUp writes a new account's verification email. Past the hourly cap (an
// address freed and taken again several times) the account is still created: its owner can
// ask for the email again later.
func queueVerificationAtSignUp(ctx context.Context, q *db.Queries, u db.User) error {
	if err := queueVerification(ctx, q, u); err != nil && !errors.Is(err, mail.ErrTooMany) {
		return err
	}
	return nil
}

// queueVerification writes a verification email to u's address in q's transaction, capped per
// address and hour (mail.ErrTooMany).
func queueVerification(ctx context.Context, q *db.Queries, u db.User) error {
	key, err := signing.Open(ctx, q, purposeVerifyEmail)
	if err != nil {
		return err
	}
	token := key.Sign(time.Now().Add(VerifyEmailTTL), strconv.Itoa(int(u.ID)), addressDigest(key, u.Email))
	return enqueueCapped(ctx, q, mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kindVerifyEmail,
		Subject: "Please verify your RentProof email address",
		Content: mail.Content{
			Heading: "Please verify your email address",
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"Please confirm that " + u.Email + " is your address by opening the link below. It works for 48 hours; your account works meanwhile.",
			},
			Action: &mail.Action{Label: "Verify my email address", URL: siteorigin.From(ctx) + "/verify-email?token=" + token},
			Reason: "You are getting this because this address was given for the RentProof account " + u.Username + ". If that was not you, ignore this email: the address stays unverified.",
			Stop:   securityStop,
		},
	}, VerifyEmailsPerHour)
}

// enqueueCapped is mail.EnqueueCapped serialised per address and kind (an advisory lock held
// until q's transaction ends), so parallel requests count each other's rows and cannot pass
// the cap together.
func enqueueCapped(ctx context.Context, q *db.Queries, m mail.Message, perHour int) error {
	if err := q.LockMailAddress(ctx, db.LockMailAddressParams{Kind: m.Kind, Address: m.To}); err != nil {
		return fmt.Errorf("lock address: %w", err)
	}
	_, err := mail.EnqueueCapped(ctx, q, m, perHour)
	return err
}

// addressDigest binds a link to one address without writing the address into the URL (where
// logs, history and Referer headers would keep it): a keyed hash of it, ignoring case as
// addresses are compared.
func addressDigest(key *signing.Key, address string) string {
	return hex.EncodeToString(key.Sum("address", strings.ToLower(address))[:16])
}

// ChangeEmail changes the signed-in user's address once confirmIdentity has their password (or a
// recent passkey): the new address is unverified and gets a verification email, the old one a notice
// of the change, and the reset and sign-in links still out stop working, all in the change's
// transaction.
func (s *Service) ChangeEmail(ctx context.Context, newEmail, password string) (User, error) {
	sess, err := signedInSession(ctx)
	if err != nil {
		return User{}, err
	}
	me := sess.User
	newEmail = strings.TrimSpace(newEmail)
	var v apperr.Validator
	checkEmail(&v, newEmail)
	if err := v.Err(); err != nil {
		return User{}, err
	}
	old, err := s.q.GetUser(ctx, me.ID)
	if err != nil {
		return User{}, fmt.Errorf("get user %d: %w", me.ID, err)
	}
	if strings.EqualFold(old.Email, newEmail) {
		v.Check(false, "email", "This is already your email address")
		return User{}, v.Err()
	}
	confirmed, err := s.confirmIdentity(ctx, old, password)
	if err != nil {
		return User{}, err
	}
	if taken, err := s.q.EmailTaken(ctx, newEmail); err != nil {
		return User{}, fmt.Errorf("check email: %w", err)
	} else if taken {
		return User{}, apperr.New(apperr.ErrAlreadyExists, "Email already exists")
	}
	var out User
	noticeCapped := false
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Under the member's lock, from a session still live: a change racing the member's
		// signing this session out (or a new password) waits for it, then is refused.
		if err := lockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		u, err := q.ChangeEmail(ctx, db.ChangeEmailParams{ID: old.ID, Email: newEmail})
		if err != nil {
			return fmt.Errorf("change email of user %d: %w", old.ID, err)
		}
		// Links mailed to the old address stop working: whoever reads that inbox now is not
		// necessarily the member.
		if err := q.SpendPasswordResetTokens(ctx, old.ID); err != nil {
			return fmt.Errorf("spend emailed links: %w", err)
		}
		if err := enqueueCapped(ctx, q, emailChangedNotice(ctx, old, newEmail), EmailChangeNoticesPerHour); err != nil {
			noticeCapped = errors.Is(err, mail.ErrTooMany)
			return err
		}
		out = userOf(u)
		return queueVerification(ctx, q, u)
	})
	switch {
	case noticeCapped:
		return User{}, &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: time.Hour,
			Message: "Your email address has been changed too often in the last hour. Please try again in an hour."}
	case errors.Is(err, mail.ErrTooMany):
		return User{}, tooManyVerificationEmails()
	case err != nil:
		// Two changes racing for one address: the unique index decides.
		if err = store.Err(err); errors.Is(err, apperr.ErrAlreadyExists) {
			return User{}, apperr.New(apperr.ErrAlreadyExists, "Email already exists")
		}
		return User{}, err
	}
	return out, nil
}

// emailChangedNotice tells the old address where the account's mail goes now.
func emailChangedNotice(ctx context.Context, old db.User, newEmail string) mail.Message {
	return mail.Message{
		UserID: old.ID, To: old.Email, Category: mail.CategorySecurity, Kind: kindEmailChanged,
		Subject: "Your RentProof email address was changed",
		Content: mail.Content{
			Heading: "Your RentProof email address was changed",
			Paragraphs: []string{
				"Hello " + old.FirstName + ",",
				"Your RentProof email address was changed to " + newEmail + " on " + timeText(time.Now()) + ". Emails about your account (" + old.Username + ") now go there, and password reset and sign-in links sent to this address before the change no longer work.",
				"If you did not make this change, someone else knows your password: reset it now from the link below and contact us, so we can give the account back its address.",
			},
			Action: &mail.Action{Label: "Reset your password", URL: siteorigin.From(ctx) + "/forgot-password"},
			Reason: "You are getting this because this address was the email address of the account until now.",
			Stop:   securityStop,
		},
	}
}

// signInMethod is what proved who signed in, which the new-browser alert names.
type signInMethod int

const (
	byPassword signInMethod = iota
	byPasskey
)

// alertNewBrowser writes the sign-in alert of a sign-in from a browser the account has not used
// before, saying what to do if it was not the member: what to change depends on what was used.
// Past SignInAlertsPerHour it writes nothing.
func alertNewBrowser(ctx context.Context, q *db.Queries, u db.User, by signInMethod) error {
	client := identity.ClientFrom(ctx)
	network := ratelimit.Network(client.IP) // an IPv4 address, an IPv6 /64
	if network == "" {
		network = "unknown"
	}
	how, advice := "", "If this was you, there is nothing to do. If it was not, someone knows your password: reset it now from the link below, and check your security questions."
	action := &mail.Action{Label: "Reset your password", URL: siteorigin.From(ctx) + "/forgot-password"}
	if by == byPasskey {
		how = " with a passkey"
		advice = "If this was you, there is nothing to do. If it was not, someone has one of your passkeys or the device that holds it: remove that passkey and end the session from the link below, then change your password."
		action = &mail.Action{Label: "Review your passkeys", URL: siteorigin.From(ctx) + "/settings#passkeys"}
	}
	err := enqueueCapped(ctx, q, mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kindSignInAlert,
		Subject: "New sign-in to your RentProof account",
		Content: mail.Content{
			Heading: "A new browser signed in to your account",
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"Someone signed in to your RentProof account (" + u.Username + ")" + how + " from a browser it had not used before.",
				"When: " + timeText(time.Now()),
				"Network: " + network + " (the address the sign-in came from; it tells roughly where, not who)",
				"Browser: " + BrowserSummary(client.UserAgent),
				advice,
			},
			Action: action,
			Reason: "You are getting this because a browser signed in to your RentProof account for the first time.",
			Stop:   securityStop,
		},
	}, SignInAlertsPerHour)
	if errors.Is(err, mail.ErrTooMany) {
		return nil
	}
	return err
}

// timeText is a moment as emails say it: "Thursday 26 November 2026 at 15:04 UTC".
func timeText(t time.Time) string {
	return t.UTC().Format("Monday 2 January 2006 at 15:04 MST")
}
