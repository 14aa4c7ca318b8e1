package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// The rating rules of 2026-11-23 apply to data already stored: aggregates are counted again
// without the types that do not rate the property, and reviews that throwaway reports hid are
// published again, while one that established accounts hid stays hidden. (Later rules change
// the same data again: internal/review's migration test.)
func TestIntegrityMigrationFixesStoredData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261123000001")
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at)
		SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END,
		       CASE WHEN i BETWEEN 20 AND 22 THEN now() - interval '30 days' ELSE now() END
		FROM generate_series(1, 22) i`)
	exec(`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, 1, 'flat-1'), (2, 'Other', '2 Main St', 'Leeds', 'apartment', 900, 1, 'other-2')`)
	// Property 1: a 5★ tenant review, the owner's 1★ landlord_to_tenant, a 2★ neighbourhood review.
	// Property 2: two 5★ reviews, one hidden by three throwaways, one by three established accounts.
	exec(`INSERT INTO reviews (id, property_id, user_id, rating, title, content, review_type) VALUES
		(1, 1, 2, 5, 'Great flat', 'Lovely flat with good light.', 'tenant_to_property'),
		(2, 1, 1, 1, 'Bad tenant', 'Left the flat in a poor state.', 'landlord_to_tenant'),
		(3, 1, 3, 2, 'Noisy area', 'The street is loud every night.', 'tenant_to_neighborhood'),
		(4, 2, 4, 5, 'Honest review', 'A good flat and a fair landlord.', 'tenant_to_property'),
		(5, 2, 5, 5, 'Another review', 'Also good, responsive landlord.', 'tenant_to_property'),
		(6, 1, 20, 4, 'Elder one', 'Established reviewer one here.', 'general'),
		(7, 1, 21, 4, 'Elder two', 'Established reviewer two here.', 'tenant_to_landlord'),
		(8, 1, 22, 4, 'Elder three', 'Established reviewer three ok.', 'tenant_to_neighborhood')`)
	exec(`INSERT INTO review_reports (review_id, user_id, reason) VALUES
		(4, 10, 'spam'), (4, 11, 'spam'), (4, 12, 'spam'), (5, 20, 'spam'), (5, 21, 'spam'), (5, 22, 'spam')`)
	exec(`UPDATE reviews SET status = 'hidden', report_count = 3 WHERE id IN (4, 5)`)
	var before string
	if err := pool.QueryRow(ctx, `SELECT review_count || ' ' || rating FROM properties WHERE id = 1`).Scan(&before); err != nil || before != "6 3.3" {
		t.Fatalf("before: the old rule counted every type: %q (%v)", before, err)
	}

	dbtest.MigrateBefore(t, dbURL, "20261123000003")
	for id, want := range map[int]string{1: "2 4.5 [0 0 0 1 1]", 2: "1 5 [0 0 0 0 1]"} {
		t.Run(fmt.Sprintf("property %d", id), func(t *testing.T) {
			var got string
			if err := pool.QueryRow(ctx, `SELECT review_count || ' ' || rating || ' [' || concat_ws(' ', rating1_count, rating2_count,
				rating3_count, rating4_count, rating5_count) || ']' FROM properties WHERE id = $1`, id).Scan(&got); err != nil || got != want {
				t.Errorf("after: %q, want %q (%v)", got, want, err)
			}
		})
	}
	var restored, stillHidden string
	if err := pool.QueryRow(ctx, `SELECT (SELECT status FROM reviews WHERE id = 4), (SELECT status FROM reviews WHERE id = 5)`).Scan(&restored, &stillHidden); err != nil {
		t.Fatal(err)
	}
	if restored != "published" || stillHidden != "hidden" {
		t.Errorf("hidden by throwaways: %s (want published); by established accounts: %s (want hidden)", restored, stillHidden)
	}
}

// Lists stored as jsonb arrays become text[] with their entries in order, and a review's
// categories object becomes its sorted names.
func TestTextArraysMigrationKeepsLists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261123000020")
	for _, sql := range []string{
		`INSERT INTO users (id, username, password_hash, email, first_name, last_name) VALUES (1, 'ada', 'x', 'ada@example.com', 'Ada', 'L')`,
		`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug, amenities, images, keywords)
		 VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, 1, 'flat-1', '["Yard", "Balcony"]', '[]', '["Yard"]')`,
		`INSERT INTO reviews (property_id, user_id, rating, title, content, pros, cons, categories, photos)
		 VALUES (1, 1, 4, 'Quiet flat', 'Quiet flat with a kind landlord.', '["Light", "Quiet \"street\""]', '[]', '{"Value": 1, "Location": 1}', '[]')`,
		`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		 VALUES (1, 1, 3, 'The area', 'A calm area near the park.', 'tenant_to_neighborhood')`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if err := store.Migrate(ctx, pool, dbURL); err != nil {
		t.Fatal(err)
	}
	var amenities, images, pros, categories, noCategories []string
	if err := pool.QueryRow(ctx, `SELECT p.amenities, p.images, r.pros, r.categories,
		(SELECT categories FROM reviews WHERE review_type = 'tenant_to_neighborhood')
		FROM properties p JOIN reviews r ON r.property_id = p.id AND r.review_type = 'general'`).
		Scan(&amenities, &images, &pros, &categories, &noCategories); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(amenities, images, pros, categories, noCategories)
	if want := `[Yard Balcony] [] [Light Quiet "street"] [Location Value] []`; got != want {
		t.Errorf("after the migration: %s, want %s", got, want)
	}
}
