package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// scenario is one fixed-rate run of the benchmarks on a durable cluster, with its p99 target.
type scenario struct {
	name    string
	targets []vegeta.Target
	rate    int
	target  time.Duration
}

// measure runs each scenario for d against the server (open model), prints a row per scenario
// (latencies, errors, the server's CPU per request, how busy the machine was, the verdict against
// the target) and then, per scenario, the WAL written per request and the statements that took
// the most time. It returns each scenario's metrics and error count, and the machine's counters
// over the scenarios.
func measure(ctx context.Context, pool *pgxpool.Pool, srv *server, scenarios []scenario, d time.Duration) ([]vegeta.Metrics, []int, machineCounters) {
	start := machineNow()
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "scenario\tp50 ms\tp95 ms\tp99 ms\tmax ms\trate/s\terrors\tserver CPU µs/req\tmachine busy\tstolen\tCPU waits\tp99 target\t")
	var profiles []string
	metrics := make([]vegeta.Metrics, len(scenarios))
	errors := make([]int, len(scenarios))
	for i, s := range scenarios {
		resetStatements(ctx, pool)
		cpu, walBefore, machineBefore := srv.cpu(), walNow(ctx, pool), machineNow()
		m, over := runOver(s.targets, s.rate, d, s.target)
		machine := machineNow().minus(machineBefore)
		perRequest := float64(srv.cpu()-cpu) / float64(time.Microsecond) / float64(max(m.Requests, 1))
		time.Sleep(time.Second) // backends report their statistics within a second
		wal := walNow(ctx, pool).minus(walBefore)
		errs := failures(m)
		fmt.Fprintf(w, "%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%d\t%.0f\t%s\t%s\t%s\t≤ %s %s\t\n", s.name, ms(m.Latencies.P50), ms(m.Latencies.P95),
			ms(m.Latencies.P99), ms(m.Latencies.Max), m.Rate, errs, perRequest, machine.busyShare(), machine.stolenShare(), machine.waitShare(),
			s.target, verdictOf(m, s.target, errs))
		if len(m.Errors) > 0 {
			profiles = append(profiles, fmt.Sprintf("%s: errors %s", s.name, strings.Join(m.Errors, "; ")))
		}
		n := float64(max(m.Requests, 1))
		p := fmt.Sprintf("  WAL per request: %.1f KB, %.1f full-page images; users rows updated %d (HOT %d), properties %d (HOT %d)\n",
			float64(wal.bytes)/1024/n, float64(wal.fpi)/n, wal.usersUpd, wal.usersHot, wal.propsUpd, wal.propsHot)
		if slow := overBySecond(over); slow != "" {
			p += "  over the target, by second of the run: " + slow + "\n"
		}
		profiles = append(profiles, s.name+":\n"+p+topStatements(ctx, pool))
		metrics[i], errors[i] = m, errs
	}
	w.Flush()
	if len(profiles) > 0 {
		fmt.Println("\nstatements by total time (pg_stat_statements), per scenario:")
		for _, p := range profiles {
			fmt.Println(p)
		}
	}
	return metrics, errors, machineNow().minus(start)
}

// overBySecond says in which seconds of a run the requests over the target were sent ("" when
// none were): "0s 14, 3s 2".
func overBySecond(over []int) string {
	var parts []string
	for i, n := range over {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%ds %d", i, n))
		}
	}
	return strings.Join(parts, ", ")
}

// verdictOf says whether a scenario met its p99 target with no errors.
func verdictOf(m vegeta.Metrics, target time.Duration, errs int) string {
	if m.Latencies.P99 > target || errs > 0 {
		return "NOT MET"
	}
	return "met"
}

// scenarioFigures are the scenarios' p99s against their targets and their errors in all.
func scenarioFigures(scenarios []scenario, metrics []vegeta.Metrics, errors []int) []figure {
	var out []figure
	total := 0
	for i, s := range scenarios {
		out = append(out, newFigure(strings.TrimSpace(s.name)+": p99", "ms", ms(metrics[i].Latencies.P99), atMost(ms(s.target))))
		total += errors[i]
	}
	return append(out, newFigure("errors, all scenarios", "", float64(total), atMost(0)))
}

// openDurable opens the data set name on cluster (built by steps once), prints the cluster's
// settings and refuses a cluster without PostgreSQL's durable settings (write figures on it would
// flatter: bench names the make target that starts one), then turns on the statement profile
// where it can. The caller closes the pool.
func openDurable(ctx context.Context, cluster, name string, steps []step, bench string) (*pgxpool.Pool, string, error) {
	dbURL, err := buildOnce(ctx, cluster, name, steps)
	if err != nil {
		return nil, "", err
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, "", err
	}
	settings, durable, err := clusterSettings(ctx, pool)
	if err != nil {
		pool.Close()
		return nil, "", err
	}
	fmt.Println("cluster: " + settings)
	if !durable {
		pool.Close()
		return nil, "", fmt.Errorf("write figures need fsync, synchronous_commit and full_page_writes on: run `make bench BENCH=%s`, which starts such a cluster (DB_CLUSTER=durable scripts/db.sh)", bench)
	}
	if _, err := pool.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"); err != nil {
		fmt.Println("pg_stat_statements unavailable (no statement profile):", err)
	}
	return pool, dbURL, nil
}

// liveSessions gives each user a session for a day whose token is prefix + their id (the
// database keeps its SHA-256), renewing one an earlier run left.
func liveSessions(ctx context.Context, pool *pgxpool.Pool, prefix string, ids []int32) error {
	if _, err := pool.Exec(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
		SELECT id, sha256(convert_to($1 || id, 'UTF8')), now() + interval '1 day', 'rentproof-bench', '127.0.0.1'
		FROM (SELECT DISTINCT unnest($2::int[]) AS id) s
		ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at, last_seen_at = now(), revoked_at = NULL`,
		prefix, ids); err != nil {
		return fmt.Errorf("sessions: %w", err)
	}
	return nil
}

// signedIn is a request to base + path by the user whose session token is prefix + their id,
// with a JSON body when body is not nil.
func signedIn(base, prefix string, userID int32, method, path string, body []byte) vegeta.Target {
	h := http.Header{}
	h.Set("Cookie", identity.SessionCookie+"="+prefix+strconv.Itoa(int(userID)))
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	return vegeta.Target{Method: method, URL: base + path, Header: h, Body: body}
}

// checkpointFirst starts every write run from a fresh checkpoint (-checkpoint).
var checkpointFirst bool

// checkpoint starts a write run from a fresh checkpoint when -checkpoint asks. The first change
// to a page after a checkpoint logs the whole page, so a run the 5-minute timed checkpoint falls
// on writes about twice the WAL of one it misses, and which tree of a comparison gets those runs
// is luck; with -checkpoint every run pays alike (the worst case: every page touched is a first).
func checkpoint(ctx context.Context, pool *pgxpool.Pool) error {
	if !checkpointFirst {
		return nil
	}
	if _, err := pool.Exec(ctx, "CHECKPOINT"); err != nil {
		return fmt.Errorf("checkpoint before the run: %w", err)
	}
	return nil
}
