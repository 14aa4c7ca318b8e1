package server

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/rest"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Authenticate puts the request's client and, when its token is live, its session on the context,
// for Connect, gRPC and REST alike. The token comes from the session cookie or, for gRPC and
// internal tools, an "Authorization: Bearer" header. A missing or dead token leaves the request
// anonymous; each rpc decides what needs a user.
//
// The client comes from Identify, which wraps the whole server; without it, the TCP peer is the
// client and no forwarding header is believed. The device cookie joins it here (see account).
func Authenticate(svc *account.Service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		client := identity.ClientFrom(ctx)
		if !identity.HasClient(ctx) {
			client = clientOf(r, 0)
		}
		if c, err := r.Cookie(identity.DeviceCookie); err == nil {
			client.Device = c.Value
		}
		ctx = identity.WithClient(ctx, client)
		if token := requestToken(r); token != "" {
			sess, err := svc.SessionForToken(ctx, token)
			switch {
			case err == nil:
				ctx = identity.WithSession(ctx, sess)
			case rpc.Unreachable(err):
				// Not the token's fault: answering anonymously would tell a signed-in client to
				// sign in again, so the request fails as the database's outage, to be retried.
				unavailable(w, r.WithContext(ctx), err)
				return
			case !errors.Is(err, apperr.ErrUnauthenticated):
				slog.ErrorContext(ctx, "authenticate", "err", err)
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// errorWriter answers an rpc's error in its own protocol (Connect, gRPC, gRPC-Web).
var errorWriter = connect.NewErrorWriter()

// unavailable answers a request whose session could not be looked up because the database could
// not be reached: unavailable with Retry-After, in the rpc's protocol or as the REST shim's 503.
func unavailable(w http.ResponseWriter, r *http.Request, err error) {
	ce := rpc.ConnectError(r.Context(), err)
	if errorWriter.IsSupported(r) {
		_ = errorWriter.Write(w, r, ce)
		return
	}
	rest.WriteError(w, r, ce)
}

func requestToken(r *http.Request) string {
	if h := r.Header.Get("Authorization"); len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	if c, err := r.Cookie(identity.SessionCookie); err == nil {
		return c.Value
	}
	return ""
}
