// Command bench measures the read paths of the property search at scale, through the real
// server binary, with an open-model load (fixed arrival rates, vegeta), and compares the
// server's highest search throughput (closed model, wrk) with the same statement run straight
// against PostgreSQL by pgbench, with the floor of the stack (see floor.go) and, when Node is
// installed, with an Express + node-postgres peer running the same statement (see peer.go).
//
//	DATABASE_URL=$(scripts/db.sh) go run ./cmd/bench [-properties 100000 -reviews 1000000 -rate 1000 -duration 10s]
//
// With -ledger it measures the token ledger's reads and verification approvals instead (see
// ledger.go), on a cluster with durable settings:
//
//	DATABASE_URL=$(DB_CLUSTER=durable scripts/db.sh) go run ./cmd/bench -ledger [-users 1000000 -transactions 10000000 -write-rate 200]
//
// With -gamification it measures the leaderboard, profiles with their own rank and review posts
// that earn XP (see gamification.go), on a cluster with durable settings:
//
//	DATABASE_URL=$(DB_CLUSTER=durable scripts/db.sh) go run ./cmd/bench -gamification [-users 1000000 -activities 5000000 -write-rate 200]
//
// With -enquiries it measures an owner's and a member's enquiry lists and replies in threads (see
// enquiries.go), on a cluster with durable settings:
//
//	DATABASE_URL=$(DB_CLUSTER=durable scripts/db.sh) go run ./cmd/bench -enquiries -rate 500 [-properties 100000 -threads 1000000 -messages 5000000 -write-rate 200]
//
// With -dashboard it measures the dashboards (see dashboard.go): a landlord with 500 listings and
// tenants with their reviews, over the search's data set.
//
// The synthetic data set is built once per size in its own database (rentproof_bench_P_R) and
// reused by later runs.
//
// Every figure is printed against its target (met or not met) and against the last recorded run
// of the benchmark (docs/bench-latest.json, with the change); -record records the run, -runs N
// measures N runs and takes their medians, and -compare other-binary alternates at least five runs
// of each binary and prints both trees' medians side by side (report.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/store"
)

func main() {
	log.SetFlags(0)
	if err := bench(); err != nil {
		log.Fatal(err)
	}
}

// benchmark is one of the bench's modes, its data set ready: run measures one run of a server
// binary and returns its figures.
type benchmark struct {
	key   string // its entry in recordFile
	title string
	load  string // the offered load, in words
	// settings are the cluster's durability settings (durability), which every run reports.
	settings string
	run      func(ctx context.Context, binary string) (result, error)
	// pair, where a benchmark has one, is paired run n of its write with two binaries at once
	// (-paired, paired.go).
	pair  func(ctx context.Context, binary, other string, n int) (pairRun, error)
	close func()
}

// bench runs the whole benchmark; it returns rather than exits on failure, so that its deferred
// calls (closing the pool, stopping the server it started) still run.
func bench() error {
	properties := flag.Int("properties", 100_000, "synthetic properties")
	reviews := flag.Int("reviews", 1_000_000, "synthetic reviews")
	rate := flag.Int("rate", 1000, "requests per second for the fixed-rate runs")
	duration := flag.Duration("duration", 10*time.Second, "length of each run")
	binary := flag.String("server", "bin/rentproof", "server binary to measure")
	compare := flag.String("compare", "", "another tree's server binary (e.g. bin/rentproof-base): run it and -server alternately, -runs times each, and print both medians")
	paired := flag.String("paired", "", "ledger and gamification: another binary (e.g. bin/rentproof-nonotices) to serve the write alongside -server, "+
		"every other request each, -runs times (default 7), and print what -server adds to its p99 (paired.go; make bench BENCH=notices)")
	runs := flag.Int("runs", 0, "runs of each server binary; figures are their medians (default 1, and 5 with -compare, which takes at least 5)")
	record := flag.Bool("record", false, "record the figures of -server (the medians of its runs) in "+recordFile+" and the latest table of "+docsFile)
	ceilingOnly := flag.Bool("ceiling", false, "measure only the search ceiling against pgbench and the floor of the stack")
	only := flag.String("only", "", "search: run only the load scenarios whose names match this regular expression, and no ceiling (figures not recordable)")
	ledgerMode := flag.Bool("ledger", false, "measure the token ledger and verification approvals instead of the search (make bench BENCH=ledger)")
	gamificationMode := flag.Bool("gamification", false, "measure the leaderboard, profiles and review posts with XP instead of the search (make bench BENCH=gamification)")
	activities := flag.Int("activities", 5_000_000, "gamification: user_activities rows")
	tenancyMode := flag.Bool("tenancy", false, "measure the review pages with 30% of reviews verified and owners confirming tenancy claims instead of the search, on a durable cluster (make bench BENCH=tenancy)")
	enquiriesMode := flag.Bool("enquiries", false, "measure an owner's and a member's enquiry lists and replies in threads instead of the search, on a durable cluster (make bench BENCH=enquiries)")
	listingsMode := flag.Bool("listings", false, "measure landlords creating listings in one neighbourhood of the largest city instead of the search, on a durable cluster (make bench BENCH=listings)")
	landlords := flag.Int("landlords", 50, "listings: landlords creating listings")
	threads := flag.Int("threads", 1_000_000, "enquiries: enquiry threads")
	messages := flag.Int("messages", 5_000_000, "enquiries: enquiry messages")
	mailMode := flag.Bool("mail", false, "measure how many emails a minute one server's sender delivers to Mailpit instead of the search (make bench BENCH=mail)")
	emails := flag.Int("emails", 3000, "mail: emails enqueued at once")
	dashboardMode := flag.Bool("dashboard", false, "measure the dashboards instead of the search: a landlord with 500 listings at rate/2, tenants at rate (make bench BENCH=dashboard)")
	users := flag.Int("users", 1_000_000, "ledger and gamification: synthetic users")
	transactions := flag.Int("transactions", 10_000_000, "ledger: token_transactions rows")
	writeRate := flag.Int("write-rate", 200, "ledger: approvals per second; gamification: review posts per second; tenancy: confirmations per second; enquiries: replies per second; listings: listings per second")
	flag.IntVar(&serverConns, "server-conns", 0, "the server's database connections (pool_max_conns; 0: the server's default)")
	flag.BoolVar(&checkpointFirst, "checkpoint", false, "ledger, gamification, tenancy and enquiries: start every run from a fresh CHECKPOINT, so the full-page images after one fall alike on every run")
	flag.Parse()

	if *compare != "" && *paired != "" {
		return errors.New("-compare and -paired are two ways to compare trees: choose one")
	}
	if *paired != "" && *record {
		return errors.New("-paired measures a difference between two trees: it records nothing")
	}
	if *runs == 0 {
		*runs = 1
		if *compare != "" {
			*runs = minCompareRuns
		}
		if *paired != "" {
			*runs = pairedRuns
		}
	}
	if *compare != "" && *runs < minCompareRuns {
		return errMinCompareRuns
	}
	var onlyScenarios *regexp.Regexp
	if *only != "" {
		if *record {
			return errors.New("-only measures part of the search benchmark: its figures cannot be recorded")
		}
		var err error
		if onlyScenarios, err = regexp.Compile(*only); err != nil {
			return fmt.Errorf("-only: %w", err)
		}
	}
	cluster := os.Getenv("DATABASE_URL")
	if cluster == "" {
		return errors.New("DATABASE_URL is not set: run `make bench`, which starts the project's PostgreSQL")
	}
	ctx := context.Background()
	if *mailMode {
		return benchMail(ctx, cluster, *binary, *emails)
	}
	total := *runs // the runs each writing benchmark must find unused requests or writers for
	if *compare != "" {
		total *= 2
	}
	var b *benchmark
	var err error
	switch {
	case *ledgerMode:
		b, err = benchLedger(ctx, cluster, ledgerOptions{
			users: *users, transactions: *transactions, readRate: *rate, writeRate: *writeRate, duration: *duration, runs: total,
		})
	case *gamificationMode:
		b, err = benchGamification(ctx, cluster, gamificationOptions{
			users: *users, activities: *activities, readRate: *rate, writeRate: *writeRate, duration: *duration, runs: total,
		})
	case *tenancyMode:
		b, err = benchTenancy(ctx, cluster, tenancyOptions{
			properties: *properties, reviews: *reviews, readRate: *rate, writeRate: *writeRate, duration: *duration, runs: total,
		})
	case *enquiriesMode:
		b, err = benchEnquiries(ctx, cluster, enquiryOptions{
			properties: *properties, threads: *threads, messages: *messages, readRate: *rate, writeRate: *writeRate, duration: *duration,
		})
	case *listingsMode:
		b, err = benchListings(ctx, cluster, listingsOptions{
			properties: *properties, reviews: *reviews, landlords: *landlords, rate: *writeRate, duration: *duration,
		})
	case *dashboardMode:
		b, err = benchDashboard(ctx, cluster, dashboardOptions{properties: *properties, reviews: *reviews, rate: *rate, duration: *duration})
	default:
		b, err = benchSearch(ctx, cluster, searchOptions{
			properties: *properties, reviews: *reviews, rate: *rate, duration: *duration, ceilingOnly: *ceilingOnly, only: onlyScenarios,
		})
	}
	if err != nil {
		return err
	}
	defer b.close()
	if b.settings, err = durability(ctx, cluster); err != nil {
		return err
	}
	fmt.Println("cluster settings: " + b.settings)
	if *paired != "" {
		return performPaired(ctx, b, *binary, *paired, *runs)
	}
	return perform(ctx, b, *binary, *compare, *runs, *record)
}

// pairedRuns is how many paired runs -paired takes unless -runs says.
const pairedRuns = 7

// minCompareRuns is the fewest runs of each tree a comparison takes: a single run decides
// nothing on a shared machine.
const minCompareRuns = 5

var errMinCompareRuns = fmt.Errorf("a comparison of two trees takes at least %d runs of each (-runs): a single run decides nothing on a shared machine", minCompareRuns)

// perform runs the benchmark runs times with binary, alternating with base when there is one
// (the order flips every round, so neither always runs first), then prints the figures (medians
// of the runs) against their targets and the last recorded run, the comparison of the two trees,
// and records them when asked.
func perform(ctx context.Context, b *benchmark, binary, base string, runs int, save bool) error {
	if base != "" && runs < minCompareRuns {
		return errMinCompareRuns
	}
	records, err := readRecords()
	if err != nil {
		return err
	}
	var last *record
	if r, ok := records[b.key]; ok {
		last = &r
	}
	var mine, theirs []result
	for i := range runs {
		order := []string{binary}
		if base != "" {
			order = []string{binary, base}
			if i%2 == 1 {
				order = []string{base, binary}
			}
		}
		for _, bin := range order {
			fmt.Printf("\n== %s: run %d of %d, %s ==\n", b.title, i+1, runs, bin)
			r, err := b.run(ctx, bin)
			if err != nil {
				return fmt.Errorf("%s, run %d: %w", bin, i+1, err)
			}
			if bin == binary {
				mine = append(mine, r)
			} else {
				theirs = append(theirs, r)
			}
		}
	}
	r := medianRecord(b, treeVersion(ctx), mine, last)
	printVerdict(r, last)
	if base != "" {
		printComparison(r, medianRecord(b, base, theirs, last), mine, theirs, binary, base)
	}
	if save {
		return saveRecord(b.key, r)
	}
	return nil
}

type searchOptions struct {
	properties, reviews int
	rate                int
	duration            time.Duration
	ceilingOnly         bool
	only                *regexp.Regexp // nil: every scenario and the ceiling
}

// benchSearch prepares the search benchmark: its data set, and the targets of its requests.
func benchSearch(ctx context.Context, cluster string, o searchOptions) (*benchmark, error) {
	dbURL, err := prepare(ctx, cluster, o.properties, o.reviews)
	if err != nil {
		return nil, err
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	if err := warmListings(ctx, pool); err != nil { // filters.go
		pool.Close()
		return nil, err
	}
	t, err := pickTargets(ctx, pool)
	if err != nil {
		pool.Close()
		return nil, err
	}
	fmt.Printf("data: %d properties, %d reviews, %d cities; largest city %q with %d listings\n",
		t.properties, t.reviews, t.cities, t.city, t.cityCount)
	b := &benchmark{
		key:   fmt.Sprintf("search_%d_%d", o.properties, o.reviews),
		title: fmt.Sprintf("Property search, %s properties and %s reviews", thousands(o.properties), thousands(o.reviews)),
		load: fmt.Sprintf("open model, %s requests/s for %s per scenario after a 3 s warm-up; ceiling, pgbench and floor %s each",
			thousands(o.rate), o.duration, o.duration),
		close: pool.Close,
	}
	if o.ceilingOnly {
		b.key += "_ceiling"
		b.title += ", the ceiling only"
		b.load = fmt.Sprintf("ceiling, pgbench and floor %s each", o.duration)
	}
	b.run = func(ctx context.Context, binary string) (result, error) {
		return searchRun(ctx, pool, dbURL, binary, t, o)
	}
	return b, nil
}

// searchRun is one run of the search benchmark against binary.
func searchRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, t targets, o searchOptions) (result, error) {
	var res result
	startLoad, before := loadAverage(), machineNow()
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	base := srv.base
	saved, err := savedSearches(ctx, pool, base, t.city) // saved.go
	if err != nil {
		return res, err
	}
	scenarios := []struct {
		name    string
		targets []vegeta.Target
	}{
		{fmt.Sprintf("search city=%s sortBy=highestRated", t.city), get(base, "/api/properties?sortBy=highestRated&city="+url.QueryEscape(t.city))},
		{saved[0].name, saved[0].targets}, {saved[1].name, saved[1].targets},
		{"search by zip (200 zips)", get(base, prefixEach("/api/properties?zipCode=", t.zips)...)},
		{"property by id (random)", get(base, prefixEach("/api/properties/", t.ids)...)},
		{"batch get of 20 (random)", get(base, t.batches...)},
	}
	for _, f := range filterSearches(base, t.city) { // filters.go
		scenarios = append(scenarios, struct {
			name    string
			targets []vegeta.Target
		}(f))
	}
	// Warm caches and connections with every scenario to be measured, in turn: a PostgreSQL
	// backend's first statements load its catalog caches, and a scenario that was the first to use
	// a pool's connections (the filters' custom plans) measured that, once per server start (a
	// burst of 60 new searches at a million listings: 220–310 ms on new connections, 50–65 ms on
	// warm ones). Then wait out the counts the warm-up kept, so every scenario meets its own
	// counts uncounted, as its first visitors would. The ceiling alone measures the first scenario's
	// statement only, and its counts from memory.
	warm := slices.Clone(scenarios[0].targets)
	if !o.ceilingOnly {
		for _, s := range scenarios[1:] {
			if o.only == nil || o.only.MatchString(s.name) {
				warm = append(warm, s.targets...)
			}
		}
	}
	run(warm, o.rate/2, 3*time.Second)
	if !o.ceilingOnly {
		time.Sleep(property.CountMemory)
	}

	if !o.ceilingOnly {
		fmt.Printf("load: open model, %d requests/s for %s per scenario, after a 3 s warm-up\n", o.rate, o.duration)
		w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "scenario\tp50 ms\tp95 ms\tp99 ms\tthroughput/s\terrors\tmachine busy\tCPU waits\t")
		errs, p50s := 0, map[int]float64{}
		var bySortLines []string
		for i, s := range scenarios {
			if o.only != nil && !o.only.MatchString(s.name) {
				continue
			}
			var bySort func(string) string
			if strings.HasPrefix(s.name, "filter ") {
				bySort = sortOf // each sort's p99 is a target of its own (issue 32)
			}
			before := machineNow()
			m, sorts := runSplit(s.targets, o.rate, o.duration, bySort)
			machine := machineNow().minus(before)
			e := failures(m)
			errs += e
			p50s[i] = ms(m.Latencies.P50)
			fmt.Fprintf(w, "%s\t%.2f\t%.2f\t%.2f\t%.0f\t%d\t%s\t%s\t\n", s.name, ms(m.Latencies.P50), ms(m.Latencies.P95), ms(m.Latencies.P99),
				m.Throughput, e, machine.busyShare(), machine.waitShare())
			if len(sorts) == 0 {
				res.figures = append(res.figures, newFigure(s.name+": p99", "ms", ms(m.Latencies.P99), atMost(25)))
				continue
			}
			slowest, line := "", []string{}
			for _, sort := range filterSorts {
				if p := sorts[sort]; p != nil {
					line = append(line, fmt.Sprintf("%s %.2f", sort, ms(p.Latencies.P99)))
					if slowest == "" || p.Latencies.P99 > sorts[slowest].Latencies.P99 {
						slowest = sort
					}
				}
			}
			bySortLines = append(bySortLines, fmt.Sprintf("  %s: %s", s.name, strings.Join(line, ", ")))
			res.figures = append(res.figures, newFigure(s.name+": p99 of the slowest sort", "ms", ms(sorts[slowest].Latencies.P99), atMost(25)))
		}
		w.Flush()
		if len(bySortLines) > 0 {
			fmt.Println("\np99 ms of each sort:")
			fmt.Println(strings.Join(bySortLines, "\n"))
		}
		res.figures = append(res.figures, newFigure("errors, all scenarios", "", float64(errs), atMost(0)))
		if p50s[1] > 0 && p50s[2] > 0 {
			// Issue 15: a search with saved flags no more than 10% slower than without.
			res.figures = append(res.figures,
				newFigure("signed-in search with 500 saved against none saved: p50", "%", 100*p50s[2]/p50s[1], atMost(110)))
		}
	}
	if o.only != nil {
		res.machine = machineDuring(machineNow().minus(before), startLoad)
		return res, nil
	}

	// The ceiling: the same search as fast as 16 connections go, server versus PostgreSQL alone.
	c, err := ceiling(ctx, scenarios[0].targets[0].URL, o.duration)
	if err != nil {
		return res, err
	}
	tps, err := pgbench(ctx, dbURL, t.city, o.duration)
	if err != nil {
		return res, err
	}
	fmt.Printf("\nmax search throughput through the server (wrk, 16 connections): %.0f/s, p99 %s, errors %d\n", c.rps, c.p99, c.errors)
	fmt.Printf("pgbench, the server's statement straight to PostgreSQL (16 clients): %.0f/s\n", tps)
	fmt.Printf("server / pgbench: %.0f%%\n", 100*c.rps/tps)

	f, err := floor(ctx, dbURL, t.city, o.duration)
	if err != nil {
		return res, err
	}
	fmt.Printf("floor, net/http + pgx passing the statement's raw rows through (no decoding, no JSON): %.0f/s, errors %d, %.0f%% of pgbench\n",
		f.rps, f.errors, 100*f.rps/tps)
	res.figures = append(res.figures,
		newFigure("search ceiling through the server (wrk, 16 connections)", "/s", c.rps, noLowerThanRecorded()),
		newFigure("errors at the ceiling", "", float64(c.errors), atMost(0)),
		// Issue 4: the server's search throughput at least half of pgbench's for the same query.
		newFigure("ceiling through the server / pgbench", "%", 100*c.rps/tps, atLeast(50)),
		contextFigure("pgbench, the same statement (16 clients)", "/s", tps),
		contextFigure("floor of the stack / pgbench", "%", 100*f.rps/tps),
		// Issue 33: the server keeps 85% of what its stack allows, and serves 4.5 times the peer's.
		newFigure("ceiling through the server / floor of the stack", "%", 100*c.rps/f.rps, atLeast(85)))

	p, err := peerCeiling(ctx, dbURL, t.city, o.duration) // peer.go
	switch {
	case errors.Is(err, errNoNode):
		fmt.Println(err)
	case err != nil:
		return res, err
	default:
		fmt.Printf("the Express + node-postgres peer, the same search (wrk, 16 connections): %.0f/s, errors %d; the server serves %.1f× as many\n",
			p.rps, p.errors, c.rps/p.rps)
		res.figures = append(res.figures,
			newFigure("ceiling through the server / the Express + pg peer", "×", c.rps/p.rps, atLeast(4.5)),
			newFigure("errors at the peer's ceiling", "", float64(p.errors), atMost(0)),
			contextFigure("the Express + pg peer (wrk, 16 connections)", "/s", p.rps))
	}
	res.machine = machineDuring(machineNow().minus(before), startLoad)
	return res, nil
}

// runWatched is run, with how busy the machine was meanwhile.
func runWatched(targets []vegeta.Target, rate int, d time.Duration) (vegeta.Metrics, machineCounters) {
	before := machineNow()
	m := run(targets, rate, d)
	return m, machineNow().minus(before)
}

// failures is how many of the run's requests failed.
func failures(m vegeta.Metrics) int {
	return int(m.Requests) - int(float64(m.Requests)*m.Success+0.5)
}

// thousands writes n with thousands separators: 1,000,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// run attacks targets round-robin at rate per second (open model).
func run(targets []vegeta.Target, rate int, d time.Duration) vegeta.Metrics {
	m, _ := runSplit(targets, rate, d, nil)
	return m
}

// runOver is run, with when the requests slower than target were sent: how many of them in each
// second of the run. A tail that is one stall lands in one second; a tail spread over every
// second is the steady state's.
func runOver(targets []vegeta.Target, rate int, d, target time.Duration) (vegeta.Metrics, []int) {
	attacker := vegeta.NewAttacker(vegeta.KeepAlive(true), vegeta.Timeout(5*time.Second), vegeta.Connections(256))
	var m vegeta.Metrics
	var start time.Time
	var slow []time.Time
	for res := range attacker.Attack(vegeta.NewStaticTargeter(targets...), vegeta.Rate{Freq: rate, Per: time.Second}, d, "bench") {
		m.Add(res)
		if start.IsZero() || res.Timestamp.Before(start) {
			start = res.Timestamp
		}
		if res.Latency > target {
			slow = append(slow, res.Timestamp)
		}
	}
	m.Close()
	over := make([]int, int(d/time.Second)+1)
	for _, at := range slow {
		over[min(int(at.Sub(start)/time.Second), len(over)-1)]++
	}
	return m, over
}

// runSplit is run, with the metrics of each part of the requests as well: the results are split
// by part(URL) when part is not nil.
func runSplit(targets []vegeta.Target, rate int, d time.Duration, part func(string) string) (vegeta.Metrics, map[string]*vegeta.Metrics) {
	attacker := vegeta.NewAttacker(vegeta.KeepAlive(true), vegeta.Timeout(5*time.Second), vegeta.Connections(256))
	var m vegeta.Metrics
	parts := map[string]*vegeta.Metrics{}
	for res := range attacker.Attack(vegeta.NewStaticTargeter(targets...), vegeta.Rate{Freq: rate, Per: time.Second}, d, "bench") {
		m.Add(res)
		if part != nil {
			k := part(res.URL)
			if parts[k] == nil {
				parts[k] = &vegeta.Metrics{}
			}
			parts[k].Add(res)
		}
	}
	m.Close()
	for _, p := range parts {
		p.Close()
	}
	return m, parts
}

// sortOf is a search URL's sortBy parameter.
func sortOf(u string) string {
	if parsed, err := url.Parse(u); err == nil {
		return parsed.Query().Get("sortBy")
	}
	return ""
}

type ceilingResult struct {
	rps    float64
	p99    string
	errors int
}

var (
	wrkRate   = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkP99    = regexp.MustCompile(`\s99%\s+(\S+)`)
	wrkErrors = regexp.MustCompile(`(?:Non-2xx or 3xx responses|connect|read|write|timeout):? (\d+)`)
)

// ceiling drives url as fast as 16 connections go (closed model) with wrk, a load generator in C
// like pgbench's client: measured here, vegeta spent as much CPU per request as PostgreSQL did,
// on the same two cores as the server.
func ceiling(ctx context.Context, url string, d time.Duration) (ceilingResult, error) {
	var c ceilingResult
	out, err := exec.CommandContext(ctx, "wrk", "-t1", "-c16", "-d"+d.String(), "--latency", url).CombinedOutput()
	if err != nil {
		return c, fmt.Errorf("wrk (make bench installs it): %w\n%s", err, out)
	}
	m, p := wrkRate.FindSubmatch(out), wrkP99.FindSubmatch(out)
	if m == nil || p == nil {
		return c, fmt.Errorf("wrk printed no rate:\n%s", out)
	}
	c.rps, _ = strconv.ParseFloat(string(m[1]), 64)
	c.p99 = string(p[1])
	for _, e := range wrkErrors.FindAllSubmatch(out, -1) {
		n, _ := strconv.Atoi(string(e[1]))
		c.errors += n
	}
	return c, nil
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

// server is the real binary, started by startServer.
type server struct {
	base string // http://127.0.0.1:port
	cmd  *exec.Cmd
}

func (s *server) stop() { _ = s.cmd.Process.Signal(os.Interrupt); _ = s.cmd.Wait() }

// procFS is /proc, whose process directories cpu reads.
var procFS = os.DirFS("/proc")

// cpu is the CPU time the server has used so far (user and system, from /proc; 0 elsewhere).
func (s *server) cpu() time.Duration {
	stat, err := fs.ReadFile(procFS, strconv.Itoa(s.cmd.Process.Pid)+"/stat")
	if err != nil {
		return 0
	}
	_, after, _ := strings.Cut(string(stat), ") ") // the command name may hold spaces
	fields := strings.Fields(after)
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond // clock ticks of 1/100 s (USER_HZ on Linux)
}

// serverConns overrides the size of the server's database pool (-server-conns).
var serverConns int

// startServer runs the real binary on a free loopback port and waits until it is ready.
func startServer(ctx context.Context, binary, dbURL string) (*server, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	if serverConns > 0 { // the server's own default otherwise (internal/store)
		sep := "?"
		if strings.Contains(dbURL, "?") {
			sep = "&"
		}
		dbURL += fmt.Sprintf("%spool_max_conns=%d", sep, serverConns)
	}
	cmd := exec.CommandContext(ctx, binary)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "ADDR="+addr, "SEED_DEMO=false", "LOG_LEVEL=error")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s (run `make build` first): %w", binary, err)
	}
	srv := &server{base: "http://" + addr, cmd: cmd}
	if err := awaitOK(ctx, srv.base+"/readyz", 60*time.Second); err != nil { // peer.go
		srv.stop()
		return nil, fmt.Errorf("server did not become ready: %w", err)
	}
	return srv, nil
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+)`)

// pgbench runs the statement the server runs for that city search — PlainCityHighestRated from
// sql/queries/search.sql, prepared, with the same parameters — on sessions with the same plan
// mode as the server's (one generic plan).
func pgbench(ctx context.Context, dbURL, city string, d time.Duration) (float64, error) {
	statement, err := searchStatement(":city", ":size", ":offset")
	if err != nil {
		return 0, err
	}
	f := filepath.Join(os.TempDir(), "rentproof-bench.sql")
	if err := os.WriteFile(f, []byte(statement), 0o644); err != nil {
		return 0, err
	}
	bin := "pgbench"
	if matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench"); len(matches) > 0 {
		bin = matches[len(matches)-1]
	}
	cmd := exec.CommandContext(ctx, bin, "-n", "-M", "prepared", "-c", "16", "-j", "2", "-T", strconv.Itoa(int(d.Seconds())),
		"-D", "city="+strings.ToLower(city), "-D", "size=12", "-D", "offset=0", "-f", f, dbURL)
	cmd.Env = append(os.Environ(), "PGOPTIONS=-c plan_cache_mode=force_generic_plan")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %w\n%s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench printed no tps:\n%s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// searchStatement is the statement the server runs for a plain city search sorted by
// highestRated, as plain SQL with the given placeholders for its parameters.
func searchStatement(city, size, offset string) (string, error) {
	statement, err := namedQuery("sql/queries/search.sql", "PlainCityHighestRated")
	if err != nil {
		return "", err
	}
	return strings.NewReplacer(
		"sqlc.embed(p)", "p.*",
		"sqlc.arg(viewer_id)", "0", // a visitor's saved flags, as the signed-out scenario's
		"sqlc.arg(city_key)", city,
		"sqlc.arg(page_size)", size,
		"sqlc.arg(page_offset)", offset,
	).Replace(statement), nil
}

// namedQuery returns the statement sqlc knows as name in file, without its comment lines.
func namedQuery(file, name string) (string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("read queries: %w", err)
	}
	_, after, found := strings.Cut(string(src), "-- name: "+name+" ")
	if !found {
		return "", fmt.Errorf("%s has no query %s", file, name)
	}
	_, statement, _ := strings.Cut(after, "\n")
	statement, _, _ = strings.Cut(statement, ";")
	var lines []string
	for line := range strings.Lines(statement) {
		if !strings.HasPrefix(line, "--") {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "") + ";\n", nil
}
