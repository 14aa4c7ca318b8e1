// Package account holds accounts and sessions: registration, sign-in, recovery by security
// questions, and who is signed in.
package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Session lifetimes, as the contract declares them (vocab.Published): a session ends 30 days
// after sign-in, or after 7 days without use.
var (
	SessionTTL  = time.Duration(vocab.Published.GetAccount().GetSessionDays()) * 24 * time.Hour
	IdleTimeout = time.Duration(vocab.Published.GetAccount().GetSessionIdleDays()) * 24 * time.Hour
)

// touchEvery limits the writes that keep a session alive to one per session per minute.
const touchEvery = time.Minute

// Service holds the account rules.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	limits Limits
	files  FileRemover // closed accounts' document files (closure.go)
	// dummyHash is verified against when no account matches, so a miss costs what a hit costs.
	dummyHash string
}

// NewService returns a Service over pool with the default limits.
func NewService(pool *pgxpool.Pool) *Service {
	dummy, err := HashSecret("no account has this password")
	if err != nil {
		panic(err) // only fails when the system has no randomness
	}
	return &Service{pool: pool, q: db.New(pool), limits: DefaultLimits, dummyHash: dummy}
}

// WithLimits returns the service with limits in place of the defaults (zero fields keep theirs).
func (s *Service) WithLimits(l Limits) *Service {
	if l.RegistrationsPerNetwork > 0 {
		s.limits.RegistrationsPerNetwork = l.RegistrationsPerNetwork
	}
	return s
}

// HashToken is how a session token is stored: only its SHA-256, so a leaked table grants nothing.
func HashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// newToken returns 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// User is an account as its owner sees it; secrets never leave this package.
type User struct {
	ID                   int32
	Username, Email      string
	FirstName, LastName  string
	Role                 string
	ProfileImage         string
	Tokens               int32
	CreatedAt            time.Time
	HasSecurityQuestions bool
	// EmailVerified tells that the owner opened a verification link sent to Email.
	EmailVerified bool
	// The profile: Bio and City are empty when not given; Language is a language code.
	Bio, City, Country, Language string
}

func userOf(u db.User) User {
	return User{
		ID: u.ID, Username: u.Username, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		Role: u.Role, ProfileImage: nullable.Value(u.ProfileImage), Tokens: u.Tokens, CreatedAt: u.CreatedAt,
		HasSecurityQuestions: u.SecurityQuestion1 != nil,
		EmailVerified:        u.EmailVerifiedAt != nil,
		Bio:                  nullable.Value(u.Bio), City: nullable.Value(u.City), Country: u.Country,
		Language: u.LanguagePreference,
	}
}

// SessionForToken returns the live session of a token, or ErrUnauthenticated, and keeps it alive.
func (s *Service) SessionForToken(ctx context.Context, token string) (identity.Session, error) {
	if token == "" || len(token) > 200 {
		return identity.Session{}, apperr.ErrUnauthenticated
	}
	row, err := s.q.GetSessionUser(ctx, db.GetSessionUserParams{
		TokenHash: HashToken(token), IdleSeconds: int32(IdleTimeout / time.Second),
	})
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return identity.Session{}, apperr.ErrUnauthenticated
		}
		return identity.Session{}, fmt.Errorf("look up session: %w", err)
	}
	if time.Since(row.LastSeenAt) > touchEvery {
		if err := s.q.TouchSession(ctx, row.SessionID); err != nil {
			slog.WarnContext(ctx, "touch session", "err", err)
		}
	}
	return identity.Session{ID: row.SessionID, User: identity.User{ID: row.UserID, Username: row.Username, Role: row.Role}}, nil
}

// startSession creates a session for user and returns its token.
func startSession(ctx context.Context, q *db.Queries, userID int32) (string, error) {
	token := newToken()
	client := identity.ClientFrom(ctx)
	if err := q.CreateSession(ctx, db.CreateSessionParams{
		UserID: userID, TokenHash: HashToken(token), ExpiresAt: time.Now().Add(SessionTTL),
		// The user agent is already cleaned and bounded (Identify).
		UserAgent: nullable.Ptr(client.UserAgent), ClientIp: nullable.Ptr(client.IP),
	}); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	if err := recordSignIn(ctx, q, userID); err != nil {
		return "", err
	}
	return token, nil
}

// SignInHistory is how long sign-ins are remembered (sign_ins): an approval of a verification
// request from a network or browser its property's owner used within it waits for an administrator.
const SignInHistory = 90 * 24 * time.Hour

// recordSignIn remembers the network the user signed in from (none for the server's own
// machine, where every client would look alike) and the device token the browser presented,
// whichever account it was issued to: a browser two accounts share links them.
func recordSignIn(ctx context.Context, q *db.Queries, userID int32) error {
	var device []byte
	if token := deviceFrom(ctx); token != "" {
		device = HashToken(token)
	}
	if err := q.RecordSignIn(ctx, db.RecordSignInParams{
		UserID: userID, Network: nullable.Ptr(SignInNetwork(identity.ClientFrom(ctx).IP)), DeviceHash: device,
	}); err != nil {
		return fmt.Errorf("record sign-in: %w", err)
	}
	return nil
}

// SignInNetwork is the network a client address counts as when sign-ins are compared (an IPv4
// address, an IPv6 /64), or "" for none: loopback, the server's own machine.
func SignInNetwork(ip string) string {
	if a, err := netip.ParseAddr(ip); err == nil && a.Unmap().IsLoopback() {
		return ""
	}
	return ratelimit.Network(ip)
}

// ErrNotSignedIn refuses what needs a signed-in user to someone who is not.
var ErrNotSignedIn = apperr.Unauthenticated("You are not signed in")

// Current returns the signed-in user's account; ok is false when nobody is signed in, which is
// an answer rather than an error.
func (s *Service) Current(ctx context.Context) (user User, ok bool, err error) {
	me, ok := identity.UserFrom(ctx)
	if !ok {
		return User{}, false, nil
	}
	u, err := s.q.GetUser(ctx, me.ID)
	if err != nil {
		return User{}, false, fmt.Errorf("get user %d: %w", me.ID, err)
	}
	return userOf(u), true, nil
}

// UserName returns a user's public name: the first name and the last name's first letter.
func (s *Service) UserName(ctx context.Context, id int32) (first, last string, err error) {
	u, err := s.q.GetUser(ctx, id)
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return "", "", apperr.NotFound("User not found")
		}
		return "", "", fmt.Errorf("get user %d: %w", id, err)
	}
	return u.FirstName, identity.PublicLastName(u.LastName), nil
}

// Housekeep deletes sessions that can never be used again, devices unused for longer than their
// cookie lives, sign-ins older than SignInHistory, emailed links a day past expiry and rate-limit events older than any window. Safe to run on every server at once.
func (s *Service) Housekeep(ctx context.Context) error {
	if err := s.q.DeleteDeadSessions(ctx); err != nil {
		return fmt.Errorf("delete dead sessions: %w", err)
	}
	if err := s.q.DeleteStaleDevices(ctx, int32(DeviceTTL/time.Second)); err != nil {
		return fmt.Errorf("delete stale devices: %w", err)
	}
	if err := s.q.DeleteOldPasswordResetTokens(ctx); err != nil {
		return fmt.Errorf("delete old reset links: %w", err)
	}
	if err := s.q.DeleteOldSignIns(ctx, int32(SignInHistory/time.Second)); err != nil {
		return fmt.Errorf("delete old sign-ins: %w", err)
	}
	return ratelimit.Housekeep(ctx, s.q)
}
