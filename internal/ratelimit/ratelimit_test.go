package ratelimit_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
)

func TestNetwork(t *testing.T) {
	t.Parallel()
	for ip, want := range map[string]string{
		"203.0.113.7":                "203.0.113.7",
		"::ffff:203.0.113.7":         "203.0.113.7",
		"2001:db8:1:2:3:4:5:6":       "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff:0:1": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":            "2001:db8:1:3::/64",
		"not an address":             "not an address",
	} {
		t.Run(ip, func(t *testing.T) {
			t.Parallel()
			if got := ratelimit.Network(ip); got != want {
				t.Errorf("Network(%q) = %q, want %q", ip, got, want)
			}
		})
	}
}

// Parallel reservations against shared keys let exactly the limit through, and a rule that is
// full refuses the whole reservation, so no key is counted for a refused attempt.
func TestReserveIsExactUnderConcurrency(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tight := ratelimit.Rule{Key: "test:tight", Max: 7, Window: time.Minute}
	loose := ratelimit.Rule{Key: "test:loose", Max: 100, Window: time.Hour}
	var wg sync.WaitGroup
	results := make(chan error, 40)
	for range 40 {
		wg.Go(func() {
			results <- store.WithTx(ctx, pool, func(q *db.Queries) error {
				_, err := ratelimit.Reserve(ctx, q, loose, tight)
				return err
			})
		})
	}
	wg.Wait()
	close(results)
	var ok, refused int
	for err := range results {
		if e, isLimit := ratelimit.IsExceeded(err); isLimit {
			refused++
			if e.Rule.Key != "test:tight" || e.RetryAfter <= 0 || e.RetryAfter > time.Minute {
				t.Errorf("refusal: %+v", e)
			}
		} else if err != nil {
			t.Fatal(err)
		} else {
			ok++
		}
	}
	var tightEvents, looseEvents int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE key = 'test:tight'), count(*) FILTER (WHERE key = 'test:loose') FROM rate_events`).Scan(&tightEvents, &looseEvents); err != nil {
		t.Fatal(err)
	}
	if ok != 7 || refused != 33 || tightEvents != 7 || looseEvents != 7 {
		t.Errorf("40 parallel reservations: %d ok, %d refused, %d/%d events; want 7, 33, 7/7", ok, refused, tightEvents, looseEvents)
	}

	// Events outside the window no longer count; Release gives events back.
	if _, err := pool.Exec(ctx, `UPDATE rate_events SET created_at = now() - interval '2 minutes' WHERE key = 'test:tight'`); err != nil {
		t.Fatal(err)
	}
	var r ratelimit.Reservation
	if err := store.WithTx(ctx, pool, func(q *db.Queries) error {
		var err error
		r, err = ratelimit.Reserve(ctx, q, tight)
		return err
	}); err != nil {
		t.Fatalf("after the window: %v", err)
	}
	if err := ratelimit.Release(ctx, db.New(pool), r); err != nil {
		t.Fatal(err)
	}
	var live int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM rate_events WHERE key = 'test:tight' AND created_at > now() - interval '1 minute'`).Scan(&live); err != nil || live != 0 {
		t.Errorf("released event still counted: %d (%v)", live, err)
	}
}

// Successes on one key settle side by side: each has an event under the key (its own attempt's,
// committed) and clears the key and gives its event back at once with the others. Giving its own
// back first and then clearing the others' made each wait for another (40P01).
func TestSettleSideBySide(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	rule := ratelimit.Rule{Key: "test:settle", Max: 1000, Window: time.Minute}
	other := ratelimit.Rule{Key: "test:settle:other", Max: 1000, Window: time.Minute}
	for round := range 10 {
		const sides = 6
		reserved := make([]ratelimit.Reservation, sides)
		for i := range reserved {
			if err := store.WithTx(ctx, pool, func(q *db.Queries) (err error) {
				reserved[i], err = ratelimit.Reserve(ctx, q, rule, other)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make(chan error, sides)
		for i := range sides {
			wg.Go(func() {
				<-start
				errs <- store.WithTx(ctx, pool, func(q *db.Queries) error {
					return ratelimit.Settle(ctx, q, reserved[i], rule.Key)
				})
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM rate_events WHERE key LIKE 'test:settle%'`).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d events left after every success settled", left)
	}
}
