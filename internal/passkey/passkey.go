// Package passkey holds members' passkeys (WebAuthn, through go-webauthn): registering, naming and
// removing them, signing in with one without a username, and confirming a session with one. A
// ceremony's options go to the browser and its answer comes back as JSON; the library's session
// data waits in passkey_challenges, found by the challenge's hash and spent once.
package passkey

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
)

const (
	// ChallengeTTL is how long a ceremony may take between its Begin and its Finish.
	ChallengeTTL = 5 * time.Minute
	// MaxPasskeys bounds the passkeys of one account.
	MaxPasskeys = 20
	// MaxNameChars bounds a passkey's name.
	MaxNameChars = 60
	// CeremoniesPerSession bounds the registration and confirmation ceremonies one session may
	// begin within ChallengeTTL: each is a row, and beginning a confirmation needs no password.
	CeremoniesPerSession = 20
)

// The purposes of a challenge (passkey_challenges.purpose): one never serves another.
const (
	purposeRegister = "register"
	purposeSignIn   = "sign_in"
	purposeConfirm  = "confirm"
)

// Errors a member may see.
var (
	errNotSignedIn = account.ErrNotSignedIn
	// ErrUnavailable refuses every ceremony when the site's origin is an IP address other than
	// loopback: WebAuthn needs a domain name as the relying party.
	ErrUnavailable = apperr.FailedPrecondition("Passkeys are not available on this server: it must be reached by a domain name (set PUBLIC_URL).")
	// ErrCeremonyInvalid refuses an answer whose challenge was never issued, has expired, was
	// already used, or was issued for another purpose or session.
	ErrCeremonyInvalid = apperr.FailedPrecondition("This passkey request has expired or was already used. Please try again.")
	errBadCredential   = apperr.New(apperr.ErrInvalidArgument, "Your browser's passkey answer could not be read. Please try again.")
	errNotVerified     = apperr.Unauthenticated("The passkey could not be verified. Please try again with a passkey saved for this site.")
	errNotFound        = apperr.NotFound("Passkey not found")
	errTooMany         = apperr.FailedPrecondition("You have %d passkeys, the most an account may have. Please remove one first.", MaxPasskeys)
	errLastRequired    = apperr.FailedPrecondition(`This is your last passkey and your account requires one to sign in. Please turn off "Require a passkey" first, or add another passkey.`)
	errNoPasskeys      = apperr.FailedPrecondition("Please add a passkey first.")
)

// Passkey is one of a member's passkeys, as they see it.
type Passkey struct {
	ID         int64
	Name       string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	// Synced tells that the authenticator backs the passkey up (backup state).
	Synced bool
}

// Service holds the passkey rules.
type Service struct {
	pool     *pgxpool.Pool
	q        *db.Queries
	accounts *account.Service
	wa       *webauthn.WebAuthn // nil: unavailable (ErrUnavailable)
}

// NewService returns a Service over pool whose relying party is the site's public origin
// (PUBLIC_URL, or the address the server listens on): see RelyingParty.
func NewService(pool *pgxpool.Pool, accounts *account.Service, origin string) *Service {
	s := &Service{pool: pool, q: db.New(pool), accounts: accounts}
	rpID, origins, err := RelyingParty(origin)
	if err != nil {
		return s
	}
	s.wa, err = webauthn.New(&webauthn.Config{
		RPID: rpID, RPDisplayName: "RentProof", RPOrigins: origins,
		// A challenge lives ChallengeTTL on our side; the browser's own prompt times out sooner.
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: ChallengeTTL, TimeoutUVD: ChallengeTTL},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: ChallengeTTL, TimeoutUVD: ChallengeTTL},
		},
	})
	if err != nil {
		s.wa = nil
	}
	return s
}

// RelyingParty is the relying party of a site origin: its ID is the origin's host, and only that
// origin may answer. WebAuthn refuses IP addresses, so a loopback address (a laptop, the tests)
// becomes localhost, which browsers treat as secure over plain HTTP; any other IP address has none.
func RelyingParty(origin string) (id string, origins []string, err error) {
	u, err := url.Parse(origin)
	if err != nil || u.Hostname() == "" {
		return "", nil, ErrUnavailable
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if !a.Unmap().IsLoopback() {
			return "", nil, ErrUnavailable
		}
		host = "localhost"
		if p := u.Port(); p != "" {
			u.Host = host + ":" + p
		} else {
			u.Host = host
		}
	}
	return host, []string{u.Scheme + "://" + u.Host}, nil
}

// member is an account as the library sees it: its user handle and its passkeys.
type member struct {
	handle      []byte
	name        string
	displayName string
	creds       []webauthn.Credential
}

func (m *member) WebAuthnID() []byte                         { return m.handle }
func (m *member) WebAuthnName() string                       { return m.name }
func (m *member) WebAuthnDisplayName() string                { return m.displayName }
func (m *member) WebAuthnCredentials() []webauthn.Credential { return m.creds }

// credentialOf is a stored passkey as the library's credential record.
func credentialOf(p db.Passkey) webauthn.Credential {
	transports := make([]protocol.AuthenticatorTransport, len(p.Transports))
	for i, t := range p.Transports {
		transports[i] = protocol.AuthenticatorTransport(t)
	}
	return webauthn.Credential{
		ID: p.CredentialID, PublicKey: p.PublicKey, AttestationType: p.AttestationType,
		AttestationFormat: p.AttestationFormat, Transport: transports,
		Flags:         webauthn.CredentialFlagsFromMsgpByte(byte(p.Flags)),
		Authenticator: webauthn.Authenticator{AAGUID: p.Aaguid, SignCount: uint32(p.SignCount)},
	}
}

func passkeyOf(p db.Passkey) Passkey {
	return Passkey{
		ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt, LastUsedAt: p.LastUsedAt,
		Synced: protocol.AuthenticatorFlags(byte(p.Flags)).HasBackupState(),
	}
}

// signedIn returns the request's session, or refuses a signed-out caller.
func signedIn(ctx context.Context) (identity.Session, error) {
	sess, ok := identity.SessionFrom(ctx)
	if !ok {
		return identity.Session{}, errNotSignedIn
	}
	return sess, nil
}

func (s *Service) available() error {
	if s.wa == nil {
		return ErrUnavailable
	}
	return nil
}

// List returns the signed-in member's passkeys, oldest first, and whether one is required.
func (s *Service) List(ctx context.Context) (keys []Passkey, required bool, err error) {
	sess, err := signedIn(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.q.ListPasskeys(ctx, sess.User.ID)
	if err != nil {
		return nil, false, fmt.Errorf("list passkeys: %w", err)
	}
	keys = make([]Passkey, len(rows))
	for i, r := range rows {
		keys[i] = passkeyOf(r)
	}
	if required, err = s.q.PasskeyRequired(ctx, sess.User.ID); err != nil {
		return nil, false, fmt.Errorf("passkey requirement: %w", err)
	}
	return keys, required, nil
}

// hashChallenge is how a challenge is stored: its SHA-256, over the base64url text the browser
// echoes in its client data.
func hashChallenge(challenge string) []byte {
	sum := sha256.Sum256([]byte(challenge))
	return sum[:]
}

// ceremony is a begun ceremony to store: the library's session data, its challenge kept apart.
type ceremony struct {
	purpose   string
	userID    *int32
	sessionID *int64
	data      *webauthn.SessionData
}

// errTooManyCeremonies refuses a session's ceremony past CeremoniesPerSession.
func errTooManyCeremonies(retryAfter time.Duration) error {
	wait := "1 minute"
	if n := int(math.Ceil(retryAfter.Minutes())); n > 1 {
		wait = fmt.Sprintf("%d minutes", n)
	}
	return &apperr.Error{
		Kind: apperr.ErrResourceExhausted, RetryAfter: retryAfter,
		Message: "Too many passkey requests from this browser. Please try again in " + wait + ".",
	}
}

// storeSessionCeremony is storeCeremony for a ceremony bound to a session (register, confirm),
// counted against CeremoniesPerSession in the same transaction.
func storeSessionCeremony(ctx context.Context, q *db.Queries, c ceremony) error {
	rule := ratelimit.Rule{Key: fmt.Sprintf("passkey:begin:session:%d", *c.sessionID), Max: CeremoniesPerSession, Window: ChallengeTTL}
	if _, err := ratelimit.Reserve(ctx, q, rule); err != nil {
		if e, ok := ratelimit.IsExceeded(err); ok {
			return errTooManyCeremonies(e.RetryAfter)
		}
		return err
	}
	return storeCeremony(ctx, q, c)
}

// storeCeremony writes a begun ceremony's challenge row in q's transaction.
func storeCeremony(ctx context.Context, q *db.Queries, c ceremony) error {
	data := *c.data
	challenge := data.Challenge
	data.Challenge = "" // only its hash is kept: the browser brings it back
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("encode ceremony: %w", err)
	}
	if err := q.CreatePasskeyChallenge(ctx, db.CreatePasskeyChallengeParams{
		ChallengeHash: hashChallenge(challenge), Purpose: c.purpose, UserID: c.userID, SessionID: c.sessionID,
		Ceremony: raw, ExpiresAt: time.Now().Add(ChallengeTTL),
	}); err != nil {
		return fmt.Errorf("store challenge: %w", err)
	}
	return nil
}

// spend spends the live challenge the browser's client data names, once, for purpose, and
// returns the ceremony it began. A challenge of a register or confirm ceremony must come back on
// the session that began it. The spend commits on its own: a failed answer has used it too.
func (s *Service) spend(ctx context.Context, challenge, purpose string) (db.PasskeyChallenge, webauthn.SessionData, error) {
	row, err := s.q.SpendPasskeyChallenge(ctx, db.SpendPasskeyChallengeParams{ChallengeHash: hashChallenge(challenge), Purpose: purpose})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return db.PasskeyChallenge{}, webauthn.SessionData{}, ErrCeremonyInvalid
		}
		return db.PasskeyChallenge{}, webauthn.SessionData{}, fmt.Errorf("spend challenge: %w", err)
	}
	if row.SessionID != nil {
		sess, ok := identity.SessionFrom(ctx)
		if !ok || sess.ID != *row.SessionID {
			return db.PasskeyChallenge{}, webauthn.SessionData{}, ErrCeremonyInvalid
		}
	}
	var data webauthn.SessionData
	if err := json.Unmarshal(row.Ceremony, &data); err != nil {
		return db.PasskeyChallenge{}, webauthn.SessionData{}, fmt.Errorf("decode ceremony: %w", err)
	}
	data.Challenge = challenge
	return row, data, nil
}

// newHandle is a fresh user handle: 32 random bytes, nothing about the account.
func newHandle() []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return b
}

// memberOf is the member u as the library sees it, with their passkeys.
func (s *Service) memberOf(ctx context.Context, q *db.Queries, u db.User) (*member, []db.Passkey, error) {
	rows, err := q.ListPasskeys(ctx, u.ID)
	if err != nil {
		return nil, nil, fmt.Errorf("list passkeys: %w", err)
	}
	m := &member{name: u.Username, displayName: u.FirstName + " " + u.LastName}
	for _, r := range rows {
		m.creds = append(m.creds, credentialOf(r))
		if m.handle == nil {
			m.handle = r.UserHandle
		}
	}
	return m, rows, nil
}

// optionsJSON is a ceremony's options as the browser's JSON form.
func optionsJSON(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encode options: %w", err)
	}
	return string(b), nil
}
