package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
	gomail "github.com/wneessen/go-mail"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
)

// The sender delivers the outbox. Each pass claims due rows with FOR UPDATE SKIP LOCKED in a
// short statement that also leases them (send_after moves past the lease), then talks SMTP with
// no transaction open and marks each row sent or postponed. Leasing rather than holding the row
// locks while sending keeps SMTP's seconds out of PostgreSQL: no transaction (and, behind
// PgBouncer, no server connection) stays open while a mail server answers. Two servers never
// claim one row: the lease hides it from the other's claim. A server that dies after the mail
// server accepted a message but before it marked the row sends it again when the lease ends;
// the Message-ID (outbox-ID@domain) is the row's, so that resend is recognisably the same
// message. A pass stops starting messages when half the lease is gone and gives the rest back,
// so a slow mail server never lets a lease run out under a message still being sent.

// Defaults of SenderConfig.
const (
	DefaultPoll        = time.Second      // how often a sender looks for due mail
	DefaultBatch       = 50               // rows claimed per pass
	DefaultMaxAttempts = 10               // tries before a temporarily failing message is dead
	DefaultBackoff     = 30 * time.Second // the first retry's wait; doubled each time, at most an hour
	DefaultLease       = 5 * time.Minute  // how long a claim hides a row from other senders
	DefaultFrom        = "RentProof <no-reply@localhost>"
	maxBackoff         = time.Hour
	smtpTimeout        = 30 * time.Second
)

// WithheldReason is the last_error of mail withheld because its address is not verified.
const WithheldReason = "Not sent: the member's address was not verified (only security mail goes to an unverified address)."

// SenderConfig configures a Sender. Zero fields take the defaults above.
type SenderConfig struct {
	// SMTPURL is SMTP_URL: smtp://user:pass@host:587 (STARTTLS required), smtps://user:pass@host:465
	// (TLS from the first byte), or smtp://host:1025?tls=none for a local server without TLS
	// (Mailpit). User and password are optional.
	SMTPURL string
	// From is MAIL_FROM: "RentProof <no-reply@example.com>" or a bare address. Its domain names
	// the Message-IDs.
	From        string
	Poll        time.Duration
	Batch       int
	MaxAttempts int
	Backoff     time.Duration
	Lease       time.Duration
	// Footer completes compact notification email (internal/notify's notify.Footer); without it
	// such mail cannot be sent.
	Footer Footer
}

// Sender sends the outbox's due mail over SMTP. Every server runs one; they share the work.
type Sender struct {
	pool   *pgxpool.Pool
	cfg    SenderConfig
	opts   []gomail.Option
	host   string
	from   *netmail.Address
	domain string
}

// NewSender checks cfg (a readable SMTP_URL and MAIL_FROM) and returns its sender.
func NewSender(pool *pgxpool.Pool, cfg SenderConfig) (*Sender, error) {
	if cfg.From == "" {
		cfg.From = DefaultFrom
	}
	from, err := netmail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("MAIL_FROM must be an address such as \"RentProof <no-reply@example.com>\", not %q", cfg.From)
	}
	at := strings.LastIndexByte(from.Address, '@')
	s := &Sender{pool: pool, from: from, domain: from.Address[at+1:]}
	if s.host, s.opts, err = smtpOptions(cfg.SMTPURL); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		field *time.Duration
		def   time.Duration
	}{{&cfg.Poll, DefaultPoll}, {&cfg.Backoff, DefaultBackoff}, {&cfg.Lease, DefaultLease}} {
		if *d.field <= 0 {
			*d.field = d.def
		}
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	s.cfg = cfg
	return s, nil
}

// smtpOptions reads SMTP_URL into go-mail's client options.
func smtpOptions(raw string) (string, []gomail.Option, error) {
	bad := func(why string) error {
		return fmt.Errorf("SMTP_URL must look like smtp://user:pass@host:587, smtps://user:pass@host:465 or smtp://host:1025?tls=none: %s", why)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", nil, bad("no host")
	}
	opts := []gomail.Option{gomail.WithTimeout(smtpTimeout)}
	port := 587
	switch u.Scheme {
	case "smtp":
		switch tls := u.Query().Get("tls"); tls {
		case "", "starttls":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		case "none":
			opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		default:
			return "", nil, bad("tls is starttls (the default) or none, not " + strconv.Quote(tls))
		}
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return "", nil, bad("the scheme is smtp or smtps, not " + strconv.Quote(u.Scheme))
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return "", nil, bad("the port is not a number")
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	return u.Hostname(), opts, nil
}

// Run sends due mail every Poll until ctx ends, stopping between messages. Call it once per
// server, in its own goroutine. It polls rather than LISTENs: a NOTIFY from the transactions that
// enqueue would serialise their commits (sql/migrations/20261129000700).
func (s *Sender) Run(ctx context.Context) {
	for ctx.Err() == nil {
		s.pass(ctx)
		select {
		case <-ctx.Done():
		case <-time.After(s.cfg.Poll):
		}
	}
}

// pass is one run of the job, counted in the metrics.
func (s *Sender) pass(ctx context.Context) {
	if n, err := s.SendDue(ctx); jobs.Failed(ctx, "send_email", err) {
		slog.WarnContext(ctx, "mail: sending failed", "sent", n, "err", err)
	}
}

// SendDue sends every message due now, batch by batch, and returns how many it sent. A message
// the mail server refuses is postponed or dead, not an error; the error is the outbox's (the
// database) or a whole batch's connection failure.
func (s *Sender) SendDue(ctx context.Context) (int, error) {
	sent := 0
	for ctx.Err() == nil {
		n, claimed, err := s.sendBatch(ctx)
		sent += n
		if err != nil || claimed < s.cfg.Batch {
			return sent, err
		}
	}
	return sent, nil
}

// sendBatch claims one batch and sends it over one SMTP connection.
func (s *Sender) sendBatch(ctx context.Context) (sent, claimed int, err error) {
	step := context.WithoutCancel(ctx) // the database writes of a pass finish; ctx stops it between messages
	q := db.New(s.pool)
	rows, err := q.ClaimDueEmails(step, db.ClaimDueEmailsParams{MaxRows: int32(s.cfg.Batch), LeaseSeconds: int32(s.cfg.Lease / time.Second)})
	if err != nil || len(rows) == 0 {
		return 0, 0, err
	}
	deadline := time.Now().Add(s.cfg.Lease / 2)
	var client *gomail.Client
	defer func() {
		if client != nil {
			_ = client.Close()
		}
	}()
	var dialErr error
	for i, row := range rows {
		if ctx.Err() != nil || time.Now().After(deadline) {
			return sent, len(rows), s.release(step, q, rows[i:])
		}
		if !row.Deliverable {
			if err := q.WithholdEmail(step, db.WithholdEmailParams{ID: row.ID, Reason: new(WithheldReason)}); err != nil {
				return sent, len(rows), err
			}
			continue
		}
		msg, err := s.message(step, q, row)
		if err == nil {
			if client == nil && dialErr == nil {
				client, dialErr = s.dial(ctx)
			}
			err = dialErr
			if err == nil {
				err = client.Send(msg)
			}
		}
		if err == nil {
			if err := q.MarkEmailSent(step, row.ID); err != nil {
				return sent, len(rows), err
			}
			sent++
			continue
		}
		if err := s.postpone(step, q, row, err); err != nil {
			return sent, len(rows), err
		}
		if !permanent(err) && client != nil {
			// The connection may be broken: the next message dials afresh.
			_ = client.Close()
			client = nil
		}
	}
	if dialErr != nil {
		return sent, len(rows), fmt.Errorf("connect to the mail server: %w", dialErr)
	}
	return sent, len(rows), nil
}

func (s *Sender) dial(ctx context.Context) (*gomail.Client, error) {
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return nil, err
	}
	dialCtx, cancel := context.WithTimeout(ctx, smtpTimeout)
	defer cancel()
	if err := c.DialWithContext(dialCtx); err != nil {
		return nil, err
	}
	return c, nil
}

// postpone records a failed attempt: dead at once for a permanent refusal (5xx) or after
// MaxAttempts, else due again after the backoff (Backoff doubled per attempt, at most an hour).
func (s *Sender) postpone(ctx context.Context, q *db.Queries, row db.ClaimDueEmailsRow, cause error) error {
	dead := permanent(cause) || int(row.Attempts) >= s.cfg.MaxAttempts
	delay := s.cfg.Backoff << min(row.Attempts-1, 20)
	if delay > maxBackoff || delay <= 0 {
		delay = maxBackoff
	}
	level := slog.LevelWarn
	if dead {
		level = slog.LevelError
	}
	slog.Log(ctx, level, "mail: not sent", "outbox", row.ID, "attempt", row.Attempts, "dead", dead, "err", cause)
	return q.PostponeEmail(ctx, db.PostponeEmailParams{ID: row.ID, LastError: new(clip(cause.Error())), DelayMs: int32(delay / time.Millisecond), Dead: dead})
}

// release gives back claimed rows not tried.
func (s *Sender) release(ctx context.Context, q *db.Queries, rows []db.ClaimDueEmailsRow) error {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return q.ReleaseEmails(ctx, ids)
}

// unsendable is a message that cannot be written (an address that is not one).
type unsendable struct{ error }

// permanent says whether trying again cannot help: the mail server refused for good (a 5xx
// reply), or the message cannot be written.
func permanent(err error) bool {
	if _, ok := errors.AsType[unsendable](err); ok {
		return true
	}
	if se, ok := errors.AsType[*gomail.SendError](err); ok {
		return se.ErrorCode() >= 500 && se.ErrorCode() <= 599
	}
	return false
}

// message builds one row's email: both parts (rendered now for a compact row), the stable
// Message-ID, and RFC 8058's headers when it can be unsubscribed from.
func (s *Sender) message(ctx context.Context, q *db.Queries, row db.ClaimDueEmailsRow) (*gomail.Msg, error) {
	body, err := RenderRow(ctx, q, s.cfg.Footer, row.UserID, row.Category, row.TextBody, row.HtmlBody, row.UnsubscribeUrl, row.Content)
	if err != nil {
		return nil, err
	}
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	// An address go-mail cannot write: no retry will help.
	if err := m.FromFormat(s.from.Name, s.from.Address); err != nil {
		return nil, unsendable{fmt.Errorf("from: %w", err)}
	}
	if err := m.To(row.ToAddress); err != nil {
		return nil, unsendable{fmt.Errorf("to: %w", err)}
	}
	m.Subject(row.Subject)
	m.SetMessageIDWithValue(MessageID(row.ID, s.domain))
	m.SetDate()
	m.SetGenHeader("Auto-Submitted", "auto-generated")
	if body.Unsubscribe != "" {
		m.SetListUnsubscribe(body.Unsubscribe)
		m.SetListUnsubscribePost()
	}
	m.SetBodyString(gomail.TypeTextPlain, body.Text)
	m.AddAlternativeString(gomail.TypeTextHTML, body.HTML)
	if row.AttachmentName != nil && row.AttachmentType != nil && row.Attachment != nil {
		if err := m.AttachReader(*row.AttachmentName, bytes.NewReader(row.Attachment),
			gomail.WithFileContentType(gomail.ContentType(*row.AttachmentType))); err != nil {
			return nil, fmt.Errorf("attach %s: %w", *row.AttachmentName, err)
		}
	}
	return m, nil
}

// MessageID is the Message-ID (without angle brackets) of outbox row id: the same on every
// attempt and resend.
func MessageID(id int64, domain string) string {
	return "outbox-" + strconv.FormatInt(id, 10) + "@" + domain
}

// clip keeps an error short enough to store and show.
func clip(s string) string {
	const limit = 500
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// IsLoopback says whether the SMTP_URL names this machine (a plain connection to it is no risk).
func IsLoopback(smtpURL string) bool {
	u, err := url.Parse(smtpURL)
	if err != nil {
		return false
	}
	if u.Hostname() == "localhost" {
		return true
	}
	ip := net.ParseIP(u.Hostname())
	return ip != nil && ip.IsLoopback()
}
