package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/gamification"
)

// The gamification benchmark (issue 16, `make bench BENCH=gamification`): the leaderboard, the
// profile with its own rank, and review posts that earn XP, badges and update the property's
// stored rating, at scale and on a cluster with PostgreSQL's durable settings.

type gamificationOptions struct {
	users, activities   int
	readRate, writeRate int
	duration            time.Duration
	runs                int // how many runs the unused writers must last
}

const (
	// gamificationWriters is the least number of established writers, each with a property of
	// their own to review: enough for 20 runs of 10 s at 200/s before the set must be rebuilt.
	gamificationWriters = 40_000
	// gamificationReaders is about how many signed-in users read the leaderboard and profiles.
	gamificationReaders = 10_000
	// exactRanks is how far the server counts a rank exactly (gamification's limit).
	exactRanks = 10_000
	// reviewBody is the review every writer posts (SPEC's REST payload).
	reviewBody = `{"rating":4,"title":"Quiet street, fair landlord","content":"The heating works all winter and repairs are done within the week.","reviewType":"tenant_to_property"}`
)

// activityShare is how the synthetic activity rows divide among the rules of the points table,
// out of 20: mostly reviews and helpful votes, few listings and verified properties.
var activityShare = map[string]int{
	gamification.ReviewPublished.Key:     8,
	gamification.HelpfulVoteReceived.Key: 7,
	gamification.RequestAnswered.Key:     3,
	gamification.ListingPublished.Key:    1,
	gamification.PropertyVerified.Key:    1,
}

// benchGamification prepares the gamification benchmark: its data set, checked.
func benchGamification(ctx context.Context, cluster string, o gamificationOptions) (*benchmark, error) {
	writes := o.writeRate * int(o.duration.Seconds())
	writers := max(20*writes, gamificationWriters)
	steps, err := gamificationSteps(o.users, o.activities, writers)
	if err != nil {
		return nil, err
	}
	// "mail": the members' addresses are verified, so their notifications email them too.
	name := fmt.Sprintf("rentproof_gamification_%d_%d_%d_mail", o.users, o.activities, writers)
	pool, dbURL, err := openDurable(ctx, cluster, name, steps, "gamification")
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*benchmark, error) { pool.Close(); return nil, err }
	if err := describeGamificationData(ctx, pool); err != nil {
		return fail(err)
	}
	if err := checkXP(ctx, pool, "before the runs"); err != nil {
		return fail(err)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM bench_writers w
		WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.property_id = w.property_id AND r.user_id = w.user_id)`).Scan(&left); err != nil {
		return fail(fmt.Errorf("writers: %w", err))
	}
	if left < o.runs*writes {
		return fail(fmt.Errorf("only %d writers left who have not posted (%d runs need %d): drop the database %s and run again to rebuild it",
			left, o.runs, o.runs*writes, name))
	}
	// Each run's writers are ones who have not posted yet.
	unused := func(ctx context.Context) (gamificationCast, error) {
		people, err := gamificationPeople(ctx, pool, writes)
		if err != nil {
			return people, fmt.Errorf("%w: drop the database %s and run again to rebuild it", err, name)
		}
		return people, nil
	}
	return &benchmark{
		key:   fmt.Sprintf("gamification_%d_%d", o.users, o.activities),
		title: fmt.Sprintf("Gamification, %s users and %s activities", thousands(o.users), thousands(o.activities)),
		load: fmt.Sprintf("open model, reads at %s/s and review posts at %s/s for %s each after a 3 s warm-up, on the durable cluster",
			thousands(o.readRate), thousands(o.writeRate), o.duration),
		close: pool.Close,
		run: func(ctx context.Context, binary string) (result, error) {
			people, err := unused(ctx)
			if err != nil {
				return result{}, err
			}
			return gamificationRun(ctx, pool, dbURL, binary, people, o)
		},
		pair: func(ctx context.Context, binary, other string, n int) (pairRun, error) {
			people, err := unused(ctx)
			if err != nil {
				return pairRun{}, err
			}
			return gamificationPair(ctx, pool, dbURL, binary, other, people, n, o)
		},
	}, nil
}

// gamificationRun is one run of the gamification benchmark against binary: the reads, the posts
// of writers who have not posted yet, then the XP invariant.
func gamificationRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, people gamificationCast, o gamificationOptions) (result, error) {
	var res result
	if err := checkpoint(ctx, pool); err != nil {
		return res, err
	}
	startLoad := loadAverage()
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()

	reads := func(path string) []vegeta.Target {
		out := make([]vegeta.Target, len(people.readers))
		for i, id := range people.readers {
			out[i] = vegeta.Target{Method: http.MethodGet, URL: srv.base + path, Header: sessionHeader(id)}
		}
		return out
	}
	posts := reviewPosts(srv.base, people)
	fmt.Printf("load: open model (vegeta), %d distinct signed-in readers (%d ranked in the first %d, %d beyond, %d unranked), reads at %d/s "+
		"and review posts by %d distinct established writers on distinct properties at %d/s, for %s each, after a 3 s warm-up\n\n",
		len(people.readers), people.top, exactRanks, people.beyond, people.unranked, o.readRate, len(posts), o.writeRate, o.duration)
	run(reads("/api/gamification/leaderboard"), o.readRate/2, 3*time.Second)

	start, err := databaseNow(ctx, pool)
	if err != nil {
		return res, err
	}
	scenarios := []scenario{
		{"leaderboard, top 50 and own rank", reads("/api/gamification/leaderboard"), o.readRate, 10 * time.Millisecond},
		{"profile with own rank", reads("/api/gamification/profile"), o.readRate, 10 * time.Millisecond},
		{postScenario, posts, o.writeRate, 50 * time.Millisecond},
	}
	metrics, errs, machine := measure(ctx, pool, srv, scenarios, o.duration)
	if err := checkPosts(ctx, pool, people, start); err != nil {
		return res, err
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machine, startLoad)
	return res, nil
}

// gamificationPair is one paired run (paired.go): review posts by writers who have not posted,
// each to binary or other at random, then the XP invariant.
func gamificationPair(ctx context.Context, pool *pgxpool.Pool, dbURL, binary, other string, people gamificationCast, n int, o gamificationOptions) (pairRun, error) {
	servers, err := startPair(ctx, pool, binary, other, dbURL, n)
	if err != nil {
		return pairRun{}, err
	}
	defer servers.stop()
	warmUp := make([]vegeta.Target, len(people.readers))
	for i, id := range people.readers {
		warmUp[i] = vegeta.Target{Method: http.MethodGet, URL: servers.mine.base + "/api/gamification/profile", Header: sessionHeader(id)}
	}
	run(servers.alternate(warmUp, 0), o.readRate/2, 3*time.Second)
	start, err := databaseNow(ctx, pool)
	if err != nil {
		return pairRun{}, err
	}
	fmt.Printf("load: open model (vegeta), review posts at %d/s for %s, each to one server at random\n", o.writeRate, o.duration)
	r := servers.attack(postScenario, servers.alternate(reviewPosts(servers.mine.base, people), n), o.writeRate, o.duration)
	return r, checkPosts(ctx, pool, people, start)
}

const postScenario = "review post with XP, badge and rating (distinct writers and properties)"

// reviewPosts are people's writers each posting a review of their property, on the server at base.
func reviewPosts(base string, people gamificationCast) []vegeta.Target {
	out := make([]vegeta.Target, len(people.writes))
	for i, w := range people.writes {
		h := sessionHeader(w.UserID)
		h.Set("Content-Type", "application/json")
		out[i] = vegeta.Target{Method: http.MethodPost, URL: fmt.Sprintf("%s/api/properties/%d/reviews", base, w.PropertyID),
			Header: h, Body: []byte(reviewBody)}
	}
	return out
}

// databaseNow is the database's clock, as the rows' dates.
func databaseNow(ctx context.Context, pool *pgxpool.Pool) (time.Time, error) {
	var now time.Time
	err := pool.QueryRow(ctx, "SELECT now()").Scan(&now)
	return now, err
}

// checkPosts prints what the writers' posts since start earned and asserts the XP invariant.
func checkPosts(ctx context.Context, pool *pgxpool.Pool, people gamificationCast, start time.Time) error {
	ids := make([]int32, len(people.writes))
	for i, w := range people.writes {
		ids[i] = w.UserID
	}
	var reviews, awarded, badges int
	if err := pool.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM reviews WHERE user_id = ANY($1) AND created_at >= $3),
			(SELECT count(*) FROM user_activities WHERE user_id = ANY($1) AND metadata ->> 'rule' = $2 AND points > 0
				AND created_at >= $3),
			(SELECT count(*) FROM user_badges WHERE user_id = ANY($1) AND earned_at >= $3)`,
		ids, gamification.ReviewPublished.Key, start).Scan(&reviews, &awarded, &badges); err != nil {
		return err
	}
	fmt.Printf("\nreviews posted: %d; their awards with points: %d; badges the writers earned: %d\n", reviews, awarded, badges)
	return checkXP(ctx, pool, "after the posts")
}

// gamificationSteps build the data set: users accounts over two years sharing activities rows of
// the points table (lognormal: most users a few, a long tail of thousands) with their rules'
// points; the levels, badges and achievements of the demo data; writers established accounts
// (older than a week, with a published review) each with an unreviewed property of their own to
// review, and their properties owned by landlords; then gamification_backfill, the server's own
// set-based award of what happened without an award (the writers' reviews and the listings),
// which makes every user's XP their rows' sum and awards the badges and achievements the counts
// meet.
func gamificationSteps(users, activities, writers int) ([]step, error) {
	catalogue, err := catalogueStep()
	if err != nil {
		return nil, err
	}
	// The activity rows' rules by slot (0-19): the rule's activity type, entity and points.
	var slots []string
	for _, r := range gamification.Rules {
		for range activityShare[r.Key] {
			slots = append(slots, fmt.Sprintf("(%d, '%s', '%s', '%s', %d)", len(slots), r.Key, r.ActivityType, r.EntityType, r.Points))
		}
	}
	if len(slots) != 20 {
		return nil, fmt.Errorf("activity shares add up to %d, not 20", len(slots))
	}
	rules := map[string]map[string]int32{}
	for _, r := range gamification.Rules {
		rules[r.Key] = map[string]int32{"points": r.Points, "cap": r.DailyCap}
	}
	rulesJSON, err := json.Marshal(rules)
	if err != nil {
		return nil, err
	}
	properties := writers
	steps := []step{
		{"truncate", `TRUNCATE users, properties, reviews, cities, localities, user_activities, user_badges, user_achievements,
			user_levels, badges, achievements, sessions RESTART IDENTITY CASCADE;
			DROP TABLE IF EXISTS bench_writers`}, // left by a build that stopped half way
		{"session settings", `SET maintenance_work_mem = '1GB'; SET work_mem = '1GB'`},
		catalogue,
		dropIndexesStep("users", "user_activities", "properties"),
		planStep("plan the activities", users, activities),
		{fmt.Sprintf("%d users", users), fmt.Sprintf(`
			INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, created_at, updated_at, email_verified_at)
			SELECT id, 'user' || id, 'x', 'user' || id || '@example.com', 'Bench', 'User ' || id,
				CASE WHEN id %% 10 = 0 THEN 'landlord' ELSE 'tenant' END, created, created, created
			FROM plan ORDER BY id;
			SELECT setval(pg_get_serial_sequence('users', 'id'), %d)`, users)},
		// Rows arrive in time order, as activities do, each user's spread over their account's life
		// up to yesterday; entity ids start at 10^9, clear of the entities the runs create.
		// Foreign-key checks are skipped (session_replication_role): every user exists.
		{fmt.Sprintf("%d user_activities", activities), fmt.Sprintf(`
			CREATE TEMP TABLE slots (slot int, rule text, activity_type text, entity_type text, points int);
			INSERT INTO slots VALUES %[1]s;
			SET session_replication_role = replica;
			INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, created_at, metadata)
			SELECT p.id, s.activity_type, s.points, s.entity_type, 1000000000 + r,
				p.created + greatest(now() - interval '1 day' - p.created, interval '0') * ((r - 1 + random()) / p.n),
				CASE WHEN s.rule = '%[2]s' THEN jsonb_build_object('rule', s.rule, 'voter', 1 + (p.id * 31 + r) %% %[3]d)
					ELSE jsonb_build_object('rule', s.rule) END
			FROM plan p, generate_series(1, p.n) r, slots s
			WHERE s.slot = (p.id * 7 + r) %% 20
			ORDER BY 6;
			RESET session_replication_role`, strings.Join(slots, ", "), gamification.HelpfulVoteReceived.Key, users)},
	}
	steps = append(steps, propertySteps(properties, users, 0)...)
	return append(steps, []step{
		pauseTriggers("reviews_sync_property_rating"),
		// Writer k (a tenant older than 8 days) reviews property 1 + k in the runs; their
		// published review of another property makes them established.
		{"established writers", fmt.Sprintf(`
			CREATE TABLE bench_writers AS
			SELECT k, id AS user_id, 1 + k AS property_id FROM (
				SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM plan
				WHERE id %% 10 <> 0 AND created < now() - interval '8 days') w
			WHERE k < %[1]d;
			INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, counted)
			SELECT 1 + (k + %[1]d / 2) %% %[1]d, user_id, 4, 'Bench review', 'A synthetic review of the benchmark data set.',
				'tenant_to_property', now() - interval '7 days', true
			FROM bench_writers`, properties)},
		countStarsStep(""),
		resumeTriggers("reviews_sync_property_rating"),
		rebuildIndexesStep,
		// Statistics first: planned against the empty tables' (autovacuum lags a bulk load), the
		// backfill's anti-joins scan 5 M rows per review.
		{"analyze", `ANALYZE`},
		{"awards of what happened (gamification_backfill)", fmt.Sprintf(`SELECT gamification_backfill('%s')`, rulesJSON)},
		{"vacuum analyze", `VACUUM ANALYZE`},
		{"checkpoint", `CHECKPOINT`},
		{"mark complete", `CREATE TABLE bench_complete ()`},
	}...), nil
}

// catalogueStep inserts the levels, badges and achievements of the demo data (internal/seed/data,
// read from the repository: the bench runs from its root), as Initialize does.
func catalogueStep() (step, error) {
	files := map[string]string{}
	for _, name := range []string{"levels", "badges", "achievements"} {
		b, err := os.ReadFile(filepath.Join("internal", "seed", "data", name+".json"))
		if err != nil {
			return step{}, fmt.Errorf("read the %s (run from the repository's root): %w", name, err)
		}
		if strings.Contains(string(b), "$seed$") {
			return step{}, fmt.Errorf("%s.json holds $seed$", name)
		}
		files[name] = string(b)
	}
	return step{"levels, badges and achievements", fmt.Sprintf(`
		INSERT INTO user_levels (level, name, points_required, benefits, icon)
		SELECT level, name, "pointsRequired", ARRAY(SELECT jsonb_array_elements_text(benefits)), icon
		FROM jsonb_to_recordset($seed$%s$seed$) AS x(level int, name text, "pointsRequired" int, benefits jsonb, icon text);
		INSERT INTO badges (name, description, icon, category, level, requirements)
		SELECT name, description, icon, category, greatest(coalesce(level, 1), 1), requirements
		FROM jsonb_to_recordset($seed$%s$seed$) AS x(name text, description text, icon text, category text, level int, requirements jsonb);
		INSERT INTO achievements (name, description, points, icon, category, secret, requirements)
		SELECT name, description, coalesce(points, 10), icon, category, coalesce(secret, false), requirements
		FROM jsonb_to_recordset($seed$%s$seed$) AS x(name text, description text, points int, icon text, category text, secret boolean, requirements jsonb)`,
		files["levels"], files["badges"], files["achievements"])}, nil
}

// describeGamificationData prints the data set's shape.
func describeGamificationData(ctx context.Context, pool *pgxpool.Pool) error {
	var users, rows, ranked, badges, maxXP int64
	var median float64
	var levels string
	err := pool.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM user_activities),
			(SELECT count(*) FROM user_xp WHERE xp > 0), (SELECT count(*) FROM user_badges),
			(SELECT max(xp) FROM user_xp), (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY xp) FROM user_xp WHERE xp > 0),
			(SELECT string_agg(n || ' ' || name, ', ' ORDER BY level) FROM (
				SELECT l.level, l.name, count(u.user_id) AS n FROM user_levels l
				LEFT JOIN user_xp u ON u.xp >= l.points_required
					AND u.xp < coalesce((SELECT min(x.points_required) FROM user_levels x WHERE x.points_required > l.points_required), 2147483647)
				GROUP BY l.level, l.name) c)`).
		Scan(&users, &rows, &ranked, &badges, &maxXP, &median, &levels)
	if err != nil {
		return fmt.Errorf("describe the data: %w", err)
	}
	fmt.Printf("data: %d users (%d with XP, median %.0f, most %d), %d user_activities rows, %d badges earned; users per level: %s\n",
		users, ranked, median, maxXP, rows, badges, levels)
	return nil
}

// checkXP asserts the XP invariant over the whole database: every user's XP is the sum of their
// activity rows' points.
func checkXP(ctx context.Context, pool *pgxpool.Pool, when string) error {
	var users, mismatched int64
	start := time.Now()
	err := pool.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE coalesce(x.xp, 0) <> coalesce(a.total, 0))
		FROM users u LEFT JOIN user_xp x ON x.user_id = u.id
		LEFT JOIN (SELECT user_id, sum(points) AS total FROM user_activities GROUP BY user_id) a ON a.user_id = u.id`).
		Scan(&users, &mismatched)
	if err != nil {
		return fmt.Errorf("check XP: %w", err)
	}
	fmt.Printf("XP invariant %s: %d users; XP ≠ sum of their activities' points: %d (%.1fs)\n", when, users, mismatched, time.Since(start).Seconds())
	if mismatched > 0 {
		return errors.New("the XP invariant does not hold")
	}
	return nil
}

// gamificationCast is who the runs sign in as.
type gamificationCast struct {
	readers               []int32 // in a random order
	top, beyond, unranked int     // readers ranked within exactRanks, beyond it, not ranked
	writes                []write // writers and the properties they review, unused so far
}

type write struct{ UserID, PropertyID int32 }

// gamificationPeople picks the readers, spread over the ranks (one in ten of the first 10,000,
// about 9,000 evenly over the rest, 500 without XP), and n writers who have not yet reviewed their
// property, and gives them all sessions afresh (a reused data set's have expired).
func gamificationPeople(ctx context.Context, pool *pgxpool.Pool, n int) (gamificationCast, error) {
	var c gamificationCast
	rows, err := pool.Query(ctx, `
		WITH ranked AS (
			SELECT user_id AS id, row_number() OVER (ORDER BY xp DESC, xp_reached_at, user_id) AS pos, count(*) OVER () AS total
			FROM user_xp WHERE xp > 0
		), picked AS (
			SELECT id, pos FROM ranked WHERE pos <= $1 AND pos % 10 = 1
			UNION ALL
			SELECT id, pos FROM ranked WHERE pos > $1 AND pos % greatest((total - $1) / ($2 - $1 / 10 - 500), 1) = 0
			UNION ALL
			(SELECT u.id, 0 FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_xp x WHERE x.user_id = u.id AND x.xp > 0) ORDER BY u.id LIMIT 500)
		)
		SELECT id, pos FROM picked ORDER BY md5(id::text)`, exactRanks, gamificationReaders)
	if err != nil {
		return c, fmt.Errorf("readers: %w", err)
	}
	type reader struct{ ID, Pos int64 }
	readers, err := pgx.CollectRows(rows, pgx.RowToStructByPos[reader])
	if err != nil {
		return c, fmt.Errorf("readers: %w", err)
	}
	for _, r := range readers {
		c.readers = append(c.readers, int32(r.ID))
		switch {
		case r.Pos == 0:
			c.unranked++
		case r.Pos <= exactRanks:
			c.top++
		default:
			c.beyond++
		}
	}
	rows, err = pool.Query(ctx, `
		SELECT w.user_id, w.property_id FROM bench_writers w
		WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.property_id = w.property_id AND r.user_id = w.user_id)
		ORDER BY w.k LIMIT $1`, n)
	if err != nil {
		return c, fmt.Errorf("writers: %w", err)
	}
	if c.writes, err = pgx.CollectRows(rows, pgx.RowToStructByPos[write]); err != nil {
		return c, fmt.Errorf("writers: %w", err)
	}
	if len(c.writes) < n {
		return c, fmt.Errorf("only %d writers left who have not posted (%d needed)", len(c.writes), n)
	}
	ids := append([]int32{}, c.readers...)
	for _, w := range c.writes {
		ids = append(ids, w.UserID)
	}
	return c, liveSessions(ctx, pool, benchSessionPrefix, ids)
}
