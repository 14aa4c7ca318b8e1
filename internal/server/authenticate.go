package server

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
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
			case !errors.Is(err, apperr.ErrUnauthenticated):
				slog.ErrorContext(ctx, "authenticate", "err", err)
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
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
