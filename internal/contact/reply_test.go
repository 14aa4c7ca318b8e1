package contact_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// sendFrom sends a message from address as token ("" signed out) and returns its id.
func (w *world) sendFrom(t *testing.T, token, address string) int64 {
	t.Helper()
	if _, err := w.client.SendContactMessage(context.Background(), testworld.As(token, &contactv1.SendContactMessageRequest{
		Name: "Sender", Email: address, Subject: "support", Message: "How do I verify my flat?",
	})); err != nil {
		t.Fatal(err)
	}
	return int64(w.ID(t, `SELECT max(id)::int FROM contact_messages`))
}

// Issue 29: administrators reply to contact messages. Only they may (the server refuses anyone
// else, whatever the page shows); a reply is 1 to 5,000 characters; it is kept, marks the
// message handled and is emailed to the address on the message; a signed-in sender also gets an
// in-app notification, and one who turned replies off gets no email.
func TestReplyToContactMessage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	root := w.Person(t, "root", "admin")
	tina := w.Person(t, "tina", "tenant")
	quiet := w.Person(t, "quiet", "tenant")
	w.Exec(t, `UPDATE users SET notification_preferences = '{"email": {"contact_replies": false}}' WHERE username = 'quiet'`)
	visitor := w.sendFrom(t, "", "visitor@example.org")
	reply := func(token string, id int64, text string) (*contactv1.ContactMessage, error) {
		res, err := w.client.ReplyToContactMessage(ctx, testworld.As(token, &contactv1.ReplyToContactMessageRequest{Id: id, Message: text}))
		if err != nil {
			return nil, err
		}
		return res.Msg.Message, nil
	}

	for _, c := range []struct{ name, token, text, want string }{
		{"signed out", "", "Hello", "unauthenticated: Please sign in as an administrator."},
		{"a member", tina, "Hello", "permission_denied: Only administrators can reply to contact messages."},
		{"empty", root, "   ", "invalid_argument: Please write a reply"},
		{"too long", root, strings.Repeat("é", 5001), "invalid_argument: Reply must be at most 5000 characters"},
	} {
		if _, err := reply(c.token, visitor, c.text); testworld.Failure(err) != c.want {
			t.Errorf("%s: %s, want %s", c.name, testworld.Failure(err), c.want)
		}
	}
	if _, err := reply(root, 999999, "Hello"); testworld.Failure(err) != "not_found: Message not found" {
		t.Errorf("no such message: %s", testworld.Failure(err))
	}
	if n := len(w.Emails(t, "visitor@example.org")); n != 0 {
		t.Fatalf("refused replies were emailed: %d", n)
	}

	// A visitor: emailed at the address they typed (never verified: they asked to be answered).
	m, err := reply(root, visitor, "  Open your listing and choose Verify.\n\nThanks for asking!  ")
	if err != nil {
		t.Fatal(err)
	}
	if !m.Handled || m.HandledBy != "root" || m.Replies != 1 {
		t.Errorf("the message after the reply: %+v", m)
	}
	emails := w.Emails(t, "visitor@example.org")
	if len(emails) != 1 || emails[0].Category != "contact_replies" || emails[0].Unsubscribe != "" ||
		!strings.Contains(emails[0].Text, "Open your listing and choose Verify.") || !strings.Contains(emails[0].Text, "How do I verify my flat?") {
		t.Errorf("the visitor's email: %+v", emails)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM contact_replies WHERE message_id = $1 AND body = 'Open your listing and choose Verify.

Thanks for asking!'`, visitor); n != 1 {
		t.Errorf("replies kept: %d", n)
	}

	// A member: the in-app notification too, and the email to the message's address (not their
	// account's, so without their unsubscribe link).
	if _, err := reply(root, w.sendFrom(t, tina, "tina.other@example.org"), "We verified it."); err != nil {
		t.Fatal(err)
	}
	if got := w.Notifications(t, "tina"); len(got) != 1 || got[0].Kind != "contact_reply" || got[0].Body != "We verified it." || got[0].Link != "/contact" {
		t.Errorf("tina's notifications: %+v", got)
	}
	if got := w.Emails(t, "tina.other@example.org"); len(got) != 1 || got[0].Unsubscribe != "" {
		t.Errorf("tina's email: %+v", got)
	}
	// A member who turned replies off: the notification without the email.
	if _, err := reply(root, w.sendFrom(t, quiet, "quiet@example.com"), "Done."); err != nil {
		t.Fatal(err)
	}
	if n, e := len(w.Notifications(t, "quiet")), len(w.Emails(t, "quiet@example.com")); n != 1 || e != 0 {
		t.Errorf("quiet: %d notifications, %d emails; want 1 and 0", n, e)
	}
}

// A signed-in member's reply goes out through the real sender to the address they typed, never
// withheld: another address (their own verified or not) gets it as a visitor would, without
// their unsubscribe link; their own verified address gets it as their mail, with it.
func TestReplyToAMemberIsDeliveredToTheAddressTyped(t *testing.T) {
	t.Parallel()
	w := &world{World: testworld.Start(t, testserver.Options{Mail: true})}
	w.client = contactv1connect.NewContactServiceClient(http.DefaultClient, w.URL)
	root := w.Person(t, "root", "admin")
	ctx := context.Background()
	for _, c := range []struct {
		name               string
		verified, typedOwn bool // the member's address verified; they typed it (else another address)
		wantUnsubscribe    bool
	}{
		{"verified, another address", true, false, false},
		{"unverified, their own address", false, true, false},
		{"verified, their own address", true, true, true},
	} {
		username := strings.NewReplacer(",", "", " ", "_").Replace(c.name)
		token := w.Person(t, username, "tenant")
		own := mailtest.Address(username)
		w.Exec(t, `UPDATE users SET email = $2, email_verified_at = CASE WHEN $3 THEN now() END WHERE username = $1`, username, own, c.verified)
		to := mailtest.Address(username + "-typed")
		if c.typedOwn {
			to = strings.ToUpper(own[:1]) + own[1:] // as typed: the case of an address's first letter is the member's
		}
		id := w.sendFrom(t, token, to)
		if _, err := w.client.ReplyToContactMessage(ctx, testworld.As(root, &contactv1.ReplyToContactMessageRequest{Id: id, Message: "We verified it."})); err != nil {
			t.Fatal(err)
		}
		var status string
		for deadline := time.Now().Add(mailtest.Wait); ; time.Sleep(20 * time.Millisecond) {
			if err := w.Pool.QueryRow(ctx, `SELECT status FROM outbox_emails WHERE kind = 'contact_reply' AND lower(to_address) = lower($1)`, to).Scan(&status); err != nil {
				t.Fatal(err)
			}
			if (status != "pending" && status != "queued") || time.Now().After(deadline) {
				break
			}
		}
		if status != "sent" {
			t.Errorf("%s: the reply is %s, want sent", c.name, status)
			continue
		}
		m := w.Mailpit.Latest(t, to)
		if !strings.Contains(m.Text, "We verified it.") || !strings.EqualFold(m.To[0], to) {
			t.Errorf("%s: delivered %q to %v", c.name, m.Text, m.To)
		}
		if got := m.Header("List-Unsubscribe") != ""; got != c.wantUnsubscribe {
			t.Errorf("%s: an unsubscribe link %v, want %v", c.name, got, c.wantUnsubscribe)
		}
		if n := len(w.Notifications(t, username)); n != 1 {
			t.Errorf("%s: %d notifications, want 1", c.name, n)
		}
	}
}
