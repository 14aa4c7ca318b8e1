package gamification_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// newDB is a migrated database with the levels, badges and achievements seeded.
func newDB(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool, _ := dbtest.New(t)
	if err := store.WithTx(context.Background(), pool, func(q *db.Queries) error {
		_, _, _, err := seed.Gamification(context.Background(), q)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { checkXPIsTheSumOfActivities(t, pool) })
	return pool
}

// checkXPIsTheSumOfActivities: every user's XP is the sum of their activity rows' points, and
// their last XP-moving row is when they reached it.
func checkXPIsTheSumOfActivities(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	var wrong int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM users u LEFT JOIN user_xp x ON x.user_id = u.id
		WHERE coalesce(x.xp, 0) <> coalesce((SELECT sum(points) FROM user_activities a WHERE a.user_id = u.id), 0)`).Scan(&wrong); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 {
		t.Errorf("%d users whose XP is not the sum of their activities", wrong)
	}
}

// newUser adds a user (first name, last name given) and returns their id.
func newUser(t *testing.T, pool *pgxpool.Pool, first, last, role string) int32 {
	t.Helper()
	var id int32
	if err := pool.QueryRow(context.Background(), `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES (lower($1 || $2) || (SELECT count(*) FROM users), 'x', lower($1 || $2) || (SELECT count(*) FROM users) || '@example.com', $1, $2, $3)
		RETURNING id`, first, last, role).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func as(id int32, role string) context.Context {
	return identity.WithSession(context.Background(), identity.Session{ID: 1, User: identity.User{ID: id, Username: "u", Role: role}})
}

func give(t *testing.T, pool *pgxpool.Pool, a gamification.Award) gamification.Awarded {
	t.Helper()
	var out gamification.Awarded
	if err := store.WithTx(context.Background(), pool, func(q *db.Queries) error {
		var err error
		out, err = gamification.Give(context.Background(), q, a)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func profile(t *testing.T, svc *gamification.Service, id int32) gamification.Profile {
	t.Helper()
	p, initialized, err := svc.Profile(as(id, "tenant"))
	if err != nil || !initialized {
		t.Fatalf("profile of %d: %v (initialized %v)", id, err, initialized)
	}
	return p
}

// Levels follow XP at the exact thresholds (Explorer at 100), up and down: a removed review's XP
// is taken back once, and the badge it earned stays.
func TestLevelsAtTheirThresholdsUpAndDown(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newDB(t)
	svc := gamification.NewService(pool, nil, nil)
	ada := newUser(t, pool, "Ada", "Lovelace", "tenant")

	p := profile(t, svc, ada)
	if p.XP != 0 || p.Level != 1 || p.LevelName != "Newcomer" || p.LevelXP != 0 || p.NextLevelXP != 100 || p.Rank.Position != 0 || len(p.Badges) != 0 {
		t.Fatalf("a new user: %+v", p)
	}
	for i := range 3 { // 60
		give(t, pool, gamification.Award{Rule: gamification.ReviewPublished, UserID: ada, EntityID: int32(100 + i)})
	}
	for i := range 3 { // 90
		give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: ada, EntityID: int32(200 + i)})
	}
	if p = profile(t, svc, ada); p.XP != 90 || p.Level != 1 || p.NextLevelXP != 100 {
		t.Fatalf("at 90 XP: level %d, next %d (xp %d)", p.Level, p.NextLevelXP, p.XP)
	}
	give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: ada, EntityID: 203})
	if p = profile(t, svc, ada); p.XP != 100 || p.Level != 2 || p.LevelName != "Explorer" || p.LevelXP != 100 || p.NextLevelXP != 250 {
		t.Fatalf("at 100 XP: %+v", p)
	}
	// The review is removed: its 20 XP go, Explorer with them; taking it back twice changes nothing.
	for range 2 {
		if err := store.WithTx(ctx, pool, func(q *db.Queries) error {
			return gamification.TakeBackReview(ctx, q, ada, 100)
		}); err != nil {
			t.Fatal(err)
		}
	}
	p = profile(t, svc, ada)
	if p.XP != 80 || p.Level != 1 || p.NextLevelXP != 100 {
		t.Fatalf("after the removal: xp %d level %d next %d", p.XP, p.Level, p.NextLevelXP)
	}
	if !hasBadge(p, "First Review") || !hasBadge(p, "First Verification") {
		t.Errorf("badges once earned stay: %+v", p.Badges)
	}
	// Published again, it earns its XP once more (it is the day's fourth review: capped at 0).
	if a := give(t, pool, gamification.Award{Rule: gamification.ReviewPublished, UserID: ada, EntityID: 100}); !a.Recorded || a.Points != 0 {
		t.Errorf("restored after the day's three: %+v", a)
	}
	if a := give(t, pool, gamification.Award{Rule: gamification.ReviewPublished, UserID: ada, EntityID: 100}); a.Recorded {
		t.Errorf("a review awarded twice: %+v", a)
	}
	// At the top level, the next threshold is the top level's own.
	if _, err := pool.Exec(ctx, `DELETE FROM user_levels WHERE level > 2`); err != nil {
		t.Fatal(err)
	}
	give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: ada, EntityID: 204})
	give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: ada, EntityID: 205})
	if p = profile(t, svc, ada); p.XP != 100 || p.Level != 2 || p.LevelXP != 100 || p.NextLevelXP != 100 {
		t.Errorf("at the top level: level %d from %d, next %d", p.Level, p.LevelXP, p.NextLevelXP)
	}
}

func hasBadge(p gamification.Profile, name string) bool {
	for _, b := range p.Badges {
		if b.Name == name {
			return true
		}
	}
	return false
}

// 50 parallel qualifying actions of each rule by one user: each badge and achievement of the
// rule is awarded exactly once, the daily cap holds exactly, and an action about one entity
// (the same request answered, the same listing) earns once.
func TestBadgesOnceAndCapsUnderParallelActions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newDB(t)
	const n = 50
	for _, rule := range gamification.Rules {
		t.Run(rule.Key, func(t *testing.T) {
			user := newUser(t, pool, "Par", "Allel", "landlord")
			parallel(t, n, func(i int) error {
				return store.WithTx(ctx, pool, func(q *db.Queries) error {
					_, err := gamification.Give(ctx, q, gamification.Award{Rule: rule, UserID: user, EntityID: int32(i + 1), VoterID: int32(i + 1)})
					return err
				})
			})
			want := rule.Points * n
			if rule.DailyCap > 0 {
				want = rule.Points * rule.DailyCap
			}
			var xp, rows, badges, duplicates int32
			if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0), (SELECT count(*) FROM user_activities WHERE user_id = $1),
				(SELECT count(*) FROM user_badges WHERE user_id = $1),
				(SELECT count(*) FROM (SELECT badge_id FROM user_badges WHERE user_id = $1 GROUP BY badge_id HAVING count(*) > 1) d)
				FROM users WHERE id = $1`, user).Scan(&xp, &rows, &badges, &duplicates); err != nil {
				t.Fatal(err)
			}
			var wantBadges, wantAchievements int32
			if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM badges WHERE (requirements ->> $1)::int <= $2),
				(SELECT count(*) FROM achievements WHERE (requirements ->> $1)::int <= $2)`, rule.Key, n).Scan(&wantBadges, &wantAchievements); err != nil {
				t.Fatal(err)
			}
			var achievements int32
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM user_achievements WHERE user_id = $1`, user).Scan(&achievements); err != nil {
				t.Fatal(err)
			}
			if xp != want || rows != n || badges != wantBadges || duplicates != 0 || achievements != wantAchievements || wantBadges == 0 {
				t.Errorf("xp %d (want %d), %d rows, %d badges (want %d), %d achievements (want %d)", xp, want, rows, badges, wantBadges, achievements, wantAchievements)
			}
			if !rule.OncePerEntity {
				return
			}
			// The same entity 50 times at once: one award.
			other := newUser(t, pool, "Same", "Entity", "landlord")
			parallel(t, n, func(int) error {
				return store.WithTx(ctx, pool, func(q *db.Queries) error {
					_, err := gamification.Give(ctx, q, gamification.Award{Rule: rule, UserID: other, EntityID: 7})
					return err
				})
			})
			if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0), (SELECT count(*) FROM user_activities WHERE user_id = $1) FROM users WHERE id = $1`,
				other).Scan(&xp, &rows); err != nil {
				t.Fatal(err)
			}
			if xp != rule.Points || rows != 1 {
				t.Errorf("one entity 50 times: xp %d, %d rows", xp, rows)
			}
		})
	}
}

func parallel(t *testing.T, n int, fn func(i int) error) {
	t.Helper()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// A helpful vote earns its review's author 2 XP only when the voter's account is established and
// not linked to the author's: by a sign-in from one network, or by the vote's own network.
func TestVotesFromFreshOrLinkedAccountsEarnNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newDB(t)
	author := newUser(t, pool, "Aut", "Hor", "tenant")
	fresh := newUser(t, pool, "Fre", "Sh", "tenant")
	elder := newUser(t, pool, "El", "Der", "tenant")
	owner := newUser(t, pool, "Own", "Er", "landlord")
	sibling := newUser(t, pool, "Sib", "Ling", "tenant")     // signed in from the author's network
	neighbour := newUser(t, pool, "Neigh", "Bour", "tenant") // votes from the author's network
	type step struct {
		sql string
		arg int32
	}
	steps := []step{
		{`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		  VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, $1, 'flat-1')`, owner},
		{`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		  VALUES (1, $1, 4, 'Fine place', 'A fine place to live for a year.', 'tenant_to_neighborhood')`, fresh},
		{`INSERT INTO sign_ins (user_id, network) VALUES ($1, '198.51.100.40')`, author},
		{`INSERT INTO sign_ins (user_id, network) VALUES ($1, '198.51.100.40')`, sibling},
	}
	for _, established := range []int32{elder, sibling, neighbour} {
		steps = append(steps, step{`UPDATE users SET created_at = now() - interval '8 days' WHERE id = $1`, established},
			step{`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		  VALUES (1, $1, 4, 'Fine place', 'A fine place to live for a year.', 'tenant_to_property')`, established})
	}
	for _, step := range steps {
		if _, err := pool.Exec(ctx, step.sql, step.arg); err != nil {
			t.Fatal(err)
		}
	}
	elsewhere := identity.WithClient(ctx, identity.Client{IP: "203.0.113.9"})
	atTheAuthors := identity.WithClient(ctx, identity.Client{IP: "198.51.100.40"})
	for _, vote := range []struct {
		ctx   context.Context
		voter int32
	}{{elsewhere, fresh}, {elsewhere, elder}, {elsewhere, elder}, {elsewhere, sibling}, {atTheAuthors, neighbour}} {
		if err := store.WithTx(ctx, pool, func(q *db.Queries) error {
			return gamification.GiveHelpfulVote(vote.ctx, q, author, 99, vote.voter)
		}); err != nil {
			t.Fatal(err)
		}
	}
	var xp, rows int32
	if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0), (SELECT count(*) FROM user_activities WHERE user_id = $1) FROM users WHERE id = $1`, author).Scan(&xp, &rows); err != nil {
		t.Fatal(err)
	}
	if xp != 4 || rows != 2 {
		t.Errorf("author: %d XP in %d rows; want the established voter's two votes (the test gives twice): 4 XP in 2 rows", xp, rows)
	}
}

// The leaderboard: most XP first, ties to who reached it first, 0 XP unranked, names as on
// reviews unless the user opts in; the caller's rank exact, and estimated beyond the limit.
func TestLeaderboardOrderTiesNamesAndOwnRank(t *testing.T) {
	t.Parallel()
	pool := newDB(t)
	svc := gamification.NewService(pool, nil, nil)
	first := newUser(t, pool, "Tie", "First", "tenant")
	second := newUser(t, pool, "Tie", "Second", "tenant")
	top := newUser(t, pool, "Top", "Scorer", "tenant")
	zero := newUser(t, pool, "Zero", "Points", "tenant")
	give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: first, EntityID: 1})
	give(t, pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: second, EntityID: 1})
	give(t, pool, gamification.Award{Rule: gamification.PropertyVerified, UserID: top, EntityID: 1})
	if full, err := svc.SetLeaderboardName(as(top, "tenant"), true); err != nil || !full {
		t.Fatal(full, err)
	}

	board, err := svc.Leaderboard(as(second, "tenant"))
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, e := range board.Entries {
		got += fmt.Sprintf("%d:%s %s %d L%d; ", e.Position, e.FirstName, e.LastName, e.XP, e.Level)
	}
	if want := "1:Top Scorer 25 L1; 2:Tie F. 10 L1; 3:Tie S. 10 L1; "; got != want {
		t.Errorf("leaderboard %q, want %q", got, want)
	}
	if board.Own != (gamification.Rank{Position: 3}) || board.OwnXP != 10 {
		t.Errorf("own rank %+v, xp %d", board.Own, board.OwnXP)
	}
	if p := profile(t, svc, zero); p.Rank.Position != 0 {
		t.Errorf("a user with 0 XP is ranked %d", p.Rank.Position)
	}
	if b, err := svc.Leaderboard(context.Background()); !errors.Is(err, apperr.ErrUnauthenticated) || len(b.Entries) != 0 {
		t.Errorf("a visitor's leaderboard: %+v %v", b, err)
	}
	if b, err := svc.Leaderboard(as(zero, "tenant")); err != nil || len(b.Entries) != 3 || b.Own.Position != 0 {
		t.Errorf("an unranked member's leaderboard: %+v %v", b, err)
	}
	// Beyond an exact limit of 1, the rank is an estimate, marked so and beyond the limit.
	if _, err := pool.Exec(context.Background(), "ANALYZE users"); err != nil {
		t.Fatal(err)
	}
	p := profile(t, svc.WithExactRankLimit(1), second)
	if !p.Rank.Approximate || p.Rank.Position < 2 {
		t.Errorf("estimated rank: %+v", p.Rank)
	}
	if p := profile(t, svc.WithExactRankLimit(1), top); p.Rank != (gamification.Rank{Position: 1}) {
		t.Errorf("the top user's rank under the limit: %+v", p.Rank)
	}
}

// Only administrators run the migration or initialise; initialising twice adds nothing, and an
// empty catalogue reads as not initialised.
func TestAdminCallsAndIdempotentInitialize(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	svc := gamification.NewService(pool, func(ctx context.Context) (int, error) {
		return store.MigrateCounting(ctx, pool, url)
	}, seed.Gamification)
	user := newUser(t, pool, "Ten", "Ant", "tenant")
	admin := newUser(t, pool, "Ad", "Min", "admin")
	if _, initialized, err := svc.Profile(as(user, "tenant")); err != nil || initialized {
		t.Fatalf("an empty catalogue: initialized %v, %v", initialized, err)
	}
	for _, ctx := range []context.Context{as(user, "tenant"), context.Background()} {
		if _, err := svc.Initialize(ctx); !errors.Is(err, apperr.ErrPermissionDenied) && !errors.Is(err, apperr.ErrUnauthenticated) {
			t.Errorf("initialise by a non-admin: %v", err)
		}
		if _, err := svc.RunMigration(ctx); !errors.Is(err, apperr.ErrPermissionDenied) && !errors.Is(err, apperr.ErrUnauthenticated) {
			t.Errorf("migration by a non-admin: %v", err)
		}
	}
	if msg, err := svc.RunMigration(as(admin, "admin")); err != nil || msg != gamification.NoPendingMigrations {
		t.Errorf("migration: %q %v", msg, err)
	}
	if msg, err := svc.Initialize(as(admin, "admin")); err != nil || msg != "Added 10 levels, 8 badges and 5 achievements" {
		t.Errorf("initialise: %q %v", msg, err)
	}
	if msg, err := svc.Initialize(as(admin, "admin")); err != nil || msg != gamification.AlreadyInitialized {
		t.Errorf("initialise again: %q %v", msg, err)
	}
	if _, initialized, err := svc.Profile(as(user, "tenant")); err != nil || !initialized {
		t.Errorf("after initialising: initialized %v, %v", initialized, err)
	}
	checkXPIsTheSumOfActivities(t, pool)
}

// Every seeded badge and achievement asks for one count the points table records: none is
// dead data.
func TestEverySeededRequirementIsWired(t *testing.T) {
	t.Parallel()
	pool := newDB(t)
	keys := map[string]bool{}
	for _, r := range gamification.Rules {
		keys[r.Key] = true
	}
	rows, err := pool.Query(context.Background(), `SELECT name, k, jsonb_typeof(requirements -> k), (SELECT count(*) FROM jsonb_object_keys(requirements))
		FROM (SELECT name, requirements FROM badges UNION ALL SELECT name, requirements FROM achievements) c, jsonb_object_keys(requirements) k`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, key, typ string
		var n int
		if err := rows.Scan(&name, &key, &typ, &n); err != nil {
			t.Fatal(err)
		}
		if !keys[key] || typ != "number" || n != 1 {
			t.Errorf("%s asks for %s (%s, %d keys): not one count of the points table", name, key, typ, n)
		}
	}
}

// Administrators initialising at once while people earn XP: every award lands once and every
// user's XP stays the sum of their rows.
func TestParallelInitializeAndAwards(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	svc := gamification.NewService(pool, nil, seed.Gamification)
	admin := newUser(t, pool, "Ad", "Min", "admin")
	users := make([]int32, 10)
	for i := range users {
		users[i] = newUser(t, pool, "Us", "Er", "tenant")
	}
	// Reviews from before: Initialize's backfill awards them (20 each).
	if _, err := pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, $1, 'flat-1')`, admin); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT 1, id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM users WHERE role = 'tenant'`); err != nil {
		t.Fatal(err)
	}
	parallel(t, 40, func(i int) error {
		if i%4 == 0 {
			_, err := svc.Initialize(as(admin, "admin"))
			return err
		}
		return store.WithTx(ctx, pool, func(q *db.Queries) error {
			_, err := gamification.Give(ctx, q, gamification.Award{Rule: gamification.RequestAnswered, UserID: users[i%len(users)], EntityID: int32(i)})
			return err
		})
	})
	var rows, xp int32
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM user_activities), (SELECT sum(xp) FROM user_xp)`).Scan(&rows, &xp); err != nil {
		t.Fatal(err)
	}
	if rows != 41 || xp != 510 {
		t.Errorf("%d rows, %d XP: want 41 and 510 (10 reviews of 20, the listing's 10, 30 answers of 10)", rows, xp)
	}
	checkXPIsTheSumOfActivities(t, pool)
}

// An administrator approving an owner's documents verifies the property: its owner earns 25 XP
// in that decision's transaction, once, however many administrators decide at once.
func TestAdminApprovalEarnsTheOwnerTheVerification(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newDB(t)
	owner := newUser(t, pool, "Own", "Er", "landlord")
	adminID := newUser(t, pool, "Ad", "Min", "admin")
	if _, err := pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Leeds', 'apartment', 900, $1, 'flat-1')`, owner); err != nil {
		t.Fatal(err)
	}
	var request int32
	if err := pool.QueryRow(ctx, `INSERT INTO verification_requests (property_id, requested_by_id, documents_provided)
		VALUES (1, $1, true) RETURNING id`, owner).Scan(&request); err != nil {
		t.Fatal(err)
	}
	svc := verifyqueue.NewService(pool, nil)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { _, _ = svc.Decide(as(adminID, "admin"), request, verifyqueue.Approve, "") })
	}
	wg.Wait()
	var xp int32
	if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0)`, owner).Scan(&xp); err != nil || xp != 25 {
		t.Errorf("the owner has %d XP (%v), want 25", xp, err)
	}
}
