package savedsearch_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/savedsearch"
)

// queue is a database with a landlord's London listing (not matched yet) and members tenant1…n,
// each with a verified address and one saved search of London that the listing matches.
type queue struct {
	pool    *pgxpool.Pool
	listing int32
}

func newQueue(t *testing.T, n int) *queue {
	t.Helper()
	pool, _ := dbtest.New(t)
	q := &queue{pool: pool}
	q.exec(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		SELECT 'tenant' || i, 'x', 'tenant' || i || '@example.com', 'T', 'M', 'tenant', now() FROM generate_series(1, $1::int) i
		UNION ALL SELECT 'lou', 'x', 'lou@example.com', 'L', 'O', 'landlord', now()`, n)
	q.exec(t, `INSERT INTO saved_searches (user_id, name, city_key, place_name, search_city)
		SELECT id, 'London ' || username, 'london', 'London', 'London' FROM users WHERE role = 'tenant' ORDER BY id`)
	q.listing = q.id(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, currency, landlord_id, slug)
		SELECT 'Queue flat', '1 Queue Row', 'London', 'apartment', 1000, 'GBP', id, 'queue-flat' FROM users WHERE username = 'lou' RETURNING id`)
	return q
}

func (q *queue) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := q.pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func (q *queue) id(t *testing.T, sql string, args ...any) int32 {
	t.Helper()
	var id int32
	if err := q.pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// match runs MatchListing for the listing in a transaction of its own, committed or not, as the
// listing's own transaction does.
func (q *queue) match(t *testing.T, commit bool) {
	t.Helper()
	ctx := context.Background()
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := savedsearch.MatchListing(ctx, db.New(tx), q.listing); err != nil {
		t.Fatal(err)
	}
	if commit {
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// work runs the worker once, as a server's does each poll.
func (q *queue) work(t *testing.T) savedsearch.Matched {
	t.Helper()
	m, err := savedsearch.NewWorker(q.pool).RunOnce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// job enqueues the listing for the worker from its first saved search on, as MatchListing does
// for a listing with more matches than its transaction's batch.
func (q *queue) job(t *testing.T) {
	t.Helper()
	q.exec(t, `INSERT INTO saved_search_jobs (property_id, after_id) VALUES ($1, 0)`, q.listing)
}

// told checks that every tenant's search was told about the listing exactly once, by one
// notification, and emailed once.
func (q *queue) told(t *testing.T, n int, when string) {
	t.Helper()
	if got := q.id(t, `SELECT count(DISTINCT user_id)::int FROM notifications WHERE kind = $1`, savedsearch.Kind); int(got) != n {
		t.Errorf("%s: %d members told, want %d", when, got, n)
	}
	if got := q.id(t, `SELECT count(*)::int FROM notifications WHERE kind = $1`, savedsearch.Kind); int(got) != n {
		t.Errorf("%s: %d notifications, want %d (one per search)", when, got, n)
	}
	if got := q.id(t, `SELECT count(*)::int FROM outbox_emails WHERE kind = $1`, savedsearch.Kind); int(got) != n {
		t.Errorf("%s: %d emails, want %d (one per search)", when, got, n)
	}
	if got := q.id(t, `SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = $1 AND u.username = 'lou'`, savedsearch.Kind); got != 0 {
		t.Errorf("%s: the owner was told about their own listing", when)
	}
}

// A listing's transaction that rolls back tells nobody and leaves nothing; one that commits leaves
// one job holding the ids of the searches it matched and tells nobody itself; the worker then
// tells each once (one notification and one email each, recorded in saved_search_matches) and
// deletes the job.
func TestRolledBackListingTellsNobody(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 3)
	q.match(t, false)
	q.told(t, 0, "a rolled-back listing")
	for _, table := range []string{"saved_search_jobs", "saved_search_matches", "saved_search_emails", "saved_search_digests"} {
		if n := q.id(t, `SELECT count(*)::int FROM `+table); n != 0 {
			t.Errorf("a rolled-back listing left %d rows in %s", n, table)
		}
	}
	q.match(t, true)
	q.told(t, 0, "a committed listing, before any worker")
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_jobs WHERE search_ids = (SELECT array_agg(id ORDER BY id) FROM saved_searches)`); n != 1 {
		t.Errorf("%d jobs holding the 3 searches' ids, want 1", n)
	}
	if m := q.work(t); m.Notified != 3 || m.Emailed != 3 {
		t.Errorf("the worker: %+v, want 3 told and emailed", m)
	}
	q.told(t, 3, "after the worker")
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_jobs`); n != 0 {
		t.Errorf("%d jobs left, want none", n)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_matches`); n != 3 {
		t.Errorf("%d (search, listing) records, want 3", n)
	}
}

// A listing matching more saved searches than one batch writes the first DefaultBatch ids in its
// transaction; the worker tells them in one batch, then matches the rest from the last of them:
// every search told and emailed once.
func TestOverflowLeftToTheWorker(t *testing.T) {
	t.Parallel()
	const members = savedsearch.DefaultBatch + 20
	q := newQueue(t, members)
	q.match(t, true)
	if got := q.id(t, `SELECT cardinality(search_ids) FROM saved_search_jobs`); got != savedsearch.DefaultBatch {
		t.Errorf("the listing's transaction matched %d searches, want %d", got, savedsearch.DefaultBatch)
	}
	found, m, err := savedsearch.NewWorker(q.pool).Step(context.Background())
	if err != nil || !found || m.Notified != savedsearch.DefaultBatch {
		t.Fatalf("the first batch: found %v, %+v, %v; want the transaction's %d told", found, m, err, savedsearch.DefaultBatch)
	}
	if after, last := q.id(t, `SELECT after_id::int FROM saved_search_jobs WHERE search_ids IS NULL`),
		q.id(t, `SELECT (array_agg(id ORDER BY id))[$1]::int FROM saved_searches`, savedsearch.DefaultBatch); after != last {
		t.Errorf("the job resumes after search %d, want %d (the batch's last)", after, last)
	}
	if m := q.work(t); m.Notified != 20 || m.Emailed != 20 {
		t.Fatalf("the worker: %+v; want the 20 left told and emailed", m)
	}
	q.told(t, members, "after the worker")
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_jobs`); n != 0 {
		t.Errorf("%d jobs left after the worker", n)
	}
}

// A crash between batches (one batch run, then a fresh worker) neither loses nor repeats; a batch
// run again after its writes (as if its progress were lost) tells nobody twice; a batch that
// rolls back leaves nothing.
func TestCrashBetweenBatches(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	q := newQueue(t, 7)
	q.job(t)

	// A batch whose transaction fails writes nothing and leaves the job as it was.
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.New(tx).MatchListingBatch(ctx, db.MatchListingBatchParams{PropertyID: q.listing, MaxRows: 3, Later: "later", Origin: "http://x"}); err != nil {
		t.Fatal(err)
	}
	_ = tx.Rollback(ctx)
	q.told(t, 0, "a rolled-back batch")

	first := savedsearch.NewWorker(q.pool)
	first.Batch = 3
	found, m, err := first.Step(ctx)
	if err != nil || !found || m.Notified != 3 || m.Emailed != 3 {
		t.Fatalf("the first batch: found %v, %+v, %v; want 3 told and emailed", found, m, err)
	}
	if after := q.id(t, `SELECT after_id::int FROM saved_search_jobs`); after != q.id(t, `SELECT (array_agg(id ORDER BY id))[3]::int FROM saved_searches`) {
		t.Errorf("the job resumes after search %d, want the third", after)
	}
	// The server stops here; another (a fresh worker) takes the job up where it stopped.
	m, err = savedsearch.NewWorker(q.pool).RunOnce(ctx)
	if err != nil || m.Notified != 4 {
		t.Fatalf("the fresh worker: %+v, %v; want the 4 left told", m, err)
	}
	q.told(t, 7, "after the crash")

	// Progress lost (the job again from the start), and the listing edited (a job of the ids it
	// matched): nobody is told twice.
	q.job(t)
	q.match(t, true)
	if m, err := first.RunOnce(ctx); err != nil || m.Notified != 0 {
		t.Fatalf("a job run again: %+v, %v; want nobody told", m, err)
	}
	q.told(t, 7, "after the job ran again")
}

// Two workers (two servers) racing on the same jobs — one listing enqueued several times (quick
// edits) — tell each saved search once.
func TestTwoWorkersRace(t *testing.T) {
	t.Parallel()
	const members = 60
	q := newQueue(t, members)
	for range 5 {
		q.job(t)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		w := savedsearch.NewWorker(q.pool)
		w.Batch = 7
		wg.Go(func() {
			ctx := context.Background()
			for left := 1; left > 0 && errs[i] == nil; {
				if _, errs[i] = w.RunOnce(ctx); errs[i] == nil {
					errs[i] = q.pool.QueryRow(ctx, `SELECT count(*)::int FROM saved_search_jobs`).Scan(&left)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	q.told(t, members, "two workers")
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_matches`); n != members {
		t.Errorf("%d (search, listing) records, want %d", n, members)
	}
}

// A listing deactivated between its commit and the worker's batch tells nobody, whether its job
// holds the ids its transaction matched or is matched by the worker: the worker tells about the
// listing as it is when it runs; the listing's own transaction matches it as it is then.
func TestWorkerMatchesTheListingAsItIsNow(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 4)
	q.match(t, true)
	q.job(t)
	q.exec(t, `UPDATE properties SET active = false WHERE id = $1`, q.listing)
	if m := q.work(t); m.Notified != 0 {
		t.Fatalf("an inactive listing: %+v; want nobody told", m)
	}
	if n := q.id(t, `SELECT count(*)::int FROM saved_search_jobs`); n != 0 {
		t.Errorf("the inactive listing's jobs are left: %d", n)
	}
	// Active again, and in Leeds: the London searches do not match it.
	q.exec(t, `UPDATE properties SET active = true, city = 'Leeds' WHERE id = $1`, q.listing)
	q.match(t, true)
	q.work(t)
	q.told(t, 0, "a listing moved to Leeds")
	q.exec(t, `UPDATE properties SET city = 'London' WHERE id = $1`, q.listing)
	q.match(t, true)
	q.work(t)
	q.told(t, 4, "back in London")
}

// A listing edited between its commit and the worker's batch tells only the searches of its job
// that it still matches as it is now: moved from London under £1,200 to Leeds at £9,000 it tells
// none; losing its verified badge it tells the search that did not ask for one, not the one that
// did.
func TestJobTellsOnlySearchesTheListingStillMatches(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 2)
	q.exec(t, `UPDATE saved_searches SET max_rent = 1200, currency = 'GBP' WHERE name = 'London tenant1'`)
	q.exec(t, `UPDATE saved_searches SET verified_only = true WHERE name = 'London tenant2'`)
	q.exec(t, `UPDATE properties SET verified = true, verification_proof = 'documents' WHERE id = $1`, q.listing)
	q.match(t, true)
	if n := q.id(t, `SELECT cardinality(search_ids) FROM saved_search_jobs`); n != 2 {
		t.Fatalf("the listing's transaction matched %d searches, want 2", n)
	}
	q.exec(t, `UPDATE properties SET city = 'Leeds', monthly_rent = 9000 WHERE id = $1`, q.listing)
	if m := q.work(t); m.Notified != 0 || m.Emailed != 0 {
		t.Errorf("moved to Leeds at £9,000: %+v, want nobody told or emailed", m)
	}

	q.exec(t, `UPDATE properties SET city = 'London', monthly_rent = 1000 WHERE id = $1`, q.listing)
	q.match(t, true)
	q.exec(t, `UPDATE properties SET verified = false, verification_proof = NULL WHERE id = $1`, q.listing)
	if m := q.work(t); m.Notified != 1 || m.Emailed != 1 {
		t.Errorf("without its badge: %+v, want the one search that did not ask for it told and emailed", m)
	}
	if got := q.id(t, `SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = 'tenant2'`); got != 0 {
		t.Errorf("the verified-only search was told about a listing without the badge: %d", got)
	}
}

// A job whose batch fills with the listing's matches now before it reaches the last of the job's
// ids (an earlier search's alerts turned on since) goes on from where the batch stopped: the
// later ids of the job are told too.
func TestJobFilledByNewMatchesGoesOn(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 3)
	q.exec(t, `UPDATE saved_searches SET alerts = false WHERE name = 'London tenant1'`)
	q.match(t, true)
	q.exec(t, `UPDATE saved_searches SET alerts = true WHERE name = 'London tenant1'`)
	w := savedsearch.NewWorker(q.pool)
	w.Batch = 2
	if _, err := w.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, username := range []string{"tenant2", "tenant3"} {
		if got := q.id(t, `SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1`, username); got != 1 {
			t.Errorf("%s told %d times, want once", username, got)
		}
	}
}

// A member whose account closed after the listing's transaction matched their search (its
// searches not deleted yet) is not told: no notification, no email.
func TestJobTellsNoClosedAccount(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 2)
	q.match(t, true)
	q.exec(t, `UPDATE users SET closed_at = now() WHERE username = 'tenant1'`)
	if m := q.work(t); m.Notified != 1 || m.Emailed != 1 {
		t.Errorf("the worker: %+v, want the open account's search alone told and emailed", m)
	}
	if got := q.id(t, `SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = 'tenant1'`); got != 0 {
		t.Errorf("the closed account got %d notifications", got)
	}
}

// A suspended member is told in the app, where the note waits for the suspension to end, but is
// not emailed (the digest asks the same of its member).
func TestJobEmailsNoSuspendedAccount(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 2)
	q.match(t, true)
	q.exec(t, `UPDATE users SET suspended_at = now(), suspension_reason = 'Fake listings.' WHERE username = 'tenant1'`)
	if m := q.work(t); m.Notified != 2 || m.Emailed != 1 {
		t.Errorf("the worker: %+v, want both searches told and the open account's alone emailed", m)
	}
	if got := q.id(t, `SELECT count(*)::int FROM outbox_emails o JOIN users u ON u.id = o.user_id WHERE u.username = 'tenant1'`); got != 0 {
		t.Errorf("the suspended account got %d emails", got)
	}
}

// A digest lists only the owed listings its search still matches when it is sent: one edited
// since its match to a rent the search excludes is left out, as a match's own batch leaves it.
func TestDigestListsOnlyListingsTheSearchStillMatches(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 1)
	q.exec(t, `UPDATE saved_searches SET max_rent = 1200, currency = 'GBP'`)
	q.match(t, true)
	if m := q.work(t); m.Emailed != 1 {
		t.Fatalf("the day's first match: %+v, want one email", m)
	}
	later := make([]int32, 2)
	for i := range later {
		q.listing = q.id(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, currency, landlord_id, slug)
			SELECT 'Later flat ' || $1::int, $1::int || ' Later Row', 'London', 'apartment', 1100, 'GBP', id, 'later-flat-' || $1::int
			FROM users WHERE username = 'lou' RETURNING id`, i)
		later[i] = q.listing
		q.match(t, true)
		if m := q.work(t); m.Owed != 1 {
			t.Fatalf("a later match the same day: %+v, want it owed to the digest", m)
		}
	}
	q.exec(t, `UPDATE properties SET monthly_rent = 9000 WHERE id = $1`, later[0])
	q.exec(t, `UPDATE saved_search_digests SET due_on = due_on - 1`)
	q.exec(t, `UPDATE saved_search_emails SET emailed_on = emailed_on - 1`)
	if _, emailed, err := savedsearch.NewWorker(q.pool).Digest(context.Background()); err != nil || emailed != 1 {
		t.Fatalf("the digest: %d emailed, %v; want 1", emailed, err)
	}
	var n int32
	var paragraphs string
	if err := q.pool.QueryRow(context.Background(), `SELECT (content -> 'paragraphs')::text, (SELECT count(*)::int FROM outbox_emails WHERE kind = $1)
		FROM outbox_emails WHERE kind = $1`, savedsearch.DigestKind).Scan(&paragraphs, &n); err != nil || n != 1 {
		t.Fatalf("digest emails: %d, %v", n, err)
	}
	if strings.Contains(paragraphs, fmt.Sprintf("/properties/%d\"", later[0])) || !strings.Contains(paragraphs, fmt.Sprintf("/properties/%d\"", later[1])) {
		t.Errorf("the digest lists %s; want listing %d (still £1,100) and not %d (now £9,000)", paragraphs, later[1], later[0])
	}
}
