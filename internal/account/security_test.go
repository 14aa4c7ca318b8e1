package account_test

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/testserver"
)

const securityService = "/rentproof.account.v1.AccountSecurityService/"

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"

// withAgent is the browser sending its requests with the User-Agent ua.
func (a *api) withAgent(ua string) *api {
	b := *a
	c := *a.client
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	c.Transport = agentTransport{ua: ua, base: base}
	b.client = &c
	return &b
}

type agentTransport struct {
	ua   string
	base http.RoundTripper
}

func (t agentTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", t.ua)
	return t.base.RoundTrip(r)
}

func (a *api) signIn(username, password string) {
	a.t.Helper()
	if r := a.post("/api/login", map[string]any{"username": username, "password": password}); r.status != http.StatusOK {
		a.t.Fatalf("sign in %s: %d %s", username, r.status, r.raw)
	}
}

func (a *api) signedIn() bool {
	a.t.Helper()
	return a.get("/api/user").status == http.StatusOK
}

func (a *api) changePassword(current, next string) reply {
	a.t.Helper()
	return a.post("/api/user/password", map[string]any{"currentPassword": current, "newPassword": next})
}

// sessions lists the caller's sessions through the REST shim, failing on anything but 200.
func (a *api) sessions() []map[string]any {
	a.t.Helper()
	r := a.get("/api/user/sessions")
	var out []map[string]any
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.raw), &out) != nil {
		a.t.Fatalf("list sessions: %d %s", r.status, r.raw)
	}
	return out
}

func passwordHash(t *testing.T, srv *testserver.Server, username string) string {
	t.Helper()
	var h string
	if err := srv.Pool.QueryRow(context.Background(), "SELECT password_hash FROM users WHERE username = $1", username).Scan(&h); err != nil {
		t.Fatal(err)
	}
	return h
}

// A wrong current password changes nothing and counts as a failed sign-in: past the limit even
// the right one is refused, at the password form and at sign-in alike.
func TestWrongCurrentPasswordCountsAndChangesNothing(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("hopper"))
	other := newAPIFrom(t, srv, "127.0.0.2")
	other.signIn("hopper", "s3cret-pass")
	before := passwordHash(t, srv, "hopper")

	if r := a.changePassword("", "n3w-pass-1"); r.status != http.StatusBadRequest || r.fieldErrors()["currentPassword"] != "Please enter your current password" {
		t.Errorf("no current password: %d %s", r.status, r.raw)
	}
	if r := a.changePassword("s3cret-pass", "short"); r.status != http.StatusBadRequest || r.fieldErrors()["newPassword"] != "Password must be at least 6 characters" {
		t.Errorf("a short new password: %d %s", r.status, r.raw)
	}
	for i := range account.MaxAccountNetworkFailures {
		if r := a.changePassword(fmt.Sprint("guess-", i), "n3w-pass-1"); r.status != http.StatusBadRequest || r.fieldErrors()["currentPassword"] != "Your password is incorrect" {
			t.Fatalf("wrong password %d: %d %s", i+1, r.status, r.raw)
		}
	}
	if r := a.changePassword("s3cret-pass", "n3w-pass-1"); r.status != http.StatusTooManyRequests {
		t.Errorf("the right password past the limit: %d %s", r.status, r.raw)
	}
	if r := a.post("/api/login", map[string]any{"username": "hopper", "password": "s3cret-pass"}); r.status != http.StatusTooManyRequests {
		t.Errorf("signing in from the same browser past the limit: %d %s", r.status, r.raw)
	}
	if passwordHash(t, srv, "hopper") != before {
		t.Error("the password changed")
	}
	if !other.signedIn() {
		t.Error("a refused change ended the other session")
	}
	if rows := ofKind(outbox(t, srv.Pool, "hopper@example.com"), "password_changed"); len(rows) != 0 {
		t.Errorf("a refused change queued %+v", rows)
	}
}

// Changing the password keeps this session, ends every other one, and emails the member, through
// the outbox's sender, into the mailbox.
func TestChangingThePasswordEndsTheOtherSessions(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Mail: true})
	address := mailtest.Address("password-changed")
	a := newAPI(t, srv)
	reg := registration("liskov")
	reg["email"] = address
	if r := a.post("/api/register", reg); r.status != http.StatusOK && r.status != http.StatusCreated {
		t.Fatalf("register: %d %s", r.status, r.raw)
	}
	b := newAPIFrom(t, srv, "127.0.0.2").withAgent(firefoxOnWindows)
	b.signIn("liskov", "s3cret-pass")

	r := a.changePassword("s3cret-pass", "n3w-s3cret")
	if r.status != http.StatusOK || fmt.Sprint(r.body["sessionsEnded"]) != "1" {
		t.Fatalf("change: %d %s", r.status, r.raw)
	}
	if !a.signedIn() {
		t.Error("the session that changed the password was ended")
	}
	if b.signedIn() {
		t.Error("the other session still works after the change")
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "liskov", "password": "s3cret-pass"}); r.status != http.StatusUnauthorized {
		t.Errorf("the old password: %d %s", r.status, r.raw)
	}
	newAPI(t, srv).signIn("liskov", "n3w-s3cret")

	var changed *mailtest.Message
	for _, m := range srv.Mailpit.WaitFor(t, address, 3) { // verification, sign-in alert, change
		if m.Subject == "Your RentProof password was changed" {
			changed = &m
		}
	}
	if changed == nil {
		t.Fatal("no password change email arrived")
	}
	if !strings.Contains(changed.Text, "1 other session was signed out") || !strings.Contains(changed.Text, "If you did not make this change") ||
		strings.Contains(changed.Text, "n3w-s3cret") {
		t.Errorf("the email says: %s", changed.Text)
	}
}

// Two sessions changing the password at once: one wins, and it ends the other, which then
// cannot change it too.
func TestParallelPasswordChangesLeaveOneSession(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("dijkstra"))
	b := newAPI(t, srv)
	b.signIn("dijkstra", "s3cret-pass")

	var wg sync.WaitGroup
	replies := make([]reply, 2)
	for i, c := range []*api{a, b} {
		wg.Go(func() { replies[i] = c.changePassword("s3cret-pass", fmt.Sprint("winner-", i)) })
	}
	wg.Wait()
	ok, winner := 0, -1
	for i, r := range replies {
		switch r.status {
		case http.StatusOK:
			ok++
			winner = i
		case http.StatusUnauthorized:
		default:
			t.Errorf("change %d: %d %s", i, r.status, r.raw)
		}
	}
	if ok != 1 {
		t.Fatalf("%d changes succeeded, want exactly 1: %+v", ok, replies)
	}
	if a.signedIn() == b.signedIn() {
		t.Errorf("signed in: a %v, b %v; want only the winner", a.signedIn(), b.signedIn())
	}
	newAPI(t, srv).signIn("dijkstra", fmt.Sprint("winner-", winner))
}

// The sessions list shows each live session's browser, system and approximate network, marks
// this one, and never carries a token or its hash; sessions end one by one or all but this one,
// each with a security email; another member's session can be neither listed nor ended.
func TestSessionsListedAndEnded(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("hamilton"))
	b := newAPIFrom(t, srv, "127.0.0.2").withAgent(firefoxOnWindows)
	b.signIn("hamilton", "s3cret-pass")
	bToken := cookieValue(t, b)

	list := a.sessions()
	if len(list) != 2 {
		t.Fatalf("sessions: %v", list)
	}
	var mine, theirs map[string]any
	for _, s := range list {
		if s["current"] == true {
			mine = s
		} else {
			theirs = s
		}
	}
	if mine == nil || theirs == nil {
		t.Fatalf("no current session marked: %v", list)
	}
	if theirs["browser"] != "Firefox" || theirs["operatingSystem"] != "Windows" || theirs["summary"] != "Firefox on Windows" ||
		theirs["network"] != "127.0.0.0/24" || theirs["lastUsedAt"] == nil || theirs["createdAt"] == nil {
		t.Errorf("the other session: %v", theirs)
	}
	raw := fmt.Sprint(list)
	hash := account.HashToken(bToken)
	for _, secret := range []string{bToken, hex.EncodeToString(hash), base64.StdEncoding.EncodeToString(hash), "token"} {
		if strings.Contains(strings.ToLower(raw), strings.ToLower(secret)) {
			t.Errorf("the list carries %q: %s", secret, raw)
		}
	}

	// Another member sees only their own session and cannot end hamilton's.
	c := newAPI(t, srv)
	c.post("/api/register", registration("noether"))
	if got := c.sessions(); len(got) != 1 || got[0]["current"] != true {
		t.Errorf("another member's list: %v", got)
	}
	theirID := fmt.Sprint(theirs["id"])
	if r := c.do(http.MethodDelete, "/api/user/sessions/"+theirID, nil); r.status != http.StatusNotFound {
		t.Errorf("another member ending the session: %d %s", r.status, r.raw)
	}
	if r := c.post(securityService+"EndSession", map[string]any{"id": theirID}); r.status != http.StatusNotFound {
		t.Errorf("another member ending the session over Connect: %d %s", r.status, r.raw)
	}
	if !b.signedIn() {
		t.Fatal("another member ended the session")
	}

	// The owner ends it: its next request is signed out; ending it again finds nothing.
	if r := a.do(http.MethodDelete, "/api/user/sessions/"+theirID, nil); r.status != http.StatusOK || r.body["wasCurrent"] == true {
		t.Fatalf("end session: %d %s", r.status, r.raw)
	}
	if b.signedIn() {
		t.Error("the ended session still works")
	}
	if r := a.do(http.MethodDelete, "/api/user/sessions/"+theirID, nil); r.status != http.StatusNotFound {
		t.Errorf("ending it again: %d %s", r.status, r.raw)
	}
	if rows := ofKind(outbox(t, srv.Pool, "hamilton@example.com"), "sessions_ended"); len(rows) != 1 ||
		rows[0].category != "security" || !strings.Contains(rows[0].text, "Firefox on Windows") {
		t.Errorf("emails after ending one session: %+v", rows)
	}

	// All but this one.
	b.signIn("hamilton", "s3cret-pass")
	d := newAPI(t, srv)
	d.signIn("hamilton", "s3cret-pass")
	if r := a.post("/api/user/sessions/end-others", nil); r.status != http.StatusOK || fmt.Sprint(r.body["sessionsEnded"]) != "2" {
		t.Fatalf("end others: %d %s", r.status, r.raw)
	}
	if b.signedIn() || d.signedIn() || !a.signedIn() || !c.signedIn() {
		t.Errorf("after ending the others: b %v, d %v, a %v, another member %v", b.signedIn(), d.signedIn(), a.signedIn(), c.signedIn())
	}
	if got := a.sessions(); len(got) != 1 || got[0]["current"] != true {
		t.Errorf("sessions left: %v", got)
	}
	if rows := ofKind(outbox(t, srv.Pool, "hamilton@example.com"), "sessions_ended"); len(rows) != 2 {
		t.Errorf("emails after ending the others: %+v", rows)
	}
	if r := newAPI(t, srv).get("/api/user/sessions"); r.status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %s", r.status, r.raw)
	}
}

// Setting security questions needs the current password: a session alone cannot.
func TestSecurityQuestionsNeedThePassword(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("lovelace"))
	without := questions("Rex", "Lima")
	delete(without, "currentPassword")
	if r := a.post("/api/security-questions", without); r.status != http.StatusBadRequest ||
		r.fieldErrors()["currentPassword"] != "Please enter your current password" {
		t.Errorf("without the password: %d %s", r.status, r.raw)
	}
	wrong := questions("Rex", "Lima")
	wrong["currentPassword"] = "not-my-password"
	if r := a.post("/api/security-questions", wrong); r.status != http.StatusBadRequest ||
		r.fieldErrors()["currentPassword"] != "Your password is incorrect" {
		t.Errorf("with a wrong password: %d %s", r.status, r.raw)
	}
	if me := a.get("/api/user"); me.body["hasSecurityQuestions"] != false {
		t.Fatalf("questions set without the password: %s", me.raw)
	}
	if r := a.post("/api/security-questions", questions("Rex", "Lima")); r.status != http.StatusOK {
		t.Fatalf("with the password: %d %s", r.status, r.raw)
	}
	if me := a.get("/api/user"); me.body["hasSecurityQuestions"] != true {
		t.Errorf("questions not set with the password: %s", me.raw)
	}
}

func TestApproximateNetwork(t *testing.T) {
	t.Parallel()
	for ip, want := range map[string]string{
		"203.0.113.77":          "203.0.113.0/24",
		"::ffff:198.51.100.9":   "198.51.100.0/24",
		"2001:db8:1234:5678::1": "2001:db8:1234::/48",
		"":                      "",
		"not an address":        "",
	} {
		if got := account.ApproximateNetwork(ip); got != want {
			t.Errorf("ApproximateNetwork(%q) = %q, want %q", ip, got, want)
		}
	}
}

// A new password forgets the account's other browsers: one that signed in with the old password
// (a thief's) is new again, so its next sign-in alerts the owner and the account-wide limit holds
// it, instead of being trusted for a year; the browser that changed the password stays known.
func TestNewPasswordForgetsOtherBrowsers(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	home := newAPI(t, srv)
	home.post("/api/register", registration("forgetful"))
	alerts := func() int { return len(ofKind(outbox(t, srv.Pool, "forgetful@example.com"), "sign_in_alert")) }
	thief := newAPI(t, srv)
	login := func(a *api, password string) {
		t.Helper()
		if r := a.post("/api/login", map[string]any{"username": "forgetful", "password": password}); r.status != http.StatusOK {
			t.Fatalf("login: %d %s", r.status, r.raw)
		}
	}
	login(thief, "s3cret-pass")
	if n := alerts(); n != 1 {
		t.Fatalf("the thief's first sign-in: %d alerts, want 1", n)
	}
	if r := home.changePassword("s3cret-pass", "n3w-s3cret"); r.status != http.StatusOK {
		t.Fatalf("change password: %d %s", r.status, r.raw)
	}
	login(thief, "n3w-s3cret") // the new password stolen too
	if n := alerts(); n != 2 {
		t.Errorf("the thief's browser signed in after the change with %d alerts in all, want 2: it is still trusted", n)
	}
	home.post("/api/logout", nil)
	login(home, "n3w-s3cret")
	if n := alerts(); n != 2 {
		t.Errorf("the browser that changed the password alerted as new: %d alerts, want 2", n)
	}
}

// A change of address or of the security questions from a session that another request ended
// while it waited (the member signing out a thief's session at that moment) is refused, as a
// password change is: it waits for the member's lock and then finds its session ended.
func TestChangeFromASessionEndedMeanwhile(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		path    string
		body    map[string]any
		changed string
	}{
		"address": {accountEmailService + "ChangeEmail", map[string]any{"email": "thief@example.com", "password": "s3cret-pass"},
			`SELECT count(*) FROM users WHERE email <> 'racer@example.com'`},
		"questions": {"/api/security-questions", questions("Rex", "Anywhere"), `SELECT count(*) FROM users WHERE security_question1 IS NOT NULL`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := testserver.Start(t, testserver.Options{})
			newAPI(t, srv).post("/api/register", registration("racer"))
			thief := newAPI(t, srv)
			if r := thief.post("/api/login", map[string]any{"username": "racer", "password": "s3cret-pass"}); r.status != http.StatusOK {
				t.Fatalf("login: %d %s", r.status, r.raw)
			}
			ctx := context.Background()
			tx, err := srv.Pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = tx.Rollback(ctx) }()
			// The member's own request, holding the member's lock, ends the thief's (newest) session.
			if _, err := tx.Exec(ctx, `SELECT id FROM users WHERE username = 'racer' FOR UPDATE`); err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(ctx, `UPDATE sessions SET revoked_at = now() WHERE id = (SELECT max(id) FROM sessions)`); err != nil {
				t.Fatal(err)
			}
			done := make(chan reply, 1)
			go func() { done <- thief.post(c.path, c.body) }()
			time.Sleep(700 * time.Millisecond) // the change checks the password and waits for the lock
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			if r := <-done; r.status != http.StatusUnauthorized {
				t.Errorf("a change from the ended session: %d %s, want 401", r.status, r.raw)
			}
			if n := count(t, srv, c.changed); n != 0 {
				t.Errorf("the ended session made its change")
			}
		})
	}
}

// A forgotten browser still links the accounts that used it: an owner who signed in once on a
// browser a puppet uses, then changed the password from another, stays linked to the puppet
// (accounts_linked), though the browser is no longer trusted.
func TestForgottenBrowserStillLinksAccounts(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	home, shared := newAPI(t, srv), newAPI(t, srv)
	home.post("/api/register", registration("ringleader"))
	// The shared browser's first sign-in presents no device cookie: only known_devices names it.
	if r := shared.post("/api/login", map[string]any{"username": "ringleader", "password": "s3cret-pass"}); r.status != http.StatusOK {
		t.Fatalf("login: %d %s", r.status, r.raw)
	}
	shared.post("/api/logout", nil)
	shared.post("/api/register", registration("puppet"))
	if r := home.changePassword("s3cret-pass", "n3w-s3cret"); r.status != http.StatusOK {
		t.Fatalf("change password: %d %s", r.status, r.raw)
	}
	var linked, trusted bool
	if err := srv.Pool.QueryRow(context.Background(), `SELECT accounts_linked(a.id, b.id),
			EXISTS (SELECT 1 FROM known_devices d WHERE d.user_id = a.id AND d.forgotten_at IS NULL AND d.token_hash IN
				(SELECT k.token_hash FROM known_devices k WHERE k.user_id = b.id))
		FROM users a, users b WHERE a.username = 'ringleader' AND b.username = 'puppet'`).Scan(&linked, &trusted); err != nil {
		t.Fatal(err)
	}
	if !linked || trusted {
		t.Errorf("after the new password: linked %v (want true), the shared browser still trusted %v (want false)", linked, trusted)
	}
}
