package web

import (
	"net/http"

	"github.com/rentproof/rentproof/internal/siteorigin"
)

// WithSiteOrigin puts the site's origin (public, else the request's own: siteOrigin) on each
// request's context, where the services read it for links in emails (siteorigin.From).
func WithSiteOrigin(public string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := siteOrigin(r, public); origin != "" {
			r = r.WithContext(siteorigin.With(r.Context(), origin))
		}
		next.ServeHTTP(w, r)
	})
}
