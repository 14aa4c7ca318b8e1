package account

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// Account security (issue 30): changing the password and the member's own sessions. Each
// change runs under a lock on the member's row and first checks that the caller's session is
// still live, so two of them racing cannot both succeed after one ended the other's session.

// SessionEndedAlertsPerHour caps the "sessions ended" emails to one address in any hour; past
// it the sessions still end, without more mail.
const SessionEndedAlertsPerHour = 5

// The outbox kinds of this file's emails.
const (
	kindPasswordChanged = "password_changed"
	kindPasswordReset   = "password_reset_done"
	kindQuestionsSet    = "security_questions_changed"
	kindSessionsEnded   = "sessions_ended"
)

// ErrSessionNotFound answers an id that is not a live session of the caller's, another
// member's included: which ids exist is nobody else's business.
var ErrSessionNotFound = apperr.NotFound("This session was not found: it may have ended already.")

// ErrSessionEnded refuses a change from a session that a parallel change just ended.
var ErrSessionEnded = apperr.Unauthenticated("Your session has ended. Please sign in again.")

// ActiveSession is one live session as its owner sees it; never its token or hash.
type ActiveSession struct {
	ID                       int64
	Browser, System, Summary string
	// Network is the approximate network (IPv4 /24, IPv6 /48), "" when unknown.
	Network                          string
	CreatedAt, LastUsedAt, ExpiresAt time.Time
	Current                          bool
}

// confirmCurrent is confirmIdentity for a request whose password field is current_password: its
// refusals name that field.
func (s *Service) confirmCurrent(ctx context.Context, u db.User, password string) (func(context.Context, *db.Queries) error, error) {
	done, err := s.confirmIdentity(ctx, u, password)
	if ve, ok := errors.AsType[*apperr.ValidationError](err); ok {
		out := &apperr.ValidationError{}
		for _, v := range ve.Violations {
			if v.Field == "password" {
				v.Field = "currentPassword"
			}
			out.Violations = append(out.Violations, v)
		}
		return nil, out
	}
	return done, err
}

// signedInSession is the caller's user and session, or ErrNotSignedIn.
func signedInSession(ctx context.Context) (identity.Session, error) {
	sess, ok := identity.SessionFrom(ctx)
	if !ok {
		return identity.Session{}, ErrNotSignedIn
	}
	return sess, nil
}

// lockLiveSession takes the member's lock in q's transaction and checks that sess is still live.
func lockLiveSession(ctx context.Context, q *db.Queries, sess identity.Session) error {
	if err := q.LockUserForSecurityChange(ctx, sess.User.ID); err != nil {
		return fmt.Errorf("lock user %d: %w", sess.User.ID, err)
	}
	live, err := q.MemberSessionIsLive(ctx, db.MemberSessionIsLiveParams{ID: sess.ID, UserID: sess.User.ID})
	if err != nil {
		return fmt.Errorf("check session: %w", err)
	}
	if !live {
		return ErrSessionEnded
	}
	return nil
}

// ChangePassword sets the signed-in member's password once confirmIdentity has the current one
// (or a recent passkey), under registration's rules. In one transaction it ends every other
// session (this one stays), forgets the other browsers (forgetOtherDevices), spends the emailed
// links still out, and queues a security email.
// It returns how many sessions it ended.
func (s *Service) ChangePassword(ctx context.Context, currentPassword, newPassword string) (int, error) {
	sess, err := signedInSession(ctx)
	if err != nil {
		return 0, err
	}
	var v apperr.Validator
	checkPassword(&v, "newPassword", newPassword)
	if err := v.Err(); err != nil {
		return 0, err
	}
	u, err := s.q.GetUser(ctx, sess.User.ID)
	if err != nil {
		return 0, fmt.Errorf("get user %d: %w", sess.User.ID, err)
	}
	confirmed, err := s.confirmCurrent(ctx, u, currentPassword)
	if err != nil {
		return 0, err
	}
	hash, err := HashSecret(newPassword)
	if err != nil {
		return 0, err
	}
	var ended int64
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		if err := q.SetPassword(ctx, db.SetPasswordParams{ID: u.ID, PasswordHash: hash}); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if ended, err = q.EndOtherMemberSessions(ctx, db.EndOtherMemberSessionsParams{
			UserID: u.ID, Keep: sess.ID, IdleSeconds: idleSeconds(),
		}); err != nil {
			return fmt.Errorf("end other sessions: %w", err)
		}
		if err := q.SpendPasswordResetTokens(ctx, u.ID); err != nil {
			return fmt.Errorf("spend emailed links: %w", err)
		}
		if err := forgetOtherDevices(ctx, q, u.ID); err != nil {
			return err
		}
		_, err := mail.Enqueue(ctx, q, passwordChangedNotice(ctx, u, int(ended)))
		return err
	})
	if err != nil {
		return 0, err
	}
	return int(ended), nil
}

// Sessions lists the signed-in member's live sessions, most recently used first.
func (s *Service) Sessions(ctx context.Context) ([]ActiveSession, error) {
	sess, err := signedInSession(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ListLiveMemberSessions(ctx, db.ListLiveMemberSessionsParams{UserID: sess.User.ID, IdleSeconds: idleSeconds()})
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out := make([]ActiveSession, 0, len(rows))
	for _, r := range rows {
		ua := nullable.Value(r.UserAgent)
		out = append(out, ActiveSession{
			ID: r.ID, Browser: firstMatch(ua, browsers), System: firstMatch(ua, systems), Summary: BrowserSummary(ua),
			Network:   ApproximateNetwork(nullable.Value(r.ClientIp)),
			CreatedAt: r.CreatedAt, LastUsedAt: r.LastSeenAt, ExpiresAt: r.ExpiresAt, Current: r.ID == sess.ID,
		})
	}
	return out, nil
}

// EndSession ends one live session of the signed-in member and queues a security email;
// ErrSessionNotFound for any other id. wasCurrent tells that it was the caller's own.
func (s *Service) EndSession(ctx context.Context, id int64) (wasCurrent bool, err error) {
	sess, err := signedInSession(ctx)
	if err != nil {
		return false, err
	}
	if id <= 0 {
		return false, ErrSessionNotFound
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		row, err := q.EndMemberSession(ctx, db.EndMemberSessionParams{ID: id, UserID: sess.User.ID, IdleSeconds: idleSeconds()})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return ErrSessionNotFound
			}
			return fmt.Errorf("end session %d: %w", id, err)
		}
		what := "A session signed in from " + BrowserSummary(nullable.Value(row.UserAgent)) +
			" (network " + cmp.Or(ApproximateNetwork(nullable.Value(row.ClientIp)), "unknown") + ") was signed out."
		return s.alertSessionsEnded(ctx, q, sess.User.ID, what)
	})
	return id == sess.ID && err == nil, err
}

// EndOtherSessions ends every live session of the signed-in member but this one, forgets the
// other browsers (forgetOtherDevices), and queues a security email when it ended any. It returns
// how many it ended.
func (s *Service) EndOtherSessions(ctx context.Context) (int, error) {
	sess, err := signedInSession(ctx)
	if err != nil {
		return 0, err
	}
	var ended int64
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockLiveSession(ctx, q, sess); err != nil {
			return err
		}
		if ended, err = q.EndOtherMemberSessions(ctx, db.EndOtherMemberSessionsParams{
			UserID: sess.User.ID, Keep: sess.ID, IdleSeconds: idleSeconds(),
		}); err != nil {
			return fmt.Errorf("end other sessions: %w", err)
		}
		if err := forgetOtherDevices(ctx, q, sess.User.ID); err != nil {
			return err
		}
		if ended == 0 {
			return nil
		}
		return s.alertSessionsEnded(ctx, q, sess.User.ID, sessionsPlural(int(ended), "other session was", "other sessions were")+
			" signed out; the browser that asked stays signed in.")
	})
	if err != nil {
		return 0, err
	}
	return int(ended), nil
}

// alertSessionsEnded queues the "sessions ended" security email, at most
// SessionEndedAlertsPerHour an hour.
func (s *Service) alertSessionsEnded(ctx context.Context, q *db.Queries, userID int32, what string) error {
	u, err := q.GetUser(ctx, userID)
	if err != nil {
		return fmt.Errorf("get user %d: %w", userID, err)
	}
	client := identity.ClientFrom(ctx)
	err = enqueueCapped(ctx, q, mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kindSessionsEnded,
		Subject: "Sessions of your RentProof account were signed out",
		Content: mail.Content{
			Heading: "Sessions of your account were signed out",
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				what,
				"When: " + timeText(time.Now()),
				"Asked from: " + BrowserSummary(client.UserAgent) + ", network " + cmp.Or(ApproximateNetwork(client.IP), "unknown"),
				"If this was you, there is nothing to do. If it was not, someone is signed in to your account: change your password now from the link below.",
			},
			Action: &mail.Action{Label: "Reset your password", URL: siteorigin.From(ctx) + "/forgot-password"},
			Reason: "You are getting this because sessions of your RentProof account (" + u.Username + ") were signed out.",
			Stop:   securityStop,
		},
	}, SessionEndedAlertsPerHour)
	if errors.Is(err, mail.ErrTooMany) {
		return nil
	}
	return err
}

// passwordChangedNotice tells the member their password changed and what else the change did.
func passwordChangedNotice(ctx context.Context, u db.User, ended int) mail.Message {
	return passwordNotice(ctx, u, kindPasswordChanged, "changed", "was changed",
		sessionsPlural(ended, "other session was", "other sessions were")+" signed out, and password reset links sent before the change no longer work.",
		"If you did not make this change, someone else knows your password: reset it now from the link below and check your security questions.")
}

// passwordResetNotice tells the member that recovery set a new password (how: "your security
// questions", "an emailed link"): a guesser of the answers must not take the account over unheard.
func passwordResetNotice(ctx context.Context, u db.User, how string) mail.Message {
	return passwordNotice(ctx, u, kindPasswordReset, "reset", "was reset with "+how,
		"Every session of the account was signed out, and password reset links sent before no longer work.",
		"If this was not you, someone else has used "+how+": reset your password now from the link below, change your security questions, and contact us if you cannot get back in.")
}

// questionsChangedNotice tells the member their security questions were set (never the answers):
// answers reset the password, so answers set by someone else are a way back into the account.
func questionsChangedNotice(ctx context.Context, u db.User) mail.Message {
	client := identity.ClientFrom(ctx)
	subject := "Your RentProof security questions were changed"
	return mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kindQuestionsSet, Subject: subject,
		Content: mail.Content{
			Heading: subject,
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"The security questions of your RentProof account (" + u.Username + ") and their answers were set on " + timeText(time.Now()) +
					" from " + BrowserSummary(client.UserAgent) + ", network " + cmp.Or(ApproximateNetwork(client.IP), "unknown") + ". Their answers can reset your password.",
				"If you did not make this change, someone else is signed in to your account: reset your password now from the link below, then set your security questions again.",
			},
			Action: &mail.Action{Label: "Reset your password", URL: siteorigin.From(ctx) + "/forgot-password"},
			Reason: "You are getting this because the security questions of your RentProof account were changed.",
			Stop:   securityStop,
		},
	}
}

// passwordNotice is the security email about a new password: done is "changed" or "reset" (the
// subject's word), what how it happened, then when and from where, then the paragraphs after.
func passwordNotice(ctx context.Context, u db.User, kind, done, what string, after ...string) mail.Message {
	client := identity.ClientFrom(ctx)
	subject := "Your RentProof password was " + done
	return mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: kind, Subject: subject,
		Content: mail.Content{
			Heading: subject,
			Paragraphs: append([]string{
				"Hello " + u.FirstName + ",",
				"The password of your RentProof account (" + u.Username + ") " + what + " on " + timeText(time.Now()) +
					" from " + BrowserSummary(client.UserAgent) + ", network " + cmp.Or(ApproximateNetwork(client.IP), "unknown") + ".",
			}, after...),
			Action: &mail.Action{Label: "Reset your password", URL: siteorigin.From(ctx) + "/forgot-password"},
			Reason: "You are getting this because the password of your RentProof account was " + done + ".",
			Stop:   securityStop,
		},
	}
}

// ApproximateNetwork is the network a session's address belongs to, as the sessions list shows
// it: the /24 of an IPv4 address, the /48 of an IPv6 one; "" when the address is unknown. It
// tells roughly where a sign-in came from (an internet provider's block), not who or which town:
// no location database is consulted.
func ApproximateNetwork(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	a = a.Unmap()
	bits := 48
	if a.Is4() {
		bits = 24
	}
	p, err := a.Prefix(bits)
	if err != nil {
		return ""
	}
	return p.String()
}

func idleSeconds() int32 { return int32(IdleTimeout / time.Second) }

// sessionsPlural is "1 other session was" or "3 other sessions were" ("No other session was" for none).
func sessionsPlural(n int, one, many string) string {
	switch n {
	case 0:
		return "No " + one
	case 1:
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
