package testworld

import (
	"context"
	"testing"
	"time"
)

// Interleave checks the lock order of change against another transaction's: a test transaction
// runs first (it takes a row as the other path does), change starts in a goroutine, and once
// change has finished or waits for a lock the test transaction runs then (the other path's
// second row) and commits. Both must succeed: taken in opposite orders, PostgreSQL would abort
// one of them after deadlock_timeout (40P01). It fails the test if either side fails.
func (w *World) Interleave(t testing.TB, first, then string, change func() error) {
	t.Helper()
	ctx := context.Background()
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after the commit
	var pid int32
	if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, first); err != nil {
		t.Fatalf("%s: %v", first, err)
	}
	done := make(chan error, 1)
	go func() { done <- change() }()
	var changeErr error
	finished := false
	for deadline := time.Now().Add(10 * time.Second); !finished; {
		select {
		case changeErr = <-done:
			finished = true
			continue
		case <-time.After(20 * time.Millisecond):
		}
		if w.ID(t, `SELECT count(*)::int FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`, pid) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the change neither finished nor waited for a lock in 10 s")
		}
	}
	if _, err := tx.Exec(ctx, then); err != nil {
		t.Fatalf("%s: %v", then, err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatalf("the test transaction's commit: %v", err)
	}
	if !finished {
		changeErr = <-done
	}
	if changeErr != nil {
		t.Fatalf("the change beside the test transaction: %v", changeErr)
	}
}
