package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// What the edge (Identify) believes of a client behind proxies, replayed over the public API.

// forwarded is a sign-in as it reaches the server through a proxy: the client's own
// X-Forwarded-For, with the address the proxy saw appended.
func forwarded(t *testing.T, base, username, clientWrote, proxySaw string) int {
	t.Helper()
	body := strings.NewReader(fmt.Sprintf(`{"username":%q,"password":"guess-123"}`, username))
	status, _, _ := testworld.Send(t, http.MethodPost, base+"/api/login", "", "application/json", body,
		"X-Forwarded-For", strings.TrimPrefix(clientWrote+", "+proxySaw, ", "))
	return status
}

// The attack rotated the left-most X-Forwarded-For entry, which the server believed, to pass the
// per-address limit. Behind one trusted proxy only the entry the proxy appended counts.
func TestRotatingForwardedForDoesNotPassTheAddressLimit(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{TrustedProxies: 1})
	throttledAt := 0
	for i := 1; i <= 3*account.MaxNetworkFailures && throttledAt == 0; i++ {
		rotated := fmt.Sprintf("10.%d.%d.%d", i/65536%256, i/256%256, i%256)
		if forwarded(t, srv.URL, fmt.Sprint("victim", i), rotated, "203.0.113.7") == http.StatusTooManyRequests {
			throttledAt = i
		}
	}
	if throttledAt != account.MaxNetworkFailures+1 {
		t.Errorf("rotating the client's own entries: throttled at attempt %d, want %d", throttledAt, account.MaxNetworkFailures+1)
	}
	// Another client behind the same proxy is another address.
	if status := forwarded(t, srv.URL, "victim-next-door", "", "203.0.113.8"); status != http.StatusUnauthorized {
		t.Errorf("another client behind the proxy: %d", status)
	}
}

// The attack's header text was stored as the client address; now only a valid IP is.
func TestClientAddressIsAlwaysAnIP(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		proxies int
		header  string
		want    string
	}{
		{1, "<script>alert(1)</script>, 198.51.100.23", "198.51.100.23"},
		{1, "198.51.100.23, <script>alert(1)</script>", "127.0.0.1"},
		{1, "::ffff:198.51.100.24", "198.51.100.24"},
		{2, "198.51.100.25", "127.0.0.1"},
		{0, "198.51.100.26", "127.0.0.1"},
	} {
		// Each case has a server of its own, so the cases run at once.
		t.Run(fmt.Sprintf("%d proxies, X-Forwarded-For %s", c.proxies, c.header), func(t *testing.T) {
			t.Parallel()
			w := testworld.Start(t, testserver.Options{TrustedProxies: c.proxies})
			w.Register(t, http.DefaultClient, "proxied", "tenant", c.header)
			var stored string
			if err := w.Pool.QueryRow(context.Background(), "SELECT client_ip FROM sessions").Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if stored != c.want {
				t.Errorf("stored %q, want %q", stored, c.want)
			}
		})
	}
}

// A user agent PostgreSQL cannot store as text (invalid UTF-8) failed sign-in with a 500.
func TestSignInWithAnUnstorableUserAgent(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	w.Register(t, http.DefaultClient, "agent", "tenant", "")
	body := strings.NewReader(fmt.Sprintf(`{"username":"agent","password":%q}`, testworld.Password))
	status, _, _ := testworld.Send(t, http.MethodPost, w.URL+"/api/login", "", "application/json", body,
		"User-Agent", "Mozilla/5.0 \xff\xfe"+strings.Repeat("é", 200))
	if status != http.StatusOK {
		t.Errorf("sign-in with a user agent that is not UTF-8: %d", status)
	}
}
