package main

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// The dashboard bench's data set on a small scale: the landlord's 500 listings in three
// currencies with reviews kept in their stars by the trigger (rated types only), tenants with
// reviews, and sessions the server accepts, made again on a reused set.
func TestDashboardDataSet(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range dashboardSteps(2000, 20_000) {
		if _, err := conn.Exec(ctx, s.sql); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	conn.Release()
	for range 2 {
		u, err := dashboardUsers(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		if u.listings != dashboardListings || u.rated == 0 || len(u.tenants) == 0 || u.tenantReviews < 1 {
			t.Fatalf("people: %+v", u)
		}
		var currencies, live, unrated int
		err = pool.QueryRow(ctx, `SELECT
				(SELECT count(DISTINCT currency) FROM properties WHERE landlord_id = $1),
				(SELECT count(*) FROM sessions WHERE token_hash = sha256(convert_to($2 || $1, 'UTF8')) AND expires_at > now()),
				(SELECT count(*) FROM reviews r JOIN properties p ON p.id = r.property_id
					WHERE p.landlord_id = $1 AND NOT review_rates_property(r.review_type))`,
			u.landlord, dashboardSessionPrefix).Scan(&currencies, &live, &unrated)
		if err != nil {
			t.Fatal(err)
		}
		if currencies != 3 || live != 1 || unrated == 0 {
			t.Errorf("%d currencies, %d live landlord sessions, %d reviews of unrated types", currencies, live, unrated)
		}
	}
}
