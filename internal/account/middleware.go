package account

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"

	"github.com/rentproof/rentproof/internal/apperr"
)

// SessionCookie is the HttpOnly cookie that carries the session token.
const SessionCookie = "rentproof_session"

// Authenticate puts the request's client and, when its token is live, its session on the context,
// for Connect, gRPC and REST alike. The token comes from the session cookie or, for gRPC and
// internal tools, an "Authorization: Bearer" header. A missing or dead token leaves the request
// anonymous; each rpc decides what needs a user.
//
// trustProxy makes the client address come from X-Forwarded-For and TLS from X-Forwarded-Proto;
// set it only behind a proxy that overwrites those headers.
func Authenticate(svc *Service, trustProxy bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := WithClient(r.Context(), clientOf(r, trustProxy))
		if token := requestToken(r); token != "" {
			sess, err := svc.SessionForToken(ctx, token)
			switch {
			case err == nil:
				ctx = WithSession(ctx, sess)
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
	if c, err := r.Cookie(SessionCookie); err == nil {
		return c.Value
	}
	return ""
}

func clientOf(r *http.Request, trustProxy bool) Client {
	c := Client{UserAgent: r.UserAgent(), Secure: r.TLS != nil}
	c.IP, _, _ = net.SplitHostPort(r.RemoteAddr)
	if trustProxy {
		if fwd := r.Header.Get("X-Forwarded-For"); fwd != "" {
			c.IP = strings.TrimSpace(strings.Split(fwd, ",")[0])
		}
		c.Secure = c.Secure || r.Header.Get("X-Forwarded-Proto") == "https"
	}
	return c
}
