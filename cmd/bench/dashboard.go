package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/store"
)

// The dashboard benchmark (issue 15, `make bench BENCH=dashboard`): a landlord with 500 listings
// opening the landlord dashboard (its list through REST GET /api/dashboard and the stats card's
// GetLandlordStats), and tenants opening theirs (their reviews through GET /api/dashboard), over
// the search bench's data set with that landlord added.

type dashboardOptions struct {
	properties, reviews int
	rate                int // the tenants' rate; the landlord's is half of it
	duration            time.Duration
}

const (
	// dashboardListings is the bench landlord's number of listings (the figure).
	dashboardListings = 500
	// dashboardTenants is how many distinct tenants open their dashboards.
	dashboardTenants = 1000
	// dashboardSessionPrefix + user id is the session token of the dashboard bench's users.
	dashboardSessionPrefix = "bench-dashboard-session-"
	dashboardLandlord      = "bench_landlord_500"
)

// dashboardSteps are the search data set's steps with the bench landlord added before it is
// marked complete: 500 listings in three currencies and six types, a third verified, each with
// reviews of every type from the data set's tenants, counted in the stars of the rated types.
func dashboardSteps(properties, reviews int) []step {
	steps := seedSteps(properties, reviews)
	last := steps[len(steps)-1] // mark complete
	return append(steps[:len(steps)-1],
		pauseTriggers(slices.Concat(listingTriggers, []string{"reviews_sync_property_rating"})...),
		step{"the 500-listing landlord", fmt.Sprintf(`
			WITH u AS (
				INSERT INTO users (username, password_hash, email, first_name, last_name, role)
				VALUES ('%[1]s', 'x', '%[1]s@example.com', 'Bench', 'Landlord', 'landlord') RETURNING id)
			INSERT INTO properties (title, description, address, city, state, zip_code, country, property_type, monthly_rent,
				currency, bedrooms, bathrooms, square_feet, landlord_id, verified, verification_proof, slug, created_at, images)
			SELECT 'Landlord home ' || i, 'A listing of the dashboard bench.', i || ' Owner Street',
				(ARRAY['Springfield', 'City 1', 'City 2', 'City 3'])[1 + i %% 4], 'ST', '00001', 'United States',
				(ARRAY['apartment','house','condo','student_housing','studio','loft'])[1 + (i %% 6)], 900 + i * 7,
				(ARRAY['USD','USD','EUR','GBP'])[1 + i %% 4], 1 + i %% 4, 1 + i %% 3, 500 + i, u.id,
				i %% 3 = 0, CASE WHEN i %% 3 = 0 THEN 'demo' END, 'landlord-home-' || i, now() - i * interval '1 hour', '{}'
			FROM u, generate_series(1, %[2]d) i`, dashboardLandlord, dashboardListings)},
		step{"reviews of the landlord's listings", `
			INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, counted)
			SELECT p.id, t.id, 1 + (p.id + t.n) % 5, 'Bench review', 'A synthetic review of the benchmark data set.',
				(ARRAY['tenant_to_property','general','agent_to_property','tenant_to_neighborhood','tenant_to_landlord'])[1 + t.n % 5],
				now() - t.n * interval '1 day', true
			FROM properties p JOIN users l ON l.id = p.landlord_id AND l.username = '` + dashboardLandlord + `'
			CROSS JOIN LATERAL (
				SELECT id, row_number() OVER () AS n FROM users WHERE role = 'tenant' AND id % 97 = p.id % 97 LIMIT 8) t
			ON CONFLICT DO NOTHING`},
		placesAndTextsStep,
		countStarsStep("p.landlord_id = (SELECT id FROM users WHERE username = '"+dashboardLandlord+"')"),
		resumeTriggers(slices.Concat(listingTriggers, []string{"reviews_sync_property_rating"})...),
		step{"vacuum analyze", `VACUUM ANALYZE`}, // the counts' updates left dead index entries
		last)
}

// benchDashboard prepares the dashboard benchmark: its data set.
func benchDashboard(ctx context.Context, cluster string, o dashboardOptions) (*benchmark, error) {
	name := fmt.Sprintf("rentproof_dashboard_%d_%d", o.properties, o.reviews)
	dbURL, err := buildOnce(ctx, cluster, name, dashboardSteps(o.properties, o.reviews))
	if err != nil {
		return nil, err
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	return &benchmark{
		key:   fmt.Sprintf("dashboard_%d_%d", o.properties, o.reviews),
		title: fmt.Sprintf("Dashboards, %s properties and %s reviews with a 500-listing landlord", thousands(o.properties), thousands(o.reviews)),
		load: fmt.Sprintf("open model, the landlord at %s/s and tenants at %s/s for %s per scenario after a 3 s warm-up",
			thousands(o.rate/2), thousands(o.rate), o.duration),
		close: pool.Close,
		run: func(ctx context.Context, binary string) (result, error) {
			return dashboardRun(ctx, pool, dbURL, binary, o)
		},
	}, nil
}

// dashboardRun is one run of the dashboard benchmark against binary.
func dashboardRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, o dashboardOptions) (result, error) {
	var res result
	u, err := dashboardUsers(ctx, pool)
	if err != nil {
		return res, err
	}
	landlord, tenants := u.landlord, u.tenants

	startLoad, before := loadAverage(), machineNow()
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()

	as := func(userID int32, method, path string, body []byte) vegeta.Target {
		return signedIn(srv.base, dashboardSessionPrefix, userID, method, path, body)
	}
	list := as(landlord, http.MethodGet, "/api/dashboard", nil)
	stats := as(landlord, http.MethodPost, "/rentproof.property.v1.PropertyService/GetLandlordStats", []byte("{}"))
	tenantTargets := make([]vegeta.Target, len(tenants))
	for i, id := range tenants {
		tenantTargets[i] = as(id, http.MethodGet, "/api/dashboard", nil)
	}
	landlordRate := o.rate / 2
	fmt.Printf("data: %d properties, %d reviews; the landlord has %d listings (%d rated reviews); %d tenants with %.0f reviews each on average\n",
		o.properties, o.reviews, u.listings, u.rated, len(tenants), u.tenantReviews)
	fmt.Printf("load: open model (vegeta), %s per scenario after a 3 s warm-up\n\n", o.duration)
	run(append([]vegeta.Target{list, stats}, tenantTargets...), landlordRate, 3*time.Second)

	scenarios := []scenario{
		{"landlord dashboard: GET /api/dashboard and GetLandlordStats, alternating", []vegeta.Target{list, stats}, landlordRate, 25 * time.Millisecond},
		{"  GET /api/dashboard alone (first page of 20 of 500)", []vegeta.Target{list}, landlordRate, 25 * time.Millisecond},
		{"  GetLandlordStats alone", []vegeta.Target{stats}, landlordRate, 25 * time.Millisecond},
		{"tenant dashboard: GET /api/dashboard (first page of 10 reviews)", tenantTargets, o.rate, 15 * time.Millisecond},
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "scenario\tp50 ms\tp95 ms\tp99 ms\tmax ms\trate/s\terrors\tmachine busy\tCPU waits\tp99 target\t")
	metrics := make([]vegeta.Metrics, len(scenarios))
	errs := make([]int, len(scenarios))
	for i, s := range scenarios {
		m, machine := runWatched(s.targets, s.rate, o.duration)
		metrics[i], errs[i] = m, failures(m)
		fmt.Fprintf(w, "%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%d\t%s\t%s\t≤ %s %s\t\n", s.name, ms(m.Latencies.P50), ms(m.Latencies.P95),
			ms(m.Latencies.P99), ms(m.Latencies.Max), m.Rate, errs[i], machine.busyShare(), machine.waitShare(), s.target, verdictOf(m, s.target, errs[i]))
		for _, e := range m.Errors {
			fmt.Fprintf(w, "  error: %s\t\t\t\t\t\t\t\t\t\t\n", e)
		}
	}
	if err := w.Flush(); err != nil {
		return res, err
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machineNow().minus(before), startLoad)
	return res, nil
}

// dashboardPeople are the bench's users: the landlord and the tenants, with sessions.
type dashboardPeople struct {
	landlord        int32
	listings, rated int // the landlord's listings and the reviews in their stars
	tenants         []int32
	tenantReviews   float64 // reviews per tenant, on average
}

// dashboardUsers finds the bench landlord and the tenants with the most reviews (the fullest
// dashboards), and gives them sessions afresh (a reused data set's have expired).
func dashboardUsers(ctx context.Context, pool *pgxpool.Pool) (dashboardPeople, error) {
	var u dashboardPeople
	if err := pool.QueryRow(ctx, `SELECT u.id, count(p.id), coalesce(sum(p.review_count), 0) FROM users u
		JOIN properties p ON p.landlord_id = u.id AND p.active WHERE u.username = $1 GROUP BY u.id`, dashboardLandlord).
		Scan(&u.landlord, &u.listings, &u.rated); err != nil {
		return u, fmt.Errorf("the bench landlord: %w", err)
	}
	rows, err := pool.Query(ctx, `SELECT user_id FROM reviews r JOIN users u ON u.id = r.user_id AND u.role = 'tenant'
		GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT $1`, dashboardTenants)
	if err != nil {
		return u, fmt.Errorf("tenants: %w", err)
	}
	if u.tenants, err = pgx.CollectRows(rows, pgx.RowTo[int32]); err != nil {
		return u, fmt.Errorf("tenants: %w", err)
	}
	if err := pool.QueryRow(ctx, `SELECT coalesce(avg(n), 0)::float8 FROM (
			SELECT count(*) AS n FROM reviews WHERE user_id = ANY($1) GROUP BY user_id) c`, u.tenants).Scan(&u.tenantReviews); err != nil {
		return u, err
	}
	return u, liveSessions(ctx, pool, dashboardSessionPrefix, append([]int32{u.landlord}, u.tenants...))
}
