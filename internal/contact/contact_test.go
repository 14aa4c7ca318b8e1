package contact_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/contact"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// valid is a form that passes every rule.
func valid() contact.Form {
	return contact.Form{Name: "Ada Lovelace", Email: "ada@example.com", Subject: "support", Message: "My listing photos do not load."}
}

// from is a request context from the client address ip.
func from(ip string) context.Context {
	return identity.WithClient(context.Background(), identity.Client{IP: ip})
}

// violations returns the field messages of a validation error, "field: message" each.
func violations(err error) []string {
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	for _, v := range ve.Violations {
		out = append(out, v.Field+": "+v.Message)
	}
	return out
}

// TestSendValidation checks every rule with its message (SPEC §5 word for word where SPEC has
// one), that text is trimmed before it is counted, and that nothing refused is stored.
func TestSendValidation(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := contact.NewService(pool)
	for i, c := range []struct {
		name string
		edit func(*contact.Form)
		want string // "" when the form is accepted
	}{
		{"name too short", func(f *contact.Form) { f.Name = "A" }, "name: Name must be at least 2 characters"},
		{"name blank", func(f *contact.Form) { f.Name = "   " }, "name: Name must be at least 2 characters"},
		{"name padded to two", func(f *contact.Form) { f.Name = "  A  " }, "name: Name must be at least 2 characters"},
		{"name too long", func(f *contact.Form) { f.Name = strings.Repeat("n", 101) }, "name: Name must be at most 100 characters"},
		{"name of 100 accented letters", func(f *contact.Form) { f.Name = strings.Repeat("é", 100) }, ""},
		{"email blank", func(f *contact.Form) { f.Email = "" }, "email: Please enter a valid email address"},
		{"email without domain dot", func(f *contact.Form) { f.Email = "ada@example" }, "email: Please enter a valid email address"},
		{"email with display name", func(f *contact.Form) { f.Email = "Ada <ada@example.com>" }, "email: Please enter a valid email address"},
		{"email too long", func(f *contact.Form) { f.Email = strings.Repeat("a", 243) + "@example.com" }, "email: Please enter a valid email address"},
		{"email padded", func(f *contact.Form) { f.Email = "  ada@example.com " }, ""},
		{"subject blank", func(f *contact.Form) { f.Subject = "" }, "subject: Please select a subject"},
		{"subject unknown", func(f *contact.Form) { f.Subject = "sales" }, "subject: Please select a subject"},
		{"subject of another case", func(f *contact.Form) { f.Subject = "Support" }, "subject: Please select a subject"},
		{"message too short", func(f *contact.Form) { f.Message = "Too short" }, "message: Message must be at least 10 characters"},
		{"message padded to nine", func(f *contact.Form) { f.Message = "   123456789   " }, "message: Message must be at least 10 characters"},
		{"message too long", func(f *contact.Form) { f.Message = strings.Repeat("m", 501) }, "message: Message cannot exceed 500 characters"},
		{"message of 500 emoji", func(f *contact.Form) { f.Message = strings.Repeat("🏠", 500) }, ""},
		{"message on several lines", func(f *contact.Form) { f.Message = "Hello,\r\n\tthe map\nis blank." }, ""},
		{"name with NUL", func(f *contact.Form) { f.Name = "Ada\x00" }, "name: Name must not contain control characters such as NUL"},
		{"name with a line break", func(f *contact.Form) { f.Name = "Ada\nLovelace" }, "name: Name must not contain control characters such as NUL"},
		{"email with NUL", func(f *contact.Form) { f.Email = "ada@exa\x00mple.com" }, "email: Email must not contain control characters such as NUL"},
		{"message with NUL", func(f *contact.Form) { f.Message = "Hello there\x00 world" }, "message: Message must not contain control characters such as NUL"},
		{"name not UTF-8", func(f *contact.Form) { f.Name = "Ad\xffa" }, "name: Name must be valid UTF-8 text"},
		{"message not UTF-8", func(f *contact.Form) { f.Message = "Hello there \xc3\x28 world" }, "message: Message must be valid UTF-8 text"},
	} {
		f := valid()
		c.edit(&f)
		err := svc.Send(from(fmt.Sprintf("198.51.100.%d", i)), f)
		got := strings.Join(violations(err), "; ")
		if c.want == "" && err != nil || c.want != "" && got != c.want {
			t.Errorf("%s: got %q (%v), want %q", c.name, got, err, c.want)
		}
		if c.want != "" && !errors.Is(err, apperr.ErrInvalidArgument) {
			t.Errorf("%s: %v is not invalid_argument", c.name, err)
		}
	}
	// Every field wrong at once: every message at once.
	err := svc.Send(from("198.51.100.99"), contact.Form{Name: "A", Email: "no", Subject: "x", Message: "short"})
	if got := len(violations(err)); got != 4 {
		t.Errorf("all fields wrong: %d messages %v, want 4", got, violations(err))
	}
	var stored int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM contact_messages`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != 4 { // the four accepted forms above
		t.Errorf("stored %d messages, want 4", stored)
	}
	var padded int
	if err := pool.QueryRow(context.Background(),
		`SELECT count(*) FROM contact_messages WHERE email = 'ada@example.com' AND name = btrim(name) AND message = btrim(message)`).Scan(&padded); err != nil {
		t.Fatal(err)
	}
	if padded != 4 {
		t.Errorf("%d of 4 stored trimmed", padded)
	}
}

// TestHoneypot: a filled website field is answered as a success, stores nothing and uses none
// of the network's allowance; even an invalid form is "accepted" then.
func TestHoneypot(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := contact.NewService(pool)
	for i := range contact.PerHour + 2 {
		f := valid()
		f.Website = "https://spam.example"
		if i == 0 {
			f.Message = "x"
		}
		if err := svc.Send(from("203.0.113.7"), f); err != nil {
			t.Fatalf("honeypot send %d: %v", i, err)
		}
	}
	var stored, events int
	if err := pool.QueryRow(context.Background(),
		`SELECT (SELECT count(*) FROM contact_messages), (SELECT count(*) FROM rate_events)`).Scan(&stored, &events); err != nil {
		t.Fatal(err)
	}
	if stored != 0 || events != 0 {
		t.Errorf("honeypot stored %d messages and %d rate events, want none", stored, events)
	}
	if err := svc.Send(from("203.0.113.7"), valid()); err != nil {
		t.Errorf("a person from the same address: %v", err)
	}
}

// TestRateLimitUnderConcurrency sends 30 messages at once from one address: exactly PerHour are
// stored and the rest refused with the message; another address is not held back, an IPv6
// neighbour in the same /64 is; past the hour, the daily limit of the network holds.
func TestRateLimitUnderConcurrency(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := contact.NewService(pool)
	ctx := context.Background()
	sendAll := func(n int, ip string) (ok, limited int) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				err := svc.Send(from(ip), valid())
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, apperr.ErrResourceExhausted) && err.Error() == contact.MsgTooMany:
					limited++
				default:
					t.Errorf("send from %s: %v", ip, err)
				}
			})
		}
		wg.Wait()
		return ok, limited
	}
	if ok, limited := sendAll(30, "192.0.2.10"); ok != contact.PerHour || limited != 30-contact.PerHour {
		t.Errorf("30 parallel sends: %d stored, %d limited; want %d and %d", ok, limited, contact.PerHour, 30-contact.PerHour)
	}
	var stored int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM contact_messages`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != contact.PerHour {
		t.Errorf("stored %d, want %d", stored, contact.PerHour)
	}
	if ok, _ := sendAll(1, "192.0.2.11"); ok != 1 {
		t.Error("another address was held back")
	}
	if ok, _ := sendAll(contact.PerHour, "2001:db8:1:2::1"); ok != contact.PerHour {
		t.Error("an IPv6 address was held back before its limit")
	}
	if ok, limited := sendAll(3, "2001:db8:1:2:ffff::9"); ok != 0 || limited != 3 {
		t.Errorf("the same /64: %d sent, want none", ok)
	}

	// The hour passes (the events are moved back two hours): the day's allowance is what is left.
	if _, err := pool.Exec(ctx, `UPDATE rate_events SET created_at = created_at - interval '2 hours'`); err != nil {
		t.Fatal(err)
	}
	for range 3 { // 5 + 15 = 20 in the day
		if ok, _ := sendAll(contact.PerHour, "192.0.2.10"); ok != contact.PerHour {
			t.Fatalf("a new hour: %d sent, want %d", ok, contact.PerHour)
		}
		if _, err := pool.Exec(ctx, `UPDATE rate_events SET created_at = created_at - interval '61 minutes'`); err != nil {
			t.Fatal(err)
		}
	}
	if ok, limited := sendAll(2, "192.0.2.10"); ok != 0 || limited != 2 {
		t.Errorf("past %d in a day: %d sent, want none", contact.PerDay, ok)
	}
}

// TestRetention: a send deletes messages older than 12 months (not younger ones), and the list
// never shows an expired message even before a send deletes it.
func TestRetention(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := contact.NewService(pool)
	ctx := context.Background()
	insert := func(age string) {
		t.Helper()
		if _, err := pool.Exec(ctx, `INSERT INTO contact_messages (name, email, subject, message, created_at)
			VALUES ('Old Sender', 'old@example.com', 'general', 'A message from the past.', now() - $1::interval)`, age); err != nil {
			t.Fatal(err)
		}
	}
	for range contact.RetentionBatch + 5 {
		insert("13 months")
	}
	insert("11 months")
	admin := identity.WithSession(ctx, identity.Session{User: identity.User{ID: 1, Username: "root", Role: "admin"}})
	page, err := svc.List(admin, true, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 1 || page.Open != 1 || len(page.Messages) != 1 {
		t.Errorf("before the delete the list shows total %d, open %d, %d messages; want only the 11-month one", page.Total, page.Open, len(page.Messages))
	}
	remaining := func() (expired, kept int) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE created_at < now() - interval '12 months'),
			count(*) FILTER (WHERE created_at >= now() - interval '12 months') FROM contact_messages`).Scan(&expired, &kept); err != nil {
			t.Fatal(err)
		}
		return expired, kept
	}
	if err := svc.Send(from("192.0.2.50"), valid()); err != nil {
		t.Fatal(err)
	}
	if expired, kept := remaining(); expired != 5 || kept != 2 {
		t.Errorf("after one send: %d expired left, %d kept; want 5 (one batch of %d deleted) and 2", expired, kept, contact.RetentionBatch)
	}
	if err := svc.Send(from("192.0.2.51"), valid()); err != nil {
		t.Fatal(err)
	}
	if expired, kept := remaining(); expired != 0 || kept != 3 {
		t.Errorf("after two sends: %d expired left, %d kept; want 0 and 3", expired, kept)
	}
}

// world is a running server with accounts.
type world struct {
	*testworld.World
	client contactv1connect.ContactServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := testworld.Start(t, testserver.Options{})
	return &world{World: w, client: contactv1connect.NewContactServiceClient(http.DefaultClient, w.URL)}
}

func code(err error) string {
	if err == nil {
		return "ok"
	}
	return connect.CodeOf(err).String()
}

func (w *world) send(t *testing.T, token, name, subject string) {
	t.Helper()
	f := valid()
	if _, err := w.client.SendContactMessage(context.Background(), testworld.As(token, &contactv1.SendContactMessageRequest{
		Name: name, Email: f.Email, Subject: subject, Message: f.Message,
	})); err != nil {
		t.Fatalf("send %s: %v", name, err)
	}
}

// TestAdministratorsList: only administrators list and mark messages (unauthenticated signed
// out, permission_denied otherwise); newest first, with total and open counts; marking records
// who and when, reopening clears it; a signed-in sender's account is kept.
func TestAdministratorsList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	root := w.Person(t, "root", "admin")
	tina := w.Person(t, "tina", "tenant")
	lars := w.Person(t, "lars", "landlord")
	w.send(t, "", "First Visitor", "general")
	w.send(t, tina, "Tina Tenant", "support")
	w.send(t, "", "Third Visitor", "report")

	for _, c := range []struct{ who, token, want string }{
		{"signed out", "", "unauthenticated"}, {"tenant", tina, "permission_denied"}, {"landlord", lars, "permission_denied"},
	} {
		_, err := w.client.ListContactMessages(ctx, testworld.As(c.token, &contactv1.ListContactMessagesRequest{}))
		_, err2 := w.client.MarkContactMessageHandled(ctx, testworld.As(c.token, &contactv1.MarkContactMessageHandledRequest{Id: 1, Handled: true}))
		if code(err) != c.want || code(err2) != c.want {
			t.Errorf("%s: list %s, mark %s; want %s", c.who, code(err), code(err2), c.want)
		}
	}

	list := func(includeHandled bool, page, size int32) *contactv1.ListContactMessagesResponse {
		t.Helper()
		res, err := w.client.ListContactMessages(ctx, testworld.As(root, &contactv1.ListContactMessagesRequest{IncludeHandled: includeHandled, Page: page, PageSize: size}))
		if err != nil {
			t.Fatalf("list: %v", err)
		}
		return res.Msg
	}
	names := func(r *contactv1.ListContactMessagesResponse) string {
		var out []string
		for _, m := range r.GetMessages() {
			out = append(out, m.GetName())
		}
		return strings.Join(out, ", ")
	}
	got := list(false, 0, 0)
	if names(got) != "Third Visitor, Tina Tenant, First Visitor" || got.GetTotal() != 3 || got.GetOpen() != 3 {
		t.Fatalf("open list: %q total %d open %d", names(got), got.GetTotal(), got.GetOpen())
	}
	var tinaID int32
	if err := w.Pool.QueryRow(ctx, `SELECT id FROM users WHERE username = 'tina'`).Scan(&tinaID); err != nil {
		t.Fatal(err)
	}
	if m := got.GetMessages()[1]; m.GetUserId() != int64(tinaID) || got.GetMessages()[0].GetUserId() != 0 || m.GetSubject() != "support" ||
		m.GetEmail() != "ada@example.com" || m.GetCreatedAt() == nil || m.GetHandled() || m.GetHandledAt() != nil {
		t.Errorf("tina's message: %v", m)
	}

	second := got.GetMessages()[1].GetId()
	res, err := w.client.MarkContactMessageHandled(ctx, testworld.As(root, &contactv1.MarkContactMessageHandledRequest{Id: second, Handled: true}))
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Msg.GetMessage(); !m.GetHandled() || m.GetHandledBy() != "root" || m.GetHandledAt() == nil {
		t.Errorf("marked: %v", m)
	}
	firstAt := res.Msg.GetMessage().GetHandledAt().AsTime()
	// Another administrator marking it again changes nothing.
	other := w.Person(t, "ops", "admin")
	res, err = w.client.MarkContactMessageHandled(ctx, testworld.As(other, &contactv1.MarkContactMessageHandledRequest{Id: second, Handled: true}))
	if err != nil || res.Msg.GetMessage().GetHandledBy() != "root" || !res.Msg.GetMessage().GetHandledAt().AsTime().Equal(firstAt) {
		t.Errorf("marked again: %v %v", res, err)
	}

	if got := list(false, 0, 0); names(got) != "Third Visitor, First Visitor" || got.GetTotal() != 2 || got.GetOpen() != 2 {
		t.Errorf("open after marking: %q total %d open %d", names(got), got.GetTotal(), got.GetOpen())
	}
	if got := list(true, 0, 0); names(got) != "Third Visitor, Tina Tenant, First Visitor" || got.GetTotal() != 3 || got.GetOpen() != 2 {
		t.Errorf("all after marking: %q total %d open %d", names(got), got.GetTotal(), got.GetOpen())
	}
	// Paging: the counts come with every page, an empty one too.
	if got := list(true, 2, 2); names(got) != "First Visitor" || got.GetTotal() != 3 || got.GetOpen() != 2 {
		t.Errorf("page 2 of 2: %q total %d open %d", names(got), got.GetTotal(), got.GetOpen())
	}
	if got := list(true, 9, 2); len(got.GetMessages()) != 0 || got.GetTotal() != 3 || got.GetOpen() != 2 {
		t.Errorf("page 9: %q total %d open %d", names(got), got.GetTotal(), got.GetOpen())
	}
	for _, size := range []int32{-1, 101} {
		_, err := w.client.ListContactMessages(ctx, testworld.As(root, &contactv1.ListContactMessagesRequest{PageSize: size}))
		if code(err) != "invalid_argument" {
			t.Errorf("page size %d: %s", size, code(err))
		}
	}

	// Reopened: open again, nobody recorded.
	res, err = w.client.MarkContactMessageHandled(ctx, testworld.As(root, &contactv1.MarkContactMessageHandledRequest{Id: second}))
	if m := res.Msg.GetMessage(); err != nil || m.GetHandled() || m.GetHandledBy() != "" || m.GetHandledAt() != nil {
		t.Errorf("reopened: %v %v", m, err)
	}
	if _, err := w.client.MarkContactMessageHandled(ctx, testworld.As(root, &contactv1.MarkContactMessageHandledRequest{Id: 9999, Handled: true})); code(err) != "not_found" {
		t.Errorf("a missing message: %s", code(err))
	}
}

// TestThroughTheServer: the rules as clients meet them: NUL and invalid UTF-8 refused before
// anything is stored, the limit's message and code, the honeypot, and POST /api/contact.
func TestThroughTheServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	for _, body := range []string{
		`{"name":"Ada\u0000","email":"ada@example.com","subject":"general","message":"Hello there, friends."}`,
		"{\"name\":\"Ada\xff\",\"email\":\"ada@example.com\",\"subject\":\"general\",\"message\":\"Hello there, friends.\"}",
	} {
		status, reply := post(t, w.URL+"/rentproof.contact.v1.ContactService/SendContactMessage", body)
		if status != http.StatusBadRequest || !strings.Contains(reply, "invalid_argument") {
			t.Errorf("%q: %d %s", body, status, reply)
		}
	}
	status, reply := post(t, w.URL+"/api/contact", `{"name":"A","email":"x","subject":"","message":"short"}`)
	for _, want := range []string{contact.MsgNameShort, contact.MsgEmail, contact.MsgSubject, contact.MsgMessageShort} {
		if status != http.StatusBadRequest || !strings.Contains(reply, want) {
			t.Errorf("REST invalid form: %d %s, want %q", status, reply, want)
		}
	}
	status, reply = post(t, w.URL+"/api/contact", `{"name":"Bot","email":"bot@example.com","subject":"general","message":"Buy now!","website":"x"}`)
	if status != http.StatusOK || !strings.Contains(reply, `"success":true`) {
		t.Errorf("REST honeypot: %d %s", status, reply)
	}
	for i := range contact.PerHour + 1 {
		status, reply = post(t, w.URL+"/api/contact", `{"name":"Ada","email":"ada@example.com","subject":"feedback","message":"Lovely site, thank you."}`)
		if i < contact.PerHour && status != http.StatusOK {
			t.Fatalf("REST send %d: %d %s", i, status, reply)
		}
	}
	if status != http.StatusTooManyRequests || !strings.Contains(reply, contact.MsgTooMany) {
		t.Errorf("past the limit: %d %s", status, reply)
	}
	status, header, reply := testworld.Send(t, http.MethodPost, w.URL+"/api/contact", "", "application/json",
		strings.NewReader(`{"name":"Ada","email":"ada@example.com","subject":"feedback","message":"Lovely site, thank you."}`))
	if retry, err := strconv.Atoi(header.Get("Retry-After")); status != http.StatusTooManyRequests || err != nil || retry < 1 || retry > 3600 {
		t.Errorf("past the limit: %d, Retry-After %q (%s)", status, header.Get("Retry-After"), reply)
	}
	_, err := w.client.SendContactMessage(ctx, connect.NewRequest(&contactv1.SendContactMessageRequest{
		Name: "Ada", Email: "ada@example.com", Subject: "general", Message: "Hello there, friends.",
	}))
	if code(err) != "resource_exhausted" {
		t.Errorf("Connect past the limit: %v", err)
	}
	var stored int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM contact_messages`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != contact.PerHour {
		t.Errorf("stored %d, want %d", stored, contact.PerHour)
	}
}

// post sends a JSON body, signed out, and returns the status and the answer.
func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	status, _, reply := testworld.Send(t, http.MethodPost, url, "", "application/json", strings.NewReader(body))
	return status, reply
}
