package savedsearch_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

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
// ZIPs of the bench's form. 10,000 members with verified addresses save 10 searches each: 60%
// by city, 25% by district, 15% by ZIP, drawn from the same power law as the listings, each with
// a currency (80%), a rent band, a type (50%), bedrooms (50%), pets (20%) and furnished (10%).
// Each listing is one transaction writing its row as Create does, alternately with and without
// MatchListing, so both see the same data and cache; the figures are the transactions' times.
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
		 INSERT INTO saved_searches (user_id, name, city_key, locality_key, postal_code_key, place_name, property_type,
			currency, min_rent, max_rent, min_bedrooms, pets_allowed, furnished)
		 SELECT 100 + 1 + (i % 10000), 'Search ' || i,
			CASE WHEN k < 0.60 THEN CASE WHEN c = 0 THEN 'springfield' ELSE 'city ' || c END END,
			CASE WHEN k >= 0.60 AND k < 0.85 THEN 'district ' || (i % 40) END,
			CASE WHEN k >= 0.85 THEN lpad(((c * 37 + i % 25) % 100000)::text, 5, '0') END,
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
	var with, without, find []time.Duration
	var notified, emailed int64
	var perListing []int
	for i := range 2 * n {
		if i == n {
			// The second half runs later in the day: most searches have had their email.
			t.Logf("first half: %.1f notifications and %.1f emails per listing", float64(notified)/float64(n/2), float64(emailed)/float64(n/2))
		}
		match := i%2 == 0
		start := time.Now()
		err := func() error {
			tx, err := pool.Begin(ctx)
			if err != nil {
				return err
			}
			defer func() { _ = tx.Rollback(ctx) }()
			var id int32
			if err := tx.QueryRow(ctx, `
				WITH p AS (SELECT $1::int AS i, floor(400 * power(random(), 3))::int AS c, random() AS r)
				INSERT INTO properties (title, description, address, locality, city, state, zip_code, country, property_type,
					monthly_rent, bedrooms, bathrooms, square_feet, landlord_id, slug, images, currency, pets_allowed, furnished)
				SELECT 'New home ' || i, 'A listing of the matching benchmark.', i || ' Bench Street', 'District ' || (i % 40),
					CASE WHEN c = 0 THEN 'Springfield' ELSE 'City ' || c END, 'ST', lpad(((c * 37 + i % 25) % 100000)::text, 5, '0'),
					'United States', (ARRAY['apartment','house','condo','student_housing','studio','loft'])[1 + (i % 6)],
					800 + (r * 4000)::int, 1 + i % 4, 1 + i % 3, 400 + i % 2000, 1 + i % 100, 'new-home-' || i, '{}',
					(ARRAY['USD','USD','USD','USD','USD','USD','USD','USD','GBP','EUR'])[1 + (i * 7) % 10], (i / 7) % 3 = 0, i % 5 < 2
				FROM p RETURNING id`, i).Scan(&id); err != nil {
				return err
			}
			if match {
				// The finding alone (the statement's probes and filters, writing nothing).
				began := time.Now()
				if _, err := tx.Exec(ctx, findOnly, id); err != nil {
					return err
				}
				find = append(find, time.Since(began))
				m, err := savedsearch.MatchListing(ctx, db.New(tx), id, nil)
				if err != nil {
					return err
				}
				notified += int64(m.Notified)
				perListing = append(perListing, int(m.Notified))
				emailed += int64(m.Emailed)
			}
			return tx.Commit(ctx)
		}()
		if err != nil {
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
	t.Logf("%d listings each way, 100,000 saved searches: %.1f notifications and %.1f emails per listing",
		n, float64(notified)/float64(n), float64(emailed)/float64(n))
	slices.Sort(perListing)
	t.Logf("notifications per listing: p50 %d p90 %d p99 %d max %d", perListing[len(perListing)/2],
		perListing[len(perListing)*9/10], perListing[len(perListing)*99/100], perListing[len(perListing)-1])
	t.Logf("create without matching: p50 %v p99 %v", p(without, 0.5), p(without, 0.99))
	t.Logf("create with matching:    p50 %v p99 %v", p(with, 0.5), p(with, 0.99))
	t.Logf("finding the matches alone: p50 %v p99 %v", p(find, 0.5), p(find, 0.99))
	t.Logf("matching adds:           p50 %v p99 %v", p(with, 0.5)-p(without, 0.5), p(with, 0.99)-p(without, 0.99))
}

// findOnly is MatchListing's finding part (sql/queries/saved_searches.sql) for a new listing,
// counting the matches and writing nothing.
const findOnly = `
WITH p AS (
    SELECT id, landlord_id, city_key, locality_key, postal_code_key, property_type, verified, currency, monthly_rent,
        bedrooms, bathrooms, pets_allowed, furnished, square_feet * CASE area_unit WHEN 'sqm' THEN 10.7639 ELSE 1 END AS area_sqft, search_text
    FROM properties WHERE properties.id = $1 AND active
), candidates AS (
    SELECT s.id, s.user_id, s.name, s.property_type, s.verified_only, s.currency, s.min_rent, s.max_rent, s.min_bedrooms,
        s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words
    FROM p JOIN saved_searches s ON s.city_key = p.city_key AND s.alerts
    UNION ALL
    SELECT s.id, s.user_id, s.name, s.property_type, s.verified_only, s.currency, s.min_rent, s.max_rent, s.min_bedrooms,
        s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words
    FROM p JOIN saved_searches s ON s.locality_key = p.locality_key AND s.alerts
    UNION ALL
    SELECT s.id, s.user_id, s.name, s.property_type, s.verified_only, s.currency, s.min_rent, s.max_rent, s.min_bedrooms,
        s.min_bathrooms, s.pets_allowed, s.furnished, s.min_area_sqft, s.words
    FROM p JOIN saved_searches s ON s.postal_code_key = p.postal_code_key AND s.alerts
)
SELECT count(*) FROM candidates c, p
WHERE c.user_id <> p.landlord_id
    AND (c.property_type IS NULL OR c.property_type = p.property_type)
    AND (NOT c.verified_only OR p.verified)
    AND (c.currency IS NULL OR c.currency = p.currency)
    AND (c.min_rent IS NULL OR p.monthly_rent >= c.min_rent)
    AND (c.max_rent IS NULL OR p.monthly_rent <= c.max_rent)
    AND (c.min_bedrooms IS NULL OR p.bedrooms >= c.min_bedrooms)
    AND (c.min_bathrooms IS NULL OR p.bathrooms >= c.min_bathrooms)
    AND (NOT c.pets_allowed OR p.pets_allowed)
    AND (NOT c.furnished OR p.furnished)
    AND (c.min_area_sqft IS NULL OR p.area_sqft >= c.min_area_sqft)
    AND (c.words IS NULL OR p.search_text LIKE ALL (c.words))`
