package review_test

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// Issue 25's rules apply to data already stored. Reviews hidden under the old rule are published
// again (reports sent before it carry no network or browser, so none counts towards hiding),
// without a moderator's decision and with their reports kept for the moderators; reviews count
// when their authors are established, and the stored stars are counted again.
func TestMigrationsRejudgeHiddenAndCountedReviews(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261126000300")
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// 1 owns both flats; 2 and 10–12 are established (30 days old, with published reviews);
	// 3 joined today.
	exec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at)
		SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END,
		       CASE WHEN i = 3 THEN now() ELSE now() - interval '30 days' END
		FROM generate_series(1, 12) i`)
	exec(`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, 1, 'flat-1'), (2, 'Other', '2 Main St', 'Leeds', 'apartment', 900, 1, 'other-2')`)
	exec(`INSERT INTO reviews (id, property_id, user_id, rating, title, content, review_type) VALUES
		(1, 1, 2, 5, 'Great flat', 'Lovely flat with good light.', 'tenant_to_property'),
		(2, 1, 3, 1, 'Awful flat', 'A new account with a grudge.', 'general'),
		(3, 2, 2, 4, 'Good flat', 'A good flat and a fair landlord.', 'tenant_to_property'),
		(4, 2, 10, 3, 'Fair landlord', 'Answers within the week, mostly.', 'tenant_to_landlord'),
		(5, 2, 11, 3, 'Fair landlord', 'Answers within the week, mostly.', 'tenant_to_landlord'),
		(6, 2, 12, 3, 'Fair landlord', 'Answers within the week, mostly.', 'tenant_to_landlord'),
		(7, 2, 3, 1, 'Loud street', 'The street is loud every night.', 'tenant_to_neighborhood')`)
	// Three established accounts hid review 3 under the old rule.
	exec(`INSERT INTO review_reports (review_id, user_id, reason) VALUES (3, 10, 'spam'), (3, 11, 'spam'), (3, 12, 'spam')`)
	exec(`UPDATE reviews SET status = 'hidden', report_count = 3 WHERE id = 3`)
	stars := func(id int) string {
		t.Helper()
		var got string
		if err := pool.QueryRow(ctx, `SELECT review_count || ' ' || rating || ' [' || concat_ws(' ', rating1_count, rating2_count,
			rating3_count, rating4_count, rating5_count) || ']' FROM properties WHERE id = $1`, id).Scan(&got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := stars(1); got != "2 3 [1 0 0 0 1]" {
		t.Fatalf("before: the new account's review counted: %q", got)
	}

	dbtest.MigrateBefore(t, dbURL, "20261126000400") // this migrations (000300–000399)
	for id, want := range map[int]string{1: "1 5 [0 0 0 0 1]", 2: "1 4 [0 0 0 1 0]"} {
		if got := stars(id); got != want {
			t.Errorf("property %d after: %q, want %q", id, got, want)
		}
	}
	var status, counted string
	var reports, decisions int
	if err := pool.QueryRow(ctx, `SELECT (SELECT status FROM reviews WHERE id = 3),
		(SELECT string_agg(id || ':' || counted, ' ' ORDER BY id) FROM reviews),
		(SELECT count(*) FROM review_reports WHERE review_id = 3),
		(SELECT count(*) FROM review_moderation_decisions)`).Scan(&status, &counted, &reports, &decisions); err != nil {
		t.Fatal(err)
	}
	if status != "published" || reports != 3 || decisions != 0 {
		t.Errorf("review 3: %s with %d reports, %d decisions written; want published, its 3 reports kept, no decision", status, reports, decisions)
	}
	if want := "1:true 2:false 3:true 4:true 5:true 6:true 7:false"; counted != want {
		t.Errorf("counted: %s, want %s", counted, want)
	}
	// New reviews are written without judging their author unless the writer does: not counted.
	exec(`INSERT INTO reviews (id, property_id, user_id, rating, title, content) VALUES (8, 1, 10, 2, 'Later flat', 'Written after the migration.')`)
	if got := stars(1); got != "1 5 [0 0 0 0 1]" {
		t.Errorf("a review written without its author judged counted: %q", got)
	}
}

// Issue 27's migrations leave every existing review unverified and shown (no label was ever
// checked, and the blind reveal starts only with reviews that name a tenancy), and store each
// property's verified-review count and reviewers' praises from the reviews already there.
func TestMigrationsLeaveExistingReviewsUnverified(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261127000100")
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at)
		SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END,
		       now() - interval '30 days'
		FROM generate_series(1, 6) i`)
	exec(`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, 1, 'flat-1')`)
	// Sample data once claimed verified reviews; four of five counted rated reviews praise the
	// location, two the management.
	exec(`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, categories, verified, counted) VALUES
		(1, 2, 5, 'Great spot', 'Close to the station and the park.', 'tenant_to_property', '{Location,Management}', true, true),
		(1, 3, 4, 'Good spot', 'Close to the station and the park.', 'general', '{Location}', true, true),
		(1, 4, 5, 'Nice spot', 'Close to the station and the park.', 'tenant_to_property', '{Location,Management}', false, true),
		(1, 5, 4, 'Fine spot', 'Close to the station and the park.', 'general', '{Location}', false, true),
		(1, 6, 1, 'Bad flat', 'Mould in every room, every winter.', 'tenant_to_property', '{Location}', false, true),
		(1, 2, 5, 'Kind landlord', 'Answers the phone, fixes things fast.', 'tenant_to_landlord', '{Management}', true, true)`)

	dbtest.MigrateBefore(t, dbURL, "20261127000600") // the contract's migration and this item's (000500–000599)
	var labelled, unrevealed int
	var stored string
	if err := pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM reviews WHERE verified OR tenancy_id IS NOT NULL),
		(SELECT count(*) FROM reviews WHERE reveal_at IS NOT NULL),
		(SELECT concat_ws(' ', review_count, verified_review_count, location_praise_count, management_praise_count) FROM properties WHERE id = 1)`).
		Scan(&labelled, &unrevealed, &stored); err != nil {
		t.Fatal(err)
	}
	if labelled != 0 || unrevealed != 0 {
		t.Errorf("%d existing reviews labelled, %d hidden; want none", labelled, unrevealed)
	}
	if stored != "5 0 4 2" {
		t.Errorf("stored rated, verified, location and management counts: %s, want 5 0 4 2", stored)
	}
}

// Reviews written before owner_linked was judged are judged by the migration on the evidence of
// the 90 days before each was written: a network or a browser the author shared with the owner
// then makes it linked, and it leaves the stars; a link made only after the review, one older than
// the window, or none, leaves it counting.
func TestMigrationsJudgeEarlierReviewsLinkedToTheOwner(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261210000100")
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// 1 owns the flat; 2 signed in from the owner's network before writing; 3 only after; 4 used
	// the owner's browser before (known_devices, since forgotten); 5 shares nothing; 6 shared a
	// network 200 days before writing.
	exec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at)
		SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END,
		       now() - interval '1 year'
		FROM generate_series(1, 6) i`)
	exec(`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, 1, 'flat-1')`)
	exec(`INSERT INTO sign_ins (user_id, created_at, network) VALUES
		(1, now() - interval '40 days', 'owner-net'), (2, now() - interval '30 days', 'owner-net'),
		(1, now() - interval '5 days', 'cafe'), (3, now() - interval '5 days', 'cafe'),
		(1, now() - interval '230 days', 'old-net'), (6, now() - interval '220 days', 'old-net')`)
	exec(`INSERT INTO known_devices (token_hash, user_id, created_at, last_used_at, forgotten_at) VALUES
		('\x0102', 1, now() - interval '60 days', now() - interval '1 day', NULL),
		('\x0102', 4, now() - interval '50 days', now() - interval '45 days', now() - interval '2 days')`)
	exec(`INSERT INTO reviews (id, property_id, user_id, rating, title, content, review_type, counted, created_at)
		SELECT i, 1, i, 5, 'Review ' || i, 'A review written before the judge.', 'tenant_to_property', true, now() - interval '20 days'
		FROM generate_series(2, 6) i`)
	stars := func() string {
		t.Helper()
		var got string
		if err := pool.QueryRow(ctx, `SELECT concat_ws(' ', rating1_count, rating2_count, rating3_count, rating4_count, rating5_count)
			FROM properties WHERE id = 1`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := stars(); got != "0 0 0 0 5" {
		t.Fatalf("stars before: %s, want five 5★", got)
	}

	dbtest.MigrateBefore(t, dbURL, "20261210000200")
	var judged string
	if err := pool.QueryRow(ctx, `SELECT string_agg(id || ':' || owner_linked || '/' || counted, ' ' ORDER BY id) FROM reviews`).Scan(&judged); err != nil {
		t.Fatal(err)
	}
	if want := "2:true/false 3:false/true 4:true/false 5:false/true 6:false/true"; judged != want {
		t.Errorf("linked/counted: %s, want %s", judged, want)
	}
	if got := stars(); got != "0 0 0 0 3" {
		t.Errorf("stars after: %s, want three 5★", got)
	}
}

// The reviews about an earlier address of their listing when the migration runs are marked
// elsewhere by it, so the catch-up's new index leaves them out from the start.
func TestMigrationsMarkReviewsAboutAnEarlierAddress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261210000200")
	for _, sql := range []string{
		`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
			SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'Ser', CASE WHEN i = 1 THEN 'landlord' ELSE 'tenant' END
			FROM generate_series(1, 3) i`,
		`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug) VALUES
			(1, 'Moved', '1 Main St', 'Leeds', 'apartment', 900, 1, 'moved-1'), (2, 'Stayed', '2 Main St', 'Leeds', 'apartment', 900, 1, 'stayed-2')`,
		`INSERT INTO reviews (id, property_id, user_id, rating, title, content, review_type) VALUES
			(1, 1, 2, 5, 'Main St', 'Written about 1 Main St.', 'general'), (2, 2, 3, 4, 'Main St', 'Written about 2 Main St.', 'general')`,
		`UPDATE properties SET address = '9 Far Road' WHERE id = 1`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	dbtest.MigrateBefore(t, dbURL, "20261210000300")
	var marked string
	if err := pool.QueryRow(ctx, `SELECT string_agg(id || ':' || elsewhere, ' ' ORDER BY id) FROM reviews`).Scan(&marked); err != nil {
		t.Fatal(err)
	}
	if marked != "1:true 2:false" {
		t.Errorf("elsewhere: %s, want 1:true 2:false", marked)
	}
}
