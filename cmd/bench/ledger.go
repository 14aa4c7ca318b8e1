package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
)

// The ledger benchmark (issue 13, `make bench BENCH=ledger`): the token ledger's reads and the
// approval of verification requests, which writes the ledger, at scale and on a cluster with
// PostgreSQL's durable settings.

type ledgerOptions struct {
	users, transactions int
	readRate, writeRate int
	duration            time.Duration
	runs                int // how many runs the pending requests must last
}

// The sizes of the approval part of the data set.
const (
	benchVerifiers = 10_000 // established accounts the requests are addressed to
	// benchSessionPrefix + user id is the session token of each test user (sessions hold its SHA-256).
	benchSessionPrefix = "bench-session-"
)

// benchLedger prepares the ledger benchmark: its data set, checked, and its readers.
func benchLedger(ctx context.Context, cluster string, o ledgerOptions) (*benchmark, error) {
	approvals := o.writeRate * int(o.duration.Seconds())
	// Enough pending requests for 20 approval runs before the set must be rebuilt.
	properties := max(20*approvals, 10_000)
	hash, err := account.HashSecret("bench-password")
	if err != nil {
		return nil, err
	}
	// "mail": the members' addresses are verified, so their notifications email them too.
	name := fmt.Sprintf("rentproof_ledger_%d_%d_%d_mail", o.users, o.transactions, properties)
	pool, dbURL, err := openDurable(ctx, cluster, name, ledgerSteps(o.users, o.transactions, properties, hash), "ledger")
	if err != nil {
		return nil, err
	}
	b := &benchmark{
		key:   fmt.Sprintf("ledger_%d_%d", o.users, o.transactions),
		title: fmt.Sprintf("Token ledger and approvals, %s users and %s ledger rows", thousands(o.users), thousands(o.transactions)),
		load: fmt.Sprintf("open model, reads at %s/s and approvals at %s/s for %s each after a 3 s warm-up, on the durable cluster",
			thousands(o.readRate), thousands(o.writeRate), o.duration),
		close: pool.Close,
	}
	fail := func(err error) (*benchmark, error) { pool.Close(); return nil, err }
	if err := describeLedgerData(ctx, pool); err != nil {
		return fail(err)
	}
	if err := checkLedger(ctx, pool, "before the runs"); err != nil {
		return fail(err)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM bench_targets t JOIN verification_requests r ON r.id = t.request_id
		WHERE r.status = 'pending' AND r.expires_at > now() + interval '1 hour'`).Scan(&left); err != nil {
		return fail(fmt.Errorf("pending requests: %w", err))
	}
	if left < o.runs*approvals {
		return fail(fmt.Errorf("only %d pending test requests left (%d runs need %d): drop the database %s and run again to rebuild it",
			left, o.runs, o.runs*approvals, name))
	}
	rows, err := pool.Query(ctx, `SELECT user_id FROM bench_readers ORDER BY md5(user_id::text)`)
	if err != nil {
		return fail(fmt.Errorf("readers: %w", err))
	}
	readers, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return fail(fmt.Errorf("readers: %w", err))
	}
	b.run = func(ctx context.Context, binary string) (result, error) {
		return ledgerRun(ctx, pool, dbURL, binary, readers, approvals, o)
	}
	b.pair = func(ctx context.Context, binary, other string, n int) (pairRun, error) {
		return ledgerPair(ctx, pool, dbURL, binary, other, approvals, n, o)
	}
	return b, nil
}

// ledgerRun is one run of the ledger benchmark against binary: the reads, then approvals of
// pending requests no run has used, then the ledger invariant.
func ledgerRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, readers []int32, approvals int, o ledgerOptions) (result, error) {
	var res result
	requests, err := unusedRequests(ctx, pool, approvals)
	if err != nil {
		return res, err
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

	reads := func(path string) []vegeta.Target {
		out := make([]vegeta.Target, len(readers))
		for i, id := range readers {
			out[i] = vegeta.Target{Method: http.MethodGet, URL: srv.base + path, Header: sessionHeader(id)}
		}
		return out
	}
	fmt.Printf("load: open model (vegeta), %d distinct signed-in readers, reads at %d/s and approvals at %d/s for %s each, after a 3 s warm-up\n\n",
		len(readers), o.readRate, o.writeRate, o.duration)
	run(reads("/api/tokens/balance"), o.readRate/2, 3*time.Second)

	scenarios := []scenario{
		{"transactions, first page of 5 (the dashboard's)", reads("/api/tokens/transactions?page=1&pageSize=5"), o.readRate, 10 * time.Millisecond},
		{"transactions, first page of 100 (no pageSize)", reads("/api/tokens/transactions"), o.readRate, 10 * time.Millisecond},
		{"balance", reads("/api/tokens/balance"), o.readRate, 5 * time.Millisecond},
		{approveScenario, approvalTargets(srv.base, requests), o.writeRate, 50 * time.Millisecond},
	}
	metrics, errs, machine := measure(ctx, pool, srv, scenarios, o.duration)
	if err := checkApprovals(ctx, pool, requests, int(metrics[3].Requests)-errs[3]); err != nil {
		return res, err
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machine, startLoad)
	return res, nil
}

// ledgerPair is one paired run (paired.go): the approvals of pending requests no run has used,
// each to binary or other at random, then the ledger invariant.
func ledgerPair(ctx context.Context, pool *pgxpool.Pool, dbURL, binary, other string, approvals, n int, o ledgerOptions) (pairRun, error) {
	requests, err := unusedRequests(ctx, pool, approvals)
	if err != nil {
		return pairRun{}, err
	}
	servers, err := startPair(ctx, pool, binary, other, dbURL, n)
	if err != nil {
		return pairRun{}, err
	}
	defer servers.stop()
	// Warm both servers' connections on the approvals' first requests' verifiers.
	warmUp := make([]vegeta.Target, 0, 100)
	for _, r := range requests[:min(100, len(requests))] {
		warmUp = append(warmUp, vegeta.Target{Method: http.MethodGet, URL: servers.mine.base + "/api/tokens/balance", Header: sessionHeader(r.To)})
	}
	run(servers.alternate(warmUp, 0), 100, 3*time.Second)
	fmt.Printf("load: open model (vegeta), approvals at %d/s for %s, each to one server at random\n", o.writeRate, o.duration)
	r := servers.attack(approveScenario, servers.alternate(approvalTargets(servers.mine.base, requests), n), o.writeRate, o.duration)
	if err := checkApprovals(ctx, pool, requests, len(r.mine)+len(r.theirs)-failed(r.mine)-failed(r.theirs)); err != nil {
		return r, err
	}
	return r, nil
}

const approveScenario = "approve with reward (distinct requests)"

// pendingRequest is a test request no run has answered, and the verifier it is addressed to.
type pendingRequest struct{ ID, To int32 }

// unusedRequests are the next n pending test requests, their verifiers' sessions made alive.
func unusedRequests(ctx context.Context, pool *pgxpool.Pool, n int) ([]pendingRequest, error) {
	// The test users' sessions were made when the set was built: keep them alive and recently
	// seen, as a signed-in user's are (a session is touched at most once a minute).
	if _, err := pool.Exec(ctx, `UPDATE sessions SET last_seen_at = now(), expires_at = now() + interval '1 day', revoked_at = NULL`); err != nil {
		return nil, fmt.Errorf("refresh sessions: %w", err)
	}
	// In the order of their properties, whose verifiers and owners differ from one to the next
	// (property i's verifier is i mod 10,000). The requests' own order groups each verifier's
	// eight: approvals in that order queued on one verifier's lock, a chain no verifier makes.
	rows, err := pool.Query(ctx, `
		SELECT r.id, r.requested_to_id FROM bench_targets t JOIN verification_requests r ON r.id = t.request_id
		WHERE r.status = 'pending' AND r.expires_at > now() + interval '10 minutes'
		ORDER BY r.property_id LIMIT $1`, n)
	if err != nil {
		return nil, fmt.Errorf("pending requests: %w", err)
	}
	requests, err := pgx.CollectRows(rows, pgx.RowToStructByPos[pendingRequest])
	if err != nil {
		return nil, fmt.Errorf("pending requests: %w", err)
	}
	if len(requests) < n {
		return nil, fmt.Errorf("only %d pending test requests left (%d needed): drop the data set's database and run again to rebuild it", len(requests), n)
	}
	return requests, nil
}

// approvalTargets approve each request, as its verifier, on the server at base.
func approvalTargets(base string, requests []pendingRequest) []vegeta.Target {
	out := make([]vegeta.Target, len(requests))
	for i, r := range requests {
		h := sessionHeader(r.To)
		h.Set("Content-Type", "application/json")
		out[i] = vegeta.Target{Method: http.MethodPatch, URL: fmt.Sprintf("%s/api/verification-requests/%d", base, r.ID),
			Header: h, Body: []byte(`{"status":"approved","responseMessage":"I lived there: it is as listed."}`)}
	}
	return out
}

// checkApprovals prints what became of the requests answered (2xx) and asserts the ledger
// invariant.
func checkApprovals(ctx context.Context, pool *pgxpool.Pool, requests []pendingRequest, answered int) error {
	ids := make([]int32, len(requests))
	for i, r := range requests {
		ids[i] = r.ID
	}
	// The owner's requests verify at once; the property page's wait for their owner (confirmed).
	// Each verifier is rewarded for 10 answers a day (UTC): runs after a verifier's tenth that day
	// measure unrewarded answers, which the count of rewarded ones shows.
	var nowApproved, rewarded int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status IN ('approved', 'confirmed')),
			count(*) FILTER (WHERE EXISTS (SELECT 1 FROM token_transactions t WHERE t.related_entity_type = 'verification_request'
				AND t.related_entity_id = r.id AND t.user_id = r.requested_to_id))
		FROM verification_requests r WHERE id = ANY($1)`, ids).Scan(&nowApproved, &rewarded); err != nil {
		return err
	}
	fmt.Printf("\napprovals answered 2xx: %d; their requests now approved or confirmed: %d, of which rewarded: %d\n", answered, nowApproved, rewarded)
	return checkLedger(ctx, pool, "after the approvals")
}

func sessionHeader(userID int32) http.Header {
	h := http.Header{}
	h.Set("Cookie", identity.SessionCookie+"="+benchSessionPrefix+strconv.Itoa(int(userID)))
	return h
}

// clusterSettings describes the settings write figures depend on, and whether they are durable.
func clusterSettings(ctx context.Context, pool *pgxpool.Pool) (string, bool, error) {
	names := []string{"server_version", "fsync", "synchronous_commit", "full_page_writes", "wal_compression", "wal_level", "shared_buffers", "max_wal_size"}
	values := make([]string, len(names))
	parts := make([]string, len(names))
	for i, n := range names {
		if err := pool.QueryRow(ctx, "SELECT current_setting($1)", n).Scan(&values[i]); err != nil {
			return "", false, fmt.Errorf("setting %s: %w", n, err)
		}
		parts[i] = n + "=" + values[i]
	}
	return strings.Join(parts, " "), values[1] == "on" && values[2] == "on" && values[3] == "on", nil
}

// describeLedgerData prints the data set's shape.
func describeLedgerData(ctx context.Context, pool *pgxpool.Pool) error {
	var users, rows, readers, pending, heavy, largest int64
	var median, readerMean float64
	err := pool.QueryRow(ctx, `
		WITH per AS (SELECT user_id, count(*) AS n FROM token_transactions GROUP BY user_id)
		SELECT (SELECT count(*) FROM users), (SELECT sum(n) FROM per),
			(SELECT count(*) FROM per WHERE n >= 1000), (SELECT max(n) FROM per),
			(SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY n) FROM per),
			(SELECT count(*) FROM bench_readers), (SELECT avg(n) FROM per JOIN bench_readers USING (user_id)),
			(SELECT count(*) FROM bench_targets t JOIN verification_requests r ON r.id = t.request_id WHERE r.status = 'pending')`).
		Scan(&users, &rows, &heavy, &largest, &median, &readers, &readerMean, &pending)
	if err != nil {
		return fmt.Errorf("describe the data: %w", err)
	}
	fmt.Printf("data: %d users, %d token_transactions rows (median %.0f per user, %d users with ≥ 1,000, largest %d); "+
		"%d readers (chosen in proportion to their ledger's size: %.0f rows each on average); %d pending test requests to %d established verifiers\n",
		users, rows, median, heavy, largest, readers, readerMean, pending, benchVerifiers)
	return nil
}

// checkLedger asserts the ledger invariant over the whole database: every balance is the sum of
// its account's rows, and none is negative.
func checkLedger(ctx context.Context, pool *pgxpool.Pool, when string) error {
	var users, mismatched, negative, rows int64
	start := time.Now()
	err := pool.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE u.tokens <> coalesce(t.total, 0)), count(*) FILTER (WHERE u.tokens < 0),
			coalesce(sum(t.n), 0)
		FROM users u LEFT JOIN (SELECT user_id, sum(amount) AS total, count(*) AS n FROM token_transactions GROUP BY user_id) t
			ON t.user_id = u.id`).Scan(&users, &mismatched, &negative, &rows)
	if err != nil {
		return fmt.Errorf("check the ledger: %w", err)
	}
	fmt.Printf("ledger invariant %s: %d users, %d rows; balances ≠ sum of rows: %d; negative balances: %d (%.1fs)\n",
		when, users, rows, mismatched, negative, time.Since(start).Seconds())
	if mismatched > 0 || negative > 0 {
		return errors.New("the ledger invariant does not hold")
	}
	return nil
}

// machineCounters are the whole machine's CPU time (busy, stolen by the hypervisor and in all, in
// clock ticks, from /proc/stat) and the time some runnable task waited for a CPU (µs,
// /proc/pressure/cpu): the benchmark shares the machine's cores with whatever else runs on it,
// and a virtual machine's cores with its host.
type machineCounters struct {
	busy, stolen, all int64
	waited            int64
	at                time.Time
	elapsed           time.Duration // of a difference
}

func machineNow() machineCounters {
	c := machineCounters{at: time.Now()}
	if stat, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(stat), "\n")
		for i, f := range strings.Fields(line)[1:] {
			v, _ := strconv.ParseInt(f, 10, 64)
			c.all += v
			if i != 3 && i != 4 { // idle, iowait
				c.busy += v
			}
			if i == 7 { // steal
				c.stolen += v
			}
		}
	}
	if psi, err := os.ReadFile("/proc/pressure/cpu"); err == nil {
		if _, after, ok := strings.Cut(string(psi), "total="); ok {
			total, _, _ := strings.Cut(after, "\n")
			c.waited, _ = strconv.ParseInt(total, 10, 64)
		}
	}
	return c
}

func (c machineCounters) minus(o machineCounters) machineCounters {
	return machineCounters{busy: c.busy - o.busy, stolen: c.stolen - o.stolen, all: c.all - o.all, waited: c.waited - o.waited, elapsed: c.at.Sub(o.at)}
}

// busyShare is the share of the cores' time spent busy.
func (c machineCounters) busyShare() string {
	if c.all <= 0 {
		return "?"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(c.busy)/float64(c.all))
}

// stolenShare is the share of the cores' time the hypervisor gave to other machines.
func (c machineCounters) stolenShare() string {
	if c.all <= 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(c.stolen)/float64(c.all))
}

// waitShare is the share of the time some runnable task waited for a core.
func (c machineCounters) waitShare() string {
	if c.waited <= 0 || c.elapsed <= 0 {
		return "?"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(c.waited)*float64(time.Microsecond)/float64(c.elapsed))
}

// walCounters are the cluster's WAL counters and the database's row updates so far.
type walCounters struct{ bytes, fpi, usersUpd, usersHot, propsUpd, propsHot int64 }

func walNow(ctx context.Context, pool *pgxpool.Pool) walCounters {
	var c walCounters
	_ = pool.QueryRow(ctx, `SELECT wal_bytes::bigint, wal_fpi,
		(SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'users'), (SELECT n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'users'),
		(SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'properties'), (SELECT n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'properties')
		FROM pg_stat_wal`).Scan(&c.bytes, &c.fpi, &c.usersUpd, &c.usersHot, &c.propsUpd, &c.propsHot)
	return c
}

func (c walCounters) minus(o walCounters) walCounters {
	return walCounters{c.bytes - o.bytes, c.fpi - o.fpi, c.usersUpd - o.usersUpd, c.usersHot - o.usersHot, c.propsUpd - o.propsUpd, c.propsHot - o.propsHot}
}

// resetStatements clears pg_stat_statements when the cluster has it.
func resetStatements(ctx context.Context, pool *pgxpool.Pool) {
	_, _ = pool.Exec(ctx, "SELECT pg_stat_statements_reset()")
}

// topStatements lists the statements that took the most time since the last reset.
func topStatements(ctx context.Context, pool *pgxpool.Pool) string {
	rows, err := pool.Query(ctx, `
		SELECT calls, round(mean_exec_time::numeric, 3), round(total_exec_time::numeric, 1),
			left(regexp_replace(query, '\s+', ' ', 'g'), 110)
		FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		ORDER BY total_exec_time DESC LIMIT 6`)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for rows.Next() {
		var calls int64
		var mean, total float64
		var query string
		if rows.Scan(&calls, &mean, &total, &query) == nil {
			fmt.Fprintf(&b, "  %8d calls  %7.3f ms mean  %8.1f ms total  %s\n", calls, mean, total, query)
		}
	}
	rows.Close()
	return b.String()
}

// ledgerSteps build the ledger data set: users with a valid password hash, each with an opening
// row and a lognormal number of further rows (most a few, a long tail of thousands) spread over
// their account's life in time order, balances equal to their rows' sums; unverified properties,
// each with a pending request to one of benchVerifiers established accounts (and every other one
// with a second request to another, which the approval closes); a session per test user.
func ledgerSteps(users, transactions, properties int, passwordHash string) []step {
	extra := transactions - users
	steps := []step{
		{"truncate", `TRUNCATE users, properties, reviews, cities, localities, token_transactions, verification_requests, sessions
			RESTART IDENTITY CASCADE;
			DROP TABLE IF EXISTS bench_verifiers, bench_targets, bench_readers`}, // left by a build that stopped half way
		{"session settings", `SET maintenance_work_mem = '1GB'; SET work_mem = '1GB'`},
		dropIndexesStep("users", "token_transactions", "properties"),
		planStep("plan the ledgers", users, extra),
		// Every fifth row after the opening one spends a token, the others earn one: no balance
		// ever goes below its opening 10.
		{fmt.Sprintf("%d users", users), fmt.Sprintf(`
			INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, tokens, created_at, updated_at, email_verified_at)
			SELECT id, 'user' || id, '%[1]s', 'user' || id || '@example.com', 'Bench', 'User ' || id,
				CASE WHEN id %% 10 = 0 THEN 'landlord' ELSE 'tenant' END, 10 + n - 2 * (n / 5), created, created, created
			FROM plan ORDER BY id;
			SELECT setval(pg_get_serial_sequence('users', 'id'), %[2]d)`, passwordHash, users)},
		// The rows arrive in time order, as a ledger's do: each account's rows are scattered over
		// the table. Foreign-key checks are skipped (session_replication_role): every user exists.
		{fmt.Sprintf("%d token_transactions", transactions), `
			SET session_replication_role = replica;
			INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_id, related_entity_type, description, created_at)
			SELECT user_id, amount, transaction_type, related_entity_id, related_entity_type, description, created_at FROM (
				SELECT id AS user_id, 10 AS amount, 'initial_allocation' AS transaction_type, NULL::int AS related_entity_id,
					'system' AS related_entity_type, 'Welcome tokens for joining RentProof' AS description, created AS created_at
				FROM plan
				UNION ALL
				SELECT p.id, CASE WHEN r % 5 = 0 THEN -1 ELSE 1 END,
					CASE WHEN r % 5 = 0 THEN 'other' ELSE 'verification_reward' END,
					CASE WHEN r % 5 = 0 THEN NULL ELSE (p.id * 7 + r) % 1000000 END,
					CASE WHEN r % 5 = 0 THEN 'other' ELSE 'verification_request' END,
					CASE WHEN r % 5 = 0 THEN 'Tokens spent' ELSE 'Reward for answering the verification request for Bench home ' || (p.id + r) % 50000 END,
					p.created + (now() - p.created) * ((r - 1 + random()) / p.n)
				FROM plan p, generate_series(1, p.n) r
			) rows ORDER BY created_at;
			RESET session_replication_role`},
	}
	steps = append(steps, propertySteps(properties, users, 0)...)
	return append(steps, []step{
		pauseTriggers("reviews_sync_property_rating"),
		// Established verifiers: accounts at least 8 days old with a published review.
		{"verifiers and their reviews", fmt.Sprintf(`
			CREATE TABLE bench_verifiers AS
			SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM plan
			WHERE id %% 10 NOT IN (0, 3) AND created < now() - interval '8 days' ORDER BY id LIMIT %[1]d;
			INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, created_at, counted)
			SELECT 1 + (k * 7) %% %[2]d, id, 4, 'Bench review', 'A synthetic review of the benchmark data set.',
				'tenant_to_property', now() - interval '7 days', true
			FROM bench_verifiers`, benchVerifiers, properties)},
		countStarsStep(""),
		resumeTriggers("reviews_sync_property_rating"),
		rebuildIndexesStep,
		// Property i: a pending request to verifier i mod V, half of them from the owner
		// (landlord path), half from a tenant on the property page (ids ending in 3); the owner's
		// also ask verifier i+1, a request the approval closes.
		{"pending verification requests", fmt.Sprintf(`
			CREATE TABLE bench_targets (request_id integer PRIMARY KEY);
			WITH made AS (
				INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message, owner_username, created_at, expires_at)
				SELECT p.id, CASE WHEN p.id %% 2 = 0 THEN p.landlord_id ELSE 3 + 10 * (p.id %% %[1]d) END, v.id,
					'Could you confirm this listing?', 'user' || p.landlord_id, t, t + interval '30 days'
				FROM properties p JOIN bench_verifiers v ON v.k = p.id %% %[2]d,
					LATERAL (SELECT now() - random() * interval '2 days' AS t) c
				RETURNING id
			)
			INSERT INTO bench_targets SELECT id FROM made;
			INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message, owner_username, created_at, expires_at)
			SELECT p.id, p.landlord_id, v.id, 'Could you confirm this listing?', 'user' || p.landlord_id, now() - interval '1 day', now() + interval '29 days'
			FROM properties p JOIN bench_verifiers v ON v.k = (p.id + 1) %% %[2]d
			WHERE p.id %% 2 = 0`, users/10-1, benchVerifiers)},
		// Readers are chosen in proportion to their ledger's size (every account with 500 rows or
		// more): active users are the ones who both earn tokens and look at them.
		{"readers and sessions", fmt.Sprintf(`
			CREATE TABLE bench_readers AS SELECT id AS user_id FROM plan WHERE random() < (n + 1) / 500.0;
			INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
			SELECT id, sha256(convert_to('%[1]s' || id, 'UTF8')), now() + interval '30 days', 'rentproof-bench', '127.0.0.1'
			FROM (SELECT user_id AS id FROM bench_readers UNION SELECT id FROM bench_verifiers) s`, benchSessionPrefix)},
		{"vacuum analyze", `VACUUM ANALYZE`},
		{"checkpoint", `CHECKPOINT`},
		{"mark complete", `CREATE TABLE bench_complete ()`},
	}...)
}

// planStep makes the temporary table plan (id, created, n) of users accounts opened over the last
// two years, sharing extra rows in proportion to a lognormal x (sigma 1.6: most a few, a long
// tail of thousands), rounded by largest remainders so that the rows add up exactly.
func planStep(name string, users, extra int) step {
	return step{name, fmt.Sprintf(`
		CREATE TEMP TABLE plan AS
		WITH raw AS (
			SELECT i AS id, now() - random() * interval '730 days' AS created,
				exp(1.6 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())) AS x
			FROM generate_series(1, %[1]d) i
		), share AS (
			SELECT id, created, x * %[2]d / sum(x) OVER () AS want FROM raw
		), whole AS (
			SELECT id, created, floor(want)::int AS n, want - floor(want) AS frac,
				%[2]d - sum(floor(want)) OVER () AS left_over FROM share
		)
		SELECT id, created, n + (row_number() OVER (ORDER BY frac DESC) <= left_over)::int AS n FROM whole`, users, extra)}
}

// dropIndexesStep drops the secondary indexes of tables (primary keys and unique indexes, which
// ON CONFLICT needs, stay), remembering them in the table bench_dropped_indexes:
// indexes are built after a bulk load (a sort) rather than row by row. rebuildIndexesStep builds
// them again. The list is a table, not a temporary one, so a build that stopped half way gets them
// back from the next build.
func dropIndexesStep(tables ...string) step {
	return step{"drop secondary indexes", fmt.Sprintf(`
		CREATE TABLE IF NOT EXISTS bench_dropped_indexes (name text PRIMARY KEY, def text NOT NULL);
		INSERT INTO bench_dropped_indexes
		SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
		FROM pg_index i WHERE i.indrelid::regclass::text = ANY ('{%s}'::text[]) AND NOT i.indisunique
		ON CONFLICT DO NOTHING;
		DO $$ DECLARE r record; BEGIN
			FOR r IN SELECT name FROM bench_dropped_indexes WHERE to_regclass(name) IS NOT NULL LOOP
				EXECUTE 'DROP INDEX ' || r.name;
			END LOOP;
		END $$`, strings.Join(tables, ","))}
}

var rebuildIndexesStep = step{"rebuild indexes", `
	DO $$ DECLARE r record; BEGIN
		FOR r IN SELECT name, def FROM bench_dropped_indexes ORDER BY name LOOP
			IF to_regclass(r.name) IS NULL THEN EXECUTE r.def; END IF;
		END LOOP;
	END $$;
	DROP TABLE bench_dropped_indexes`}
