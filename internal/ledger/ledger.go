// Package ledger is the token ledger: every change of an account's token balance is an
// append-only token_transactions row written in the same statement as users.tokens, so a
// balance is always the sum of its account's rows. Other domains change balances only through
// the functions here that take their transaction (Open when an account is created, Credit when
// an action earns tokens); the Service reads balances and pages of rows for their owner.
package ledger

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
)

// Transaction types (SPEC §3 transactionType) written so far.
const (
	// InitialAllocation is a new account's opening balance.
	InitialAllocation = "initial_allocation"
	// VerificationReward is a token earned through verification: answering a request, or asking
	// for the verification that was granted.
	VerificationReward = "verification_reward"
)

// Related entity types (SPEC §3 relatedEntityType).
const (
	// RelatedVerificationRequest marks rows about a verification request.
	RelatedVerificationRequest = "verification_request"
)

// WelcomeDescription describes the opening row of an account.
const WelcomeDescription = "Welcome tokens for joining RentProof"

// Page sizes of the transaction list.
const (
	DefaultPageSize = 5
	MaxPageSize     = 100
)

// Entry is one credit to write.
type Entry struct {
	UserID      int32
	Amount      int32  // > 0
	Type        string // one of SPEC's transaction types
	RelatedType string // property, review, verification_request, system or other; empty for none
	RelatedID   int32  // 0 for none
	Description string // what it was for, as the user reads it
}

// ErrNotPositive refuses a credit of zero or fewer tokens (a programming error).
var ErrNotPositive = errors.New("ledger: a credit must be positive")

// Credit adds e.Amount tokens to e.UserID's balance and writes its ledger row, in one statement
// inside the caller's transaction tx; it returns the new balance.
func Credit(ctx context.Context, tx *db.Queries, e Entry) (int32, error) {
	if e.Amount <= 0 {
		return 0, ErrNotPositive
	}
	balance, err := tx.CreditTokens(ctx, db.CreditTokensParams{
		UserID: e.UserID, Amount: e.Amount, TransactionType: e.Type,
		RelatedEntityID: nullable.Ptr(e.RelatedID), RelatedEntityType: nullable.Ptr(e.RelatedType),
		Description: e.Description,
	})
	if err != nil {
		return 0, fmt.Errorf("credit %d tokens to user %d: %w", e.Amount, e.UserID, err)
	}
	return balance, nil
}

// CreditAll writes several credits inside tx, taking the accounts' rows in id order: two
// transactions that credit the same accounts then never wait on each other in a cycle. It
// returns the first error.
func CreditAll(ctx context.Context, tx *db.Queries, entries ...Entry) error {
	entries = slices.Clone(entries)
	slices.SortStableFunc(entries, func(a, b Entry) int { return cmp.Compare(a.UserID, b.UserID) })
	for _, e := range entries {
		if _, err := Credit(ctx, tx, e); err != nil {
			return err
		}
	}
	return nil
}

// ReverseRequest takes back the verification rewards that request paid, inside the caller's
// transaction tx: from each account it paid, as much as its balance holds (never below zero),
// with one row per account saying, in its metadata, what was owed and what was taken; the rest
// is written off. It returns the tokens taken back. Reversing a request twice would take the
// written-off rest: the caller reverses a request once (admin's arranged mark).
func ReverseRequest(ctx context.Context, tx *db.Queries, requestID int32, description string) (int32, error) {
	rows, err := tx.ReverseRequestRewards(ctx, db.ReverseRequestRewardsParams{RequestID: &requestID, Description: description})
	if err != nil {
		return 0, fmt.Errorf("reverse the rewards of request %d: %w", requestID, err)
	}
	var taken int32
	for _, r := range rows {
		taken -= r.Amount
	}
	return taken, nil
}

// Open writes a new account's opening row, equal to the balance it starts with (users.tokens'
// default, SPEC's 10), inside the transaction that creates the account. It writes nothing for an
// account that already has rows.
func Open(ctx context.Context, tx *db.Queries, userID int32) error {
	if _, err := tx.OpenLedger(ctx, db.OpenLedgerParams{UserID: userID, Description: WelcomeDescription}); err != nil {
		return fmt.Errorf("open the ledger of user %d: %w", userID, err)
	}
	return nil
}

// Service reads the signed-in user's balance and ledger.
type Service struct {
	q *db.Queries
}

// NewService returns a Service over pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{q: db.New(pool)} }

// Transaction is one ledger row, as its owner sees it.
type Transaction struct {
	ID          int32
	Amount      int32
	Type        string
	Description string
	RelatedType string // empty when none
	RelatedID   int32  // 0 when none
	CreatedAt   time.Time
}

// Page is one page of a ledger.
type Page struct {
	Transactions []Transaction
	Total        int32 // the account's rows in all
	HasMore      bool
}

// errSignedOut refuses the ledger to a visitor.
var errSignedOut = apperr.Unauthenticated("Please sign in to see your tokens.")

// Balance returns the signed-in user's balance (a primary-key read).
func (s *Service) Balance(ctx context.Context) (int32, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return 0, err
	}
	balance, err := s.q.GetTokenBalance(ctx, me.ID)
	if err != nil {
		return 0, fmt.Errorf("get the balance of user %d: %w", me.ID, err)
	}
	return balance, nil
}

// Transactions returns a page of the signed-in user's ledger, newest first (page from 1; size
// default 5, at most 100), with the number of rows in all.
func (s *Service) Transactions(ctx context.Context, page, size int32) (Page, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Page{}, err
	}
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = DefaultPageSize
	}
	var v apperr.Validator
	v.Check(page >= 1 && page <= 10_000, "page", "Page must be between 1 and 10000")
	v.Check(size >= 1 && size <= MaxPageSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", MaxPageSize))
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	rows, err := s.q.ListTokenTransactions(ctx, db.ListTokenTransactionsParams{
		UserID: me.ID, MaxRows: size, RowOffset: (page - 1) * size,
	})
	if err != nil {
		return Page{}, fmt.Errorf("list the transactions of user %d: %w", me.ID, err)
	}
	out := Page{Transactions: make([]Transaction, len(rows))}
	for i, r := range rows {
		out.Transactions[i] = Transaction{
			ID: r.ID, Amount: r.Amount, Type: r.TransactionType, Description: r.Description,
			RelatedType: nullable.Value(r.RelatedEntityType), RelatedID: nullable.Value(r.RelatedEntityID), CreatedAt: r.CreatedAt,
		}
		out.Total = r.Total
	}
	if len(rows) == 0 && page > 1 { // past the last page: the count alone
		if out.Total, err = s.q.CountTokenTransactions(ctx, me.ID); err != nil {
			return Page{}, fmt.Errorf("count the transactions of user %d: %w", me.ID, err)
		}
	}
	out.HasMore = int64(page-1)*int64(size)+int64(len(rows)) < int64(out.Total)
	return out, nil
}
