// Package contact is the contact form (/contact) and the administrators' list of what it
// received. SPEC only simulated sending; here a message is checked against SPEC §5's rules,
// stored, limited per client network (in PostgreSQL, so the limit holds across servers and
// parallel requests), kept 12 months, and listed for administrators, who mark it handled.
package contact

import (
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// rules are the form's limits and subjects, declared on SendContactMessageRequest: counted in
// characters (code points) after trimming.
var rules = vocab.Contact

// Limits on sending, per client network (ratelimit.Network: the address itself for IPv4, its
// /64 for IPv6). A household or office sharing one address can still write a few times an hour;
// a script cannot fill the administrators' list.
const (
	PerHour = 5
	PerDay  = 20
)

// Retention: messages are kept this many months, then deleted. The delete runs in each send's
// transaction, at most RetentionBatch rows at a time, through the created_at index; the list
// never shows an older message whatever the delete has reached.
const (
	RetentionMonths = 12
	RetentionBatch  = 100
)

// Paging of the administrators' list.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// The messages a person may see. The validation messages are SPEC §5's, word for word, where
// SPEC has one.
var (
	MsgNameShort    = fmt.Sprintf("Name must be at least %d characters", rules.Name.MinChars)
	MsgNameLong     = fmt.Sprintf("Name must be at most %d characters", rules.Name.MaxChars)
	MsgMessageShort = fmt.Sprintf("Message must be at least %d characters", rules.Message.MinChars)
	MsgMessageLong  = fmt.Sprintf("Message cannot exceed %d characters", rules.Message.MaxChars)
)

// The messages that do not name a limit.
const (
	MsgEmail   = "Please enter a valid email address"
	MsgSubject = "Please select a subject"
	MsgTooMany = "Too many messages from your network: please try again later"
)

var (
	errSignedOut = apperr.Unauthenticated("Please sign in as an administrator.")
	errNotAdmin  = apperr.PermissionDenied("Only administrators can read contact messages.")
	// errNotAdminReply refuses a reply from anyone but an administrator.
	errNotAdminReply = apperr.PermissionDenied("Only administrators can reply to contact messages.")
	errMissing       = apperr.NotFound("Message not found")
)

// Form is what the contact form sends.
type Form struct {
	Name, Email, Subject, Message string
	// Website is the honeypot: people leave it empty.
	Website string
}

// Message is one stored message.
type Message struct {
	ID                            int64
	Name, Email, Subject, Message string
	UserID                        int32 // 0 for a visitor
	CreatedAt                     time.Time
	HandledAt                     *time.Time // nil while open
	HandledBy                     string     // the administrator's username, "" while open
	Replies                       int32      // how many replies administrators sent
}

// Handled tells whether an administrator marked the message handled.
func (m Message) Handled() bool { return m.HandledAt != nil }

// Page is one page of the administrators' list.
type Page struct {
	Messages []Message
	// Total is how many messages match the request over every page; Open how many are open.
	Total, Open int32
}

// Service holds the contact rules.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// NewService returns a Service over pool.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool)}
}

// Send stores a message from anyone, signed in or not (the account is kept with it). A filled
// honeypot is answered as a success and stores nothing. Text is trimmed, then checked; at most
// PerHour and PerDay messages a client network are accepted, counted atomically.
func (s *Service) Send(ctx context.Context, f Form) error {
	if strings.TrimSpace(f.Website) != "" {
		return nil // a robot: it is told it succeeded, and learns nothing
	}
	f.Name, f.Email, f.Message = strings.TrimSpace(f.Name), strings.TrimSpace(f.Email), strings.TrimSpace(f.Message)
	if err := check(f); err != nil {
		return err
	}
	var userID *int32
	if u, ok := identity.UserFrom(ctx); ok {
		userID = &u.ID
	}
	network := ratelimit.Network(identity.ClientFrom(ctx).IP)
	limits := []ratelimit.Rule{
		{Key: "contact:hour:" + network, Max: PerHour, Window: time.Hour},
		{Key: "contact:day:" + network, Max: PerDay, Window: 24 * time.Hour},
	}
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if _, err := ratelimit.Reserve(ctx, q, limits...); err != nil {
			return err
		}
		if _, err := q.DeleteExpiredContactMessages(ctx, db.DeleteExpiredContactMessagesParams{
			KeepMonths: RetentionMonths, BatchSize: RetentionBatch,
		}); err != nil {
			return fmt.Errorf("delete expired contact messages: %w", err)
		}
		if err := q.CreateContactMessage(ctx, db.CreateContactMessageParams{
			Name: f.Name, Email: f.Email, Subject: f.Subject, Message: f.Message, UserID: userID,
		}); err != nil {
			return fmt.Errorf("create contact message: %w", err)
		}
		return nil
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter, Message: MsgTooMany}
	}
	return err
}

// check applies the form's rules to trimmed text, every field at once.
func check(f Form) error {
	var v apperr.Validator
	if textOK(&v, "name", "Name", f.Name, false) {
		v.Check(!rules.Name.TooShort(f.Name), "name", MsgNameShort)
		v.Check(!rules.Name.TooLong(f.Name), "name", MsgNameLong)
	}
	if textOK(&v, "email", "Email", f.Email, false) {
		v.Check(validEmail(f.Email), "email", MsgEmail)
	}
	v.Check(rules.Subject.Vocabulary.Contains(f.Subject), "subject", MsgSubject)
	if textOK(&v, "message", "Message", f.Message, true) {
		v.Check(!rules.Message.TooShort(f.Message), "message", MsgMessageShort)
		v.Check(!rules.Message.TooLong(f.Message), "message", MsgMessageLong)
	}
	return v.Err()
}

// textOK records why s cannot be stored (invalid UTF-8, a NUL or another control character;
// line breaks and tabs only where multiline) and reports whether it can.
func textOK(v *apperr.Validator, field, label, s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		v.Check(false, field, label+" must be valid UTF-8 text")
		return false
	}
	bad := strings.ContainsFunc(s, func(r rune) bool {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			return false
		}
		return r < 0x20 || r == 0x7f
	})
	v.Check(!bad, field, label+" must not contain control characters such as NUL")
	return !bad
}

// validEmail accepts a bare address (no display name) with a dotted domain, within the email
// field's length: what the form's own check accepts.
func validEmail(email string) bool {
	if rules.Email.TooLong(email) {
		return false
	}
	a, err := netmail.ParseAddress(email)
	if err != nil || a.Name != "" || a.Address != email {
		return false
	}
	domain := email[strings.LastIndexByte(email, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

// List returns one page of messages for an administrator, newest first: open ones, or every
// message with includeHandled. page is 1-based (0: 1); pageSize 1 to MaxPageSize (0: the default).
func (s *Service) List(ctx context.Context, includeHandled bool, page, pageSize int32) (Page, error) {
	if _, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin); err != nil {
		return Page{}, err
	}
	var v apperr.Validator
	p := store.Paging(&v, page, pageSize, DefaultPageSize, MaxPageSize)
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	rows, err := s.q.ListContactMessages(ctx, db.ListContactMessagesParams{
		KeepMonths: RetentionMonths, IncludeHandled: includeHandled, PageOffset: p.Offset, PageSize: p.Size,
	})
	if err != nil {
		return Page{}, fmt.Errorf("list contact messages: %w", err)
	}
	var out Page
	for _, r := range rows {
		out.Total, out.Open = r.Total, r.Open
		if r.ID == nil {
			continue // the counts alone: the page is empty
		}
		out.Messages = append(out.Messages, Message{
			ID: *r.ID, Name: nullable.Value(r.Name), Email: nullable.Value(r.Email), Subject: nullable.Value(r.Subject), Message: nullable.Value(r.Message),
			UserID: nullable.Value(r.UserID), CreatedAt: nullable.Value(r.CreatedAt), HandledAt: r.HandledAt, HandledBy: nullable.Value(r.HandledByUsername),
			Replies: nullable.Value(r.Replies),
		})
	}
	return out, nil
}

// MarkHandled marks a message handled by the calling administrator (or open again) and returns
// it as it now is. Marking a handled message handled again keeps who did it first and when.
func (s *Service) MarkHandled(ctx context.Context, id int64, handled bool) (Message, error) {
	me, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin)
	if err != nil {
		return Message{}, err
	}
	r, err := s.q.SetContactMessageHandled(ctx, db.SetContactMessageHandledParams{
		Handled: handled, AdminID: me.ID, ID: id, KeepMonths: RetentionMonths,
	})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Message{}, errMissing
		}
		return Message{}, fmt.Errorf("mark contact message %d: %w", id, err)
	}
	return storedMessage(r).stored(), nil
}

// storedMessage is a message as the statements that change one answer it.
type storedMessage db.ReplyToContactMessageRow

func (r storedMessage) stored() Message {
	return Message{
		ID: r.ID, Name: r.Name, Email: r.Email, Subject: r.Subject, Message: r.Message, UserID: nullable.Value(r.UserID),
		CreatedAt: r.CreatedAt, HandledAt: r.HandledAt, HandledBy: nullable.Value(r.HandledByUsername), Replies: r.Replies,
	}
}

// MsgReplyEmpty and MsgReplyLong refuse a reply without text or longer than the rule allows.
var (
	MsgReplyEmpty = "Please write a reply"
	MsgReplyLong  = fmt.Sprintf("Reply must be at most %d characters", rules.Reply.MaxChars)
)

// Reply answers message id as the calling administrator: the reply (trimmed, 1 to 5,000
// characters) is kept, the message marked handled (who handled it first stays), and the reply
// emailed to the address on the message, all in one transaction; a sender who was signed in
// also gets an in-app notification (notify.Reply says why a visitor's unverified address may
// get it).
func (s *Service) Reply(ctx context.Context, id int64, text string) (Message, error) {
	me, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdminReply)
	if err != nil {
		return Message{}, err
	}
	text = strings.TrimSpace(text)
	var v apperr.Validator
	if textOK(&v, "message", "Reply", text, true) {
		v.Check(!rules.Reply.TooShort(text), "message", MsgReplyEmpty)
		v.Check(!rules.Reply.TooLong(text), "message", MsgReplyLong)
	}
	if err := v.Err(); err != nil {
		return Message{}, err
	}
	var out Message
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		r, err := q.ReplyToContactMessage(ctx, db.ReplyToContactMessageParams{AdminID: me.ID, Body: text, ID: id, KeepMonths: RetentionMonths})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errMissing
			}
			return fmt.Errorf("reply to contact message %d: %w", id, err)
		}
		out = storedMessage(r).stored()
		return notify.Reply(ctx, q, out.UserID, out.Email, notify.Notice{
			Category: notify.ContactReplies, Kind: "contact_reply",
			Title: "We answered your message", Body: text, Link: "/contact", Action: "Write to us again",
			Email: mail.Content{
				Heading:    "We answered your message",
				Paragraphs: append(paragraphs(text), "You wrote to us on "+out.CreatedAt.UTC().Format("2 January 2006")+":", "“"+out.Message+"”"),
			},
		})
	})
	if err != nil {
		return Message{}, err
	}
	return out, nil
}

// paragraphs splits a reply at its blank lines.
func paragraphs(text string) []string {
	var out []string
	for p := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
