package faults_test

import (
	"cmp"
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/soak"
)

// plan is one run of faults under load.
type plan struct {
	writes  int // of each kind: reviews, votes, approvals
	readers int // parallel clients reading
	writers int // parallel clients writing, each one attempt every pace
	pace    time.Duration
	latency time.Duration // added to every chunk in each direction, for a while
	cuts    int           // times every database connection is reset
	outages []time.Duration
	gap     time.Duration // of load between faults, and after the last one (default 300 ms, 1 s)
}

// TestFaultsUnderLoad: latency, cut connections and a full outage of the database under a mixed
// load. Answers stay fast (unavailable with Retry-After, never a hang past the deadline), the
// probes say NOT_SERVING, the server serves again within 5 s of the database's return by itself,
// and every write a client saw acknowledged is in the database once, with all its effects.
func TestFaultsUnderLoad(t *testing.T) {
	t.Parallel()
	runFaults(t, plan{writes: 8, readers: 3, writers: 3, pace: 100 * time.Millisecond, latency: 50 * time.Millisecond, cuts: 3, outages: []time.Duration{1500 * time.Millisecond}}, logTo(t))
}

// TestSoakFaults is the long form: more load, longer latency and outages, more cuts. Alone, so
// its recovery times are its own.
func TestSoakFaults(t *testing.T) { //nolint:paralleltest // measures times: runs alone
	soak.Only(t)
	runFaults(t, plan{writes: 60, readers: 6, writers: 3, pace: 150 * time.Millisecond, latency: 200 * time.Millisecond, cuts: 10,
		outages: []time.Duration{2 * time.Second, 5 * time.Second, 10 * time.Second}, gap: 3 * time.Second}, soak.Figure)
}

func runFaults(t *testing.T, p plan, figure func(name, format string, args ...any)) {
	t.Helper()
	w := newWorld(t)
	run(t, w, p, w.proxy.Down, w.proxy.Up, "outage", figure)
}

// run drives plan's load on w through its faults: latency and cuts when w has a proxy, then each
// outage (down, then up after it), and checks the answers, the recovery and every write.
func run(t *testing.T, w *world, p plan, down, up func(), name string, figure func(name, format string, args ...any)) {
	t.Helper()
	l := arrange(t, w, p.writes)
	ctx, stop := context.WithCancel(context.Background())
	clients := l.run(ctx, p.readers, p.writers, p.pace)
	defer func() { stop(); clients.Wait() }()
	time.Sleep(300 * time.Millisecond)

	if w.proxy != nil {
		// Latency: slower answers, never past the deadline (load.record fails a hang).
		w.proxy.SetLatency(p.latency)
		time.Sleep(max(time.Second, 10*p.latency))
		w.proxy.SetLatency(0)
		acked, found := l.acknowledgedFound(t)
		figure("faults: after latency", "%d writes acknowledged, %d found", acked, found)

		// Cut connections: the calls on them fail as unavailable; the next ones reconnect.
		for range p.cuts {
			w.proxy.Cut()
			time.Sleep(200 * time.Millisecond)
		}
		acked, found = l.acknowledgedFound(t)
		figure("faults: after cuts", "%d writes acknowledged, %d found", acked, found)
	}

	for _, outage := range p.outages {
		warned := w.log.count(slog.LevelWarn)
		wentDown := time.Since(began)
		down()
		time.Sleep(min(outage/2, time.Second))
		w.notServing(t)
		time.Sleep(outage - min(outage/2, time.Second))
		during := l.since(wentDown + 200*time.Millisecond)
		back := time.Since(began)
		up()
		recovered := w.recovery(t, back)
		var failed int
		var slowest time.Duration
		for _, o := range during {
			if o.at > back {
				break
			}
			slowest = max(slowest, o.took)
			if !o.ok {
				failed++
			}
		}
		// With nothing to connect to, a call fails at once: no waiting out the deadline.
		if failed == 0 || slowest > 1500*time.Millisecond {
			t.Errorf("%s of %v: %d calls failed, the slowest in %v", name, outage, failed, slowest)
		}
		if recovered > 5*time.Second {
			t.Errorf("served again %v after the database came back, want within 5 s", recovered)
		}
		if w.log.count(slog.LevelWarn) == warned {
			t.Errorf("the %s was logged at no WARN", name)
		}
		acked, found := l.acknowledgedFound(t)
		figure("faults: "+name+" "+outage.String(), "%d calls failed fast (slowest %v); served again %v after the database was told to come back; %d writes acknowledged so far, %d found",
			failed, slowest.Round(time.Millisecond), recovered.Round(time.Millisecond), acked, found)
		time.Sleep(cmp.Or(p.gap, 300*time.Millisecond))
	}
	// The load goes on a while after the last fault, so the writes it failed are retried under it.
	time.Sleep(cmp.Or(3*p.gap, time.Second))
	stop()
	clients.Wait()

	underLoad, _ := l.acknowledgedFound(t)
	l.settle(t)
	acked, found := l.check(t)
	figure("faults: writes", "%d acknowledged (%d under the load, the rest retried after it), %d found (%d made)",
		acked, underLoad, found, len(l.writes))
	l.figures(figure, "faults:")
	if errs := w.log.errorRecords(); len(errs) > 0 {
		t.Errorf("logged at ERROR: %q", errs)
	}
}

// logTo prints a figure in the test's log, as the short forms do.
func logTo(t *testing.T) func(name, format string, args ...any) {
	t.Helper()
	return func(name, format string, args ...any) { t.Logf(name+": "+format, args...) }
}
