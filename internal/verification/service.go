// Package verification holds verification by people: who may confirm a property, requests to
// confirm one (the property page's, to a landlord, and the owner's, to verifiers), their answers,
// the owner's acceptance of confirmations they did not ask for, the rewards answers earn and the
// proof a verified property carries, what a move of the listing closes, and an administrator's
// withdrawal of a badge. An answer verifies the property, credits the ledger and records the
// activity in one transaction (ledger.Credit and gamification.Give take it).
//
// Proof is about an address: every request and every verification records the address it was
// gathered for (SQL property_address_key), and nothing gathered for one address verifies another.
package verification

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The rules and limits the contract declares (vocab.Published), which the pages quote.
var (
	// Reward is what answering a request earns its addressee, approve or reject, and what the
	// property page's requester earns when the property is verified through the request (SPEC §9).
	Reward = vocab.Published.GetVerification().GetRewardTokens()
	// Lifetime is how long a request can be answered (the database's default expires_at).
	Lifetime = time.Duration(vocab.Published.GetVerification().GetRequestLifetimeDays()) * 24 * time.Hour
	// MaxVerifiers bounds the verifiers of one landlord-path request.
	MaxVerifiers = int(vocab.Published.GetVerification().GetMaxVerifiers())
	// MaxRequestsPerDay bounds how many times one account sends requests in 24 hours.
	MaxRequestsPerDay = int(vocab.Published.GetVerification().GetMaxRequestsPerDay())
)

// Page sizes.
const (
	defaultVerifierPage = 20
	maxVerifierPage     = 50
	defaultRequestPage  = 20
	maxRequestPage      = 100
)

// Request statuses beside SPEC's pending, approved, rejected and paid.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	// StatusHeld is an approval waiting for an administrator.
	StatusHeld = "held"
	// StatusClosed is a request the property's verification made unnecessary.
	StatusClosed = "closed"
	// StatusExpired is a request nobody answered in 30 days.
	StatusExpired = "expired"
	// StatusConfirmed is a confirmation the owner did not ask for (the property page's request),
	// approved by the person asked: it waits for the owner to accept it, or for an administrator.
	StatusConfirmed = "confirmed"
	// StatusDeclined is a confirmation the owner (or an administrator) declined.
	StatusDeclined = "declined"
)

// HeldReason is why an approval waits for an administrator (SQL accounts_linked's window).
var HeldReason = fmt.Sprintf("Approved. Waiting for an administrator: the approver has signed in from a network or "+
	"device the property's owner or the request's sender used in the last %d days.", vocab.Published.GetAccount().GetLinkedWindowDays())

// The reasons a request is confirmed or closed, for the people on it.
const (
	ConfirmedReason = "Confirmed. Waiting for the property's owner to accept it, or for an administrator."
	ClosedReason    = "The property was verified through another request."
	// ClosedPaidReason closes a paid check the listing no longer needs.
	ClosedPaidReason = "The property was verified through another request, so its check is no longer needed: the fee is refunded in full."
	// MovedReason closes what was gathered for the old address when the listing moves.
	MovedReason = "The listing's address changed after this request was sent, and its proof was about the old address."
	// MovedPaidReason closes a paid check whose listing moved before an administrator decided it.
	MovedPaidReason = "The listing's address changed before an administrator checked it, so the check was about the old address: the fee is refunded in full."
	// AcceptedReason is a confirmation the owner accepted.
	AcceptedReason = "Accepted by the property's owner."
	// DeclinedReason is a confirmation the owner declined.
	DeclinedReason = "Declined by the property's owner."
)

// Service holds the verification rules.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// NewService returns a Service over pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool, q: db.New(pool)} }

// Verifier is an account that may confirm a property: its public handle only.
type Verifier struct {
	ID             int32
	Username, Role string
}

// VerifierPage is one page of potential verifiers.
type VerifierPage struct {
	Verifiers []Verifier
	HasMore   bool
}

// PotentialVerifiers lists established accounts of one role other than the caller whose
// username contains query ignoring case, in username order.
func (s *Service) PotentialVerifiers(ctx context.Context, role, query string, page, size int32) (VerifierPage, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to choose verifiers."))
	if err != nil {
		return VerifierPage{}, err
	}
	query = strings.TrimSpace(query)
	rules := vocab.Verification
	var v apperr.Validator
	v.Check(role != "" && rules.Role.Allows(role), "role", "Role must be tenant, landlord, agent or property_manager")
	v.Check(!rules.Query.TooLong(query), "query", fmt.Sprintf("Search must be at most %d characters", rules.Query.MaxChars))
	page, size = paging(&v, page, size, defaultVerifierPage, maxVerifierPage)
	if err := v.Err(); err != nil {
		return VerifierPage{}, err
	}
	rows, err := s.q.ListPotentialVerifiers(ctx, db.ListPotentialVerifiersParams{
		Role: role, CallerID: me.ID, Pattern: store.EscapeLike(query),
		MaxRows: size + 1, RowOffset: (page - 1) * size, // one extra row tells whether more follow
	})
	if err != nil {
		return VerifierPage{}, fmt.Errorf("list potential verifiers: %w", err)
	}
	out := VerifierPage{HasMore: len(rows) > int(size)}
	rows = rows[:min(len(rows), int(size))]
	out.Verifiers = make([]Verifier, len(rows))
	for i, r := range rows {
		out.Verifiers[i] = Verifier{ID: r.ID, Username: r.Username, Role: r.Role}
	}
	return out, nil
}

// paging applies the defaults to a page (from 1) and a page size, and checks both.
func paging(v *apperr.Validator, page, size, defaultSize, maxSize int32) (int32, int32) {
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = defaultSize
	}
	v.Check(page >= 1 && page <= 1000, "page", "Page must be between 1 and 1000")
	v.Check(size >= 1 && size <= maxSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", maxSize))
	return page, size
}

// Party is one side of a request.
type Party struct {
	ID       int32 // 0 when the account no longer exists
	Username string
}

// Request is one request to confirm a property, as its sender or addressee sees it.
type Request struct {
	ID, PropertyID           int32
	PropertyTitle            string // empty when the property is gone
	RequestedBy, RequestedTo Party
	// Status is pending, approved, rejected, paid, held, confirmed, declined, closed or expired (a pending request
	// past its 30 days reads as expired).
	Status, StatusReason                 string
	Message, ResponseMessage             string
	OwnerUsername                        string
	IncentiveAmount                      string // tokens, as a decimal ("1.00")
	DocumentsProvided, DocumentsVerified bool
	// Address is the address the request was about (when it was sent).
	Address              string
	CreatedAt, UpdatedAt time.Time
	// ExpiresAt is when a request to a person lapses; nil for requests to the administrators
	// (owners' documents, paid checks), which never do.
	ExpiresAt   *time.Time
	RespondedAt *time.Time
}

// RequestPage is one page of requests, newest first.
type RequestPage struct {
	Requests []Request
	HasMore  bool
}

// Created lists the requests the caller sent, newest first.
func (s *Service) Created(ctx context.Context, page, size int32) (RequestPage, error) {
	return s.list(ctx, page, size, func(me, limit, offset int32) ([]db.VerificationRequestDetail, error) {
		return s.q.ListCreatedVerificationRequests(ctx, db.ListCreatedVerificationRequestsParams{UserID: me, MaxRows: limit, RowOffset: offset})
	})
}

// Received lists the requests addressed to the caller, newest first, as their addressee reads
// them (forAddressee).
func (s *Service) Received(ctx context.Context, page, size int32) (RequestPage, error) {
	out, err := s.list(ctx, page, size, func(me, limit, offset int32) ([]db.VerificationRequestDetail, error) {
		return s.q.ListReceivedVerificationRequests(ctx, db.ListReceivedVerificationRequestsParams{UserID: &me, MaxRows: limit, RowOffset: offset})
	})
	for i := range out.Requests {
		out.Requests[i].forAddressee()
	}
	return out, err
}

// forAddressee withholds from the person asked what an administrator wrote with a decision on
// their held approval or confirmation: it is written to the owner ("Message to the owner"), it is
// the sender's, and it may speak of what linked the accounts, which would teach the approver what
// tripped the check. The addressee reads the decision, and why a request is held, confirmed or
// closed, or that the owner accepted or declined it (the only other reasons a decided request
// carries: the person asked answers without one).
func (r *Request) forAddressee() {
	switch r.Status {
	case StatusApproved, StatusRejected, StatusDeclined:
		if r.StatusReason != AcceptedReason && r.StatusReason != DeclinedReason {
			r.StatusReason = ""
		}
	}
}

func (s *Service) list(ctx context.Context, page, size int32,
	query func(me, limit, offset int32) ([]db.VerificationRequestDetail, error),
) (RequestPage, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see your verification requests."))
	if err != nil {
		return RequestPage{}, err
	}
	var v apperr.Validator
	page, size = paging(&v, page, size, defaultRequestPage, maxRequestPage)
	if err := v.Err(); err != nil {
		return RequestPage{}, err
	}
	rows, err := query(me.ID, size+1, (page-1)*size)
	if err != nil {
		return RequestPage{}, fmt.Errorf("list verification requests of user %d: %w", me.ID, err)
	}
	out := RequestPage{HasMore: len(rows) > int(size)}
	rows = rows[:min(len(rows), int(size))]
	out.Requests = make([]Request, len(rows))
	for i, r := range rows {
		out.Requests[i] = fromRow(r)
	}
	return out, nil
}

// byID returns requests with their titles and names, newest first.
func (s *Service) byID(ctx context.Context, ids ...int32) ([]Request, error) {
	rows, err := s.q.GetVerificationRequestsByID(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("get verification requests %v: %w", ids, err)
	}
	out := make([]Request, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, nil
}

func fromRow(r db.VerificationRequestDetail) Request {
	out := Request{
		ID: r.ID, PropertyID: r.PropertyID, PropertyTitle: r.PropertyTitle,
		RequestedBy: Party{ID: r.RequestedByID, Username: r.RequestedByUsername},
		RequestedTo: Party{ID: nullable.Value(r.RequestedToID), Username: r.RequestedToUsername},
		Status:      r.State, StatusReason: r.StatusReason, Message: r.Message, ResponseMessage: r.ResponseMessage,
		OwnerUsername: r.OwnerUsername, IncentiveAmount: r.IncentiveAmount,
		DocumentsProvided: r.DocumentsProvided, DocumentsVerified: r.DocumentsVerified,
		Address:   r.Address,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, RespondedAt: r.RespondedAt,
	}
	if r.RequestedToID != nil { // requests to the administrators never expire
		out.ExpiresAt = &r.ExpiresAt
	}
	return out
}
