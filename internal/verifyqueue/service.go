// Package verifyqueue is the verification decision queue, the administrators' side of
// verification (issue 14): owners' document requests, paid checks, approvals held because they
// came from an account linked to the owner or the sender, and confirmations the owner did not
// ask for; the decisions on them; and requests an administrator marks arranged, whose rewards
// are taken back. Every decision is kept with who made it, when, and the message
// (admin_decisions); badge withdrawals (the verification service's) and decisions on reported
// reviews (the review service's) are copied there by the database. Only administrators may use
// any of it. AdminService (proto/rentproof/admin/v1) is its contract.
package verifyqueue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verification"
)

// Limits and defaults.
const (
	// MaxMessage is the longest a decision's message may be, in characters.
	MaxMessage    = 500
	defaultPage   = 50
	maxPage       = 100
	documentsPath = "/api/documents/" // where a document is read (package document's URLPrefix)
)

// Kinds of queue items.
const (
	KindDocuments    = "documents"    // an owner's ownership documents
	KindPaidCheck    = "paid_check"   // a paid priority check of the listing and its documents
	KindHeld         = "held"         // a person's approval held for an administrator
	KindConfirmation = "confirmation" // the property page's request, confirmed, waiting for the owner
)

// Decisions on a request.
const (
	Approve = "approve"
	Reject  = "reject"
)

// The refusals.
var (
	errSignedOut = apperr.Unauthenticated("Please sign in as an administrator.")
	errNotAdmin  = apperr.PermissionDenied("Only administrators can use the administrators' queue.")
	// errOwnInterest: an administrator does not decide on their own property's verification, or
	// on a request they asked or answered: one account would both ask for and grant the badge.
	errOwnInterest   = apperr.PermissionDenied("You own this property or took part in this request: another administrator must decide it.")
	errMissing       = apperr.NotFound("Verification request not found.")
	errDecided       = apperr.FailedPrecondition("This request has already been decided.")
	errNotQueued     = apperr.FailedPrecondition("This request is not waiting for an administrator.")
	errNoRefunder    = apperr.FailedPrecondition("Refunds are not available on this server, so a paid check cannot be rejected: approve it or try again once payments are configured.")
	errRefunded      = apperr.FailedPrecondition("This paid check's fee is refunded or being refunded, so it cannot be approved: reject it, and the owner may pay for a new check.")
	errReasonMissing = "Please say why the request is rejected: the owner is told"
)

// Refunder owes a rejected paid check's fee back in full (the payment service implements it): it
// records the refund as due in the rejection's transaction tx, and refunds it after that commits
// (never inside it: the rejection and the refund owed commit or roll back together). It must be
// safe to call for a request whose refund is owed or made already.
type Refunder interface {
	OweRefund(ctx context.Context, tx *db.Queries, requestID int32) error
}

// Service holds the administrators' rules.
type Service struct {
	pool     *pgxpool.Pool
	q        *db.Queries
	refunder Refunder
}

// NewService returns a Service over pool. refunder may be nil: then a paid check cannot be
// rejected (it can still be approved).
func NewService(pool *pgxpool.Pool, refunder Refunder) *Service {
	return &Service{pool: pool, q: db.New(pool), refunder: refunder}
}

// Document is one document of a request, read at URL.
type Document struct {
	URL, FileName, ContentType string
	Bytes                      int32
	Deleted                    bool
	// RequestID is the request it was sent with.
	RequestID int32
}

// onFile is the documents of a property sent with other requests than requestID: what the owner
// proved before, which a paid check (sent without documents) is checked against.
func onFile(docs []Document, requestID int32) []Document {
	var out []Document
	for _, d := range docs {
		if d.RequestID != requestID {
			out = append(out, d)
		}
	}
	return out
}

// Item is one request waiting for an administrator.
type Item struct {
	Kind                                           string
	RequestID, PropertyID                          int32
	PropertyTitle, OwnerUsername                   string
	RequestedByUsername, RequestedToUsername       string
	Message, ResponseMessage, StatusReason, Status string
	PaymentIntentID, PaymentStatus                 string
	// Address is the address the proof was gathered for, CurrentAddress the listing's now;
	// AddressChanged says they differ (approving is then refused).
	Address, CurrentAddress string
	AddressChanged          bool
	CreatedAt               time.Time
	Documents               []Document
	// OnFile is the property's documents sent with its other requests.
	OnFile []Document
	// PropertyType is the listing's type.
	PropertyType string
}

// Queue lists the requests waiting for an administrator, paid checks first, then oldest first,
// each with its documents.
func (s *Service) Queue(ctx context.Context, page, size int32) ([]Item, bool, error) {
	if _, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin); err != nil {
		return nil, false, err
	}
	page, size, err := paging(page, size)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.q.ListAdminQueue(ctx, db.ListAdminQueueParams{MaxRows: size + 1, RowOffset: (page - 1) * size})
	if err != nil {
		return nil, false, fmt.Errorf("list the admin queue: %w", err)
	}
	more := len(rows) > int(size)
	rows = rows[:min(len(rows), int(size))]
	ids, properties := make([]int32, len(rows)), make([]int32, len(rows))
	for i, r := range rows {
		ids[i], properties[i] = r.ID, r.PropertyID
	}
	// The requests' own documents and those on file for their properties, in one statement.
	docs, err := s.q.ListQueueDocuments(ctx, db.ListQueueDocumentsParams{RequestIds: ids, PropertyIds: properties})
	if err != nil {
		return nil, false, fmt.Errorf("list request documents: %w", err)
	}
	byRequest, byProperty := map[int32][]Document{}, map[int32][]Document{}
	for _, d := range docs {
		rid := nullable.Value(d.RequestID)
		doc := Document{URL: documentsPath + d.Token, FileName: d.FileName, ContentType: d.ContentType,
			Bytes: d.Bytes, Deleted: d.DeletedAt != nil, RequestID: rid}
		byRequest[rid] = append(byRequest[rid], doc)
		byProperty[d.PropertyID] = append(byProperty[d.PropertyID], doc)
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		kind := KindDocuments
		switch {
		case r.PaidCheck:
			kind = KindPaidCheck
		case r.State == verification.StatusHeld:
			kind = KindHeld
		case r.State == verification.StatusConfirmed:
			kind = KindConfirmation
		}
		out[i] = Item{
			Kind: kind, RequestID: r.ID, PropertyID: r.PropertyID, PropertyTitle: r.PropertyTitle,
			OwnerUsername: r.OwnerUsername, RequestedByUsername: r.RequestedByUsername, RequestedToUsername: r.RequestedToUsername,
			Message: r.Message, ResponseMessage: r.ResponseMessage, StatusReason: r.StatusReason, Status: r.State,
			PaymentIntentID: r.PaymentIntentID, PaymentStatus: r.PaymentStatus, CreatedAt: r.CreatedAt,
			Address: r.Address, CurrentAddress: r.CurrentAddress, AddressChanged: r.AddressChanged,
			Documents: byRequest[r.ID], OnFile: onFile(byProperty[r.PropertyID], r.ID), PropertyType: r.PropertyType,
		}
	}
	return out, more, nil
}

func paging(page, size int32) (int32, int32, error) {
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = defaultPage
	}
	var v apperr.Validator
	v.Check(page >= 1 && page <= 1000, "page", "Page must be between 1 and 1000")
	v.Check(size >= 1 && size <= maxPage, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", maxPage))
	return page, size, v.Err()
}

// Decided is the outcome of a decision.
type Decided struct {
	Decision         Decision
	PropertyVerified bool
	// Refunded says the rejection of a paid check owes its fee back: recorded with the rejection,
	// the refund is on its way (the payment service makes it within seconds of the commit; the
	// owner reads it requested, then refunded).
	Refunded bool
}

// Decide approves or rejects a request waiting for an administrator, with a message (required
// to reject: the owner is told why). Approving an owner's documents grants the badge with proof
// documents, a paid check paid_check, a held approval or a confirmation proof confirmed (or one
// more confirmation when the property is verified meanwhile), paying what verification's rewards
// say; a property verified some other way keeps the badge in force. Proof gathered for another
// address than the listing's current one is never approved, nor is a paid check whose fee is
// refunded or owed back. Rejecting a paid check owes its fee back in the rejection's transaction
// (through the Refunder, which refunds it after the commit; refused without one); rejecting a
// confirmation declines it.
// Parallel decisions on one request queue on its row: one decides, the others are told it has
// been decided.
func (s *Service) Decide(ctx context.Context, requestID int32, decision, message string) (Decided, error) {
	me, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin)
	if err != nil {
		return Decided{}, err
	}
	message = strings.TrimSpace(message)
	var v apperr.Validator
	v.Check(decision == Approve || decision == Reject, "decision", "Decision must be approve or reject")
	v.Check(decision != Reject || message != "", "message", errReasonMissing)
	v.Check(utf8.RuneCountInString(message) <= MaxMessage, "message", "Message must be less than 500 characters")
	if err := v.Err(); err != nil {
		return Decided{}, err
	}
	propertyID, err := s.propertyOf(ctx, requestID)
	if err != nil {
		return Decided{}, err
	}
	var out Decided
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// The property first, then the request: the order answers and requests take.
		prop, r, err := lockRequest(ctx, q, propertyID, requestID)
		if err != nil {
			return err
		}
		if me.ID == prop.LandlordID || me.ID == r.RequestedByID || me.ID == nullable.Value(r.RequestedToID) {
			return errOwnInterest
		}
		kind, ok := kindOf(r.Status, r.RequestedToID, r.DocumentsProvided, r.PaymentIntentID)
		if !ok {
			switch r.Status {
			case verification.StatusApproved, verification.StatusRejected, verification.StatusDeclined:
				return errDecided
			case verification.StatusClosed:
				return verification.Closed(r.StatusReason)
			}
			return errNotQueued
		}
		if decision == Approve {
			if err := verification.SameAddress(r.AddressKey, r.Address, prop.AddressKey, prop.Address); err != nil {
				return err
			}
			if kind == KindPaidCheck {
				// A fee refunded or owed back buys no badge. Every writer of a refund holds the
				// request's row, which this transaction holds now.
				if _, err := q.GetPaidCheckRefund(ctx, requestID); err == nil {
					return errRefunded
				} else if !errors.Is(store.Err(err), apperr.ErrNotFound) {
					return fmt.Errorf("get the refund of paid check %d: %w", requestID, err)
				}
			}
		}
		if kind == KindPaidCheck && decision == Reject {
			if s.refunder == nil {
				return errNoRefunder
			}
			// Owed, not made: Stripe is asked after this transaction commits, never inside it.
			if err := s.refunder.OweRefund(ctx, q, requestID); err != nil {
				return fmt.Errorf("owe the refund of paid check %d: %w", requestID, err)
			}
			out.Refunded = true
		}
		status := map[string]string{Approve: "approved", Reject: "rejected"}[decision]
		if kind == KindConfirmation && decision == Reject {
			status = verification.StatusDeclined
		}
		n, err := q.DecideRequest(ctx, db.DecideRequestParams{ID: requestID, Status: status, FromStatus: r.Status, Message: nullable.Ptr(message)})
		if err != nil {
			return fmt.Errorf("decide verification request %d: %w", requestID, err)
		}
		if n == 0 {
			return errDecided
		}
		if decision == Approve {
			switch kind {
			case KindHeld, KindConfirmation:
				out.PropertyVerified, err = verification.ApproveConfirmation(ctx, q, r, prop, me.ID)
			default:
				out.PropertyVerified, err = verification.Grant(ctx, q, prop, requestID, me.ID, kind, r.RequestedByID == prop.LandlordID)
			}
			if err != nil {
				return err
			}
		}
		if err := notifyDecided(ctx, q, r.RequestedByID, prop, kind, status, message, out.PropertyVerified); err != nil {
			return err
		}
		row, err := q.RecordAdminDecision(ctx, db.RecordAdminDecisionParams{
			AdminID: &me.ID, RequestID: &requestID, PropertyID: &prop.ID, Decision: decision, Message: nullable.Ptr(message),
		})
		if err != nil {
			return fmt.Errorf("record the decision: %w", err)
		}
		out.Decision = decisionOf(row, me.Username)
		return nil
	})
	if err != nil {
		return Decided{}, err
	}
	return out, nil
}

// propertyOf finds the property a request is about, to lock it first.
func (s *Service) propertyOf(ctx context.Context, requestID int32) (int32, error) {
	propertyID, err := s.q.GetRequestProperty(ctx, requestID)
	if errors.Is(store.Err(err), apperr.ErrNotFound) {
		return 0, errMissing
	} else if err != nil {
		return 0, fmt.Errorf("get verification request %d: %w", requestID, err)
	}
	return propertyID, nil
}

// lockRequest locks a request's property, then the request, then the people on it: the order
// every writer takes.
func lockRequest(ctx context.Context, q *db.Queries, propertyID, requestID int32) (verification.LockedProperty, verification.LockedRequest, error) {
	prop, err := q.LockPropertyForVerification(ctx, propertyID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return prop, verification.LockedRequest{}, apperr.NotFound("Property Not Found")
		}
		return prop, verification.LockedRequest{}, fmt.Errorf("lock property %d: %w", propertyID, err)
	}
	r, err := q.LockRequest(ctx, requestID)
	if err != nil {
		return prop, r, fmt.Errorf("lock verification request %d: %w", requestID, err)
	}
	// Everyone a decision may award or credit, at once and in id order.
	return prop, r, gamification.LockPeople(ctx, q, prop.LandlordID, r.RequestedByID, nullable.Value(r.RequestedToID))
}

// kindOf tells what a request waiting for an administrator is, and whether it is one.
func kindOf(status string, requestedTo *int32, documents bool, paymentIntent *string) (string, bool) {
	switch {
	case status == "paid" && paymentIntent != nil:
		return KindPaidCheck, true
	case status == verification.StatusHeld:
		return KindHeld, true
	case status == verification.StatusConfirmed:
		return KindConfirmation, true
	case status == "pending" && requestedTo == nil && documents && paymentIntent == nil:
		return KindDocuments, true
	}
	return "", false
}

// Decision is one administrator decision.
type Decision struct {
	ID                              int32
	AdminUsername                   string
	RequestID, ReviewID, PropertyID int32 // 0 when not about one
	Decision, Message               string
	CreatedAt                       time.Time
}

func decisionOf(d db.AdminDecision, admin string) Decision {
	return Decision{ID: d.ID, AdminUsername: admin, RequestID: nullable.Value(d.RequestID), ReviewID: nullable.Value(d.ReviewID),
		PropertyID: nullable.Value(d.PropertyID), Decision: d.Decision, Message: nullable.Value(d.Message), CreatedAt: d.CreatedAt}
}

// Decisions lists decisions newest first: of one request, one review, or all (both 0).
func (s *Service) Decisions(ctx context.Context, requestID, reviewID, page, size int32) ([]Decision, bool, error) {
	if _, err := identity.RequireAdmin(ctx, errSignedOut, errNotAdmin); err != nil {
		return nil, false, err
	}
	page, size, err := paging(page, size)
	if err != nil {
		return nil, false, err
	}
	var req, rev *int32
	if requestID != 0 {
		req = &requestID
	}
	if reviewID != 0 {
		rev = &reviewID
	}
	rows, err := s.q.ListAdminDecisions(ctx, db.ListAdminDecisionsParams{RequestID: req, ReviewID: rev, MaxRows: size + 1, RowOffset: (page - 1) * size})
	if err != nil {
		return nil, false, fmt.Errorf("list decisions: %w", err)
	}
	more := len(rows) > int(size)
	rows = rows[:min(len(rows), int(size))]
	out := make([]Decision, len(rows))
	for i, r := range rows {
		out[i] = decisionOf(db.AdminDecision{ID: r.ID, AdminID: r.AdminID, RequestID: r.RequestID, ReviewID: r.ReviewID,
			PropertyID: r.PropertyID, Decision: r.Decision, Message: r.Message, CreatedAt: r.CreatedAt}, r.AdminUsername)
	}
	return out, more, nil
}
