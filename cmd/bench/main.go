// Command bench measures the read paths of the property search at scale, through the real
// server binary, with an open-model load (fixed arrival rates, vegeta), and compares the
// server's search throughput with the same SQL run straight against PostgreSQL by pgbench.
//
//	DATABASE_URL=$(scripts/db.sh) go run ./cmd/bench [-properties 100000 -reviews 1000000 -rate 1000 -duration 10s]
//
// The synthetic data set is built once per size in its own database (rentproof_bench_P_R) and
// reused by later runs.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/store"
)

func main() {
	properties := flag.Int("properties", 100_000, "synthetic properties")
	reviews := flag.Int("reviews", 1_000_000, "synthetic reviews")
	rate := flag.Int("rate", 1000, "requests per second for the fixed-rate runs")
	duration := flag.Duration("duration", 10*time.Second, "length of each run")
	binary := flag.String("server", "bin/rentproof", "server binary to measure")
	flag.Parse()
	log.SetFlags(0)

	cluster := os.Getenv("DATABASE_URL")
	if cluster == "" {
		log.Fatal("DATABASE_URL is not set: run `make bench`, which starts the project's PostgreSQL")
	}
	ctx := context.Background()
	dbURL, err := prepare(ctx, cluster, *properties, *reviews)
	if err != nil {
		log.Fatal(err)
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	t, err := pickTargets(ctx, pool)
	if err != nil {
		log.Fatal(err)
	}

	base, stop, err := startServer(*binary, dbURL)
	if err != nil {
		log.Fatal(err)
	}
	defer stop()

	scenarios := []struct {
		name    string
		targets []vegeta.Target
	}{
		{fmt.Sprintf("search city=%s sortBy=highestRated", t.city), get(base, "/api/properties?sortBy=highestRated&city="+url.QueryEscape(t.city))},
		{"search by zip (200 zips)", get(base, prefixEach("/api/properties?zipCode=", t.zips)...)},
		{"property by id (random)", get(base, prefixEach("/api/properties/", t.ids)...)},
		{"batch get of 20 (random)", get(base, t.batches...)},
	}
	fmt.Printf("data: %d properties, %d reviews, %d cities; largest city %q with %d listings\n",
		t.properties, t.reviews, t.cities, t.city, t.cityCount)
	fmt.Printf("load: open model, %d requests/s for %s per scenario, after a 3 s warm-up\n\n", *rate, *duration)
	run(scenarios[0].targets, *rate/2, 3*time.Second, 0) // warm caches and connections

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "scenario\tp50 ms\tp95 ms\tp99 ms\tthroughput/s\terrors\t")
	for _, s := range scenarios {
		m := run(s.targets, *rate, *duration, 0)
		fmt.Fprintf(w, "%s\t%.2f\t%.2f\t%.2f\t%.0f\t%d\t\n", s.name, ms(m.Latencies.P50), ms(m.Latencies.P95), ms(m.Latencies.P99),
			m.Throughput, int(float64(m.Requests)*(1-m.Success)))
	}
	w.Flush()

	// The ceiling: the same search as fast as 16 connections go, server versus PostgreSQL alone.
	m := run(scenarios[0].targets, 0, *duration, 16)
	tps, err := pgbench(dbURL, t.city, *duration)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nmax search throughput through the server (16 connections): %.0f/s, p99 %.2f ms, errors %d\n",
		m.Throughput, ms(m.Latencies.P99), int(float64(m.Requests)*(1-m.Success)))
	fmt.Printf("pgbench, the same statements straight to PostgreSQL (16 clients): %.0f/s\n", tps)
	fmt.Printf("server / pgbench: %.0f%%\n", 100*m.Throughput/tps)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// run attacks targets round-robin: at rate per second (open model), or, with rate 0, as fast
// as workers connections go (closed model).
func run(targets []vegeta.Target, rate int, d time.Duration, workers uint64) vegeta.Metrics {
	opts := []func(*vegeta.Attacker){vegeta.KeepAlive(true), vegeta.Timeout(5 * time.Second), vegeta.Connections(256)}
	if workers > 0 {
		opts = append(opts, vegeta.Workers(workers), vegeta.MaxWorkers(workers))
	}
	attacker := vegeta.NewAttacker(opts...)
	var m vegeta.Metrics
	for res := range attacker.Attack(vegeta.NewStaticTargeter(targets...), vegeta.Rate{Freq: rate, Per: time.Second}, d, "bench") {
		m.Add(res)
	}
	m.Close()
	return m
}

func get(base string, paths ...string) []vegeta.Target {
	out := make([]vegeta.Target, len(paths))
	for i, p := range paths {
		out[i] = vegeta.Target{Method: http.MethodGet, URL: base + p}
	}
	return out
}

func prefixEach(prefix string, values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = prefix + url.QueryEscape(v)
	}
	return out
}

type targets struct {
	city                                   string
	cityCount, properties, reviews, cities int
	zips, ids, batches                     []string
}

func pickTargets(ctx context.Context, pool *pgxpool.Pool) (targets, error) {
	var t targets
	err := pool.QueryRow(ctx, `SELECT name, property_count, (SELECT count(*) FROM cities),
		(SELECT count(*) FROM properties), (SELECT count(*) FROM reviews)
		FROM cities ORDER BY property_count DESC LIMIT 1`).Scan(&t.city, &t.cityCount, &t.cities, &t.properties, &t.reviews)
	if err != nil {
		return t, fmt.Errorf("pick city: %w", err)
	}
	rows, err := pool.Query(ctx, `SELECT DISTINCT zip_code FROM properties TABLESAMPLE SYSTEM (5) LIMIT 200`)
	if err != nil {
		return t, err
	}
	t.zips, err = pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return t, err
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		t.ids = append(t.ids, strconv.Itoa(1+r.IntN(t.properties)))
		ids := make([]string, 20)
		for j := range ids {
			ids[j] = strconv.Itoa(1 + r.IntN(t.properties))
		}
		t.batches = append(t.batches, "/api/properties/batch?ids="+strings.Join(ids, ","))
	}
	return t, nil
}

// startServer runs the real binary on a free loopback port and waits until it is ready.
func startServer(binary, dbURL string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(binary)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "ADDR="+addr, "SEED_DEMO=false", "LOG_LEVEL=error")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start %s (run `make build` first): %w", binary, err)
	}
	stop := func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }
	base := "http://" + addr
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return base, stop, nil
			}
		}
	}
	stop()
	return "", nil, fmt.Errorf("server did not become ready")
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+)`)

// pgbench runs, per transaction, the statements the server runs for one city search: the city's
// listing count (which also tells that the city exists) and the page.
func pgbench(dbURL, city string, d time.Duration) (float64, error) {
	lit := "'" + strings.ReplaceAll(strings.ToLower(city), "'", "''") + "'"
	script := fmt.Sprintf(`SELECT property_count FROM cities WHERE key = %[1]s;
SELECT * FROM properties WHERE active AND city_key = %[1]s
  AND (NULL::text IS NULL OR postal_code_key = NULL) AND (NULL::text IS NULL OR property_type = NULL)
  AND (NOT false OR verified) AND (NULL::text IS NULL OR search_text LIKE '%%' || NULL || '%%')
  ORDER BY rating DESC, review_count DESC, id DESC LIMIT 12 OFFSET 0;
`, lit)
	f := filepath.Join(os.TempDir(), "rentproof-bench.sql")
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		return 0, err
	}
	bin := "pgbench"
	if matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench"); len(matches) > 0 {
		bin = matches[len(matches)-1]
	}
	out, err := exec.Command(bin, "-n", "-M", "prepared", "-c", "16", "-j", "2", "-T", strconv.Itoa(int(d.Seconds())), "-f", f, dbURL).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %w\n%s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench printed no tps:\n%s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}
