package notify_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/gen/rentproof/notification/v1/notificationv1connect"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/testworld"
)

// crossSite are the headers of a browser request from another site (a webmail client).
var crossSite = []string{"Origin", "https://mail.example", "Sec-Fetch-Site", "cross-site"}

const oneClick = "application/x-www-form-urlencoded"

func TestUnsubscribeLinkTurnsOffOnlyItsOwnMembersCategory(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	w.Person(t, "alice", "tenant")
	w.Person(t, "bob", "tenant")
	aliceID, bobID := w.UserID(t, "alice"), w.UserID(t, "bob")
	key, err := notify.UnsubscribeKey(ctx, db.New(w.Pool))
	if err != nil {
		t.Fatal(err)
	}
	link := notify.UnsubscribeURL(w.URL, key, notify.Unsubscription{UserID: aliceID, Category: notify.ReviewResponses})
	u, err := url.Parse(link)
	if err != nil || u.Path != "/unsubscribe" {
		t.Fatalf("link %q", link)
	}
	token := u.Query().Get("token")
	post := func(target string, header ...string) (int, string) {
		status, _, body := testworld.Send(t, http.MethodPost, target, "", oneClick, strings.NewReader("List-Unsubscribe=One-Click"), header...)
		return status, body
	}
	untouched := func(when string) {
		t.Helper()
		for _, name := range []string{"alice", "bob"} {
			if p := w.preferences(t, name); p.Email != nil {
				t.Fatalf("%s: %s's preferences changed: %v", when, name, p.Email)
			}
		}
	}

	// A link scanner's GET asks, changing nothing.
	status, header, body := testworld.Send(t, http.MethodGet, link, "", "", nil)
	if status != http.StatusOK || !strings.Contains(body, "Stop emails about responses to your reviews?") || header.Get("Cache-Control") != "no-store" {
		t.Fatalf("GET: %d %s\n%s", status, header, body)
	}
	untouched("after GET")

	// Forged, altered, expired, other purpose, not a category that can be turned off: refused.
	other, err := signing.Open(ctx, db.New(w.Pool), "verify_email")
	if err != nil {
		t.Fatal(err)
	}
	// Bob's id field in front of alice's expiry and signature.
	bobsField, _, _ := strings.Cut(key.Sign(time.Now().Add(time.Hour), strconv.Itoa(int(bobID)), "review_responses"), ".")
	_, aliceRest, _ := strings.Cut(token, ".")
	bad := map[string]string{
		"forged with another key": other.Sign(time.Now().Add(time.Hour), strconv.Itoa(int(aliceID)), "review_responses"),
		"moved to bob":            bobsField + "." + aliceRest,
		"cut short":               token[:len(token)-3],
		"expired":                 key.Sign(time.Now().Add(-time.Minute), strconv.Itoa(int(aliceID)), "review_responses"),
		"security":                key.Sign(time.Now().Add(time.Hour), strconv.Itoa(int(aliceID)), "security"),
		"none":                    "",
	}
	for name, tok := range bad {
		target := w.URL + "/unsubscribe?token=" + url.QueryEscape(tok)
		if status, body := post(target, crossSite...); status != http.StatusBadRequest || !strings.Contains(body, "This unsubscribe link is not valid.") {
			t.Errorf("%s: POST %d\n%s", name, status, body)
		}
		if status, _, _ := testworld.Send(t, http.MethodGet, target, "", "", nil); status != http.StatusBadRequest {
			t.Errorf("%s: GET %d", name, status)
		}
	}
	// A POST without the one-click body does nothing either.
	if status, _, _ := testworld.Send(t, http.MethodPost, link, "", oneClick, strings.NewReader("x=1"), crossSite...); status != http.StatusBadRequest {
		t.Errorf("POST without List-Unsubscribe=One-Click: %d", status)
	}
	untouched("after refused tokens")

	// The mail client's one-click POST, from another site: alice's category off, nothing else.
	if status, body := post(link, crossSite...); status != http.StatusOK || !strings.Contains(body, "You will no longer get emails about responses to your reviews.") {
		t.Fatalf("one-click POST: %d\n%s", status, body)
	}
	prefs := w.preferences(t, "alice")
	for _, info := range notify.Categories {
		want := info.EmailDefault && info.Category != notify.ReviewResponses
		if got := prefs.WantsEmail(info.Category); got != want {
			t.Errorf("alice %s: email %v, want %v", info.Category, got, want)
		}
	}
	if p := w.preferences(t, "bob"); p.Email != nil {
		t.Errorf("bob's preferences changed: %v", p.Email)
	}
	// Twice is fine.
	if status, _ := post(link); status != http.StatusOK {
		t.Errorf("second POST: %d", status)
	}
}

func TestCrossSiteRequestsStayRefusedEverywhereElse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	alice := w.Person(t, "alice", "tenant")
	w.notify(t, "alice", 1)
	rpc := w.URL + "/" + notificationv1connect.NotificationServiceName + "/MarkAllNotificationsRead"
	for _, c := range []struct{ method, target, contentType, body string }{
		{http.MethodPost, rpc, "application/json", "{}"},
		{http.MethodPost, w.URL + "/unsubscribe/", oneClick, "List-Unsubscribe=One-Click"},
		{http.MethodPost, w.URL + "/unsubscribex", oneClick, "List-Unsubscribe=One-Click"},
		{http.MethodPut, w.URL + "/unsubscribe", oneClick, "List-Unsubscribe=One-Click"},
		{http.MethodPost, w.URL + "/api/logout", "application/json", "{}"},
	} {
		status, _, _ := testworld.Send(t, c.method, c.target, alice, c.contentType, strings.NewReader(c.body), crossSite...)
		if status != http.StatusForbidden {
			t.Errorf("cross-site %s %s: %d, want 403", c.method, c.target, status)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM notifications WHERE read_at IS NULL`); n != 1 {
		t.Errorf("a refused cross-site request marked notifications read (%d unread)", n)
	}
	// The same rpc from the site itself goes through.
	if status, _, body := testworld.Send(t, http.MethodPost, rpc, alice, "application/json", strings.NewReader("{}"), "Sec-Fetch-Site", "same-origin"); status != http.StatusOK {
		t.Errorf("same-origin: %d %s", status, body)
	}
}
