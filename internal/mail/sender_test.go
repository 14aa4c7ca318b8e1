package mail_test

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
	"github.com/rentproof/rentproof/internal/faultproxy"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/store"
)

// member adds a member with address email, verified or not, and returns their id.
func member(t *testing.T, pool *pgxpool.Pool, email string, verified bool) int32 {
	t.Helper()
	var id int32
	err := pool.QueryRow(t.Context(), `INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		VALUES ($1, 'x', $2, 'Mia', 'Post', 'tenant', CASE WHEN $3 THEN now() END) RETURNING id`,
		strings.ReplaceAll(strings.Split(email, "@")[0], "-", "_"), email, verified).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// enqueue writes one message for member user (0: none) in its own committed transaction.
func enqueue(t *testing.T, pool *pgxpool.Pool, user int32, to, category, unsubscribe string) int64 {
	t.Helper()
	var id int64
	err := store.WithTx(t.Context(), pool, func(q *db.Queries) (err error) {
		id, err = mail.Enqueue(t.Context(), q, mail.Message{
			UserID: user, To: to, Category: category, Kind: "test_message", Subject: "Hello " + to,
			Content:     mail.Content{Heading: "Hello", Paragraphs: []string{"A test message."}, Action: &mail.Action{Label: "Open", URL: "http://localhost:8080/notifications"}, Reason: "A test.", Stop: "Stop."},
			Unsubscribe: unsubscribe,
		})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func sender(t *testing.T, pool *pgxpool.Pool, smtpURL string, cfg mail.SenderConfig) *mail.Sender {
	t.Helper()
	cfg.SMTPURL, cfg.From = smtpURL, "RentProof <no-reply@rentproof.test>"
	s, err := mail.NewSender(pool, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func row(t *testing.T, pool *pgxpool.Pool, id int64) (status string, attempts int32, lastError string) {
	t.Helper()
	var le *string
	if err := pool.QueryRow(t.Context(), `SELECT status, attempts, last_error FROM outbox_emails WHERE id = $1`, id).Scan(&status, &attempts, &le); err != nil {
		t.Fatal(err)
	}
	if le != nil {
		lastError = *le
	}
	return status, attempts, lastError
}

// run runs s until the test ends.
func run(t *testing.T, s *mail.Sender) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// waitFor polls cond for up to 15 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// With the mail server unreachable the message is retried with backoff, and once it is back it
// is delivered exactly once.
func TestSMTPDownRetriesThenDeliversOnce(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	u, err := url.Parse(mp.SMTPURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := faultproxy.Start(t, u.Host)
	proxy.Down()
	to := mailtest.Address("down")
	id := enqueue(t, pool, 0, to, "contact_replies", "")
	s := sender(t, pool, "smtp://"+proxy.Addr()+"?tls=none", mail.SenderConfig{Backoff: 100 * time.Millisecond, Poll: 50 * time.Millisecond})
	run(t, s)
	waitFor(t, "three failed attempts", func() bool { _, a, _ := row(t, pool, id); return a >= 3 })
	status, _, lastError := row(t, pool, id)
	if status != "pending" || lastError == "" {
		t.Fatalf("while the server is down: status %s, last error %q; want pending with the error", status, lastError)
	}
	if n, err := mp.Count(t.Context(), to); err != nil || n != 0 {
		t.Fatalf("%d delivered while down (%v)", n, err)
	}
	proxy.Up()
	msgs := mp.WaitFor(t, to, 1)
	waitFor(t, "the row marked sent", func() bool { st, _, _ := row(t, pool, id); return st == "sent" })
	time.Sleep(300 * time.Millisecond) // room for a wrong second delivery
	if n, err := mp.Count(t.Context(), to); err != nil || n != 1 {
		t.Errorf("delivered %d times (%v), want once", n, err)
	}
	if want := mail.MessageID(id, "rentproof.test"); msgs[0].MessageID != want {
		t.Errorf("Message-ID %q, want %q", msgs[0].MessageID, want)
	}
}

// Two senders on one outbox send every message exactly once.
func TestTwoSendersSendEachOnce(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	const n = 120
	to := make([]string, n)
	ids := make([]int64, n)
	for i := range to {
		to[i] = mailtest.Address(fmt.Sprintf("twice%d", i))
		ids[i] = enqueue(t, pool, 0, to[i], "contact_replies", "")
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		s := sender(t, pool, mp.SMTPURL, mail.SenderConfig{Batch: 7})
		wg.Go(func() { _, errs[i] = s.SendDue(t.Context()) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	var sent int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM outbox_emails WHERE status = 'sent'`).Scan(&sent); err != nil || sent != n {
		t.Fatalf("%d rows sent (%v), want %d", sent, err, n)
	}
	for i, addr := range to {
		if c, err := mp.Count(t.Context(), addr); err != nil || c != 1 {
			t.Errorf("message %d to %s delivered %d times (%v), want once", ids[i], addr, c, err)
		}
	}
}

// A transaction that enqueued and rolled back sends nothing.
func TestRolledBackSendsNothing(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	to := mailtest.Address("rolledback")
	boom := errors.New("the event failed")
	err := store.WithTx(t.Context(), pool, func(q *db.Queries) error {
		if _, err := mail.Enqueue(t.Context(), q, mail.Message{To: to, Category: "contact_replies", Kind: "test_message", Subject: "Never", Content: mail.Content{Heading: "Never"}}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	committed := mailtest.Address("committed")
	enqueue(t, pool, 0, committed, "contact_replies", "")
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	mp.WaitFor(t, committed, 1) // the sender ran and delivered what was committed
	if n, err := mp.Count(t.Context(), to); err != nil || n != 0 {
		t.Errorf("the rolled-back message went out %d times (%v)", n, err)
	}
}

// A permanent refusal (550) is dead at once: no second try.
func TestPermanentRefusalIsDeadAtOnce(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	id := enqueue(t, pool, 0, mailtest.Address("bounce"), "contact_replies", "")
	ok := mailtest.Address("after-bounce")
	enqueue(t, pool, 0, ok, "contact_replies", "")
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	status, attempts, lastError := row(t, pool, id)
	if status != "dead" || attempts != 1 || !strings.Contains(lastError, "550") {
		t.Errorf("refused message: %s after %d attempts (%q); want dead after 1 with the 550", status, attempts, lastError)
	}
	mp.WaitFor(t, ok, 1) // the next message on the same connection still goes
}

// Too many temporary failures end in dead too.
func TestTooManyTemporaryFailuresAreDead(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	proxy := faultproxy.Start(t, "127.0.0.1:1")
	proxy.Down()
	id := enqueue(t, pool, 0, mailtest.Address("never"), "contact_replies", "")
	s := sender(t, pool, "smtp://"+proxy.Addr()+"?tls=none", mail.SenderConfig{MaxAttempts: 3, Backoff: time.Millisecond})
	for range 3 {
		time.Sleep(5 * time.Millisecond)
		if _, err := s.SendDue(t.Context()); err == nil {
			t.Error("a pass whose connection failed reported no error")
		}
	}
	if status, attempts, _ := row(t, pool, id); status != "dead" || attempts != 3 {
		t.Errorf("%s after %d attempts, want dead after 3", status, attempts)
	}
}

// The Message-ID is the row's; List-Unsubscribe and List-Unsubscribe-Post are there only when
// the row has an unsubscribe link; both parts go.
func TestHeadersAndParts(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	withLink, without := mailtest.Address("unsub"), mailtest.Address("nounsub")
	unsub := "http://localhost:8080/unsubscribe?token=abc"
	id1 := enqueue(t, pool, member(t, pool, withLink, true), withLink, "review_responses", unsub)
	id2 := enqueue(t, pool, 0, without, "contact_replies", "")
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	m1, m2 := mp.Latest(t, withLink), mp.Latest(t, without)
	if m1.MessageID != mail.MessageID(id1, "rentproof.test") || m2.MessageID != mail.MessageID(id2, "rentproof.test") {
		t.Errorf("Message-IDs %q and %q, want the rows' %d and %d", m1.MessageID, m2.MessageID, id1, id2)
	}
	if got := m1.Header("List-Unsubscribe"); got != "<"+unsub+">" {
		t.Errorf("List-Unsubscribe %q", got)
	}
	if got := m1.Header("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", got)
	}
	if m2.Header("List-Unsubscribe") != "" || m2.Header("List-Unsubscribe-Post") != "" {
		t.Errorf("unsubscribe headers on mail without a link: %v", m2.Headers)
	}
	if !strings.Contains(m1.Text, "A test message.") || !strings.Contains(m1.HTML, "A test message.") {
		t.Errorf("parts: text %q, html %q", m1.Text, m1.HTML)
	}
	if m1.From != "no-reply@rentproof.test" {
		t.Errorf("From %q", m1.From)
	}
}

// Only security mail goes to an unverified address, or to one that is no longer the member's;
// the rest is withheld, not sent.
func TestUnverifiedAddressGetsOnlySecurityMail(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	unverified := mailtest.Address("unverified")
	u := member(t, pool, unverified, false)
	notice := enqueue(t, pool, u, unverified, "review_responses", "")
	security := enqueue(t, pool, u, unverified, mail.CategorySecurity, "")
	verified := mailtest.Address("verified")
	v := member(t, pool, verified, true)
	old := enqueue(t, pool, v, verified, "review_responses", "")
	if _, err := pool.Exec(t.Context(), `UPDATE users SET email = $2 WHERE id = $1`, v, mailtest.Address("changed")); err != nil {
		t.Fatal(err)
	}
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	mp.WaitFor(t, unverified, 1)
	for _, id := range []int64{notice, old} {
		if status, _, reason := row(t, pool, id); status != "withheld" || reason != mail.WithheldReason {
			t.Errorf("message %d: %s (%q), want withheld", id, status, reason)
		}
	}
	if status, _, _ := row(t, pool, security); status != "sent" {
		t.Errorf("security mail: %s, want sent", status)
	}
	if n, _ := mp.Count(t.Context(), unverified); n != 1 {
		t.Errorf("%d messages to the unverified address, want the security one only", n)
	}
	if n, _ := mp.Count(t.Context(), verified); n != 0 {
		t.Errorf("%d messages to the member's old address, want none", n)
	}
}

// Mail leaves within a second or two of commit with the default poll.
func TestSentSoonAfterCommit(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	run(t, sender(t, pool, mp.SMTPURL, mail.SenderConfig{}))
	to := mailtest.Address("soon")
	start := time.Now()
	enqueue(t, pool, 0, to, "contact_replies", "")
	mp.WaitFor(t, to, 1)
	took := time.Since(start)
	t.Logf("commit to Mailpit: %s", took)
	if took > 2*time.Second {
		t.Errorf("the message took %s to arrive, want under 2 s", took)
	}
}

// SMTP_URL is read strictly.
func TestSMTPURL(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "http://mail.example.com", "smtp://", "smtp://mail.example.com?tls=maybe", "smtp://mail.example.com:x"} {
		if _, err := mail.NewSender(nil, mail.SenderConfig{SMTPURL: bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, good := range []string{"smtp://u:p@mail.example.com:587", "smtps://u:p@mail.example.com", "smtp://127.0.0.1:1025?tls=none"} {
		if _, err := mail.NewSender(nil, mail.SenderConfig{SMTPURL: good}); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
	if _, err := mail.NewSender(nil, mail.SenderConfig{SMTPURL: "smtp://h:25", From: "not an address"}); err == nil {
		t.Error("MAIL_FROM without an address accepted")
	}
}

// A message whose address cannot be written is dead at once: no retry would help.
func TestUnwritableAddressIsDeadAtOnce(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	id := enqueue(t, pool, 0, "not an address", "contact_replies", "")
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	if status, attempts, lastError := row(t, pool, id); status != "dead" || attempts != 1 || lastError == "" {
		t.Errorf("%s after %d attempts (%q), want dead after 1", status, attempts, lastError)
	}
}

// A compact row (how notification email is written: what it says, no parts) goes out rendered
// by the sender, with the footer and unsubscribe link the Footer writes; the previous release's
// claim never sees one, nor can its resend make one 'pending'; this release's resend queues it.
func TestCompactEmailIsRenderedWhenSent(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	mp := mailtest.Start(t)
	to := mailtest.Address("compact")
	user := member(t, pool, to, true)
	content, err := mail.EncodeCompact(mail.Content{Heading: "Your review was answered", Paragraphs: []string{"The owner wrote back."},
		Action: &mail.Action{Label: "Read it", URL: "https://rentproof.example/properties/3"}}, "https://rentproof.example")
	if err != nil {
		t.Fatal(err)
	}
	id, err := db.New(pool).EnqueueCompactEmail(t.Context(), db.EnqueueCompactEmailParams{
		UserID: &user, ToAddress: to, Category: "review_responses", Kind: "review_response", Subject: "Your review was answered", Content: content,
	})
	if err != nil {
		t.Fatal(err)
	}
	// The previous release's claim, word for word: compact rows are not its to send.
	if n := count(t, pool, `SELECT count(*) FROM outbox_emails WHERE status = 'pending' AND send_after <= now()`); n != 0 {
		t.Fatalf("%d rows the previous release's sender would claim", n)
	}
	if _, err := sender(t, pool, mp.SMTPURL, mail.SenderConfig{Footer: notify.Footer}).SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	m := mp.Latest(t, to)
	if m.MessageID != mail.MessageID(id, "rentproof.test") || m.Subject != "Your review was answered" {
		t.Errorf("message %q, subject %q", m.MessageID, m.Subject)
	}
	unsubscribe := strings.Trim(m.Header("List-Unsubscribe"), "<>")
	if !strings.HasPrefix(unsubscribe, "https://rentproof.example/unsubscribe?token=") || m.Header("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe %q", m.Header("List-Unsubscribe"))
	}
	for _, part := range []string{m.Text, m.HTML} {
		for _, want := range []string{"The owner wrote back.", "https://rentproof.example/properties/3", "“Responses to your reviews” is on", "https://rentproof.example/settings"} {
			if !strings.Contains(part, want) {
				t.Errorf("a part lacks %q:\n%s", want, part)
			}
		}
	}
	if !strings.Contains(m.Text, unsubscribe) {
		t.Errorf("the text part lacks the unsubscribe link %q", unsubscribe)
	}
	if status, _, _ := row(t, pool, id); status != "sent" {
		t.Errorf("compact row %s, want sent", status)
	}

	if _, err := pool.Exec(t.Context(), `UPDATE outbox_emails SET status = 'dead' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	// The previous release's resend sets 'pending': refused for a compact row.
	if _, err := pool.Exec(t.Context(), `UPDATE outbox_emails SET status = 'pending' WHERE id = $1`, id); err == nil {
		t.Error("a compact row became 'pending', which the previous release's sender would claim and fail to read")
	}
	admin := member(t, pool, mailtest.Address("admin"), true)
	if n, err := db.New(pool).ResendEmail(t.Context(), db.ResendEmailParams{EmailID: id, AdminID: &admin}); err != nil || n != 1 {
		t.Fatalf("resend: %d, %v", n, err)
	}
	if status, _, _ := row(t, pool, id); status != "queued" {
		t.Errorf("resent compact row %s, want queued", status)
	}
}

func count(t *testing.T, pool *pgxpool.Pool, query string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
