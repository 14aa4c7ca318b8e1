package property

import (
	"context"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// A listing's second verified review changes its verified_review_count but no index entry: no
// index on properties reads the count (the search's filter reads has_verified_reviews), so the
// update stays on the row's page (HOT) instead of writing an entry into each of the listing's
// thirty indexes (a tenancy confirmation wrote 6.6–7.3 KB of WAL at a million listings, 4.5–5.5
// KB since).
func TestAnotherVerifiedReviewLeavesTheIndexesAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}

	var reading []string
	rows, err := pool.Query(ctx, `SELECT indexrelid::regclass::text FROM pg_index
		WHERE indrelid = 'properties'::regclass AND pg_get_indexdef(indexrelid) LIKE '%verified_review_count%'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		reading = append(reading, name)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if len(reading) > 0 {
		t.Errorf("indexes that read verified_review_count: %s", strings.Join(reading, ", "))
	}

	exec(`INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		SELECT u, 'x', u || '@example.com', 'Hot', 'H', CASE WHEN u = 'owner' THEN 'landlord' ELSE 'tenant' END
		FROM unnest(ARRAY['owner', 'tenant1', 'tenant2']) u`)
	exec(`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Flat', '1 Hot Street', 'Leeds', 'apartment', 1000, id, 'flat-hot' FROM users WHERE username = 'owner'`)
	exec(`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, counted)
		SELECT (SELECT id FROM properties), id, 4, 'A good flat', 'A good flat to live in, with a kind owner.', 'tenant_to_property', true
		FROM users WHERE role = 'tenant'`)
	label := func(tenant string) (hot, updated int, count int32, has bool) {
		t.Helper()
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = tx.Rollback(ctx) }()
		// The backend's counts not yet reported (earlier transactions' too): the change is the difference.
		const counts = `SELECT pg_stat_get_xact_tuples_hot_updated('properties'::regclass)::int,
			pg_stat_get_xact_tuples_updated('properties'::regclass)::int, verified_review_count, has_verified_reviews FROM properties`
		var hot0, updated0 int
		if err := tx.QueryRow(ctx, counts).Scan(&hot0, &updated0, &count, &has); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE reviews SET verified = true WHERE user_id = (SELECT id FROM users WHERE username = $1)`, tenant); err != nil {
			t.Fatal(err)
		}
		if err := tx.QueryRow(ctx, counts).Scan(&hot, &updated, &count, &has); err != nil {
			t.Fatal(err)
		}
		hot, updated = hot-hot0, updated-updated0
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		return hot, updated, count, has
	}
	if _, updated, count, has := label("tenant1"); updated != 1 || count != 1 || !has {
		t.Errorf("the first verified review: %d updates, count %d, has %v", updated, count, has)
	}
	if hot, updated, count, has := label("tenant2"); hot != 1 || updated != 1 || count != 2 || !has {
		t.Errorf("the second verified review: %d of %d updates HOT, count %d, has %v; want 1 of 1, 2, true", hot, updated, count, has)
	}
}
