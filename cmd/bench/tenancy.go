package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/identity"
)

// The verified-reviews benchmark (issue 27, `make bench BENCH=tenancy`): a property's review page
// (its first page, and verified reviews only) over the search data set with 30% of its reviews
// verified, and owners confirming their tenants' claims, on a cluster with PostgreSQL's durable
// settings.

type tenancyOptions struct {
	properties, reviews int
	readRate, writeRate int
	duration            time.Duration
	runs                int // how many runs the pending claims must last
}

const (
	// tenancySessionPrefix + user id is the session token of the claim owners.
	tenancySessionPrefix = "bench-tenancy-session-"
	// claimsPerOwner stays within the confirmations an owner makes in 30 days before the rest wait
	// for an administrator, so every confirmation measured verifies.
	claimsPerOwner = 5
	// reviewPages is how many properties' review pages the reads spread over.
	reviewPages = 1000
)

// tenancySteps are the search data set's steps with, before it is marked complete, verified
// tenancies behind 30% of its reviews (half confirmed by the landlord, half from documents), and
// the claims part: landlords each with one verified listing (proof documents) and claimsPerOwner
// pending claims on it from established tenants (30 days old, each with a published review of
// that listing, which a confirmation labels).
func tenancySteps(properties, reviews, claims int) []step {
	steps := seedSteps(properties, reviews)
	last := steps[len(steps)-1] // mark complete
	owners := claims / claimsPerOwner
	return append(steps[:len(steps)-1],
		step{"verified tenancies behind 30% of the reviews", `
			INSERT INTO tenant_verifications (tenant_id, property_id, status, proof, from_month, verified_by_id,
				verification_date, decided_at, created_at)
			SELECT r.user_id, r.property_id, 'approved', CASE WHEN r.id % 2 = 0 THEN 'documents' ELSE 'landlord' END,
				date_trunc('month', r.created_at - interval '60 days')::date, NULL, r.created_at, r.created_at,
				r.created_at - interval '30 days'
			FROM reviews r WHERE r.id % 10 < 3`},
		pauseTriggers(slices.Concat(listingTriggers, []string{"reviews_sync_property_rating"})...),
		step{"their reviews verified", `
			UPDATE reviews r SET tenancy_id = t.id, verified = true
			FROM tenant_verifications t
			WHERE t.tenant_id = r.user_id AND t.property_id = r.property_id AND t.status = 'approved'`},
		step{fmt.Sprintf("%d owners and %d tenants", owners, claims), fmt.Sprintf(`
			INSERT INTO users (username, password_hash, email, first_name, last_name, role, created_at)
			SELECT 'claims' || i, 'x', 'claims' || i || '@example.com', 'Claim', 'User ' || i,
				CASE WHEN i <= %[1]d THEN 'landlord' ELSE 'tenant' END, now() - interval '30 days'
			FROM generate_series(1, %[1]d + %[2]d) i`, owners, claims)},
		step{"the owners' verified listings", `
			INSERT INTO properties (title, description, address, city, state, zip_code, country, property_type,
				monthly_rent, bedrooms, bathrooms, square_feet, landlord_id, verified, verification_proof, slug, images)
			SELECT 'Claimed home ' || u.id, 'A listing of the tenancy bench.', u.id || ' Claim Street', 'Springfield', 'ST',
				'00001', 'United States', 'apartment', 1200, 2, 1, 700, u.id, true, 'documents', 'claimed-home-' || u.id, '{}'
			FROM users u WHERE u.username LIKE 'claims%' AND u.role = 'landlord'`},
		step{"the tenants' reviews and claims", fmt.Sprintf(`
			CREATE TEMPORARY TABLE bench_claims AS
			SELECT t.id AS tenant_id, p.id AS property_id
			FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users
				WHERE username LIKE 'claims%%' AND role = 'tenant') t
			JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM properties WHERE slug LIKE 'claimed-home-%%') p
				ON p.n = t.n / %[1]d;
			INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, counted)
			SELECT property_id, tenant_id, 4, 'Bench review', 'A synthetic review of the tenancy bench.', 'tenant_to_property',
				now() - interval '20 days', true
			FROM bench_claims;
			INSERT INTO tenant_verifications (tenant_id, property_id, status, stage, from_month, to_month, message, created_at)
			SELECT tenant_id, property_id, 'pending', 'landlord', date '2024-01-01', date '2025-06-01',
				'I rented this flat.', now() - interval '1 day'
			FROM bench_claims`, claimsPerOwner)},
		placesAndTextsStep,
		countStarsStep(""),
		resumeTriggers(slices.Concat(listingTriggers, []string{"reviews_sync_property_rating"})...),
		step{"vacuum analyze", `VACUUM ANALYZE`},
		last)
}

// benchTenancy prepares the verified-reviews benchmark: its data set, checked, and the review
// pages it reads.
func benchTenancy(ctx context.Context, cluster string, o tenancyOptions) (*benchmark, error) {
	confirmations := o.writeRate * int(o.duration.Seconds())
	claims := max(20*confirmations, 10_000) // enough for 20 runs before the set must be rebuilt
	name := fmt.Sprintf("rentproof_tenancy_%d_%d_%d", o.properties, o.reviews, claims)
	pool, dbURL, err := openDurable(ctx, cluster, name, tenancySteps(o.properties, o.reviews, claims), "tenancy")
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*benchmark, error) { pool.Close(); return nil, err }
	var verifiedShare float64
	var left int
	if err := pool.QueryRow(ctx, `SELECT (SELECT avg(verified::int)::float8 FROM reviews),
			(SELECT count(*) FROM tenant_verifications WHERE status = 'pending' AND stage = 'landlord')`).Scan(&verifiedShare, &left); err != nil {
		return fail(fmt.Errorf("describe the data set: %w", err))
	}
	fmt.Printf("data: %d properties, %d reviews, %.0f%% verified; %d claims waiting for their owners\n",
		o.properties, o.reviews, 100*verifiedShare, left)
	if need := o.runs * (confirmations + o.writeRate); left < need { // each run warms up on a second's worth
		return fail(fmt.Errorf("only %d pending claims left (%d runs need %d): drop the database %s and run again to rebuild it",
			left, o.runs, need, name))
	}
	// The busiest review pages first: the ones most read, and the longest to filter.
	rows, err := pool.Query(ctx, `SELECT id FROM properties WHERE review_count > 0
		ORDER BY review_count DESC, id LIMIT $1`, reviewPages)
	if err != nil {
		return fail(fmt.Errorf("review pages: %w", err))
	}
	pages, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return fail(fmt.Errorf("review pages: %w", err))
	}
	return &benchmark{
		key:   fmt.Sprintf("tenancy_%d_%d", o.properties, o.reviews),
		title: fmt.Sprintf("Verified reviews, %s properties and %s reviews (30%% verified)", thousands(o.properties), thousands(o.reviews)),
		load: fmt.Sprintf("open model, review pages at %s/s and confirmations at %s/s for %s each after a warm-up (3 s of review pages, 1 s of confirmations of other claims), on the durable cluster",
			thousands(o.readRate), thousands(o.writeRate), o.duration),
		close: pool.Close,
		run: func(ctx context.Context, binary string) (result, error) {
			return tenancyRun(ctx, pool, dbURL, binary, pages, confirmations, o)
		},
	}, nil
}

// tenancyRun is one run of the verified-reviews benchmark against binary: the review pages, then
// owners confirming claims no run has used, then a check that each confirmation verified its
// claim and labelled its tenant's review.
func tenancyRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, pages []int32, confirmations int, o tenancyOptions) (result, error) {
	var res result
	type claim struct{ ID, Owner int32 }
	// The next claims, spread over the run: the first claim of every property, then the second,
	// …, as owners answering at their own pace do, rather than one owner's five at once queueing
	// on its property's row.
	rows, err := pool.Query(ctx, `
		SELECT id, landlord_id FROM (
			SELECT t.id, p.landlord_id, t.property_id, row_number() OVER (PARTITION BY t.property_id ORDER BY t.id) AS n
			FROM tenant_verifications t JOIN properties p ON p.id = t.property_id
			WHERE t.status = 'pending' AND t.stage = 'landlord'
			ORDER BY t.property_id, t.id LIMIT $1) c
		ORDER BY n, property_id`, confirmations+o.writeRate)
	if err != nil {
		return res, fmt.Errorf("pending claims: %w", err)
	}
	claims, err := pgx.CollectRows(rows, pgx.RowToStructByPos[claim])
	if err != nil {
		return res, fmt.Errorf("pending claims: %w", err)
	}
	if len(claims) < confirmations+o.writeRate {
		return res, fmt.Errorf("only %d pending claims left (%d needed): drop the data set's database and run again to rebuild it", len(claims), confirmations+o.writeRate)
	}
	owners := make([]int32, len(claims))
	for i, c := range claims {
		owners[i] = c.Owner
	}
	if _, err := pool.Exec(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
		SELECT DISTINCT id, sha256(convert_to($1 || id, 'UTF8')), now() + interval '1 day', 'rentproof-bench', '127.0.0.1'
		FROM unnest($2::int[]) id
		ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at, last_seen_at = now(), revoked_at = NULL`,
		tenancySessionPrefix, owners); err != nil {
		return res, fmt.Errorf("sessions: %w", err)
	}

	if err := checkpoint(ctx, pool); err != nil {
		return res, err
	}
	startLoad := loadAverage()
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()

	page := func(query string) []vegeta.Target {
		out := make([]vegeta.Target, len(pages))
		for i, id := range pages {
			out[i] = vegeta.Target{Method: http.MethodGet, URL: fmt.Sprintf("%s/api/properties/%d/reviews%s", srv.base, id, query)}
		}
		return out
	}
	confirm := make([]vegeta.Target, len(claims))
	for i, c := range claims {
		h := http.Header{}
		h.Set("Cookie", identity.SessionCookie+"="+tenancySessionPrefix+strconv.Itoa(int(c.Owner)))
		confirm[i] = vegeta.Target{Method: http.MethodPost, URL: fmt.Sprintf("%s/api/tenancies/%d/confirm", srv.base, c.ID), Header: h}
	}
	fmt.Printf("load: open model (vegeta), %d review pages (the most reviewed properties) at %d/s, confirmations of distinct claims at %d/s, %s each after a warm-up (3 s of review pages, 1 s of confirmations of other claims)\n\n",
		len(pages), o.readRate, o.writeRate, o.duration)
	run(page(""), o.readRate/2, 3*time.Second)
	// A second of confirmations first, as the reads have their warm-up: the server's connections
	// prepare the confirmation's statements once, not in the measured run's first second, where
	// the queue behind them was all of the p99 in some runs.
	if warm := run(confirm[:o.writeRate], o.writeRate, time.Second); failures(warm) > 0 {
		return res, fmt.Errorf("the confirmations' warm-up: %d of %d failed: %v", failures(warm), warm.Requests, warm.Errors)
	}

	scenarios := []scenario{
		{"review page, first page of 10", page(""), o.readRate, 25 * time.Millisecond},
		{"review page, verified reviews only", page("?verifiedOnly=true"), o.readRate, 25 * time.Millisecond},
		{"confirm a tenancy claim (distinct claims, 5 per owner)", confirm[o.writeRate:], o.writeRate, 50 * time.Millisecond},
	}
	metrics, errs, machine := measure(ctx, pool, srv, scenarios, o.duration)

	var ids []int32 // the measured confirmations' claims
	for _, c := range claims[o.writeRate:] {
		ids = append(ids, c.ID)
	}
	var approved, labelled int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE t.status = 'approved' AND t.proof = 'landlord'),
			count(*) FILTER (WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.tenancy_id = t.id AND r.verified))
		FROM tenant_verifications t WHERE t.id = ANY($1)`, ids).Scan(&approved, &labelled); err != nil {
		return res, err
	}
	answered := int(metrics[2].Requests) - errs[2]
	fmt.Printf("\nconfirmations answered 2xx: %d; their claims now verified by the landlord: %d, with their tenant's review labelled: %d\n",
		answered, approved, labelled)
	if approved != answered || labelled != answered {
		return res, fmt.Errorf("%d confirmations answered, but %d claims verified and %d reviews labelled", answered, approved, labelled)
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machine, startLoad)
	return res, nil
}
