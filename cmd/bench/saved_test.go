package main

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/property"
)

// The saved-search scenarios' users: sessions the server accepts, and exactly the saved
// properties the scenario names, every time it is prepared (a reused data set).
func TestSavedSearches(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO users (username, password_hash, email, first_name, last_name, role)
			SELECT 'bench' || i, 'x', 'bench' || i || '@example.com', 'Bench', 'User ' || i,
				CASE WHEN i % 10 = 0 THEN 'landlord' ELSE 'tenant' END FROM generate_series(1, 20) i`,
		`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, rating1_count, rating5_count)
			SELECT 'Home ' || i, i || ' Elm Street', 'Springfield', 'house', 1000, 10, 'home-' || i, i % 5, i % 7
			FROM generate_series(1, 700) i`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		scenarios, err := savedSearches(ctx, pool, "http://127.0.0.1:1", "Springfield")
		if err != nil {
			t.Fatal(err)
		}
		if len(scenarios) != 2 || scenarios[1].targets[0].Header.Get("Cookie") != "rentproof_session=bench-saved-session-2" {
			t.Fatalf("scenarios: %+v", scenarios)
		}
		var sessions, none, full, firstPage int
		err = pool.QueryRow(ctx, `SELECT
				(SELECT count(*) FROM sessions WHERE token_hash IN (sha256('bench-saved-session-1'), sha256('bench-saved-session-2'))),
				(SELECT count(*) FROM saved_properties WHERE user_id = 1),
				(SELECT count(*) FROM saved_properties WHERE user_id = 2),
				(SELECT count(*) FROM saved_properties WHERE user_id = 2 AND property_id IN (
					SELECT id FROM properties ORDER BY rating DESC, review_count DESC, id DESC LIMIT 12))`).Scan(&sessions, &none, &full, &firstPage)
		if err != nil {
			t.Fatal(err)
		}
		if sessions != 2 || none != 0 || full != int(property.MaxSaved) || firstPage != 6 {
			t.Errorf("%d sessions, %d and %d saved, %d of the first page", sessions, none, full, firstPage)
		}
	}
}
