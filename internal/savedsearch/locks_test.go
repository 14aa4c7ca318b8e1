package savedsearch_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/savedsearch"
)

// landlords adds landlords landlord1…n to q's database and makes its saved searches look for the
// postcode SW1A 1AA instead of London.
func (q *queue) landlords(t *testing.T, n int) {
	t.Helper()
	q.exec(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		SELECT 'landlord' || i, 'x', 'landlord' || i || '@example.com', 'L', 'L', 'landlord', now() FROM generate_series(1, $1::int) i`, n)
	q.exec(t, `UPDATE saved_searches SET city_key = NULL, postal_code_key = 'SW1A1AA', place_name = 'SW1A 1AA'`)
}

// begin lists a new listing at SW1A 1AA by landlord<i> (its transaction matched by MatchListing
// and committed), then opens the transaction of a worker's batch telling that listing's job
// (MatchListingBatch, as Worker.Step) and leaves it uncommitted. It returns that transaction with
// the listing's id. Each landlord's listing is in a town of its own, so that the listings'
// transactions do not wait for each other on a city's count of listings (properties_sync_cities).
func (q *queue) begin(ctx context.Context, pool *pgxpool.Pool, i int) (pgx.Tx, int32, error) {
	var id int32
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO properties (title, address, city, zip_code, property_type, monthly_rent, currency, landlord_id, slug)
			SELECT 'Flat ' || $1::int, $1::int || ' Race Row', 'Town ' || $1::int, 'SW1A 1AA', 'apartment', 1000, 'GBP', id, 'race-' || $1::int
			FROM users WHERE username = 'landlord' || $1::int RETURNING id`, i).Scan(&id)
		if err != nil {
			return err
		}
		return savedsearch.MatchListing(ctx, db.New(tx), id)
	})
	if err != nil {
		return nil, 0, err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, 0, err
	}
	var ids []int64
	err = tx.QueryRow(ctx, `DELETE FROM saved_search_jobs WHERE property_id = $1 RETURNING search_ids`, id).Scan(&ids)
	if err == nil {
		_, err = db.New(tx).MatchListingBatch(ctx, db.MatchListingBatchParams{
			PropertyID: id, SearchIds: ids, MaxRows: savedsearch.DefaultBatch, EmailDefault: true, Later: "later", Origin: "http://x"})
	}
	if err != nil {
		_ = tx.Rollback(ctx)
		return nil, 0, err
	}
	return tx, id, nil
}

// Twenty landlords list at once, each a listing that matches the same saved searches — half of
// them emailed on an earlier day (their claim renews a row), half never (it inserts one) — and
// twenty workers' batches tell them at once, each transaction held open a while after telling.
// None fails or deadlocks; each (search, listing) is told exactly once; each search is emailed once that day,
// and owes the other nineteen listings to its digest.
func TestConcurrentListingsTellOnceEmailOnce(t *testing.T) {
	t.Parallel()
	const searches, listings = 30, 20
	q := newQueue(t, searches)
	q.landlords(t, listings)
	q.exec(t, `INSERT INTO saved_search_emails (saved_search_id, emailed_on)
		SELECT id, (now() AT TIME ZONE 'UTC')::date - 3 FROM saved_searches WHERE id % 2 = 0`)
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(q.pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = listings + 2
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	start := make(chan struct{})
	errs := make([]error, listings)
	var wg sync.WaitGroup
	for i := range listings {
		wg.Go(func() {
			<-start
			tx, _, err := q.begin(ctx, pool, i+1)
			if err != nil {
				errs[i] = err
				return
			}
			time.Sleep(20 * time.Millisecond)
			errs[i] = tx.Commit(ctx)
		})
	}
	close(start)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_matches`); n != searches*listings {
		t.Errorf("%d (search, listing) records, want %d", n, searches*listings)
	}
	if n := q.id(t, `SELECT count(*)::int FROM (SELECT FROM notifications WHERE kind = $1 GROUP BY user_id, link HAVING count(*) = 1) once`, savedsearch.Kind); n != searches*listings {
		t.Errorf("%d (search, listing) told exactly once, want %d", n, searches*listings)
	}
	if n := q.id(t, `SELECT count(*)::int FROM notifications WHERE kind = $1`, savedsearch.Kind); n != searches*listings {
		t.Errorf("%d notifications, want %d", n, searches*listings)
	}
	if n := q.id(t, `SELECT count(*)::int FROM (SELECT FROM outbox_emails WHERE kind = $1 GROUP BY user_id HAVING count(*) = 1) once`, savedsearch.Kind); n != searches {
		t.Errorf("%d searches emailed exactly once, want %d", n, searches)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_digests`); n != searches*(listings-1) {
		t.Errorf("%d matches owed to the digest, want %d", n, searches*(listings-1))
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_emails WHERE emailed_on = (now() AT TIME ZONE 'UTC')::date`); n != searches {
		t.Errorf("%d searches' day claimed, want %d", n, searches)
	}
	if n := q.id(t, `SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.role = 'landlord'`); n != 0 {
		t.Errorf("%d landlords told", n)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_jobs`); n != 0 {
		t.Errorf("%d jobs left", n)
	}
}

// A worker's batch whose searches another batch's open transaction (another listing's, on another
// server) has just claimed for the day does not wait for that transaction: it tells its members at
// once and owes their email to the digest. A search's first-ever claim waits for the other
// transaction's (the one wait), and takes the day when that one rolls back.
func TestClaimDoesNotWaitForAnotherListing(t *testing.T) {
	t.Parallel()
	const searches = 5
	q := newQueue(t, searches)
	q.landlords(t, 4)
	ctx := context.Background()
	email := func(listing int32) int32 {
		return q.id(t, `SELECT count(*)::int FROM outbox_emails WHERE kind = $1 AND content -> 'action' ->> 'url' LIKE $2`,
			savedsearch.Kind, fmt.Sprintf("%%/properties/%d", listing))
	}

	// Emailed on an earlier day: the first listing's open transaction holds the rows it renewed.
	q.exec(t, `INSERT INTO saved_search_emails (saved_search_id, emailed_on) SELECT id, '2020-01-01' FROM saved_searches`)
	first, a, err := q.begin(ctx, q.pool, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = first.Rollback(ctx) }()
	quick, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	began := time.Now()
	second, b, err := q.begin(quick, q.pool, 2)
	if err != nil {
		t.Fatalf("the second listing's batch waited for the first's: %v after %v", err, time.Since(began))
	}
	if err := second.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := first.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := email(a), int32(searches); got != want {
		t.Errorf("the first listing: %d emails, want %d", got, want)
	}
	if got := email(b); got != 0 {
		t.Errorf("the second listing: %d emails, want none (the day was the first's)", got)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_digests WHERE property_id = $1`, b); n != searches {
		t.Errorf("the second listing: %d owed to the digest, want %d", n, searches)
	}
	if n := q.id(t, `SELECT count(*)::int FROM notifications WHERE kind = $1`, savedsearch.Kind); n != 2*searches {
		t.Errorf("%d notifications, want %d (each listing, each search)", n, 2*searches)
	}

	// Never emailed: the fourth listing's batch's claim waits for the third's insert, which rolls back.
	q.exec(t, `DELETE FROM saved_search_emails`)
	q.exec(t, `DELETE FROM outbox_emails`)
	third, _, err := q.begin(ctx, q.pool, 3)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var d int32
	go func() {
		var tx pgx.Tx
		var err error
		if tx, d, err = q.begin(ctx, q.pool, 4); err == nil {
			err = tx.Commit(ctx)
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the fourth listing's batch did not wait for the third's first claim: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	if err := third.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := email(d); got != searches {
		t.Errorf("the fourth listing: %d emails, want %d (the third rolled back)", got, searches)
	}
}
