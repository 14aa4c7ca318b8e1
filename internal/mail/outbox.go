// Package mail is RentProof's email: messages written to the outbox (outbox_emails) in the
// transaction of the event that causes them, the layout every message shares, and the sender
// that delivers them over SMTP.
package mail

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
)

// CategorySecurity is mail about the account itself (address verification, password reset,
// sign-in alerts): it cannot be turned off and is the only mail that may go to an address that
// is not verified yet.
const CategorySecurity = "security"

// ErrTooMany is a capped message (verification or reset mail) asked for too often for one address.
var ErrTooMany = errors.New("too many emails to this address")

// Message is one email to one recipient.
type Message struct {
	UserID   int32  // the member it is for; 0 when it is not for a member
	To       string // the address
	Category string // CategorySecurity or a notification category (what preferences and unsubscribe act on)
	Kind     string // which message it is (verify_email, password_reset, review_response, …)
	Subject  string
	Content  Content // rendered into the plain-text and HTML parts by Render
	// Unsubscribe is the signed one-click link of this recipient and category (RFC 8058);
	// empty for mail that cannot be turned off.
	Unsubscribe string
	SendAfter   time.Time // zero: as soon as the transaction commits
	// Attachment is a file the email carries (an accepted viewing's calendar file); nil: none.
	Attachment *Attachment
}

// Attachment is one file attached to an email.
type Attachment struct {
	Name        string // the file name ("viewing.ics"): letters, digits, dot, dash, underscore
	ContentType string // its media type ("text/calendar; charset=utf-8; method=PUBLISH")
	Data        []byte // at most 64 KiB
}

// Enqueue writes m to the outbox in tx, to go out once tx commits; nothing is sent if it rolls back.
func Enqueue(ctx context.Context, tx *db.Queries, m Message) (int64, error) {
	if strings.TrimSpace(m.To) == "" {
		return 0, fmt.Errorf("enqueue %s email: no address", m.Category)
	}
	text, html, err := Render(m.Content)
	if err != nil {
		return 0, fmt.Errorf("render %s email: %w", m.Category, err)
	}
	p := db.EnqueueEmailParams{
		ToAddress: m.To, Category: m.Category, Kind: m.Kind, Subject: m.Subject, TextBody: text, HtmlBody: html,
	}
	if m.UserID != 0 {
		p.UserID = &m.UserID
	}
	if m.Unsubscribe != "" {
		p.UnsubscribeUrl = &m.Unsubscribe
	}
	if !m.SendAfter.IsZero() {
		p.SendAfter = &m.SendAfter
	}
	if a := m.Attachment; a != nil {
		p.AttachmentName, p.AttachmentType, p.Attachment = &a.Name, &a.ContentType, a.Data
	}
	id, err := tx.EnqueueEmail(ctx, p)
	if err != nil {
		return 0, fmt.Errorf("enqueue %s email: %w", m.Category, err)
	}
	return id, nil
}

// EnqueueCapped is Enqueue for security mail capped per address and hour (verification and
// reset): it refuses with ErrTooMany once perHour messages of m's kind went to m.To in the
// last hour. The count and the insert share tx; callers serialise per address (an advisory
// lock on it) when parallel requests must not pass the cap together.
func EnqueueCapped(ctx context.Context, tx *db.Queries, m Message, perHour int) (int64, error) {
	if m.Category != CategorySecurity { // the address index that counts them holds security mail only
		return 0, fmt.Errorf("capped %s email: category %q, want %q", m.Kind, m.Category, CategorySecurity)
	}
	n, err := tx.CountRecentEmails(ctx, db.CountRecentEmailsParams{
		ToAddress: m.To, Kind: m.Kind, Since: time.Now().Add(-time.Hour),
	})
	if err != nil {
		return 0, fmt.Errorf("count recent %s emails: %w", m.Kind, err)
	}
	if int(n) >= perHour {
		return 0, ErrTooMany
	}
	return Enqueue(ctx, tx, m)
}
