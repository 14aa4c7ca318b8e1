package account

import (
	"log/slog"
	"net/http"
	"strings"
)

// SessionCookie is the HttpOnly cookie that carries the session token.
const SessionCookie = "rentproof_session"

// Authenticate puts the session's user on the request context, for Connect, gRPC and REST alike.
// The token comes from the session cookie or, for gRPC and internal tools, an "Authorization: Bearer"
// header. A missing or dead token leaves the request anonymous; each handler decides what needs a user.
func Authenticate(svc *Service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := bearerToken(r)
		if token == "" {
			if c, err := r.Cookie(SessionCookie); err == nil {
				token = c.Value
			}
		}
		if token != "" {
			u, err := svc.UserForToken(r.Context(), token)
			switch {
			case err == nil:
				r = r.WithContext(WithUser(r.Context(), u))
			case !isUnauthenticated(err):
				slog.ErrorContext(r.Context(), "authenticate", "err", err)
			}
		}
		next.ServeHTTP(w, r)
	})
}

func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}
