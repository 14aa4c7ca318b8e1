package savedsearch_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/siteorigin"
)

// The cost test's sizes: warm-up pairs, then rounds of alternating pairs.
const (
	costWarmUp = 50
	costRounds = 5
	costPairs  = 100 // per round: 500 listings each way in all
)

// TestMatchingCost checks issue 32's budget: saved-search matching adds at most 5 ms at the 99th
// percentile to creating a listing with 100,000 saved searches. It is a measurement of about half
// a minute that wants the machine to itself, so it runs only when SAVEDSEARCH_BENCH is set:
//
//	SAVEDSEARCH_BENCH=1 go test -count=1 -run TestMatchingCost -v ./internal/savedsearch/
//
// The figures are in docs/benchmarks.md.
//
// Two databases, alike but for the saved searches: one with 100,000, one with none. The same
// listings are created in both through the real property service (property.Service.Create: its
// whole transaction, MatchListing's one statement included, and its commit), the two alternating,
// after a warm-up; no worker runs (it tells the matches after the commit, off the listing's time).
// The searches follow cmd/bench's listings: 400 cities on the same steep power law, 40 districts,
// ZIPs of the bench's form, each city's listings within a tenth of a degree of its centre. 10,000
// members with verified addresses save 10 searches each: 60% by city, 25% by district, 10% by
// ZIP, 5% by an area of the map around a city's centre (0.05° to 0.2° across), drawn from the same
// power law as the listings, each with a currency (80%), a rent band, a type (50%), bedrooms
// (50%), pets (20%) and furnished (10%); the listings are drawn from the same law, so most
// searches are of other cities and a listing in a large city matches many.
//
// The assertion is on the median, over five rounds of 100 alternating pairs, of each round's p99
// difference, not on the p99 of all 500: the test shares a machine (CI has two cores, and go test
// runs other packages beside it), and one burst of another process's work in one round moves a
// single p99 by more than the budget without saying anything about matching; a median of rounds
// needs the excess in most rounds. The p99 over all the pairs is logged beside it.
func TestMatchingCost(t *testing.T) { //nolint:paralleltest // a measurement: alone, or its figures mean little
	if os.Getenv("SAVEDSEARCH_BENCH") == "" {
		t.Skip("set SAVEDSEARCH_BENCH to measure")
	}
	ctx := siteorigin.With(context.Background(), "http://localhost:8080")
	const listings = 2 * (costWarmUp + costRounds*costPairs)
	with, _ := dbtest.New(t)
	bare, _ := dbtest.New(t)
	landlords := seedCost(t, with, listings, true)
	if got := seedCost(t, bare, listings, false); !slices.Equal(got, landlords) {
		t.Fatalf("the two databases' landlords differ: %v against %v", got, landlords)
	}
	// The probes are index-only only on pages the visibility map marks all-visible, as autovacuum
	// keeps a table written this rarely; VACUUM cannot mark them while a transaction older than the
	// rows is open anywhere on the cluster (another test's), so wait for it.
	for visible := false; !visible; {
		if err := with.QueryRow(ctx, `SELECT relallvisible >= relpages FROM pg_class WHERE relname = 'saved_searches'`).Scan(&visible); err != nil {
			t.Fatal(err)
		}
		if !visible {
			time.Sleep(100 * time.Millisecond)
			if _, err := with.Exec(ctx, `VACUUM saved_searches`); err != nil {
				t.Fatal(err)
			}
		}
	}
	services := []*property.Service{property.NewService(with, with, nil), property.NewService(bare, bare, nil)}

	create := func(side, i int) time.Duration {
		t.Helper()
		landlord := landlords[i%len(landlords)]
		as := identity.WithSession(ctx, identity.Session{ID: int64(landlord), User: identity.User{ID: landlord, Username: "landlord", Role: "landlord"}})
		l := costListing(i)
		start := time.Now()
		if _, err := services[side].Create(as, l); err != nil {
			t.Fatalf("create listing %d: %v", i, err)
		}
		return time.Since(start)
	}
	// pair creates listing i in both databases, each in turn first, and returns the times.
	pair := func(i int) (withSearches, without time.Duration) {
		if i%2 == 0 {
			withSearches = create(0, i)
			without = create(1, i)
		} else {
			without = create(1, i)
			withSearches = create(0, i)
		}
		return withSearches, without
	}

	i := 0
	for range costWarmUp {
		pair(i)
		i++
	}
	first := i // the first measured listing's number
	var all [2][]time.Duration
	rounds := make([]time.Duration, costRounds)
	for r := range rounds {
		var round [2][]time.Duration
		for range costPairs {
			a, b := pair(i)
			round[0], round[1] = append(round[0], a), append(round[1], b)
			i++
		}
		rounds[r] = quantile(round[0], 0.99) - quantile(round[1], 0.99)
		all[0], all[1] = append(all[0], round[0]...), append(all[1], round[1]...)
		t.Logf("round %d: p99 %v with the saved searches, %v without: %v added", r+1,
			quantile(round[0], 0.99), quantile(round[1], 0.99), rounds[r])
	}

	// How many saved searches the measured listings matched: the ids their transactions wrote for
	// the worker (none runs here), a full batch meaning more are left to it.
	var matched, p50, p99, most, full int
	if err := with.QueryRow(ctx, `
		WITH l AS (SELECT id FROM properties WHERE title LIKE 'New home %' AND substr(title, 10)::int >= $1),
		n AS (SELECT l.id, coalesce(sum(cardinality(j.search_ids)), 0)::int AS n FROM l LEFT JOIN saved_search_jobs j ON j.property_id = l.id GROUP BY l.id)
		SELECT sum(n)::int, (percentile_disc(0.5) WITHIN GROUP (ORDER BY n))::int, (percentile_disc(0.99) WITHIN GROUP (ORDER BY n))::int, max(n),
			count(*) FILTER (WHERE n >= $2)::int
		FROM n`, first, savedsearch.DefaultBatch).Scan(&matched, &p50, &p99, &most, &full); err != nil {
		t.Fatal(err)
	}
	added := [2]time.Duration{quantile(all[0], 0.5) - quantile(all[1], 0.5), quantile(all[0], 0.99) - quantile(all[1], 0.99)}
	perListing := int(math.Round(float64(matched) / float64(len(all[0]))))
	t.Logf("creating a listing: p50 %v p99 %v with 100,000 saved searches, p50 %v p99 %v without (%d each way)",
		quantile(all[0], 0.5), quantile(all[0], 0.99), quantile(all[1], 0.5), quantile(all[1], 0.99), len(all[0]))
	t.Logf("saved searches matched a listing: mean %d, p50 %d, p99 %d, max %d (%d of %d listings filled a batch: the worker matches the rest)",
		perListing, p50, p99, most, full, len(all[0]))
	t.Logf("saved-search matching: p50 %v p99 %v added to a listing's creation (100,000 saved searches, %d matching)",
		added[0], added[1], perListing)
	median := slices.Clone(rounds)
	slices.Sort(median)
	if m := median[len(median)/2]; m > 5*time.Millisecond {
		t.Errorf("saved-search matching adds %v to a listing's creation at the 99th percentile (the median of %d rounds: %v); issue 32 allows 5 ms",
			m, costRounds, rounds)
	}
}

// quantile is the q-quantile of d (sorting a copy).
func quantile(d []time.Duration, q float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*q))]
}

// seedCost fills pool for TestMatchingCost: 100 landlords and 10,000 members with verified
// addresses, one unattached listing image per listing to come, and, with searches, the 100,000
// saved searches. It returns the landlords' ids.
func seedCost(t *testing.T, pool *pgxpool.Pool, listings int, searches bool) []int32 {
	t.Helper()
	ctx := context.Background()
	steps := []string{
		`INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		 SELECT 'member' || i, 'x', 'member' || i || '@example.com', 'M', 'T', CASE WHEN i <= 100 THEN 'landlord' ELSE 'tenant' END, now()
		 FROM generate_series(1, 10100) i`,
		fmt.Sprintf(`INSERT INTO uploads (key, owner_id)
		 SELECT 'properties/' || lpad(to_hex(i), 32, '0') || '.jpg', (SELECT id FROM users WHERE username = 'member' || (1 + i %% 100))
		 FROM generate_series(0, %d) i`, listings-1),
	}
	if searches {
		steps = append(steps, `WITH s AS (
			SELECT i, floor(400 * power(random(), 3))::int AS c, random() AS k, random() AS r, random() AS f
			FROM generate_series(1, 100000) i
		 )
		 INSERT INTO saved_searches (user_id, name, city_key, locality_key, postal_code_key, map_area, place_name, property_type,
			currency, min_rent, max_rent, min_bedrooms, pets_allowed, furnished)
		 SELECT (SELECT min(id) FROM users WHERE role = 'tenant') + (i % 10000), 'Search ' || i,
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
			`INSERT INTO saved_search_counts (user_id, saved) SELECT user_id, count(*) FROM saved_searches GROUP BY user_id`)
	}
	steps = append(steps, `VACUUM ANALYZE`)
	for _, step := range steps {
		if _, err := pool.Exec(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	var ids []int32
	rows, err := pool.Query(ctx, `SELECT id FROM users WHERE role = 'landlord' AND username LIKE 'member%' ORDER BY substr(username, 7)::int`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int32
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// costListing is listing i of TestMatchingCost, as cmd/bench draws them: a city from the power
// law (0 is Springfield, the largest), a district, a ZIP of the bench's form, a position near the
// city's centre, and its image (seedCost's upload i, its landlord's). The same i draws the same
// listing.
func costListing(i int) property.Listing {
	rng := rand.New(rand.NewPCG(uint64(i), 32))
	c := int(400 * math.Pow(rng.Float64(), 3))
	city := "City " + strconv.Itoa(c)
	if c == 0 {
		city = "Springfield"
	}
	types := []string{"apartment", "house", "condo", "student_housing", "studio", "loft"}
	currencies := []string{"USD", "USD", "USD", "USD", "USD", "USD", "USD", "USD", "GBP", "EUR"}
	return property.Listing{
		Title: fmt.Sprintf("New home %d", i), Description: "A listing of the matching benchmark: bright rooms on a quiet street.",
		Address: fmt.Sprintf("%d Bench Street", i), Locality: fmt.Sprintf("District %d", i%40), City: city, State: "ST",
		ZipCode: fmt.Sprintf("%05d", (c*37+i%25)%100000), Country: "United States", PropertyType: types[i%6],
		MonthlyRent: int32(800 + rng.IntN(4000)), Bedrooms: int32(1 + i%4), Bathrooms: int32(1 + i%3), SquareFeet: int32(400 + i%2000),
		AreaUnit: "sqft", Currency: currencies[(i*7)%10], PetsAllowed: (i/7)%3 == 0, Furnished: i%5 < 2,
		Longitude: strconv.FormatFloat(-120+float64(c%40)*1.5+0.1*rng.Float64(), 'f', 6, 64),
		Latitude:  strconv.FormatFloat(30+float64(c/40)*1.5+0.1*rng.Float64(), 'f', 6, 64),
		Images:    []string{fmt.Sprintf("/uploads/properties/%032x.jpg", i)},
	}
}
