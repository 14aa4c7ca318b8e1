package gamification_test

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/store"
)

// The migration gives existing data its XP: published reviews (the first three of their day),
// helpful votes from established accounts to the authors (not before credited), answered
// requests, listings (the first two of their day) and verified properties; the seeded
// catalogue loses the badges nothing earns and awards the ones met. Run again, it adds nothing.
func TestMigrationBackfillsXPAndBadges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, url := dbtest.NewBefore(t, "20261124000500")
	for _, sql := range []string{
		`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at)
		 SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END,
		        CASE WHEN i BETWEEN 3 AND 5 THEN now() - interval '30 days' ELSE now() END
		 FROM generate_series(1, 7) i`,
		// Landlord 1 listed three properties on one day and had one verified.
		`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug, created_at)
		 SELECT i, 'Flat ' || i, i || ' Main St', 'Leeds', 'apartment', 900, 1, 'flat-' || i, '2026-11-01 10:00+00'::timestamptz + i * interval '1 hour'
		 FROM generate_series(1, 3) i`,
		`INSERT INTO property_verifications (property_id, proof) VALUES (2, 'documents')`,
		// User 2 wrote four reviews on one day and one that was removed; users 3-5 (established) one each.
		`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, status)
		 VALUES (1, 2, 5, 'Review one', 'A fine place to live for a year.', 'tenant_to_property', '2026-11-02 09:00+00', 'published'),
		        (1, 2, 1, 'Review two', 'A fine place to live for a year.', 'tenant_to_landlord', '2026-11-02 10:00+00', 'published'),
		        (1, 2, 3, 'Review three', 'A fine place to live for a year.', 'tenant_to_neighborhood', '2026-11-02 11:00+00', 'published'),
		        (1, 2, 2, 'Review four', 'A fine place to live for a year.', 'general', '2026-11-02 12:00+00', 'published'),
		        (2, 2, 4, 'Removed one', 'A fine place to live for a year.', 'general', '2026-11-03 12:00+00', 'removed'),
		        (2, 3, 4, 'My review', 'A fine place to live for a year.', 'general', '2026-11-03 12:00+00', 'published'),
		        (2, 4, 4, 'My review', 'A fine place to live for a year.', 'tenant_to_property', '2026-11-03 12:00+00', 'published'),
		        (3, 5, 4, 'My review', 'A fine place to live for a year.', 'general', '2026-11-03 12:00+00', 'published')`,
		// The old review_posted row of a review (0 points) stays history and earns nothing twice.
		`INSERT INTO user_activities (user_id, activity_type, entity_type, entity_id) VALUES (2, 'review_posted', 'review', 1)`,
		// Three established votes and a fresh one (user 6) on review 1; one established vote on the removed review.
		`INSERT INTO review_helpful_votes (review_id, user_id) VALUES (1, 3), (1, 4), (1, 5), (1, 6), (5, 3)`,
		// User 7 answered a request about property 3.
		`INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, status, responded_at)
		 VALUES (3, 1, 7, 'rejected', now())`,
		// The catalogue seeded before: one badge nothing records, one that changes meaning.
		`INSERT INTO badges (name, description, icon, category, requirements) VALUES
		 ('First Review', 'Posted your first review.', 'star', 'reviews', '{"reviews": 1}'),
		 ('Verified Tenant', 'Your tenancy was confirmed.', 'shield', 'verification', '{"tenantVerified": true}'),
		 ('Trusted Verifier', 'Completed five verifications.', 'shield', 'verification', '{"verificationsCompleted": 5}')`,
		`INSERT INTO user_levels (level, name, points_required, benefits) VALUES (1, 'Newcomer', 0, '{"Write reviews"}'), (2, 'Explorer', 100, '{"5 bonus tokens"}')`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		var got string
		if err := pool.QueryRow(ctx, `SELECT string_agg(id || ':' || coalesce((SELECT xp FROM user_xp x WHERE x.user_id = u.id), 0) || ':' || coalesce((SELECT string_agg(b.name, ',' ORDER BY b.name)
			FROM user_badges ub JOIN badges b ON b.id = ub.badge_id WHERE ub.user_id = u.id), '-'), ' ' ORDER BY id) FROM users u`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		want := "1:45:- 2:66:First Review 3:20:First Review 4:20:First Review 5:20:First Review 6:0:- 7:10:First Verification"
		if got != want {
			t.Errorf("%s: users %q, want %q", when, got, want)
		}
	}
	check("migrated")
	var badges, benefits string
	if err := pool.QueryRow(ctx, `SELECT (SELECT string_agg(name || requirements::text, ' ' ORDER BY name) FROM badges),
		(SELECT string_agg(array_to_string(benefits, ','), ' ' ORDER BY level) FROM user_levels)`).Scan(&badges, &benefits); err != nil {
		t.Fatal(err)
	}
	if badges != `First Review{"reviews": 1} First Verification{"verificationsAnswered": 1} Trusted Verifier{"verificationsAnswered": 5}` ||
		benefits != "The Newcomer level and its icon on your profile and the leaderboard The Explorer level and its icon on your profile and the leaderboard" {
		t.Errorf("catalogue: %s / %s", badges, benefits)
	}
	if err := store.WithTx(ctx, pool, func(q *db.Queries) error { return gamification.Backfill(ctx, q) }); err != nil {
		t.Fatal(err)
	}
	check("backfilled again")
	checkXPIsTheSumOfActivities(t, pool)
}
