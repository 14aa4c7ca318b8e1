package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// A paired run measures what one tree adds to a write against another tree when the machine's
// noise is larger than the difference (-paired, `make bench BENCH=notices`). Both servers run at
// once against the same database and one load sends each request to one of them, so both
// meet the same checkpoints, autovacuum and neighbours second by second. Runs of each tree in
// turn (-compare) compare two stretches of time instead: on two cores the same binary's p99
// spread from 17 to 870 ms between them, far more than the 2 ms to be told apart.
//
// What a paired run cannot separate: the two servers share the WAL, the cores and the rows, so
// what one tree costs everybody (more WAL to flush, CPU taken from the other requests) lands on
// both halves and is not in the difference. The difference is what each request itself waits
// for; the CPU per request printed beside it bounds the shared part.

// pairTarget is the most the tree under test may add to the p99 of a paired write (issue 29: the
// notification and outbox rows add at most 2 ms to the p99 of the writes they ride on).
const pairTarget = 2 * time.Millisecond

// pairSample is one request of a paired run.
type pairSample struct {
	second  int // of the run, from its start
	latency time.Duration
	failed  bool
}

// pairRun is what one paired run measured: each server's requests of the one write scenario.
type pairRun struct {
	scenario string
	mine     []pairSample // the tree under test
	theirs   []pairSample // the other tree
	// cpuMine and cpuTheirs are the CPU time each server used during the run, background work
	// included (a sender, a worker).
	cpuMine, cpuTheirs time.Duration
}

// pairedServers are the two trees' servers of a paired run, started against one database.
type pairedServers struct{ mine, theirs *server }

// startPair starts both servers (from a fresh checkpoint when -checkpoint asks), the one under
// test first in even runs and second in odd ones, so that neither is always the one started on
// the other's heels.
func startPair(ctx context.Context, pool *pgxpool.Pool, mine, theirs, dbURL string, run int) (*pairedServers, error) {
	if err := checkpoint(ctx, pool); err != nil {
		return nil, err
	}
	first, second := mine, theirs
	if run%2 == 1 {
		first, second = theirs, mine
	}
	a, err := startServer(ctx, first, dbURL)
	if err != nil {
		return nil, err
	}
	b, err := startServer(ctx, second, dbURL)
	if err != nil {
		a.stop()
		return nil, err
	}
	if run%2 == 1 {
		a, b = b, a
	}
	return &pairedServers{a, b}, nil
}

func (p *pairedServers) stop() { p.mine.stop(); p.theirs.stop() }

// alternate sends about half the targets, chosen at random (seeded by run, so a run can be repeated),
// to the other server instead of the one under test. Not every other one: the benchmarks' targets
// alternate between kinds of request (an owner's request, then a tenant's), and every other one
// would give each server one kind.
func (p *pairedServers) alternate(targets []vegeta.Target, run int) []vegeta.Target {
	rng := rand.New(rand.NewPCG(uint64(run), 33))
	out := slices.Clone(targets)
	for i := range out {
		if rng.IntN(2) == 1 {
			out[i].URL = p.theirs.base + strings.TrimPrefix(out[i].URL, p.mine.base)
		}
	}
	return out
}

// attack runs targets (alternate's) at rate for d and splits the requests by server.
func (p *pairedServers) attack(scenario string, targets []vegeta.Target, rate int, d time.Duration) pairRun {
	attacker := vegeta.NewAttacker(vegeta.KeepAlive(true), vegeta.Timeout(5*time.Second), vegeta.Connections(256))
	r := pairRun{scenario: scenario}
	cpuMine, cpuTheirs := p.mine.cpu(), p.theirs.cpu()
	var start time.Time
	for res := range attacker.Attack(vegeta.NewStaticTargeter(targets...), vegeta.Rate{Freq: rate, Per: time.Second}, d, "paired") {
		if start.IsZero() {
			start = res.Timestamp
		}
		s := pairSample{second: int(res.Timestamp.Sub(start) / time.Second), latency: res.Latency,
			failed: res.Error != "" || res.Code < 200 || res.Code > 299}
		if strings.HasPrefix(res.URL, p.theirs.base) {
			r.theirs = append(r.theirs, s)
		} else {
			r.mine = append(r.mine, s)
		}
	}
	r.cpuMine, r.cpuTheirs = p.mine.cpu()-cpuMine, p.theirs.cpu()-cpuTheirs
	return r
}

// performPaired runs b's paired runs of binary against other, printing each run's figures, then
// the medians of the runs, and the p99s of all the runs' requests together with a 95% interval
// for their difference (resampling whole seconds of runs, each second's requests of both servers
// together: what both met in one second stays paired, and bursts stay whole).
func performPaired(ctx context.Context, b *benchmark, binary, other string, runs int) error {
	if b.pair == nil {
		return errors.New("-paired measures the writes of the ledger and gamification benchmarks (make bench BENCH=notices)")
	}
	var all []pairRun
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	for i := range runs {
		fmt.Printf("\n== %s: paired run %d of %d, %s and %s at once ==\n", b.title, i+1, runs, binary, other)
		r, err := b.pair(ctx, binary, other, i)
		if err != nil {
			return fmt.Errorf("paired run %d: %w", i+1, err)
		}
		all = append(all, r)
	}
	fmt.Printf("\n%s, %s (the tree under test) against %s, %d paired runs:\n\n", all[0].scenario, binary, other, runs)
	fmt.Fprintln(w, "run\trequests\tfailed\tp50 ms\tp99 ms\tCPU µs/req\tthe other's requests\tfailed\tp50 ms\tp99 ms\tCPU µs/req\tp99 added ms\t")
	var added, p50s, theirP50s []float64
	for i, r := range all {
		a, b := latencies(r.mine), latencies(r.theirs)
		added = append(added, ms(quantile(a, 0.99)-quantile(b, 0.99)))
		p50s, theirP50s = append(p50s, ms(quantile(a, 0.5))), append(theirP50s, ms(quantile(b, 0.5)))
		fmt.Fprintf(w, "%d\t%d\t%d\t%.2f\t%.2f\t%.0f\t%d\t%d\t%.2f\t%.2f\t%.0f\t%+.2f\t\n", i+1, len(a), failed(r.mine),
			ms(quantile(a, 0.5)), ms(quantile(a, 0.99)), perRequest(r.cpuMine, len(r.mine)), len(b), failed(r.theirs),
			ms(quantile(b, 0.5)), ms(quantile(b, 0.99)), perRequest(r.cpuTheirs, len(r.theirs)), added[i])
	}
	w.Flush()

	blocks := secondsOf(all)
	mine, theirs := pooled(blocks)
	diff := quantile(mine, 0.99) - quantile(theirs, 0.99)
	low, high := bootstrapP99Difference(blocks, 2000)
	errs := 0
	for _, r := range all {
		errs += failed(r.mine) + failed(r.theirs)
	}
	fmt.Printf("\nmedian of the runs: p99 added %+.2f ms, p50 %.2f ms against %.2f ms\n", median(added), median(p50s), median(theirP50s))
	fmt.Printf("all %d runs' requests together: p99 %.2f ms (%d requests) against %.2f ms (%d): %+.2f ms added, "+
		"95%% interval %+.2f to %+.2f ms (%d seconds resampled)\n",
		runs, ms(quantile(mine, 0.99)), len(mine), ms(quantile(theirs, 0.99)), len(theirs), ms(diff), ms(low), ms(high), len(blocks))
	fmt.Printf("target: at most %s added to the p99: %s\n", pairTarget, pairVerdict(low, high, errs))
	return nil
}

// pairVerdict: met only when the whole interval is within the target and nothing failed, not met
// only when the whole interval is beyond it; otherwise the runs cannot tell.
func pairVerdict(low, high time.Duration, errs int) string {
	switch {
	case errs > 0:
		return fmt.Sprintf("NOT MET (%d requests failed)", errs)
	case high <= pairTarget:
		return "met (the whole 95% interval is within it)"
	case low > pairTarget:
		return "NOT MET (the whole 95% interval is beyond it)"
	default:
		return "not shown either way (the 95% interval holds both)"
	}
}

// second is the requests of one second of one paired run, by server.
type second struct{ mine, theirs []time.Duration }

// secondsOf splits the runs' successful requests into their seconds, leaving out seconds in
// which either server had no request (at the end of a run).
func secondsOf(runs []pairRun) []second {
	var out []second
	for _, r := range runs {
		by := map[int]*second{}
		add := func(s pairSample, mine bool) {
			if s.failed {
				return
			}
			if by[s.second] == nil {
				by[s.second] = &second{}
			}
			if mine {
				by[s.second].mine = append(by[s.second].mine, s.latency)
			} else {
				by[s.second].theirs = append(by[s.second].theirs, s.latency)
			}
		}
		for _, s := range r.mine {
			add(s, true)
		}
		for _, s := range r.theirs {
			add(s, false)
		}
		keys := make([]int, 0, len(by))
		for k, s := range by {
			if len(s.mine) > 0 && len(s.theirs) > 0 {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, *by[k])
		}
	}
	return out
}

// pooled is every request of blocks, by server, sorted.
func pooled(blocks []second) (mine, theirs []time.Duration) {
	for _, b := range blocks {
		mine, theirs = append(mine, b.mine...), append(theirs, b.theirs...)
	}
	slices.Sort(mine)
	slices.Sort(theirs)
	return mine, theirs
}

// bootstrapP99Difference is the 95% interval of p99(mine) − p99(theirs), from n resamples of
// whole seconds with replacement (a fixed seed: the same samples give the same interval).
func bootstrapP99Difference(blocks []second, n int) (low, high time.Duration) {
	rng := rand.New(rand.NewPCG(29, 2))
	diffs := make([]time.Duration, n)
	resample := make([]second, len(blocks))
	for i := range diffs {
		for j := range resample {
			resample[j] = blocks[rng.IntN(len(blocks))]
		}
		mine, theirs := pooled(resample)
		diffs[i] = quantile(mine, 0.99) - quantile(theirs, 0.99)
	}
	slices.Sort(diffs)
	return quantile(diffs, 0.025), quantile(diffs, 0.975)
}

// perRequest is cpu shared among n requests, in µs.
func perRequest(cpu time.Duration, n int) float64 {
	return float64(cpu) / float64(time.Microsecond) / float64(max(n, 1))
}

// latencies are the successful requests' latencies, sorted.
func latencies(samples []pairSample) []time.Duration {
	var out []time.Duration
	for _, s := range samples {
		if !s.failed {
			out = append(out, s.latency)
		}
	}
	slices.Sort(out)
	return out
}

func failed(samples []pairSample) int {
	n := 0
	for _, s := range samples {
		if s.failed {
			n++
		}
	}
	return n
}

// quantile is the q-quantile of sorted by nearest rank (0 for none).
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}
