package notify_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// member adds an account (verified: its address proved) and returns its id.
func member(t *testing.T, pool *pgxpool.Pool, username string, verified bool, prefs string) int32 {
	t.Helper()
	var id int32
	err := pool.QueryRow(context.Background(), `
		INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at, notification_preferences)
		VALUES ($1, 'x', $1 || '@example.com', 'A', 'B', 'tenant', CASE WHEN $2 THEN now() END, nullif($3, '')::jsonb) RETURNING id`,
		username, verified, prefs).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// endHour moves every burst and notification an hour back: their hour is over.
func endHour(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	for _, sql := range []string{
		`UPDATE notify_bursts SET hour = hour - interval '1 hour'`,
		`UPDATE notifications SET created_at = created_at - interval '1 hour'`,
	} {
		if _, err := pool.Exec(context.Background(), sql); err != nil {
			t.Fatal(err)
		}
	}
}

func send(ctx context.Context, pool *pgxpool.Pool, n notify.Notice) error {
	return store.WithTx(ctx, pool, func(q *db.Queries) error { return notify.Send(ctx, q, n) })
}

func notice(userID int32, c notify.Category, kind string) notify.Notice {
	return notify.Notice{UserID: userID, Category: c, Kind: kind, Title: "Something happened", Body: "Details.", Link: "/properties/1"}
}

// A closed account is told nothing by an event after its closure (an owner's response to a
// review it kept, a moderation decision): no notification, burst or email; an open one beside it
// in the same event is told as ever.
func TestClosedAccountIsToldNothing(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := siteorigin.With(context.Background(), "https://rentproof.example")
	ann, zoe := member(t, pool, "ann", true, ""), member(t, pool, "zoe", true, "")
	if _, err := pool.Exec(ctx, `UPDATE users SET closed_at = now() WHERE id = $1`, zoe); err != nil {
		t.Fatal(err)
	}
	err := store.WithTx(ctx, pool, func(q *db.Queries) error {
		return notify.SendEach(ctx, q, []int32{zoe, ann}, notice(0, notify.ReviewResponses, "review_response"))
	})
	if err != nil {
		t.Fatal(err)
	}
	for user, want := range map[int32]int{ann: 1, zoe: 0} {
		for _, table := range []string{"notifications", "notify_bursts", "outbox_emails"} {
			if got := count(t, pool, `SELECT count(*) FROM `+table+` WHERE user_id = $1`, user); got != want {
				t.Errorf("user %d: %d rows in %s, want %d", user, got, table, want)
			}
		}
	}
}

// In-app always; an email only for a verified address whose category is on (levels and badges
// are off unless turned on), with an absolute link and this recipient's unsubscribe link.
func TestEmailOnlyWhenWantedAndVerified(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := siteorigin.With(context.Background(), "https://rentproof.example")
	ann := member(t, pool, "ann", true, "")
	ben := member(t, pool, "ben", false, "")
	cat := member(t, pool, "cat", true, `{"email": {"moderation": false}}`)
	dan := member(t, pool, "dan", true, `{"email": {"levels_badges": true}}`)
	for _, n := range []notify.Notice{
		notice(ann, notify.Moderation, "review_hidden"), notice(ann, notify.LevelsBadges, "badge_earned"),
		notice(ben, notify.Moderation, "review_hidden"),
		notice(cat, notify.Moderation, "review_hidden"), notice(cat, notify.ReviewResponses, "review_response"),
		notice(dan, notify.LevelsBadges, "badge_earned"),
	} {
		if err := send(ctx, pool, n); err != nil {
			t.Fatal(err)
		}
	}
	for user, want := range map[int32][2]int{ann: {2, 1}, ben: {1, 0}, cat: {2, 1}, dan: {1, 1}} {
		got := [2]int{
			count(t, pool, `SELECT count(*) FROM notifications WHERE user_id = $1`, user),
			count(t, pool, `SELECT count(*) FROM outbox_emails WHERE user_id = $1`, user),
		}
		if got != want {
			t.Errorf("user %d: notifications, emails %v, want %v", user, got, want)
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM outbox_emails WHERE user_id = $1 AND category = 'review_responses'`, cat); n != 1 {
		t.Errorf("cat's email is not the category she kept on: %d", n)
	}
	email := outboxEmail(t, pool, `WHERE user_id = $1`, ann)
	text, unsubscribe, to := email.Text, email.Unsubscribe, email.to
	if to != "ann@example.com" || !strings.Contains(text, "https://rentproof.example/properties/1") ||
		!strings.Contains(text, "https://rentproof.example/settings") || !strings.Contains(text, unsubscribe) ||
		!strings.Contains(text, "“Moderation” is on") {
		t.Errorf("email to %s:\n%s", to, text)
	}
	u, err := url.Parse(unsubscribe)
	if err != nil || u.Scheme+"://"+u.Host != "https://rentproof.example" || u.Path != "/unsubscribe" {
		t.Fatalf("unsubscribe link %q", unsubscribe)
	}
	key, err := notify.UnsubscribeKey(ctx, db.New(pool))
	if err != nil {
		t.Fatal(err)
	}
	got, err := notify.ParseUnsubscribe(key, u.Query().Get("token"))
	if want := (notify.Unsubscription{UserID: ann, Category: notify.Moderation}); err != nil || got != want {
		t.Errorf("the link unsubscribes %+v (%v), want %+v", got, err, want)
	}
}

// An unsubscribe token works only as signed: another member or category breaks it.
func TestUnsubscribeCannotBeForged(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	key, err := notify.UnsubscribeKey(ctx, db.New(pool))
	if err != nil {
		t.Fatal(err)
	}
	link := notify.UnsubscribeURL("http://x", key, notify.Unsubscription{UserID: 7, Category: notify.Tenancies})
	u, _ := url.Parse(link)
	token := u.Query().Get("token")
	parts := strings.Split(token, ".")
	other := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, ".")
	}
	for name, forged := range map[string]string{
		"another member":   other(0, "OA"), // "8"
		"another category": other(1, "bW9kZXJhdGlvbg"),
		"a longer life":    other(2, "9999999999"),
		"empty":            "",
		// Signed, but a topic only a saved search's email has, or no topic at all.
		"a topic of another category": key.Sign(time.Now().Add(time.Hour), "7", "tenancies", "5"),
		"a topic of zero":             key.Sign(time.Now().Add(time.Hour), "7", "saved_searches", "0"),
		"a topic that is no number":   key.Sign(time.Now().Add(time.Hour), "7", "saved_searches", "5x"),
	} {
		if _, err := notify.ParseUnsubscribe(key, forged); !errors.Is(err, signing.ErrInvalid) {
			t.Errorf("%s: %v, want invalid", name, err)
		}
	}
	if got, err := notify.ParseUnsubscribe(key, token); err != nil || got != (notify.Unsubscription{UserID: 7, Category: notify.Tenancies}) {
		t.Errorf("the real token: %+v %v", got, err)
	}
	// A saved search's link stops that search: its id is signed with the rest.
	search := notify.Unsubscription{UserID: 7, Category: notify.SavedSearches, Topic: 42}
	link = notify.UnsubscribeURL("http://x", key, search)
	u, _ = url.Parse(link)
	token = u.Query().Get("token")
	if got, err := notify.ParseUnsubscribe(key, token); err != nil || got != search {
		t.Errorf("a saved search's token: %+v %v, want %+v", got, err, search)
	}
	parts = strings.Split(token, ".")
	if _, err := notify.ParseUnsubscribe(key, other(2, "NDM")); !errors.Is(err, signing.ErrInvalid) { // "43"
		t.Errorf("another saved search: %v, want invalid", err)
	}
}

// A notice that fails its own checks is refused before anything is written.
func TestBadNoticeRefused(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ann := member(t, pool, "ann", true, "")
	for _, link := range []string{"https://evil.example/", "//evil.example", "/\\evil", ""} {
		n := notice(ann, notify.Moderation, "x")
		n.Link = link
		if err := send(context.Background(), pool, n); !errors.Is(err, notify.ErrBadNotice) {
			t.Errorf("link %q: %v", link, err)
		}
	}
}

// Twelve notifications of one kind sent at once to one member: all twelve in the app, the first
// five emailed one by one (the counter holds under parallel transactions), the other seven in one
// digest when the hour is over, written once however many servers run the digest at once; another
// kind counts apart.
func TestBurstCollapsesIntoOneDigest(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	ann := member(t, pool, "ann", true, "")
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for i := range 12 {
		wg.Go(func() {
			n := notice(ann, notify.Tenancies, "tenancy_claim")
			n.Title = fmt.Sprintf("Claim %d", i)
			errs <- send(ctx, pool, n)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := send(ctx, pool, notice(ann, notify.Moderation, "review_hidden")); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications WHERE user_id = $1`, ann); n != 13 {
		t.Errorf("notifications: %d, want 13", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM outbox_emails WHERE kind = 'tenancy_claim'`); n != notify.Individually {
		t.Errorf("emails one by one: %d, want %d", n, notify.Individually)
	}
	if n := count(t, pool, `SELECT count(*) FROM outbox_emails WHERE kind = 'review_hidden'`); n != 1 {
		t.Errorf("another kind: %d emails, want 1", n)
	}
	if n, err := notify.Digest(ctx, pool, "http://localhost:8080"); err != nil || n != 0 {
		t.Fatalf("digest before the hour ends: %d, %v", n, err)
	}

	endHour(t, pool)
	written := make(chan int, 2)
	for range 2 { // two servers at once
		wg.Go(func() {
			n, err := notify.Digest(ctx, pool, "http://localhost:8080")
			if err != nil {
				t.Error(err)
			}
			written <- n
		})
	}
	wg.Wait()
	close(written)
	total := 0
	for n := range written {
		total += n
	}
	if total != 1 {
		t.Fatalf("digests written: %d, want 1", total)
	}
	email := outboxEmail(t, pool, `WHERE kind = 'tenancy_claim' ORDER BY id DESC LIMIT 1`)
	subject, text := email.subject, email.Text
	listed := 0
	for i := range 12 {
		if strings.Contains(text, fmt.Sprintf("• Claim %d:", i)) {
			listed++
		}
	}
	if listed != 12-notify.Individually || !strings.HasPrefix(subject, "7 more notifications") {
		t.Errorf("digest %q lists %d notifications, want 7:\n%s", subject, listed, text)
	}
	if n, err := notify.Digest(ctx, pool, "http://localhost:8080"); err != nil || n != 0 {
		t.Errorf("a second run: %d digests, %v", n, err)
	}
}

// A member who turned the category off by the end of the hour gets no digest (the
// notifications stay in the app).
func TestNoDigestAfterTurningOff(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	ann := member(t, pool, "ann", true, "")
	for range 7 {
		if err := send(ctx, pool, notice(ann, notify.Tenancies, "tenancy_claim")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `
		UPDATE users SET notification_preferences = '{"email": {"tenancies": false}}' WHERE id = $1;`, ann); err != nil {
		t.Fatal(err)
	}
	endHour(t, pool)
	if n, err := notify.Digest(ctx, pool, "http://localhost:8080"); err != nil || n != 0 {
		t.Errorf("digest: %d, %v", n, err)
	}
	if n := count(t, pool, `SELECT count(*) FROM outbox_emails`); n != notify.Individually {
		t.Errorf("emails: %d", n)
	}
}

// sentEmail is an outbox row as the sender sends it.
type sentEmail struct {
	mail.Rendered
	to, subject string
}

// outboxEmail renders the outbox row that where (and its args) picks, as the sender would.
func outboxEmail(t *testing.T, pool *pgxpool.Pool, where string, args ...any) sentEmail {
	t.Helper()
	var (
		e                       sentEmail
		category                string
		userID                  *int32
		text, html, unsubscribe *string
		content                 []byte
	)
	if err := pool.QueryRow(t.Context(), `SELECT to_address, subject, category, user_id, text_body, html_body, unsubscribe_url, content
		FROM outbox_emails `+where, args...).Scan(&e.to, &e.subject, &category, &userID, &text, &html, &unsubscribe, &content); err != nil {
		t.Fatal(err)
	}
	var err error
	if e.Rendered, err = mail.RenderRow(t.Context(), db.New(pool), notify.Footer, userID, category, text, html, unsubscribe, content); err != nil {
		t.Fatal(err)
	}
	return e
}

// The statement that writes notification email decides who gets one by the rule of
// Preferences.WantsEmail: both agree on every shape a stored choice can take.
func TestEmailRuleInSQLMatchesGo(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	q := db.New(pool)
	stored := []string{"", `{}`, `{"email":{}}`, `{"email":{"moderation":false}}`, `{"email":{"moderation":true,"levels_badges":true}}`,
		`{"email":{"levels_badges":false,"documents":false}}`, `{"email":{"moderation":"no"}}`, `{"email":{"moderation":null}}`,
		`{"email":[true]}`, `{"email":"on"}`, `[]`, `"x"`, `1`, `{"other":{"moderation":false}}`}
	for _, raw := range stored {
		var prefs []byte
		if raw != "" {
			prefs = []byte(raw)
		}
		for _, info := range notify.Categories {
			sql, err := q.WantsEmail(t.Context(), db.WantsEmailParams{Preferences: prefs, Category: string(info.Category), EmailDefault: info.EmailDefault})
			if err != nil {
				t.Fatal(err)
			}
			if goes := notify.ParsePreferences(prefs).WantsEmail(info.Category); sql != goes {
				t.Errorf("preferences %s, %s: SQL says %v, Go %v", raw, info.Category, sql, goes)
			}
		}
	}
}
