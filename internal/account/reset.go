package account

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// Recovery by email. Two emailed links, both SPEC §3 password_reset_tokens rows: a random token
// (256 bits) that only its email carries, stored as its SHA-256, spent once by an UPDATE that
// two parallel uses cannot both pass.
//   - A reset link sets a new password (24 hours, as the FAQ promises) and signs the account
//     out everywhere.
//   - A sign-in link answers the account-wide limit on failed sign-ins (throttle.go), which
//     guessers on many networks can fill to hold the owner out: the browser that opens it may
//     sign in past that one limit, with the right password, once (1 hour).
//
// Asking for either answers the same whether or not an account exists, and does the same work
// (a token minted and hashed, an email composed); the mail itself is capped per address and hour.
const (
	// ResetLinkTTL is how long a reset link works.
	ResetLinkTTL = 24 * time.Hour
	// SignInLinkTTL is how long a sign-in link works: the hold it answers lasts minutes.
	SignInLinkTTL = time.Hour
	// LinksPerHour caps the emails of each kind (reset, sign-in link) to one address in an hour.
	LinksPerHour = 3
)

// The answers to a request for a link, whether or not an account exists.
const (
	MsgResetLinkSent  = "If an account exists for that address, we sent a link"
	MsgSignInLinkSent = "If an account exists for that name, we sent a sign-in link to its email address"
)

// HintSignInLink is the hint (apperr.Error.Hint) of a sign-in refused by the account-wide limit:
// the page offers to email a sign-in link.
const HintSignInLink = "sign_in_link"

// ErrLinkInvalid refuses a link that was never issued, has expired or was spent.
var ErrLinkInvalid = apperr.FailedPrecondition("This link is invalid, has expired or was already used. Please ask for a new one.")

// link is one kind of emailed link.
type link struct {
	purpose, kind string // password_reset_tokens.purpose, outbox_emails.kind
	ttl           time.Duration
	path          string // the page it opens, before its token
	subject       string
	heading       string
	paragraphs    func(username string) []string
	action        string
	reason        string
}

var resetLink = link{
	purpose: "reset", kind: "password_reset", ttl: ResetLinkTTL, path: "/reset-password?token=",
	subject: "Reset your RentProof password", heading: "Reset your password",
	paragraphs: func(username string) []string {
		return []string{
			"Someone asked to reset the password of the RentProof account " + username + ". If it was you, choose a new password with the link below. It works once and expires after 24 hours.",
			"Choosing a new password signs the account out everywhere. If you did not ask, ignore this email: your password stays as it is.",
		}
	},
	action: "Choose a new password",
	reason: "You are getting this email because a password reset was requested for your RentProof account.",
}

var signInLink = link{
	purpose: "unlock", kind: "sign_in_link", ttl: SignInLinkTTL, path: "/auth?link=",
	subject: "Your RentProof sign-in link", heading: "Sign in to your account",
	paragraphs: func(username string) []string {
		return []string{
			"Your account " + username + " has had many failed sign-ins, so new browsers are held back for a while. The link below lets the browser you open it in sign in with your password. It works once and expires after one hour.",
			"If you did not ask for it, someone may be guessing your password: consider choosing a new one.",
		}
	},
	action: "Sign in",
	reason: "You are getting this email because a sign-in link was requested for your RentProof account.",
}

type signInLinkKey struct{}

// WithSignInLink carries the token of the emailed sign-in link a sign-in came with.
func WithSignInLink(ctx context.Context, token string) context.Context {
	return context.WithValue(ctx, signInLinkKey{}, token)
}

// hashLinkToken is how a link's token is stored: the hex of its SHA-256.
func hashLinkToken(token string) string { return hex.EncodeToString(HashToken(token)) }

// SendPasswordResetLink emails a reset link to the account of email, if there is one, and
// answers MsgResetLinkSent either way. Requests count per address and network, per address and
// per network like failed sign-ins; the mail is capped at LinksPerHour per address.
func (s *Service) SendPasswordResetLink(ctx context.Context, email string) (string, error) {
	email = strings.TrimSpace(email)
	var v apperr.Validator
	checkEmail(&v, email)
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := s.reserveRequest(ctx, newAttempt(ctx, "reset", false, strings.ToLower(email))); err != nil {
		return "", err
	}
	// An address never names a username (usernames cannot contain "@").
	user, err := s.q.GetUserByLogin(ctx, email)
	if err := s.sendLink(ctx, resetLink, user, err); err != nil {
		return "", err
	}
	return MsgResetLinkSent, nil
}

// SendSignInLink emails a sign-in link to the account that identifier (a username or an email
// address, as typed at sign-in) names, if there is one, and answers MsgSignInLinkSent either way.
func (s *Service) SendSignInLink(ctx context.Context, identifier string) (string, error) {
	identifier = strings.TrimSpace(identifier)
	var v apperr.Validator
	v.Check(!rules.LoginIdentifier.TooShort(identifier) && !rules.LoginIdentifier.TooLong(identifier), "username",
		fmt.Sprintf("Username or email must be at least %d characters", rules.LoginIdentifier.MinChars))
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := s.reserveRequest(ctx, newAttempt(ctx, "link", false, strings.ToLower(identifier))); err != nil {
		return "", err
	}
	user, err := s.q.GetUserByLogin(ctx, identifier)
	if err := s.sendLink(ctx, signInLink, user, err); err != nil {
		return "", err
	}
	return MsgSignInLinkSent, nil
}

// sendLink mints a link of kind l for user and emails it, unless lookup (the error of finding
// user) says there is no such account: then it does the same work and sends nothing. A capped
// address is answered as any other, so the cap says nothing about the account either.
func (s *Service) sendLink(ctx context.Context, l link, user db.User, lookup error) error {
	found := lookup == nil
	if lookup != nil && !errors.Is(store.Err(lookup), apperr.ErrNotFound) {
		return fmt.Errorf("find account: %w", lookup)
	}
	token := newToken()
	secretWork.tokens.Add(1)
	hash := hashLinkToken(token)
	m := mail.Message{
		UserID: user.ID, To: user.Email, Category: mail.CategorySecurity, Kind: l.kind, Subject: l.subject,
		Content: mail.Content{
			Heading: l.heading, Paragraphs: l.paragraphs(user.Username),
			Action: &mail.Action{Label: l.action, URL: siteorigin.From(ctx) + l.path + token},
			Reason: l.reason, Stop: securityStop,
		},
	}
	secretWork.emails.Add(1)
	if !found {
		_, _, err := mail.Render(m.Content) // composed as for an account, then dropped
		return err
	}
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// One address at a time, so parallel requests cannot pass the cap together.
		if err := q.LockEmailAddress(ctx, user.Email); err != nil {
			return fmt.Errorf("lock address: %w", err)
		}
		if _, err := mail.EnqueueCapped(ctx, q, m, LinksPerHour); err != nil {
			return err
		}
		if err := q.CreatePasswordResetToken(ctx, db.CreatePasswordResetTokenParams{
			UserID: user.ID, Purpose: l.purpose, TokenHash: hash, ExpiresAt: time.Now().Add(l.ttl),
		}); err != nil {
			return fmt.Errorf("store %s link: %w", l.purpose, err)
		}
		return nil
	})
	if errors.Is(err, mail.ErrTooMany) {
		return nil
	}
	return err
}

// reserveRequest counts a request for a link against the sign-in limits; every request counts.
func (s *Service) reserveRequest(ctx context.Context, a attempt) error {
	_, err := s.reserve(ctx, a)
	if ae, ok := errors.AsType[*apperr.Error](err); ok && errors.Is(err, apperr.ErrResourceExhausted) {
		return &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: ae.RetryAfter,
			Message: "Too many requests. Please try again in " + waitText(ae.RetryAfter) + "."}
	}
	return err
}

// ResetPasswordWithLink sets a new password with a reset link's token, which it spends (with
// every other link out for the account), signs the account out everywhere, tells the address by a
// security email and lifts the account-wide sign-in hold: whoever reads the account's mail chose
// the password.
func (s *Service) ResetPasswordWithLink(ctx context.Context, token, newPassword, confirmPassword string) error {
	var v apperr.Validator
	checkPassword(&v, "newPassword", newPassword)
	v.Check(!rules.NewPassword.TooShort(confirmPassword), "confirmPassword",
		fmt.Sprintf("Password must be at least %d characters", rules.NewPassword.MinChars))
	v.Check(newPassword == confirmPassword, "confirmPassword", "Passwords don't match")
	if err := v.Err(); err != nil {
		return err
	}
	if token == "" || len(token) > 100 {
		return ErrLinkInvalid
	}
	hash, err := HashSecret(newPassword)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		userID, err := q.UsePasswordResetToken(ctx, db.UsePasswordResetTokenParams{TokenHash: hashLinkToken(token), Purpose: resetLink.purpose})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return ErrLinkInvalid
			}
			return fmt.Errorf("use reset link: %w", err)
		}
		if err := q.SetPassword(ctx, db.SetPasswordParams{ID: userID, PasswordHash: hash}); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := q.RevokeUserSessions(ctx, userID); err != nil {
			return fmt.Errorf("revoke sessions: %w", err)
		}
		if err := q.SpendPasswordResetTokens(ctx, userID); err != nil {
			return fmt.Errorf("spend reset links: %w", err)
		}
		u, err := q.GetUser(ctx, userID)
		if err != nil {
			return fmt.Errorf("get user %d: %w", userID, err)
		}
		if err := forgetOtherDevices(ctx, q, userID); err != nil {
			return err
		}
		if _, err := mail.Enqueue(ctx, q, passwordResetNotice(ctx, u, "an emailed link")); err != nil {
			return err
		}
		return ratelimit.Clear(ctx, q, accountWideKeys(u)...)
	})
}

// accountWideKeys are the account-wide counters of u's failed sign-ins (newAttempt): one for
// each identifier it signs in with.
func accountWideKeys(u db.User) []string {
	return []string{"login:acct:" + strings.ToLower(u.Username), "login:acct:" + strings.ToLower(u.Email)}
}

// accountHeld refuses a sign-in the account-wide limit holds, offering a sign-in link.
func accountHeld(retryAfter time.Duration) error {
	return &apperr.Error{
		Kind: apperr.ErrResourceExhausted, RetryAfter: retryAfter, Hint: HintSignInLink,
		Message: "Too many failed attempts on this account. Please try again in " + waitText(retryAfter) +
			", or ask for a sign-in link by email.",
	}
}

// signInLinkFor tells whether the sign-in carries a live sign-in link of the account (found
// false: the identifier named none). A link given for another account, or spent, is refused.
func (s *Service) signInLinkFor(ctx context.Context, found bool, userID int32) (bool, error) {
	token, _ := ctx.Value(signInLinkKey{}).(string)
	if token == "" {
		return false, nil
	}
	if len(token) > 100 || !found {
		return false, ErrLinkInvalid
	}
	owner, err := s.q.GetLivePasswordResetToken(ctx, db.GetLivePasswordResetTokenParams{TokenHash: hashLinkToken(token), Purpose: signInLink.purpose})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return false, ErrLinkInvalid
		}
		return false, fmt.Errorf("look up sign-in link: %w", err)
	}
	if owner != userID {
		return false, ErrLinkInvalid
	}
	return true, nil
}

// spendSignInLink spends the sign-in's link in the transaction of a sign-in that succeeded; a
// parallel sign-in that spent it first makes this one fail.
func spendSignInLink(ctx context.Context, q *db.Queries) error {
	token, _ := ctx.Value(signInLinkKey{}).(string)
	if _, err := q.UsePasswordResetToken(ctx, db.UsePasswordResetTokenParams{TokenHash: hashLinkToken(token), Purpose: signInLink.purpose}); err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return ErrLinkInvalid
		}
		return fmt.Errorf("use sign-in link: %w", err)
	}
	return nil
}

// pastAccountWide is the attempt without the account-wide counter: what a sign-in link lifts.
// The counters per account and network and per network still apply.
func (a attempt) pastAccountWide() attempt {
	out := attempt{tight: a.tight}
	for _, r := range a.rules {
		if !slices.Contains(a.wide, r.Key) {
			out.rules = append(out.rules, r)
		}
	}
	return out
}
