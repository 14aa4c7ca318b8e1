package account_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

const (
	sendResetLink = "/rentproof.account.v1.AccountEmailService/SendPasswordResetLink"
	resetWithLink = "/rentproof.account.v1.AccountEmailService/ResetPasswordWithLink"
	sendSignIn    = "/rentproof.account.v1.AccountEmailService/SendSignInLink"
)

var linkToken = regexp.MustCompile(`(?:token|link)=([A-Za-z0-9_-]{43})`)

// lastLink is the token of the newest email of kind to address, read from the outbox.
func lastLink(t *testing.T, srv *testserver.Server, address, kind string) string {
	t.Helper()
	var body, category string
	if err := srv.Pool.QueryRow(context.Background(),
		"SELECT text_body, category FROM outbox_emails WHERE to_address = $1 AND kind = $2 ORDER BY id DESC LIMIT 1", address, kind).
		Scan(&body, &category); err != nil {
		t.Fatalf("no %s email to %s: %v", kind, address, err)
	}
	if category != "security" {
		t.Errorf("%s email category %q", kind, category)
	}
	m := linkToken.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in %s email: %s", kind, body)
	}
	return m[1]
}

func count(t *testing.T, srv *testserver.Server, query string, args ...any) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func newPassword(token, pw string) map[string]any {
	return map[string]any{"token": token, "newPassword": pw, "confirmPassword": pw}
}

// A reset link works once (of parallel uses exactly one wins), signs out every session and
// spends itself; the stored token is only its hash.
func TestResetLinkWorksOnce(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("meitner"))
	laptop := newAPI(t, srv)
	laptop.post("/api/login", map[string]any{"username": "meitner", "password": "s3cret-pass"})

	r := newAPI(t, srv).post(sendResetLink, map[string]any{"email": "Meitner@example.com"})
	if r.status != http.StatusOK || r.body["message"] != account.MsgResetLinkSent {
		t.Fatalf("request: %d %s", r.status, r.raw)
	}
	token := lastLink(t, srv, "meitner@example.com", "password_reset")
	if n := count(t, srv, "SELECT count(*) FROM password_reset_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex') AND purpose = 'reset' AND expires_at BETWEEN now() + interval '23 hours 59 minutes' AND now() + interval '24 hours'", token); n != 1 {
		t.Errorf("stored token hashed with a 24-hour expiry: %d rows", n)
	}

	got := tally(parallel(6, func(i int) reply {
		return newAPI(t, srv).post(resetWithLink, newPassword(token, fmt.Sprint("new-pass-", i)))
	}))
	if got[http.StatusOK] != 1 || got[http.StatusBadRequest] != 5 {
		t.Errorf("6 parallel uses of one link: %v, want one success", got)
	}
	if r := newAPI(t, srv).post(resetWithLink, newPassword(token, "again-pass")); r.message() != account.ErrLinkInvalid.Error() {
		t.Errorf("a spent link: %d %s", r.status, r.raw)
	}
	for name, b := range map[string]*api{"registration's": owner, "laptop's": laptop} {
		if me := b.get("/api/user"); me.status != http.StatusUnauthorized {
			t.Errorf("the %s session survived the reset: %d", name, me.status)
		}
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "meitner", "password": "s3cret-pass"}); r.status != http.StatusUnauthorized {
		t.Errorf("the old password still works: %d", r.status)
	}
	ok := 0
	for i := range 6 {
		if newAPI(t, srv).post("/api/login", map[string]any{"username": "meitner", "password": fmt.Sprint("new-pass-", i)}).status == http.StatusOK {
			ok++
		}
	}
	if ok != 1 {
		t.Errorf("%d of the parallel new passwords work, want 1", ok)
	}
	// Password rules are SPEC's.
	r = newAPI(t, srv).post(resetWithLink, map[string]any{"token": token, "newPassword": "12345", "confirmPassword": "12346"})
	if r.status != http.StatusBadRequest || !strings.Contains(r.raw, `"newPassword","description":"Password must be at least 6 characters"`) ||
		!strings.Contains(r.raw, `"confirmPassword","description":"Passwords don't match"`) {
		t.Errorf("password rules: %s", r.raw)
	}
}

func TestResetLinkExpires(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("hodgkin"))
	newAPI(t, srv).post(sendResetLink, map[string]any{"email": "hodgkin@example.com"})
	token := lastLink(t, srv, "hodgkin@example.com", "password_reset")
	if _, err := srv.Pool.Exec(context.Background(), "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	if r := newAPI(t, srv).post(resetWithLink, newPassword(token, "new-pass-1")); r.message() != account.ErrLinkInvalid.Error() {
		t.Errorf("an expired link: %d %s", r.status, r.raw)
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "hodgkin", "password": "s3cret-pass"}); r.status != http.StatusOK {
		t.Errorf("an expired link changed the password: %d", r.status)
	}
}

// Parallel requests for one address pass the hourly cap no further than it allows, and a capped
// address is answered like any other.
func TestResetMailIsCappedPerAddress(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("chienshiung"))
	statuses := parallel(8, func(int) reply {
		r := newAPI(t, srv).post(sendResetLink, map[string]any{"email": "chienshiung@example.com"})
		if r.body["message"] != account.MsgResetLinkSent {
			t.Errorf("answer: %s", r.raw)
		}
		return r
	})
	if got := tally(statuses); got[http.StatusOK] != 8 {
		t.Errorf("8 parallel requests: %v", got)
	}
	if n := count(t, srv, "SELECT count(*) FROM outbox_emails WHERE kind = 'password_reset'"); n != account.LinksPerHour {
		t.Errorf("%d reset emails queued, want the cap %d", n, account.LinksPerHour)
	}
	if n := count(t, srv, "SELECT count(*) FROM password_reset_tokens"); n != account.LinksPerHour {
		t.Errorf("%d links stored, want %d (none for a capped request)", n, account.LinksPerHour)
	}
	// The requests count like sign-in attempts: ten per address from one network.
	var last reply
	for range account.MaxAccountNetworkFailures {
		last = newAPI(t, srv).post(sendResetLink, map[string]any{"email": "chienshiung@example.com"})
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Errorf("request past the limit: %d %s", last.status, last.raw)
	}
}
