package mail

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
)

// Page sizes of the administrators' list of undelivered mail.
const (
	DefaultPageSize = 25
	MaxPageSize     = 100
)

var (
	errSignedOut = apperr.Unauthenticated("Please sign in as an administrator.")
	errNotAdmin  = apperr.PermissionDenied("Only administrators can see and resend undelivered email.")
	errMissing   = apperr.NotFound("Email not found")
)

// Undelivered is a dead or withheld message as administrators see it.
type Undelivered struct {
	ID                                  int64
	To, Subject, Category, Kind, Status string
	Attempts                            int32
	LastError                           string
	CreatedAt, FailedAt                 time.Time
	ResentAt                            *time.Time
	ResentBy                            string
}

// UndeliveredPage is one page of undelivered mail and the counts of all of it.
type UndeliveredPage struct {
	Emails         []Undelivered
	Dead, Withheld int32
	HasMore        bool
}

// Admin is the administrators' side of the outbox: undelivered mail and resends.
type Admin struct{ pool *pgxpool.Pool }

// NewAdmin returns the administrators' outbox over pool.
func NewAdmin(pool *pgxpool.Pool) *Admin { return &Admin{pool: pool} }

// Undelivered lists dead and withheld mail newest first. Administrators only.
func (a *Admin) Undelivered(ctx context.Context, page, pageSize int32) (UndeliveredPage, error) {
	if _, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin); err != nil {
		return UndeliveredPage{}, err
	}
	var v apperr.Validator
	p := store.Paging(&v, page, pageSize, DefaultPageSize, MaxPageSize)
	if err := v.Err(); err != nil {
		return UndeliveredPage{}, err
	}
	q := db.New(a.pool)
	counts, err := q.CountUndeliveredEmails(ctx)
	if err != nil {
		return UndeliveredPage{}, fmt.Errorf("count undelivered email: %w", err)
	}
	rows, err := q.ListUndeliveredEmails(ctx, db.ListUndeliveredEmailsParams{PageSize: p.Size + 1, PageOffset: p.Offset})
	if err != nil {
		return UndeliveredPage{}, fmt.Errorf("list undelivered email: %w", err)
	}
	out := UndeliveredPage{Dead: counts.Dead, Withheld: counts.Withheld, HasMore: len(rows) > int(p.Size)}
	for _, r := range rows[:min(len(rows), int(p.Size))] {
		out.Emails = append(out.Emails, Undelivered{
			ID: r.ID, To: r.ToAddress, Subject: r.Subject, Category: r.Category, Kind: r.Kind, Status: r.Status,
			Attempts: r.Attempts, LastError: nullable.Value(r.LastError), CreatedAt: r.CreatedAt, FailedAt: r.FailedAt,
			ResentAt: r.ResentAt, ResentBy: nullable.Value(r.ResentBy),
		})
	}
	return out, nil
}

// Resend puts a dead message back in the outbox, due now, and keeps who resent it.
// Administrators only; a message that is not dead is refused.
func (a *Admin) Resend(ctx context.Context, id int64) error {
	me, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin)
	if err != nil {
		return err
	}
	q := db.New(a.pool)
	n, err := q.ResendEmail(ctx, db.ResendEmailParams{EmailID: id, AdminID: &me.ID})
	if err != nil {
		return fmt.Errorf("resend email %d: %w", id, err)
	}
	if n == 1 {
		return nil
	}
	status, err := q.GetEmailStatus(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return errMissing
	}
	if err != nil {
		return fmt.Errorf("resend email %d: %w", id, err)
	}
	switch status {
	case "sent":
		return apperr.FailedPrecondition("This email was already delivered.")
	case "pending", "queued": // queued: a notification email waiting to be rendered and sent
		return apperr.FailedPrecondition("This email is already waiting to be sent.")
	default:
		return apperr.FailedPrecondition("This email was withheld because its address is not verified: only emails that could not be delivered can be resent.")
	}
}
