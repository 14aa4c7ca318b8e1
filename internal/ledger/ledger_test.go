package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/store"
)

func TestCreditMovesBalanceAndLedgerTogether(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	id := newUser(t, pool)
	err := store.WithTx(ctx, pool, func(q *db.Queries) error {
		if err := ledger.Open(ctx, q, id); err != nil {
			return err
		}
		if err := ledger.Open(ctx, q, id); err != nil { // once only
			return err
		}
		balance, err := ledger.Credit(ctx, q, ledger.Entry{UserID: id, Amount: 3, Type: ledger.VerificationReward,
			RelatedType: ledger.RelatedVerificationRequest, RelatedID: 7, Description: "Three"})
		if balance != 13 {
			t.Errorf("balance after the credit: %d, want 13", balance)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ledger.Credit(ctx, db.New(pool), ledger.Entry{UserID: id, Amount: 0, Type: "other", Description: "Nothing"}); !errors.Is(err, ledger.ErrNotPositive) {
		t.Errorf("a zero credit: %v", err)
	}
	// A credit that fails (an unknown type) leaves neither the row nor the balance behind.
	err = store.WithTx(ctx, pool, func(q *db.Queries) error {
		_, err := ledger.Credit(ctx, q, ledger.Entry{UserID: id, Amount: 5, Type: "gift", Description: "Not a type"})
		return err
	})
	if err == nil {
		t.Error("a credit of an unknown type was written")
	}
	var balance, sum, rows int32
	if err := pool.QueryRow(ctx, `SELECT tokens, (SELECT sum(amount) FROM token_transactions WHERE user_id = $1),
		(SELECT count(*) FROM token_transactions WHERE user_id = $1) FROM users WHERE id = $1`, id).Scan(&balance, &sum, &rows); err != nil {
		t.Fatal(err)
	}
	if balance != 13 || sum != 13 || rows != 2 {
		t.Errorf("balance %d, ledger sum %d in %d rows: want 13, 13, 2", balance, sum, rows)
	}
}

func TestBalanceAndPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	svc := ledger.NewService(pool)
	id := newUser(t, pool)
	err := store.WithTx(ctx, pool, func(q *db.Queries) error {
		if err := ledger.Open(ctx, q, id); err != nil {
			return err
		}
		entries := make([]ledger.Entry, 12)
		for i := range entries {
			entries[i] = ledger.Entry{UserID: id, Amount: 1, Type: ledger.VerificationReward, Description: fmt.Sprintf("Reward %d", i)}
		}
		return ledger.CreditAll(ctx, q, entries...)
	})
	if err != nil {
		t.Fatal(err)
	}
	signedIn := identity.WithSession(ctx, identity.Session{User: identity.User{ID: id, Username: "ada", Role: "tenant"}})
	if b, err := svc.Balance(signedIn); err != nil || b != 22 {
		t.Errorf("balance %d %v, want 22", b, err)
	}
	for _, c := range []struct {
		page, size int32
		want       string
	}{
		{0, 0, "[Reward 11 Reward 10 Reward 9 Reward 8 Reward 7] of 13, more true"},
		{3, 5, "[Reward 1 Reward 0 Welcome tokens for joining RentProof] of 13, more false"},
		{4, 5, "[] of 13, more false"},
		{1, 100, "13 rows of 13, more false"},
	} {
		p, err := svc.Transactions(signedIn, c.page, c.size)
		if err != nil {
			t.Fatal(err)
		}
		descriptions := []string{}
		for _, tx := range p.Transactions {
			descriptions = append(descriptions, tx.Description)
		}
		got := fmt.Sprintf("%v of %d, more %v", descriptions, p.Total, p.HasMore)
		if c.size == 100 {
			got = fmt.Sprintf("%d rows of %d, more %v", len(p.Transactions), p.Total, p.HasMore)
		}
		if got != c.want {
			t.Errorf("page %d of %d: %s, want %s", c.page, c.size, got, c.want)
		}
	}
	if _, err := svc.Transactions(signedIn, 1, 101); err == nil || err.Error() != "Page size must be between 1 and 100" {
		t.Errorf("page size 101: %v", err)
	}
	if _, err := svc.Balance(ctx); err == nil || err.Error() != "Please sign in to see your tokens." {
		t.Errorf("signed out: %v", err)
	}
}

// newUser makes an account (its balance the column's default, no ledger row yet).
func newUser(t *testing.T, pool *pgxpool.Pool) int32 {
	t.Helper()
	var id int32
	if err := pool.QueryRow(context.Background(), `INSERT INTO users (username, password_hash, email, first_name, last_name)
		VALUES ('ada', 'x', 'ada@example.com', 'Ada', 'L') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// users.tokens changes only through the ledger's statements: no other query writes it (or the
// ledger's table), so no code path can move a balance without its row.
func TestOnlyTheLedgerWritesBalances(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "sql", "queries", "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("query files: %v %v", files, err)
	}
	writes := regexp.MustCompile(`(?is)(\btokens\s*=|\bINSERT\s+INTO\s+token_transactions|\bUPDATE\s+token_transactions|\bDELETE\s+FROM\s+token_transactions)`)
	for _, f := range files {
		if filepath.Base(f) == "token_transactions.sql" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := writes.Find(b); m != nil {
			t.Errorf("%s writes balances or the ledger (%q): use internal/ledger", f, m)
		}
	}
}
