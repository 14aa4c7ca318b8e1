package account_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/testserver"
)

// outboxRow is one queued email as the tests read it.
type outboxRow struct {
	to, category, kind, subject, text string
}

// outbox returns the emails queued to address, oldest first.
func outbox(t *testing.T, pool *pgxpool.Pool, address string) []outboxRow {
	t.Helper()
	rows, err := pool.Query(context.Background(),
		`SELECT to_address, category, kind, subject, text_body FROM outbox_emails WHERE lower(to_address) = lower($1) ORDER BY id`, address)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		if err := rows.Scan(&r.to, &r.category, &r.kind, &r.subject, &r.text); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func ofKind(rows []outboxRow, kind string) []outboxRow {
	var out []outboxRow
	for _, r := range rows {
		if r.kind == kind {
			out = append(out, r)
		}
	}
	return out
}

var verifyLink = regexp.MustCompile(`(https?://[^\s/]+)/verify-email\?token=(\S+)`)

// tokenIn returns the verification token of an email's link, checking the link names origin.
func tokenIn(t *testing.T, r outboxRow, origin string) string {
	t.Helper()
	m := verifyLink.FindStringSubmatch(r.text)
	if m == nil {
		t.Fatalf("no verification link in %q", r.text)
	}
	if m[1] != origin {
		t.Errorf("the link names %s, want the site's origin %s", m[1], origin)
	}
	return m[2]
}

func (a *api) verified() bool {
	a.t.Helper()
	r := a.post(accountService+"GetCurrentUser", map[string]any{})
	user, _ := r.body["user"].(map[string]any)
	if user == nil {
		a.t.Fatalf("not signed in: %s", r.raw)
	}
	v, _ := user["emailVerified"].(bool)
	return v
}

func (a *api) verify(token string) reply {
	a.t.Helper()
	return a.post(accountEmailService+"VerifyEmail", map[string]any{"token": token})
}

// Sign-up queues exactly one verification email, to the address given, in the sign-up's
// transaction; its link verifies from any browser, signed in or not, and a second use says so.
func TestSignUpSendsOneVerificationLinkThatVerifies(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	if r := a.post("/api/register", registration("verity")); r.status != http.StatusCreated && r.status != http.StatusOK {
		t.Fatalf("register: %d %s", r.status, r.raw)
	}
	rows := outbox(t, srv.Pool, "verity@example.com")
	if len(rows) != 1 || rows[0].kind != "verify_email" || rows[0].category != "security" || rows[0].to != "verity@example.com" {
		t.Fatalf("after sign-up the outbox holds %+v, want one verify_email security email (and no sign-in alert)", rows)
	}
	token := tokenIn(t, rows[0], srv.URL)
	if strings.Contains(token, "verity") {
		t.Errorf("the token carries the address in the clear: %s", token)
	}
	if a.verified() {
		t.Fatal("a new account is verified before its link is opened")
	}

	signedOut := newAPI(t, srv) // the link opened on a phone that never signed in
	if r := signedOut.verify(token); r.status != http.StatusOK || r.body["alreadyVerified"] != false {
		t.Fatalf("opening the link: %d %s", r.status, r.raw)
	}
	if !a.verified() {
		t.Error("the account is not verified after its link was opened")
	}
	if r := a.verify(token); r.status != http.StatusOK || r.body["alreadyVerified"] != true {
		t.Errorf("opening the link again: %d %s, want alreadyVerified", r.status, r.raw)
	}
	if r := a.post(accountEmailService+"ResendVerificationEmail", map[string]any{}); r.status == http.StatusOK ||
		r.message() != "Your email address is already verified." {
		t.Errorf("resend once verified: %d %s", r.status, r.raw)
	}
}

// Links that were altered, cut, signed for another purpose or out of time verify nothing.
func TestVerificationLinksRefused(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("mallory"))
	a.post("/api/logout", nil)
	a.post("/api/register", registration("victim"))
	token := tokenIn(t, outbox(t, srv.Pool, "mallory@example.com")[0], srv.URL)
	fields := strings.Split(token, ".")
	parts := make([]string, 2)
	for i := range parts {
		b, err := base64.RawURLEncoding.DecodeString(fields[i])
		if err != nil {
			t.Fatal(err)
		}
		parts[i] = string(b)
	}
	ctx := context.Background()
	verifyKey, err := signing.Open(ctx, db.New(srv.Pool), "verify_email")
	if err != nil {
		t.Fatal(err)
	}
	otherKey, err := signing.Open(ctx, db.New(srv.Pool), "unsubscribe")
	if err != nil {
		t.Fatal(err)
	}
	var victimID int32
	if err := srv.Pool.QueryRow(ctx, `SELECT id FROM users WHERE username = 'victim'`).Scan(&victimID); err != nil {
		t.Fatal(err)
	}
	otherUser := strings.Join(append([]string{base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(int(victimID))))}, fields[1:]...), ".")
	invalid := "This verification link is not valid"
	for name, tc := range map[string]struct{ token, want string }{
		"another user's id":  {otherUser, invalid},
		"cut short":          {token[:len(token)-3], invalid},
		"another purpose":    {otherKey.Sign(time.Now().Add(time.Hour), parts...), invalid},
		"empty":              {"", invalid},
		"garbage":            {"not.a.token", invalid},
		"expired":            {verifyKey.Sign(time.Now().Add(-time.Second), parts...), "This verification link has expired"},
		"one part too few":   {verifyKey.Sign(time.Now().Add(time.Hour), parts[0]), invalid},
		"for a gone account": {verifyKey.Sign(time.Now().Add(time.Hour), "999999", parts[1]), invalid},
	} {
		if r := a.in(t).verify(tc.token); r.status == http.StatusOK || !strings.HasPrefix(r.message(), tc.want) {
			t.Errorf("%s: %d %s, want %q", name, r.status, r.raw, tc.want)
		}
	}
	var n int
	if err := srv.Pool.QueryRow(ctx, `SELECT count(*) FROM users WHERE email_verified_at IS NOT NULL`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d accounts verified by refused links (%v)", n, err)
	}
}

// Changing the address unverifies the account, sends the new address its own link and tells
// the old one, in one transaction; a link made for the old address never verifies the new one.
func TestChangingTheEmailAddress(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("mover"))
	oldToken := tokenIn(t, outbox(t, srv.Pool, "mover@example.com")[0], srv.URL)
	if r := a.verify(oldToken); r.status != http.StatusOK {
		t.Fatalf("verify: %d %s", r.status, r.raw)
	}

	change := func(email, password string) reply {
		return a.post(accountEmailService+"ChangeEmail", map[string]any{"email": email, "password": password})
	}
	if r := change("moved@example.com", "wrong-pass"); r.status == http.StatusOK || r.message() != "Your password is incorrect" {
		t.Errorf("wrong password: %d %s", r.status, r.raw)
	}
	a.post("/api/logout", nil)
	a.post("/api/register", registration("taken"))
	a.post("/api/logout", nil)
	a.post("/api/login", map[string]any{"username": "mover", "password": "s3cret-pass"})
	if r := change("TAKEN@example.com", "s3cret-pass"); r.status != http.StatusConflict || r.message() != "Email already exists" {
		t.Errorf("an address in use: %d %s", r.status, r.raw)
	}
	if r := change("Mover@Example.com", "s3cret-pass"); r.status == http.StatusOK || r.message() != "This is already your email address" {
		t.Errorf("the same address: %d %s", r.status, r.raw)
	}
	if rows := outbox(t, srv.Pool, "moved@example.com"); len(rows) != 0 {
		t.Fatalf("refused changes queued %+v", rows)
	}

	// Whoever reads the old inbox asks for a reset link and a sign-in link before the change.
	newAPI(t, srv).post(sendResetLink, map[string]any{"email": "mover@example.com"})
	newAPI(t, srv).post(sendSignIn, map[string]any{"email": "mover@example.com"})
	mailedLinks := count(t, srv, "SELECT count(*) FROM password_reset_tokens WHERE user_id = (SELECT id FROM users WHERE username = 'mover') AND NOT used")
	if mailedLinks == 0 {
		t.Fatal("no link was mailed to the old address")
	}
	resetToken := lastLink(t, srv, "mover@example.com", "password_reset")

	r := change("moved@example.com", "s3cret-pass")
	if r.status != http.StatusOK {
		t.Fatalf("change: %d %s", r.status, r.raw)
	}
	if r := newAPI(t, srv).post(resetWithLink, newPassword(resetToken, "taken-over-pass")); r.message() != account.ErrLinkInvalid.Error() {
		t.Errorf("the old inbox's reset link after the change: %d %s", r.status, r.raw)
	}
	if n := count(t, srv, "SELECT count(*) FROM password_reset_tokens WHERE user_id = (SELECT id FROM users WHERE username = 'mover') AND NOT used"); n != 0 {
		t.Errorf("%d of the %d links mailed to the old address still work", n, mailedLinks)
	}
	if user, _ := r.body["user"].(map[string]any); user["email"] != "moved@example.com" || user["emailVerified"] != false {
		t.Errorf("the answer's user: %v", user)
	}
	if a.verified() {
		t.Error("the new address counts as verified")
	}
	notices := ofKind(outbox(t, srv.Pool, "mover@example.com"), "email_changed")
	if len(notices) != 1 || notices[0].category != "security" ||
		!strings.Contains(notices[0].text, "Your RentProof email address was changed to moved@example.com") ||
		!strings.Contains(notices[0].text, "If you did not make this change") ||
		!strings.Contains(notices[0].text, "sent to this address before the change no longer work") {
		t.Errorf("the old address's notice: %+v", notices)
	}
	sent := ofKind(outbox(t, srv.Pool, "moved@example.com"), "verify_email")
	if len(sent) != 1 {
		t.Fatalf("verification emails to the new address: %+v", sent)
	}
	if r := a.verify(oldToken); r.status == http.StatusOK || !strings.Contains(r.message(), "no longer on the account") {
		t.Errorf("the old address's link after the change: %d %s", r.status, r.raw)
	}
	if a.verified() {
		t.Error("the old address's link verified the new address")
	}
	if r := a.verify(tokenIn(t, sent[0], srv.URL)); r.status != http.StatusOK || !a.verified() {
		t.Errorf("the new address's link: %d %s", r.status, r.raw)
	}
	if r := (newAPI(t, srv)).post(accountEmailService+"ChangeEmail", map[string]any{"email": "x@example.com", "password": "s3cret-pass"}); r.status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %s", r.status, r.raw)
	}
}

// Parallel resends cannot pass the hourly cap together: the sign-up's email and two more.
func TestParallelResendsKeepTheHourlyCap(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("flood"))
	const n = 10
	statuses := make([]reply, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { statuses[i] = a.post(accountEmailService+"ResendVerificationEmail", map[string]any{}) })
	}
	wg.Wait()
	sent, refused := 0, 0
	for _, r := range statuses {
		switch {
		case r.status == http.StatusOK && r.body["email"] == "flood@example.com":
			sent++
		case r.status == http.StatusTooManyRequests && strings.HasPrefix(r.message(), "We have already sent 3 verification emails to this address in the last hour."):
			refused++
		default:
			t.Errorf("resend: %d %s", r.status, r.raw)
		}
	}
	if want := account.VerifyEmailsPerHour - 1; sent != want || refused != n-want {
		t.Errorf("%d sent and %d refused, want %d and %d", sent, refused, want, n-want)
	}
	if rows := ofKind(outbox(t, srv.Pool, "flood@example.com"), "verify_email"); len(rows) != account.VerifyEmailsPerHour {
		t.Errorf("%d verification emails queued, want %d", len(rows), account.VerifyEmailsPerHour)
	}
}

// userAgent sets the User-Agent of every request, as a browser does.
type userAgent struct {
	ua   string
	next http.RoundTripper
}

func (u userAgent) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", u.ua)
	return u.next.RoundTrip(r)
}

// A sign-in from a browser the account has not used before sends one alert naming it; the
// browsers it knows send none, nor does sign-up; a storm of new browsers stops at the cap.
func TestNewBrowserSignInAlerts(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	home := newAPI(t, srv)
	home.post("/api/register", registration("watcher"))
	alerts := func() []outboxRow { return ofKind(outbox(t, srv.Pool, "watcher@example.com"), "sign_in_alert") }
	login := func(a *api) {
		t.Helper()
		if r := a.post("/api/login", map[string]any{"username": "watcher", "password": "s3cret-pass"}); r.status != http.StatusOK {
			t.Fatalf("login: %d %s", r.status, r.raw)
		}
	}
	home.post("/api/logout", nil)
	login(home)
	if got := alerts(); len(got) != 0 {
		t.Fatalf("the browser that signed up signed in again and alerted: %+v", got)
	}

	laptop := newAPIFrom(t, srv, "127.0.0.2")
	laptop.client.Transport = userAgent{
		ua:   "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
		next: laptop.client.Transport,
	}
	login(laptop)
	got := alerts()
	if len(got) != 1 || got[0].category != "security" {
		t.Fatalf("alerts after a new browser: %+v", got)
	}
	for _, want := range []string{"Browser: Firefox on Linux", "Network: 127.0.0.2", "When: " + time.Now().UTC().Format("Monday 2 January 2006"), "If it was not, someone knows your password"} {
		if !strings.Contains(got[0].text, want) {
			t.Errorf("the alert does not say %q: %s", want, got[0].text)
		}
	}
	login(laptop) // known now
	if got := alerts(); len(got) != 1 {
		t.Errorf("a known browser alerted again: %d alerts", len(got))
	}
	for range account.SignInAlertsPerHour + 2 {
		login(newAPI(t, srv))
	}
	if got := alerts(); len(got) != account.SignInAlertsPerHour {
		t.Errorf("a storm of new browsers queued %d alerts, want the cap %d", len(got), account.SignInAlertsPerHour)
	}
}

func TestBrowserSummary(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36":                         "Chrome on Windows",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":           "Edge on Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1": "Safari on iPhone",
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                   "Chrome on Android",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15":                      "Safari on macOS",
		"curl/8.5.0": "curl",
		"":           "an unrecognised browser or app",
	} {
		if got := account.BrowserSummary(ua); got != want {
			t.Errorf("BrowserSummary(%q) = %q, want %q", ua, got, want)
		}
	}
}
