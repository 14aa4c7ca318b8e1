package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/identity"
)

// The listings benchmark (issue 33, `make bench BENCH=listings`): landlords creating listings
// in one city and one neighbourhood at once, on the search data set and a cluster with
// PostgreSQL's durable settings. Every new listing adds one to its city's and its
// neighbourhood's counter rows (the triggers of properties_sync_cities and _localities), so the
// listings of one place queue on two rows: this measures whether they do.

type listingsOptions struct {
	properties, reviews int
	landlords, rate     int
	duration            time.Duration
}

// listingsSessionPrefix + user id is the session token of the benchmark's landlords.
const listingsSessionPrefix = "bench-listings-session-"

// listingsSteps are the search data set's steps with, before it is marked complete, the
// landlords who list.
func listingsSteps(properties, reviews, landlords int) []step {
	steps := seedSteps(properties, reviews)
	last := steps[len(steps)-1] // mark complete
	return append(steps[:len(steps)-1],
		step{fmt.Sprintf("%d landlords", landlords), fmt.Sprintf(`
			INSERT INTO users (username, password_hash, email, first_name, last_name, role, created_at)
			SELECT 'lister' || i, 'x', 'lister' || i || '@example.com', 'List', 'User ' || i, 'landlord', now() - interval '30 days'
			FROM generate_series(1, %d) i`, landlords)},
		step{"vacuum analyze", `VACUUM ANALYZE`},
		last)
}

// benchListings prepares the listings benchmark: its data set, and the busiest city with one of
// its neighbourhoods, where every listing goes.
func benchListings(ctx context.Context, cluster string, o listingsOptions) (*benchmark, error) {
	name := fmt.Sprintf("rentproof_listings_%d_%d_%d", o.properties, o.reviews, o.landlords)
	pool, dbURL, err := openDurable(ctx, cluster, name, listingsSteps(o.properties, o.reviews, o.landlords), "listings")
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*benchmark, error) { pool.Close(); return nil, err }
	rows, err := pool.Query(ctx, `SELECT id FROM users WHERE username LIKE 'lister%' ORDER BY id`)
	if err != nil {
		return fail(fmt.Errorf("landlords: %w", err))
	}
	landlords, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return fail(fmt.Errorf("landlords: %w", err))
	}
	if len(landlords) != o.landlords {
		return fail(fmt.Errorf("the data set has %d landlords, not %d: drop the database %s to rebuild it", len(landlords), o.landlords, name))
	}
	var place listingPlace
	if err := pool.QueryRow(ctx, `SELECT city, city_key, locality, locality_key FROM properties
		WHERE city_key = (SELECT key FROM cities ORDER BY property_count DESC, key LIMIT 1) AND locality_key <> ''
		GROUP BY 1, 2, 3, 4 ORDER BY count(*) DESC LIMIT 1`).Scan(&place.city, &place.cityKey, &place.locality, &place.localityKey); err != nil {
		return fail(fmt.Errorf("the busiest city: %w", err))
	}
	fmt.Printf("data: %d properties, %d reviews; %d landlords listing in %s, %s\n", o.properties, o.reviews, len(landlords), place.locality, place.city)
	return &benchmark{
		key:   fmt.Sprintf("listings_%d_%d", o.properties, o.reviews),
		title: fmt.Sprintf("Listings created in one city, %s properties and %s reviews", thousands(o.properties), thousands(o.reviews)),
		load: fmt.Sprintf("open model, %d landlords creating listings in one neighbourhood of the largest city at %d/s for %s after a 3 s warm-up, on the durable cluster",
			o.landlords, o.rate, o.duration),
		close: pool.Close,
		run: func(ctx context.Context, binary string) (result, error) {
			return listingsRun(ctx, pool, dbURL, binary, landlords, place, o)
		},
	}, nil
}

type listingPlace struct{ city, cityKey, locality, localityKey string }

// listingsRun is one run of the listings benchmark against binary: each request lists a home
// with an image its landlord uploaded (an upload row made for it beforehand, as the image form
// leaves one), then the place's counters must equal its listings.
func listingsRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, landlords []int32, place listingPlace, o listingsOptions) (result, error) {
	var res result
	warmUp := 3 * time.Second
	n := o.rate * int((o.duration + warmUp).Seconds())
	if _, err := pool.Exec(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
		SELECT id, sha256(convert_to($1 || id, 'UTF8')), now() + interval '1 day', 'rentproof-bench', '127.0.0.1'
		FROM unnest($2::int[]) id
		ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at, last_seen_at = now(), revoked_at = NULL`,
		listingsSessionPrefix, landlords); err != nil {
		return res, fmt.Errorf("sessions: %w", err)
	}
	// One unused image per listing, the i-th for the i-th request's landlord.
	rows, err := pool.Query(ctx, `INSERT INTO uploads (key, owner_id, bytes, width, height)
		SELECT 'properties/' || md5(random()::text || i) || '.png', ($1::int[])[1 + (i - 1) % cardinality($1::int[])], 100, 800, 600
		FROM generate_series(1, $2::int) i ORDER BY i
		RETURNING key, owner_id`, landlords, n)
	if err != nil {
		return res, fmt.Errorf("uploads: %w", err)
	}
	type upload struct {
		Key   string
		Owner int32
	}
	uploads, err := pgx.CollectRows(rows, pgx.RowToStructByPos[upload])
	if err != nil {
		return res, fmt.Errorf("uploads: %w", err)
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
	targets := make([]vegeta.Target, len(uploads))
	for i, u := range uploads {
		body, err := json.Marshal(map[string]any{
			"title": fmt.Sprintf("Bench listing %d", i), "description": "A listing the benchmark creates in the busiest neighbourhood.",
			"address": fmt.Sprintf("%d Lister Road", i), "locality": place.locality, "city": place.city, "state": "ST",
			"zipCode": "00001", "country": "United States", "propertyType": "apartment", "monthlyRent": 1500 + i%500,
			"bedrooms": 2, "bathrooms": 1, "squareFeet": 800, "amenities": []string{"Parking", "Balcony"},
			"images": []string{"/uploads/" + u.Key},
		})
		if err != nil {
			return res, err
		}
		h := http.Header{}
		h.Set("Cookie", identity.SessionCookie+"="+listingsSessionPrefix+strconv.Itoa(int(u.Owner)))
		h.Set("Content-Type", "application/json")
		targets[i] = vegeta.Target{Method: http.MethodPost, URL: srv.base + "/api/properties", Header: h, Body: body}
	}
	fmt.Printf("load: open model (vegeta), %d landlords creating listings in %s, %s at %d/s, %s after a %s warm-up\n\n",
		len(landlords), place.locality, place.city, o.rate, o.duration, warmUp)
	split := o.rate * int(warmUp.Seconds())
	run(targets[:split], o.rate, warmUp)
	scenarios := []scenario{{fmt.Sprintf("create a listing (%d landlords, one neighbourhood)", len(landlords)), targets[split:], o.rate, 50 * time.Millisecond}}
	metrics, errs, machine := measure(ctx, pool, srv, scenarios, o.duration)

	// The counters every listing moved must still be the truth.
	var cityCount, cityTruth, localityCount, localityTruth int
	if err := pool.QueryRow(ctx, `SELECT (SELECT property_count FROM cities WHERE key = $1),
			(SELECT count(*) FROM properties WHERE active AND city_key = $1),
			(SELECT property_count FROM localities WHERE key = $2),
			(SELECT count(*) FROM properties WHERE active AND locality_key = $2)`,
		place.cityKey, place.localityKey).Scan(&cityCount, &cityTruth, &localityCount, &localityTruth); err != nil {
		return res, err
	}
	fmt.Printf("\nlistings created: %d; %s counts %d listings (has %d), %s counts %d (has %d)\n",
		int(metrics[0].Requests)-errs[0], place.city, cityCount, cityTruth, place.locality, localityCount, localityTruth)
	if cityCount != cityTruth || localityCount != localityTruth {
		return res, fmt.Errorf("the place counters drifted: city %d of %d, neighbourhood %d of %d", cityCount, cityTruth, localityCount, localityTruth)
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machine, startLoad)
	return res, nil
}
