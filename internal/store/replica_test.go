package store_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// TestReadsWithoutAReplica: a replica that never answered (nothing listens on its port) opens
// without an error, and every read a request allows on it, one row or many, comes from the
// primary; the primary's own errors and no rows stay what they are.
func TestReadsWithoutAReplica(t *testing.T) {
	t.Parallel()
	primary, _ := dbtest.New(t)
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := fmt.Sprintf("postgres://postgres@%s/rentproof?sslmode=disable", ln.Addr())
	ln.Close()
	replica, err := store.OpenReplica(dead)
	if err != nil {
		t.Fatalf("open a replica that is down: %v", err)
	}
	t.Cleanup(replica.Close)
	reads := store.NewReads(primary, replica.Pool)
	ctx := store.AllowReplica(context.Background())

	start := time.Now()
	for i := range 3 { // the first finds the replica down, the others skip it
		var n int
		if err := reads.QueryRow(ctx, "SELECT $1::int", i).Scan(&n); err != nil || n != i {
			t.Fatalf("one-row read %d: %d, %v", i, n, err)
		}
		rows, err := reads.Query(ctx, "SELECT generate_series(1, $1::int)", i+1)
		if err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		if err != nil || len(got) != i+1 {
			t.Fatalf("read %d: %v, %v", i, got, err)
		}
	}
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Errorf("reads with the replica down took %s", elapsed)
	}
	if err := reads.QueryRow(ctx, "SELECT 1 WHERE false").Scan(new(int)); !errors.Is(err, pgx.ErrNoRows) {
		t.Errorf("no rows: %v", err)
	}
	var pgErr *pgconn.PgError
	if err := reads.QueryRow(ctx, "SELECT count(*) FROM no_such_table").Scan(new(int)); !errors.As(err, &pgErr) || pgErr.Code != "42P01" {
		t.Errorf("a bad statement: %v, want the primary's undefined_table", err)
	}
}
