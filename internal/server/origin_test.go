package server

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/rentproof/rentproof/internal/siteorigin"
)

// The links in emails name the configured origin whatever Host a request claims: whoever
// triggers an email (a reset, a verification request) must not be able to point its link at
// their own site.
func TestEmailLinksIgnoreTheRequestsHost(t *testing.T) {
	t.Parallel()
	var got string
	h := withOrigin("https://rentproof.example", http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = siteorigin.From(r.Context())
	}))
	for _, host := range []string{"evil.example", "rentproof.example.evil.example", "127.0.0.1:8080"} {
		r := httptest.NewRequest(http.MethodPost, "/api/password-reset/request", http.NoBody)
		r.Host = host
		r.Header.Set("X-Forwarded-Host", "evil.example")
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != "https://rentproof.example" {
			t.Errorf("Host %s: links would name %q", host, got)
		}
	}
}
