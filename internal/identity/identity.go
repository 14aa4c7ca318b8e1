// Package identity is who sent a request, as every layer sees it: the signed-in user (a small
// principal, never a database row) and the client they connect from. The HTTP edge puts both on
// the request's context; domains read them from there, and ask who may act with RequireUser and
// RequireAdmin, the one place those checks are written.
package identity

import "context"

// The HttpOnly cookies of a signed-in browser: its session token, and its device token, which
// marks a browser that signed in to an account before (see account.DeviceTTL). The API layer
// sets them at sign-in; the HTTP edge reads them into the Session and the Client.
const (
	SessionCookie = "rentproof_session"
	DeviceCookie  = "rentproof_device"
)

// User is the signed-in principal: enough to decide who may do what, nothing secret.
type User struct {
	ID       int32
	Username string
	Role     string
}

// IsAdmin tells whether the user administers the site.
func (u User) IsAdmin() bool { return u.Role == "admin" }

// Client describes where a request comes from: what rate limits and cookies need to know.
type Client struct {
	IP        string // a canonical address, for per-network limits
	UserAgent string // cleaned: valid UTF-8 without control characters, bounded
	Secure    bool   // the request came over TLS (directly or through a trusted proxy)
	Device    string // the browser's device token, if it carries one (see account)
}

// Session is the signed-in session a request carries.
type Session struct {
	ID   int64
	User User
}

type (
	sessionKey struct{}
	clientKey  struct{}
)

// WithSession returns ctx carrying the request's session and so its user.
func WithSession(ctx context.Context, s Session) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

// SessionFrom returns the request's session, if it is signed in.
func SessionFrom(ctx context.Context) (Session, bool) {
	s, ok := ctx.Value(sessionKey{}).(Session)
	return s, ok
}

// UserFrom returns the signed-in user, if any.
func UserFrom(ctx context.Context) (User, bool) {
	s, ok := SessionFrom(ctx)
	return s.User, ok
}

// RequireUser returns the signed-in user, or signedOut when nobody is signed in: the caller's
// refusal in its own words (an apperr.Unauthenticated), so each screen keeps its message.
func RequireUser(ctx context.Context, signedOut error) (User, error) {
	u, ok := UserFrom(ctx)
	if !ok {
		return User{}, signedOut
	}
	return u, nil
}

// RequireAdmin returns the signed-in administrator: signedOut when nobody is signed in, notAdmin
// when the user does not administer the site (the caller's refusals, as for RequireUser).
func RequireAdmin(ctx context.Context, signedOut, notAdmin error) (User, error) {
	u, err := RequireUser(ctx, signedOut)
	if err == nil && !u.IsAdmin() {
		return User{}, notAdmin
	}
	return u, err
}

// WithClient returns ctx carrying the request's client.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientFrom returns the request's client (zero outside a request).
func ClientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// HasClient tells whether ctx already carries a client.
func HasClient(ctx context.Context) bool {
	_, ok := ctx.Value(clientKey{}).(Client)
	return ok
}
