package verifyqueue

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verification"
)

// ArrangedReason is what the people on an arranged request read, and the badge's withdrawal
// reason when the request had verified the property.
const ArrangedReason = "An administrator found this request was arranged between the people on it: its rewards were taken back."

var (
	errNotAnswered      = apperr.FailedPrecondition("Only a request its addressee answered can be marked arranged.")
	errArrangedAlready  = apperr.FailedPrecondition("This request is already marked arranged.")
	errArrangedNoReason = "Please say why the request was arranged: it is kept with the decision"
)

// Answered is a request its addressee answered, as the administrators review it.
type Answered struct {
	RequestID, PropertyID                    int32
	PropertyTitle                            string
	RequestedByUsername, RequestedToUsername string
	OwnerUsername                            string
	Status, StatusReason                     string
	Message, ResponseMessage                 string
	RespondedAt                              *time.Time
	ArrangedAt                               *time.Time
	// TokensPaid is what the request paid, net of reversals.
	TokensPaid int32
}

// AnsweredRequests lists requests answered by the person asked, newest answer first, optionally
// of one username (sender or addressee).
func (s *Service) AnsweredRequests(ctx context.Context, username string, page, size int32) ([]Answered, bool, error) {
	if _, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin); err != nil {
		return nil, false, err
	}
	page, size, err := paging(page, size)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.q.ListAnsweredRequests(ctx, db.ListAnsweredRequestsParams{
		Username: nullable.Ptr(strings.TrimSpace(username)), MaxRows: size + 1, RowOffset: (page - 1) * size,
	})
	if err != nil {
		return nil, false, fmt.Errorf("list answered requests: %w", err)
	}
	more := len(rows) > int(size)
	rows = rows[:min(len(rows), int(size))]
	out := make([]Answered, len(rows))
	for i, r := range rows {
		out[i] = Answered{
			RequestID: r.ID, PropertyID: r.PropertyID, PropertyTitle: r.PropertyTitle,
			RequestedByUsername: r.RequestedByUsername, RequestedToUsername: r.RequestedToUsername, OwnerUsername: r.OwnerUsername,
			Status: r.State, StatusReason: r.StatusReason, Message: r.Message, ResponseMessage: r.ResponseMessage,
			RespondedAt: r.RespondedAt, ArrangedAt: r.ArrangedAt, TokensPaid: r.TokensPaid,
		}
	}
	return out, more, nil
}

// Arranged is the outcome of marking a request arranged.
type Arranged struct {
	Decision Decision
	// TokensTakenBack is what the reversal took from the balances it paid; the rest (a balance
	// spent below it) is written off, recorded on each ledger row.
	TokensTakenBack int32
	// VerificationWithdrawn is true when the request had verified the property and that badge
	// was still in force.
	VerificationWithdrawn bool
}

// MarkArranged marks a request its addressee answered as arranged between the people on it,
// once, with the administrator's reason: every token it paid is taken back (never below a zero
// balance: the rest is written off, and the ledger row says how much), the verifier's XP for it
// is reversed, a badge it granted that is still in force is withdrawn, and a held approval or a
// confirmation still waiting is closed. Under the property's lock, then the request's.
func (s *Service) MarkArranged(ctx context.Context, requestID int32, message string) (Arranged, error) {
	me, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin)
	if err != nil {
		return Arranged{}, err
	}
	message = strings.TrimSpace(message)
	var v apperr.Validator
	v.Check(message != "", "message", errArrangedNoReason)
	v.Check(utf8.RuneCountInString(message) <= MaxMessage, "message", "Message must be less than 500 characters")
	if err := v.Err(); err != nil {
		return Arranged{}, err
	}
	propertyID, err := s.propertyOf(ctx, requestID)
	if err != nil {
		return Arranged{}, err
	}
	var out Arranged
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		prop, r, err := lockRequest(ctx, q, propertyID, requestID)
		if err != nil {
			return err
		}
		switch {
		case r.ArrangedAt != nil:
			return errArrangedAlready
		case r.RequestedToID == nil || r.RespondedAt == nil:
			return errNotAnswered
		}
		if _, err := q.MarkRequestArranged(ctx, db.MarkRequestArrangedParams{ID: requestID, AdminID: &me.ID}); err != nil {
			return fmt.Errorf("mark request %d arranged: %w", requestID, err)
		}
		if r.Status == verification.StatusHeld || r.Status == verification.StatusConfirmed {
			reason := ArrangedReason
			if _, err := q.SetRequestStatus(ctx, db.SetRequestStatusParams{ID: requestID, Status: verification.StatusClosed, FromStatus: r.Status, Reason: &reason}); err != nil {
				return fmt.Errorf("close request %d: %w", requestID, err)
			}
		}
		n, err := q.WithdrawVerificationOfRequest(ctx, db.WithdrawVerificationOfRequestParams{
			RequestID: &requestID, AdminID: &me.ID, Reason: nullable.Ptr(ArrangedReason),
		})
		if err != nil {
			return fmt.Errorf("withdraw the verification granted through request %d: %w", requestID, err)
		}
		// The verification first: it locks everyone this transaction takes from (the owner, the
		// tenants the owner confirmed, the verifier and the requester), in id order, before any of
		// them is touched.
		if out.VerificationWithdrawn = n > 0; out.VerificationWithdrawn {
			if err := verification.Withdrawn(ctx, q, prop.ID, prop.LandlordID, prop.Title, me.ID, ArrangedReason, *r.RequestedToID, r.RequestedByID); err != nil {
				return err
			}
		}
		if out.TokensTakenBack, err = ledger.ReverseRequest(ctx, q, requestID,
			fmt.Sprintf("Taken back: the verification request for %s was arranged", prop.Title)); err != nil {
			return err
		}
		if err := gamification.TakeBackRequestAnswered(ctx, q, *r.RequestedToID, requestID); err != nil {
			return err
		}
		row, err := q.RecordAdminDecision(ctx, db.RecordAdminDecisionParams{
			AdminID: &me.ID, RequestID: &requestID, PropertyID: &prop.ID, Decision: "arranged", Message: &message,
		})
		if err != nil {
			return fmt.Errorf("record the decision: %w", err)
		}
		out.Decision = decisionOf(row, me.Username)
		return nil
	})
	if err != nil {
		return Arranged{}, err
	}
	return out, nil
}
