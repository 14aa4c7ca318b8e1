package savedsearch_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/savedsearch"
)

// TestMatchingCost measures what matching adds to creating a listing (issue 32: at most 5 ms at
// the 99th percentile with 100,000 saved searches). It runs only when SAVEDSEARCH_BENCH is set
// (its value: how many listings to create each way, default 1000):
//
//	SAVEDSEARCH_BENCH=1000 go test -count=1 -run TestMatchingCost -v ./internal/savedsearch/
//
// The data follow cmd/bench's listings: 400 cities on the same steep power law, 40 districts,
// ZIPs of the bench's form, each city's listings placed within a tenth of a degree of its centre.
// 10,000 members with verified addresses save 10 searches each: 60% by city, 25% by district,
// 10% by ZIP, 5% by an area of the map around a city's centre (0.05° to 0.2° across), drawn
// from the same power law as the listings, each with
// a currency (80%), a rent band, a type (50%), bedrooms (50%), pets (20%) and furnished (10%).
// Each listing is one transaction writing its row as Create does, alternately with and without
// MatchListing (which enqueues the listing), so both see the same data and cache; the figures are
// the transactions' times. Then one worker fans the enqueued listings out, and the figures are its
// batches' and listings' times; last, one listing of the largest city that matches the most.
func TestMatchingCost(t *testing.T) { //nolint:paralleltest // a measurement: alone, or its figures mean little
	n, _ := strconv.Atoi(os.Getenv("SAVEDSEARCH_BENCH"))
	if os.Getenv("SAVEDSEARCH_BENCH") == "" {
		t.Skip("set SAVEDSEARCH_BENCH to measure")
	}
	if n <= 0 {
		n = 1000
	}
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	for _, step := range []string{
		`INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		 SELECT 'member' || i, 'x', 'member' || i || '@example.com', 'M', 'T', CASE WHEN i <= 100 THEN 'landlord' ELSE 'tenant' END, now()
		 FROM generate_series(1, 10100) i`,
		`WITH s AS (
			SELECT i, floor(400 * power(random(), 3))::int AS c, random() AS k, random() AS r, random() AS f
			FROM generate_series(1, 100000) i
		 )
		 INSERT INTO saved_searches (user_id, name, city_key, locality_key, postal_code_key, map_area, place_name, property_type,
			currency, min_rent, max_rent, min_bedrooms, pets_allowed, furnished)
		 SELECT 100 + 1 + (i % 10000), 'Search ' || i,
			CASE WHEN k < 0.60 THEN CASE WHEN c = 0 THEN 'springfield' ELSE 'city ' || c END END,
			CASE WHEN k >= 0.60 AND k < 0.85 THEN 'district ' || (i % 40) END,
			CASE WHEN k >= 0.85 AND k < 0.95 THEN lpad(((c * 37 + i % 25) % 100000)::text, 5, '0') END,
			CASE WHEN k >= 0.95 THEN box(point(-120 + (c % 40) * 1.5 + 0.05, 30 + (c / 40) * 1.5 + 0.05),
				point(-120 + (c % 40) * 1.5 + 0.05 + 0.05 + 0.15 * f, 30 + (c / 40) * 1.5 + 0.05 + 0.05 + 0.15 * r)) END,
			'Somewhere',
			CASE WHEN f < 0.5 THEN (ARRAY['apartment','house','condo','student_housing','studio','loft'])[1 + (i % 6)] END,
			CASE WHEN r < 0.8 THEN (ARRAY['USD','USD','USD','USD','USD','USD','USD','USD','GBP','EUR'])[1 + (i * 3) % 10] END,
			CASE WHEN r < 0.3 THEN 800 + (i % 10) * 100 END,
			CASE WHEN r < 0.8 THEN 1700 + (i % 30) * 100 END,
			CASE WHEN (i / 3) % 2 = 0 THEN 1 + i % 4 END,
			i % 5 = 0, i % 10 = 0
		 FROM s`,
		`INSERT INTO saved_search_counts (user_id, saved) SELECT user_id, count(*) FROM saved_searches GROUP BY user_id`,
		`VACUUM ANALYZE saved_searches`,
		`ANALYZE`,
	} {
		if _, err := pool.Exec(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	var with, without []time.Duration
	enqueue = enqueue[:0]
	for i := range 2 * n {
		match := i%2 == 0
		start := time.Now()
		if err := createListing(ctx, pool, i, -1, match); err != nil {
			t.Fatal(err)
		}
		if match {
			with = append(with, time.Since(start))
		} else {
			without = append(without, time.Since(start))
		}
	}
	p := func(d []time.Duration, q float64) time.Duration {
		slices.Sort(d)
		return d[min(len(d)-1, int(float64(len(d))*q))]
	}
	t.Logf("%d listings each way, 100,000 saved searches", n)
	t.Logf("create without matching: p50 %v p99 %v", p(without, 0.5), p(without, 0.99))
	t.Logf("create with matching:    p50 %v p99 %v (the job enqueued)", p(with, 0.5), p(with, 0.99))
	t.Logf("matching adds:           p50 %v p99 %v", p(with, 0.5)-p(without, 0.5), p(with, 0.99)-p(without, 0.99))
	t.Logf("MatchListing alone (its insert, in the transaction): p50 %v p99 %v max %v", p(enqueue, 0.5), p(enqueue, 0.99), p(enqueue, 1))

	// The fan-out, after the commits: one worker works through the n jobs, batch by batch; the
	// first half of the day's listings email most searches, the rest mostly notify.
	worker := savedsearch.NewWorker(pool)
	var batches, jobs []time.Duration
	var perJob []int
	var notified, emailed int64
	began, jobStart, jobNotified := time.Now(), time.Now(), 0
	for {
		left := 0
		if err := pool.QueryRow(ctx, `SELECT count(*)::int FROM saved_search_jobs`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		step := time.Now()
		found, m, err := worker.Step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !found {
			break
		}
		batches = append(batches, time.Since(step))
		notified, emailed = notified+int64(m.Notified), emailed+int64(m.Emailed)
		jobNotified += int(m.Notified)
		after := 0
		if err := pool.QueryRow(ctx, `SELECT count(*)::int FROM saved_search_jobs`).Scan(&after); err != nil {
			t.Fatal(err)
		}
		if after < left { // the job is done
			jobs, perJob = append(jobs, time.Since(jobStart)), append(perJob, jobNotified)
			jobStart, jobNotified = time.Now(), 0
		}
	}
	total := time.Since(began)
	slices.Sort(perJob)
	t.Logf("fan-out of %d listings: %v in all, %.1f notifications and %.1f emails per listing", n, total.Round(time.Millisecond),
		float64(notified)/float64(n), float64(emailed)/float64(n))
	t.Logf("notifications per listing: p50 %d p90 %d p99 %d max %d", perJob[len(perJob)/2],
		perJob[len(perJob)*9/10], perJob[len(perJob)*99/100], perJob[len(perJob)-1])
	t.Logf("a listing's fan-out: p50 %v p99 %v; one batch's transaction (≤ %d searches): p50 %v p99 %v max %v",
		p(jobs, 0.5), p(jobs, 0.99), savedsearch.DefaultBatch, p(batches, 0.5), p(batches, 0.99), p(batches, 1))

	// The largest city: a listing that matches the most of its searches (USD, mid rent, an
	// apartment with pets and furnished), from its commit until the last member is told, with the
	// day's emails already claimed and with them not.
	for _, fresh := range []bool{false, true} {
		if fresh {
			if _, err := pool.Exec(ctx, `UPDATE saved_search_emails SET emailed_on = emailed_on - 1`); err != nil {
				t.Fatal(err)
			}
		}
		if err := createListing(ctx, pool, 2*n+boolInt(fresh), 0, true); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		m, err := worker.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("largest city, emails due %v: %d notified, %d emailed, fan-out %v (after the commit; the worker polls each %v)",
			fresh, m.Notified, m.Emailed, time.Since(start).Round(time.Millisecond), savedsearch.DefaultPoll)
	}

	// The next day's digests: every match owed is due, each search's in one email.
	var owed, searches int
	if err := pool.QueryRow(ctx, `SELECT count(*)::int, count(DISTINCT saved_search_id)::int FROM saved_search_digests`).Scan(&owed, &searches); err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{
		`UPDATE saved_search_digests SET due_on = due_on - 1`, `UPDATE saved_search_emails SET emailed_on = emailed_on - 1`, `VACUUM ANALYZE`,
	} {
		if _, err := pool.Exec(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	var digests []time.Duration
	var digested int32
	began = time.Now()
	for more := true; more; {
		step := time.Now()
		var emailed int32
		var err error
		if more, emailed, err = worker.Digest(ctx); err != nil {
			t.Fatal(err)
		}
		digests, digested = append(digests, time.Since(step)), digested+emailed
	}
	t.Logf("digests: %d matches owed by %d searches, sent in %d emails in %v; one batch (≤ %d searches) p50 %v p99 %v",
		owed, searches, digested, time.Since(began).Round(time.Millisecond), savedsearch.DefaultBatch, p(digests, 0.5), p(digests, 0.99))
	step := time.Now()
	if _, _, err := worker.Digest(ctx); err != nil {
		t.Fatal(err)
	}
	t.Logf("digests: the poll that finds none due, right after: %v", time.Since(step))
	if _, err := pool.Exec(ctx, `VACUUM saved_search_digests`); err != nil {
		t.Fatal(err)
	}
	polls := make([]time.Duration, 100)
	for i := range polls {
		step := time.Now()
		if _, _, err := worker.Digest(ctx); err != nil {
			t.Fatal(err)
		}
		polls[i] = time.Since(step)
	}
	t.Logf("digests: the poll that finds none due, once vacuumed: p50 %v p99 %v", p(polls, 0.5), p(polls, 0.99))
}

// enqueue is how long each MatchListing of createListing took.
var enqueue []time.Duration

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// createListing writes listing i in one transaction as Create does, in city c (0: the largest;
// -1: drawn from the power law), enqueueing it (MatchListing) when match is set.
func createListing(ctx context.Context, pool *pgxpool.Pool, i, c int, match bool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var id int32
	if err := tx.QueryRow(ctx, `
		WITH p AS (SELECT $1::int AS i, CASE WHEN $2::int >= 0 THEN $2::int ELSE floor(400 * power(random(), 3))::int END AS c,
			CASE WHEN $2::int >= 0 THEN 0.2 ELSE random() END AS r)
		INSERT INTO properties (title, description, address, locality, city, state, zip_code, country, property_type,
			monthly_rent, bedrooms, bathrooms, square_feet, landlord_id, slug, images, currency, pets_allowed, furnished,
			longitude, latitude)
		SELECT 'New home ' || i, 'A listing of the matching benchmark.', i || ' Bench Street', 'District ' || (i % 40),
			CASE WHEN c = 0 THEN 'Springfield' ELSE 'City ' || c END, 'ST', lpad(((c * 37 + i % 25) % 100000)::text, 5, '0'),
			'United States', CASE WHEN $2::int >= 0 THEN 'apartment' ELSE (ARRAY['apartment','house','condo','student_housing','studio','loft'])[1 + (i % 6)] END,
			800 + (r * 4000)::int, CASE WHEN $2::int >= 0 THEN 4 ELSE 1 + i % 4 END, 1 + i % 3, 400 + i % 2000, 1 + i % 100, 'new-home-' || i, '{}',
			CASE WHEN $2::int >= 0 THEN 'USD' ELSE (ARRAY['USD','USD','USD','USD','USD','USD','USD','USD','GBP','EUR'])[1 + (i * 7) % 10] END,
			$2::int >= 0 OR (i / 7) % 3 = 0, $2::int >= 0 OR i % 5 < 2,
			(-120 + (c % 40) * 1.5 + 0.1 * random())::text, (30 + (c / 40) * 1.5 + 0.1 * random())::text
		FROM p RETURNING id`, i, c).Scan(&id); err != nil {
		return err
	}
	if match {
		began := time.Now()
		if err := savedsearch.MatchListing(ctx, db.New(tx), id); err != nil {
			return err
		}
		enqueue = append(enqueue, time.Since(began))
	}
	return tx.Commit(ctx)
}
