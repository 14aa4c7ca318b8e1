package notify_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	notificationv1 "github.com/rentproof/rentproof/gen/rentproof/notification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/notification/v1/notificationv1connect"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a test server with the notification client.
type world struct {
	*testworld.World
	api notificationv1connect.NotificationServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := testworld.Start(t, testserver.Options{})
	return &world{World: w, api: notificationv1connect.NewNotificationServiceClient(http.DefaultClient, w.URL)}
}

// notify writes n notifications for username directly, as the events' transactions do.
func (w *world) notify(t *testing.T, username string, n int) {
	t.Helper()
	w.Exec(t, `INSERT INTO notifications (user_id, category, kind, title, body, link)
		SELECT u.id, 'review_responses', 'review_response', 'Response ' || i, 'The owner answered.', '/properties/' || i
		FROM users u, generate_series(1, $2) i WHERE u.username = $1`, username, n)
}

// preferences is username's stored column, decoded.
func (w *world) preferences(t *testing.T, username string) notify.Preferences {
	t.Helper()
	var raw []byte
	if err := w.Pool.QueryRow(context.Background(), `SELECT notification_preferences FROM users WHERE username = $1`, username).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	return notify.ParsePreferences(raw)
}

func TestMembersReadAndMarkOnlyTheirOwnNotifications(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	alice, bob := w.Person(t, "alice", "tenant"), w.Person(t, "bob", "tenant")
	w.notify(t, "alice", 25)
	w.notify(t, "bob", 2)

	// Pages of alice's, newest first, and none of bob's.
	var seen []*notificationv1.Notification
	before := int64(0)
	for range 3 {
		res, err := w.api.ListNotifications(ctx, testworld.As(alice, &notificationv1.ListNotificationsRequest{Before: before}))
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, res.Msg.Notifications...)
		if before = res.Msg.NextBefore; before == 0 {
			break
		}
	}
	if len(seen) != 25 {
		t.Fatalf("alice saw %d notifications over her pages, want 25", len(seen))
	}
	for i, n := range seen {
		if n.Title != fmt.Sprintf("Response %d", 25-i) || n.Read || n.Link != fmt.Sprintf("/properties/%d", 25-i) {
			t.Fatalf("notification %d = %q read=%v link=%q, want Response %d newest first, unread", i, n.Title, n.Read, n.Link, 25-i)
		}
	}
	bobs, err := w.api.ListNotifications(ctx, testworld.As(bob, &notificationv1.ListNotificationsRequest{PageSize: 50}))
	if err != nil || len(bobs.Msg.Notifications) != 2 || bobs.Msg.NextBefore != 0 {
		t.Fatalf("bob's list = %v, %v; want his 2 only", bobs, err)
	}

	// Bob cannot mark alice's read: not found, and it stays unread.
	_, err = w.api.MarkNotificationRead(ctx, testworld.As(bob, &notificationv1.MarkNotificationReadRequest{Id: seen[0].Id}))
	if got := testworld.Failure(err); got != "not_found: Notification not found" {
		t.Fatalf("bob marking alice's: %s", got)
	}
	count := func(token string) int32 {
		t.Helper()
		res, err := w.api.CountUnread(ctx, testworld.As(token, &notificationv1.CountUnreadRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.Unread
	}
	if n := count(alice); n != 25 {
		t.Fatalf("alice's unread after bob's attempt = %d, want 25", n)
	}

	// Alice marks one, then all; bob's stay unread.
	res, err := w.api.MarkNotificationRead(ctx, testworld.As(alice, &notificationv1.MarkNotificationReadRequest{Id: seen[0].Id}))
	if err != nil || res.Msg.Unread != 24 {
		t.Fatalf("alice marks one: %v, %v; want 24 unread", res, err)
	}
	all, err := w.api.MarkAllNotificationsRead(ctx, testworld.As(alice, &notificationv1.MarkAllNotificationsReadRequest{}))
	if err != nil || all.Msg.Marked != 24 {
		t.Fatalf("alice marks all: %v, %v; want 24 marked", all, err)
	}
	if a, b := count(alice), count(bob); a != 0 || b != 2 {
		t.Fatalf("unread: alice %d, bob %d; want 0 and 2", a, b)
	}

	// The header's first answer carries the count, capped at 100.
	w.notify(t, "bob", 150)
	me, err := accountv1connect.NewAccountServiceClient(http.DefaultClient, w.URL).GetCurrentUser(ctx, testworld.As(bob, &accountv1.GetCurrentUserRequest{}))
	if err != nil || me.Msg.UnreadNotifications != 100 {
		t.Fatalf("bob's GetCurrentUser = %v, %v; want 100 unread (capped)", me, err)
	}

	// Signed out: nothing.
	if _, err := w.api.ListNotifications(ctx, testworld.As("", &notificationv1.ListNotificationsRequest{})); testworld.Failure(err) != "unauthenticated: Please sign in to see your notifications." {
		t.Fatalf("signed out: %s", testworld.Failure(err))
	}
}

func TestPreferencesAreValidatedAndStoredPerMember(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	alice, _ := w.Person(t, "alice", "tenant"), w.Person(t, "bob", "tenant")

	got, err := w.api.GetNotificationPreferences(ctx, testworld.As(alice, &notificationv1.GetNotificationPreferencesRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	cats := got.Msg.Categories
	if len(cats) != len(notify.Categories)+1 {
		t.Fatalf("%d categories, want every category and security", len(cats))
	}
	for i, info := range notify.Categories {
		if c := cats[i]; c.Category != string(info.Category) || c.Label != info.Label || c.Email != info.EmailDefault || c.Locked {
			t.Errorf("category %d = %v, want %s by default %v", i, c, info.Category, info.EmailDefault)
		}
	}
	if last := cats[len(cats)-1]; last.Category != "security" || !last.Email || !last.Locked {
		t.Errorf("security = %v, want always on and locked", last)
	}

	update := func(changes ...*notificationv1.PreferenceChange) error {
		_, err := w.api.UpdateNotificationPreferences(ctx, testworld.As(alice, &notificationv1.UpdateNotificationPreferencesRequest{Changes: changes}))
		return err
	}
	change := func(c string, on bool) *notificationv1.PreferenceChange {
		return &notificationv1.PreferenceChange{Category: c, Email: on}
	}
	for name, c := range map[string]struct {
		err  error
		want string
	}{
		"nothing":      {update(), "invalid_argument: " + notify.MsgNoChanges},
		"unknown":      {update(change("moderation", false), change("newsletters", false)), `invalid_argument: "newsletters" is not a notification category. Choose one of: verification_requests, property_badges, tenancies, documents, review_responses, moderation, contact_replies, levels_badges, data_exports, enquiries, saved_searches.`},
		"security off": {update(change("security", false)), "invalid_argument: " + notify.MsgSecurityLocked},
		"twice":        {update(change("moderation", false), change("moderation", true)), "invalid_argument: " + notify.MsgTwice},
	} {
		if got := testworld.Failure(c.err); got != c.want {
			t.Errorf("%s: %s, want %s", name, got, c.want)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM users WHERE notification_preferences IS NOT NULL`); n != 0 {
		t.Fatalf("a refused change stored preferences for %d members", n)
	}

	// Changes sent at once all hold, each merged into the column.
	var wg sync.WaitGroup
	for _, info := range notify.Categories {
		wg.Go(func() {
			if err := update(change(string(info.Category), !info.EmailDefault)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	prefs := w.preferences(t, "alice")
	for _, info := range notify.Categories {
		if prefs.WantsEmail(info.Category) == info.EmailDefault {
			t.Errorf("%s: still %v after the parallel changes", info.Category, info.EmailDefault)
		}
	}
	if bobs := w.preferences(t, "bob"); bobs.Email != nil {
		t.Errorf("bob's preferences changed: %v", bobs)
	}
	raw, _ := json.Marshal(prefs)
	t.Logf("stored: %s", raw)
}

// A list of preference changes longer than there are categories is refused once, not once per
// entry, and an unknown category too long to read is not repeated back: the refusal stays a few
// hundred bytes whatever the request holds (one entry per category, security included, passes).
// Before, 63 KB of unknown or repeated entries were answered with 2 MB, and a long name was
// echoed whole.
func TestPreferenceChangesAreRefusedBriefly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	alice := w.Person(t, "alice", "tenant")
	long := strings.Repeat("y", 20000)
	tooMany := fmt.Sprintf("Name each category at most once: there are only %d.", len(notify.Categories)+1)
	for name, c := range map[string]struct {
		item string
		n    int
		want string
	}{
		"unknown":  {`{"category":"x"}`, 3000, tooMany},
		"repeated": {`{"category":"moderation"}`, 2000, tooMany},
		"long":     {`{"category":"` + long + `"}`, 1, "That is not a notification category. Choose one of: verification_requests,"},
	} {
		body := `{"changes":[` + strings.TrimSuffix(strings.Repeat(c.item+",", c.n), ",") + `]}`
		status, _, res := testworld.Send(t, http.MethodPost, w.URL+notificationv1connect.NotificationServiceUpdateNotificationPreferencesProcedure,
			alice, "application/json", strings.NewReader(body))
		var answer struct{ Code, Message string }
		if err := json.Unmarshal([]byte(res), &answer); err != nil || status != http.StatusBadRequest || answer.Code != "invalid_argument" ||
			!strings.HasPrefix(answer.Message, c.want) || len(res) > 1000 || strings.Contains(res, "yyyy") {
			t.Errorf("%s: %d entries (%d bytes) answered %d with %d bytes: %.300s", name, c.n, len(body), status, len(res), res)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM users WHERE notification_preferences IS NOT NULL`); n != 0 {
		t.Fatalf("a refused change stored preferences for %d members", n)
	}
	every := []*notificationv1.PreferenceChange{{Category: "security", Email: true}}
	for _, info := range notify.Categories {
		every = append(every, &notificationv1.PreferenceChange{Category: string(info.Category), Email: false})
	}
	if _, err := w.api.UpdateNotificationPreferences(t.Context(), testworld.As(alice, &notificationv1.UpdateNotificationPreferencesRequest{Changes: every})); err != nil {
		t.Fatalf("every category at once: %v", err)
	}
	if _, err := w.api.UpdateNotificationPreferences(t.Context(), testworld.As(alice, &notificationv1.UpdateNotificationPreferencesRequest{
		Changes: append(every, &notificationv1.PreferenceChange{Category: "enquiries", Email: true}),
	})); testworld.Failure(err) != "invalid_argument: "+tooMany {
		t.Errorf("one more than every category: %s", testworld.Failure(err))
	}
	for _, info := range notify.Categories {
		if w.preferences(t, "alice").WantsEmail(info.Category) {
			t.Errorf("%s still on after every category was turned off", info.Category)
		}
	}
}
