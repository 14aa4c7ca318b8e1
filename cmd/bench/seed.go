package main

import (
	"context"
	"fmt"
	"log"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/store"
)

// prepare returns the URL of the search bench database for this size, creating, migrating and
// filling it when it is not complete yet.
func prepare(ctx context.Context, cluster string, properties, reviews int) (string, error) {
	return buildOnce(ctx, cluster, fmt.Sprintf("rentproof_bench_%d_%d_independent", properties, reviews), seedSteps(properties, reviews, benchPlaces))
}

// buildOnce returns the URL of the database name on cluster, creating and migrating it, and
// running steps on one connection (so a step's session settings and temporary tables hold for
// the next ones) unless an earlier run completed them.
func buildOnce(ctx context.Context, cluster, name string, steps []step) (string, error) {
	u, err := url.Parse(cluster)
	if err != nil {
		return "", err
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return "", fmt.Errorf("connect to the cluster: %w", err)
	}
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
			return "", err
		}
	}
	conn.Close(ctx)
	u.Path = "/" + name
	dbURL := u.String()

	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return "", err
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool, dbURL); err != nil {
		return "", err
	}
	var done bool
	if err := pool.QueryRow(ctx, "SELECT to_regclass('bench_complete') IS NOT NULL").Scan(&done); err != nil {
		return "", err
	}
	if !done {
		if err := runSteps(ctx, pool, name, steps); err != nil {
			return "", err
		}
	}
	// Every run, and after a build too: a migration may have rewritten tables since, and a build's
	// own last vacuum can leave the pages of rows updated just before it (its last steps) not yet
	// all-visible (PostgreSQL 15 marked them on a second pass). Refresh the visibility map and the
	// statistics, as autovacuum would in a while, so index-only scans are measured as in steady state.
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		return "", fmt.Errorf("vacuum: %w", err)
	}
	return dbURL, nil
}

// runSteps builds the data set name: steps on one connection of pool, each one timed.
func runSteps(ctx context.Context, pool *pgxpool.Pool, name string, steps []step) error {
	log.Printf("building the data set %s (once; later runs reuse it); load average %.2f", name, loadAverage())
	start := time.Now()
	c, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	for _, step := range steps {
		t := time.Now()
		if _, err := c.Exec(ctx, step.sql); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
		log.Printf("  %-50s %6.1fs", step.name, time.Since(t).Seconds())
	}
	log.Printf("  data set ready in %.0fs; load average %.2f", time.Since(start).Seconds(), loadAverage())
	return nil
}

type step struct{ name, sql string }

// seedSteps fill the database: cities follow a steep power law (a few large, hundreds small),
// review counts per property a milder one, ratings lean positive as on real review sites. The
// tables' secondary indexes are built after the load (a sort each) and the triggers that keep
// shared rows are paused for it (bulkTriggers); their work is done once at the end. extra steps
// run last, before the set is vacuumed.
func seedSteps(properties, reviews int, extra ...step) []step {
	users := max(properties/5, 1000)
	steps := []step{
		{"truncate", `TRUNCATE users, properties, reviews, cities, localities RESTART IDENTITY CASCADE`},
		{"session settings", `SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'`},
		dropIndexesStep("users", "properties", "reviews"),
		{fmt.Sprintf("%d users", users), fmt.Sprintf(`
			INSERT INTO users (username, password_hash, email, first_name, last_name, role)
			SELECT 'bench' || i, 'x', 'bench' || i || '@example.com', 'Bench', 'User ' || i,
				CASE WHEN i %% 10 = 0 THEN 'landlord' ELSE 'tenant' END
			FROM generate_series(1, %d) i`, users)},
	}
	steps = append(steps, propertySteps(properties, users, 0.3)...)
	steps = append(steps, []step{
		pauseTriggers("reviews_sync_property_rating"),
		// Counted, as established authors' reviews are: the stars below are made of them all.
		{fmt.Sprintf("%d reviews", reviews), fmt.Sprintf(`
			INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, counted)
			SELECT 1 + floor(%[2]d * power(random(), 1.5))::int, 1 + (i %% %[3]d),
				(ARRAY[1,2,3,3,4,4,4,5,5,5])[1 + floor(random() * 10)::int],
				'Bench review', 'A synthetic review of the benchmark data set.', 'tenant_to_property',
				now() - random() * interval '900 days', true
			FROM generate_series(1, %[1]d) i
			ON CONFLICT DO NOTHING`, reviews, properties, users)},
		countStarsStep(""),
		resumeTriggers("reviews_sync_property_rating"),
		rebuildIndexesStep,
	}...)
	return append(append(steps, extra...),
		step{"vacuum analyze", `VACUUM ANALYZE`},
		step{"mark complete", `CREATE TABLE bench_complete ()`})
}

// propertySteps add synthetic properties owned by the landlords among users (every tenth id),
// verifiedShare of them verified (proof demo), in 400 cities with a steep power law, 40
// neighbourhoods each, with the city and neighbourhood counters kept by triggers counted after.
func propertySteps(properties, users int, verifiedShare float64) []step {
	return []step{
		pauseTriggers(listingTriggers...),
		{fmt.Sprintf("%d properties", properties), fmt.Sprintf(`
			-- Each column drawn on its own: a listing's rent, age, currency, pets, furnishing and
			-- verification do not follow one another (drawn from one number, the cheapest
			-- listings were all the newest and no EUR or GBP listing was furnished, so a filter
			-- against a sort read a fifth of the table).
			WITH p AS (
				SELECT i, floor(400 * power(random(), 3))::int AS c, random() AS r, random() AS v, random() AS a, random() AS k
				FROM generate_series(1, %[1]d) i
			)
			INSERT INTO properties (title, description, address, locality, city, state, zip_code, country, property_type,
				monthly_rent, bedrooms, bathrooms, square_feet, landlord_id, verified, verification_proof, slug, created_at, images,
				currency, pets_allowed, furnished, latitude, longitude)
			SELECT 'Bench home ' || i, 'A synthetic listing of the benchmark data set.', i || ' Bench Street',
				'District ' || (i %% 40), CASE WHEN c = 0 THEN 'Springfield' ELSE 'City ' || c END, 'ST',
				lpad(((c * 37 + i %% 25) %% 100000)::text, 5, '0'), 'United States',
				(ARRAY['apartment','house','condo','student_housing','studio','loft'])[1 + (i %% 6)],
				800 + (r * 4000)::int, 1 + i %% 4, 1 + i %% 3, 400 + i %% 2000, 10 * (1 + i %% %[2]d),
				v < %[3]g, CASE WHEN v < %[3]g THEN 'demo' END, 'bench-home-' || i, now() - (a * interval '900 days'), '{}',
				(ARRAY['USD','USD','USD','USD','USD','USD','USD','USD','GBP','EUR'])[1 + floor(k * 10)::int],
				random() < 1 / 3.0, random() < 0.4,
				-- Each city in a box of 0.1 degrees around its centre, cities on a grid; every
				-- twentieth listing unplaced.
				CASE WHEN i %% 20 <> 0 THEN round((25 + c %% 20 + (i::bigint * 7919 %% 1000) / 10000.0)::numeric, 5)::text END,
				CASE WHEN i %% 20 <> 0 THEN round((-120 + (c / 20) * 2.5 + (i::bigint * 104729 %% 1000) / 10000.0)::numeric, 5)::text END
			FROM p`, properties, max(users/10, 1), verifiedShare)},
		placesAndTextsStep,
		resumeTriggers(listingTriggers...),
	}
}

// listingTriggers keep what is derived from every listing row by row: the builders pause them
// for a load and placesAndTextsStep redoes their work.
var listingTriggers = []string{"properties_sync_cities", "properties_sync_localities", "properties_sync_search_text"}

// placesAndTextsStep counts every city's and neighbourhood's active listings and writes their
// search texts from scratch, which listingTriggers keep row by row; the texts' trigram index is
// built after them (one sort) from its own definition.
var placesAndTextsStep = step{"count cities and localities, write search texts", `
	TRUNCATE cities, localities;
	INSERT INTO cities (key, name, property_count)
	SELECT city_key, min(city), count(*) FROM properties WHERE active GROUP BY city_key;
	INSERT INTO localities (key, name, property_count)
	SELECT locality_key, min(locality), count(*) FROM properties WHERE active AND locality_key <> '' GROUP BY locality_key;
	DO $$ DECLARE trigrams text := pg_get_indexdef('property_search_texts_trgm'::regclass); BEGIN
		DROP INDEX property_search_texts_trgm;
		TRUNCATE property_search_texts;
		INSERT INTO property_search_texts (property_id, search_text) SELECT id, search_text FROM properties WHERE active;
		EXECUTE trigrams;
	END $$`}

// countStarsStep counts the stored review counts of the properties that match the condition on
// p (all when empty) from their reviews (review_tallies: the stars of their published, counted
// reviews of the rated types, the verified reviews shown and the reviewers' praises), which
// reviews_sync_property_rating keeps row by row.
func countStarsStep(properties string) step {
	where := ""
	if properties != "" {
		where = " AND " + properties
	}
	return step{"count stars", `
		UPDATE properties p SET rating1_count = a.t[1], rating2_count = a.t[2], rating3_count = a.t[3],
			rating4_count = a.t[4], rating5_count = a.t[5], verified_review_count = a.t[6],
			location_praise_count = a.t[7], management_praise_count = a.t[8]
		FROM (SELECT property_id, ARRAY[sum(t[1]), sum(t[2]), sum(t[3]), sum(t[4]), sum(t[5]), sum(t[6]), sum(t[7]), sum(t[8])]::int[] AS t
			FROM (SELECT property_id, review_tallies(r) AS t FROM reviews r) x
			GROUP BY property_id) a
		WHERE p.id = a.property_id` + where}
}
