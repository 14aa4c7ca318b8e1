package seed_test

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/seed"
)

func TestDemoSeedsAnEmptyDatabaseOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	count := func(table string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	tables := []string{"users", "properties", "reviews", "resources", "user_levels", "badges", "achievements", "token_transactions"}

	if err := seed.Demo(ctx, pool); err != nil {
		t.Fatal(err)
	}
	first := map[string]int{}
	for _, table := range tables {
		first[table] = count(table)
		if first[table] == 0 {
			t.Errorf("%s is empty after seeding", table)
		}
	}
	if first["resources"] < 12 || first["properties"] != 15 {
		t.Errorf("want ≥12 resources and 15 properties, got %d and %d", first["resources"], first["properties"])
	}
	// Demo members count as verified, so the demo's notifications may email them (issue 29).
	var unverified int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM users WHERE email_verified_at IS NULL").Scan(&unverified); err != nil || unverified != 0 {
		t.Errorf("%d demo members unverified (%v)", unverified, err)
	}
	var minID, maxID int
	if err := pool.QueryRow(ctx, "SELECT min(id), max(id) FROM properties").Scan(&minID, &maxID); err != nil || minID != 1 || maxID != 15 {
		t.Errorf("demo property ids: %d..%d (%v), want 1..15", minID, maxID, err)
	}
	// The next listing continues after the demo ids.
	var next int
	if err := pool.QueryRow(ctx, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES ('New', '1 New St', 'Austin', 'house', 1000, 1, 'new') RETURNING id`).Scan(&next); err != nil || next != 16 {
		t.Errorf("next property id %d (%v), want 16", next, err)
	}
	if _, err := pool.Exec(ctx, "DELETE FROM properties WHERE id = 16"); err != nil {
		t.Fatal(err)
	}

	// Every demo property has reviews in its stars, and the stored aggregates match its reviews
	// of the types that rate the property.
	var mismatched int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM properties p WHERE p.review_count = 0 OR p.review_count <>
		(SELECT count(*) FROM reviews r WHERE r.property_id = p.id AND review_rates_property(r.review_type)) OR p.rating <>
		(SELECT round(avg(rating), 1) FROM reviews r WHERE r.property_id = p.id AND review_rates_property(r.review_type))::float8`).Scan(&mismatched); err != nil || mismatched != 0 {
		t.Errorf("%d properties without rated reviews or with aggregates that disagree (%v)", mismatched, err)
	}
	// Demo reviewers are established accounts, as people with a published review long ago are.
	var established int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM users u WHERE account_established(u.id)`).Scan(&established); err != nil || established < 10 {
		t.Errorf("%d established demo accounts (%v)", established, err)
	}
	// So every demo review counts (the stars above are made of all of them): none is a new member's.
	var uncounted int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM reviews WHERE NOT counted`).Scan(&uncounted); err != nil || uncounted != 0 {
		t.Errorf("%d demo reviews do not count (%v)", uncounted, err)
	}
	// A balance always equals the sum of its transactions.
	var off int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM users u WHERE u.tokens <>
		(SELECT coalesce(sum(amount), 0) FROM token_transactions t WHERE t.user_id = u.id)`).Scan(&off); err != nil || off != 0 {
		t.Errorf("%d users whose balance is not the sum of their transactions (%v)", off, err)
	}
	// Demo accounts sign in with the documented password.
	var hash string
	if err := pool.QueryRow(ctx, "SELECT password_hash FROM users ORDER BY id LIMIT 1").Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !account.VerifySecret(hash, seed.DemoPassword) || account.VerifySecret(hash, "wrong") {
		t.Error("demo password hash does not verify as documented")
	}

	if err := seed.Demo(ctx, pool); err != nil {
		t.Fatalf("second run: %v", err)
	}
	for _, table := range tables {
		if got := count(table); got != first[table] {
			t.Errorf("second run changed %s: %d → %d", table, first[table], got)
		}
	}
}

func TestDemoNeverTouchesUserData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	if _, err := pool.Exec(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name)
		VALUES ('realuser', 'x', 'real@example.com', 'Real', 'User')`); err != nil {
		t.Fatal(err)
	}
	if err := seed.Demo(ctx, pool); err != nil {
		t.Fatal(err)
	}
	var users, properties, resources int
	if err := pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM properties), (SELECT count(*) FROM resources)").
		Scan(&users, &properties, &resources); err != nil {
		t.Fatal(err)
	}
	if users != 1 || properties != 0 {
		t.Errorf("a database with users got demo people: %d users, %d properties", users, properties)
	}
	if resources < 12 {
		t.Errorf("the resource library is a catalogue and is filled anyway: got %d", resources)
	}
}
