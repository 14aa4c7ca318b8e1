// Package mail is RentProof's email: messages written to the outbox (outbox_emails) in the
// transaction of the event that causes them, the layout every message shares, and the sender
// that delivers them over SMTP.
package mail

import (
	"context"
	"encoding/json"
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
		ToAddress: m.To, Category: m.Category, Kind: m.Kind, Subject: m.Subject, TextBody: &text, HtmlBody: &html,
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

// Compact is a notification email as the event's transaction writes it (outbox_emails.content,
// status 'queued'): what it says, without the footer every notification email shares. The sender
// renders it when it sends it, with the footer its Footer writes, so the event's transaction runs
// no template and opens no signing key (sql/migrations/20261202000100).
type Compact struct {
	Content
	Origin string `json:"origin"` // the site's origin when it was written, for the footer's links
	// Topic is the one thing of its category the email is about, which its unsubscribe link
	// stops alone (a saved search's id); 0 when the link stops the whole category.
	Topic int64 `json:"topic,omitempty"`
}

// Footer completes a compact notification email of category to member userID before it is
// rendered: why they get it, how to stop (c.Reason, c.Stop, c.StopURL), and the one-click
// unsubscribe link it returns. internal/notify writes it (notify.Footer).
type Footer func(ctx context.Context, q *db.Queries, userID int32, category string, c *Compact) (unsubscribe string, err error)

// EncodeCompact is the content column of a compact email.
func EncodeCompact(c Content, origin string) ([]byte, error) {
	if strings.TrimSpace(c.Heading) == "" {
		return nil, fmt.Errorf("an email needs a heading")
	}
	return json.Marshal(Compact{Content: c, Origin: origin})
}

// Rendered is an outbox row's parts as they go out.
type Rendered struct {
	Text, HTML  string
	Unsubscribe string // the RFC 8058 one-click link; "" for mail that cannot be turned off
}

// RenderRow returns what an outbox row sends: its stored parts, or, for a compact row (content set,
// no text), its content rendered with footer's footer. An error that trying again cannot mend
// (content that does not read or render) is unsendable; footer's own (the database) is not.
func RenderRow(ctx context.Context, q *db.Queries, footer Footer, userID *int32, category string, text, html, unsubscribe *string, content []byte) (Rendered, error) {
	if text != nil && html != nil {
		r := Rendered{Text: *text, HTML: *html}
		if unsubscribe != nil {
			r.Unsubscribe = *unsubscribe
		}
		return r, nil
	}
	var c Compact
	if err := json.Unmarshal(content, &c); err != nil {
		return Rendered{}, unsendable{fmt.Errorf("an outbox row with neither parts nor readable content: %w", err)}
	}
	var r Rendered
	if userID != nil && category != CategorySecurity {
		if footer == nil {
			return Rendered{}, unsendable{fmt.Errorf("no footer for %s email", category)}
		}
		var err error
		if r.Unsubscribe, err = footer(ctx, q, *userID, category, &c); err != nil {
			return Rendered{}, err
		}
	}
	var err error
	if r.Text, r.HTML, err = Render(c.Content); err != nil {
		return Rendered{}, unsendable{err}
	}
	return r, nil
}
