package testworld

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/notify"
)

// Noted is a notification as a test checks it.
type Noted struct {
	Kind, Category, Title, Body, Link string
}

// Emailed is an outbox row as a test checks it.
type Emailed struct {
	To, Category, Kind, Subject, Text, Unsubscribe string
}

// VerifyEmail marks username's address verified (what the emailed link does).
func (w *World) VerifyEmail(t testing.TB, username string) {
	t.Helper()
	w.Exec(t, `UPDATE users SET email_verified_at = now() WHERE username = $1`, username)
}

// Notifications lists username's notifications, oldest first.
func (w *World) Notifications(t testing.TB, username string) []Noted {
	t.Helper()
	rows, err := w.Pool.Query(context.Background(), `
		SELECT n.kind, n.category, n.title, n.body, n.link FROM notifications n JOIN users u ON u.id = n.user_id
		WHERE u.username = $1 ORDER BY n.id`, username)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []Noted
	for rows.Next() {
		var n Noted
		if err := rows.Scan(&n.Kind, &n.Category, &n.Title, &n.Body, &n.Link); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Emails lists the outbox rows to address, oldest first, each as it goes out (a compact row
// rendered as the sender renders it).
func (w *World) Emails(t testing.TB, address string) []Emailed {
	t.Helper()
	ctx := context.Background()
	rows, err := w.Pool.Query(ctx, `
		SELECT to_address, category, kind, subject, user_id, text_body, html_body, unsubscribe_url, content FROM outbox_emails
		WHERE lower(to_address) = lower($1) ORDER BY id`, address)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Emailed
		userID                  *int32
		text, html, unsubscribe *string
		content                 []byte
	}
	var found []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.To, &r.Category, &r.Kind, &r.Subject, &r.userID, &r.text, &r.html, &r.unsubscribe, &r.content); err != nil {
			t.Fatal(err)
		}
		found = append(found, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	out := make([]Emailed, len(found))
	for i, r := range found {
		body, err := mail.RenderRow(ctx, db.New(w.Pool), notify.Footer, r.userID, r.Category, r.text, r.html, r.unsubscribe, r.content)
		if err != nil {
			t.Fatal(err)
		}
		r.Text, r.Unsubscribe = body.Text, body.Unsubscribe
		out[i] = r.Emailed
	}
	return out
}

// Kinds are the kinds of notifications, in order.
func Kinds(ns []Noted) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.Kind
	}
	return out
}

// EmailKinds are the kinds of emails, in order.
func EmailKinds(es []Emailed) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Kind
	}
	return out
}
