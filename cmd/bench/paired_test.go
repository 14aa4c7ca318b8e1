package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// Half the requests, chosen at random, go to the other server: as many of each kind when the
// kinds alternate, a different half in each run, and the same half when a run is repeated.
func TestAlternate(t *testing.T) {
	t.Parallel()
	p := &pairedServers{mine: &server{base: "http://a"}, theirs: &server{base: "http://b"}}
	targets := make([]vegeta.Target, 4000)
	for i := range targets {
		targets[i] = vegeta.Target{URL: fmt.Sprintf("http://a/%d", i)}
	}
	split := func(run int) (kinds [2]int, sent string) {
		for i, target := range p.alternate(targets, run) {
			if strings.HasPrefix(target.URL, "http://b/") {
				kinds[i%2]++
				sent += "b"
			} else if target.URL != targets[i].URL {
				t.Fatalf("target %d became %s", i, target.URL)
			} else {
				sent += "a"
			}
		}
		return kinds, sent
	}
	kinds, run0 := split(0)
	for k, n := range kinds {
		if n < 900 || n > 1100 {
			t.Errorf("the other server got %d of the 2,000 requests of kind %d", n, k)
		}
	}
	if _, again := split(0); again != run0 {
		t.Error("a repeated run sends other requests to each server")
	}
	if _, run1 := split(1); run1 == run0 {
		t.Error("two runs send the same requests to each server")
	}
	if targets[0].URL != "http://a/0" {
		t.Error("alternate changed its input")
	}
}

// The p99 is the nearest rank: of 100 requests, the 99th slowest.
func TestQuantile(t *testing.T) {
	t.Parallel()
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.99, 99 * time.Millisecond}, {0.5, 50 * time.Millisecond}, {1, 100 * time.Millisecond}, {0, time.Millisecond}} {
		if got := quantile(d, c.q); got != c.want {
			t.Errorf("quantile %.2f = %s, want %s", c.q, got, c.want)
		}
	}
	if quantile(nil, 0.99) != 0 {
		t.Error("the quantile of nothing is not 0")
	}
}

// pairedLoad is a paired run of seconds seconds at 100 requests a second, every other request
// to each server, where every 50th request of a server waits spike more (a checkpoint, say) and
// mine's requests each take added more.
func pairedLoad(seconds int, added, spike time.Duration) pairRun {
	r := pairRun{scenario: "s"}
	for i := range seconds * 100 {
		at := i / 100
		base := 5*time.Millisecond + time.Duration(i%7)*100*time.Microsecond
		if (i/2)%50 == 0 {
			base += spike
		}
		if i%2 == 0 {
			r.mine = append(r.mine, pairSample{second: at, latency: base + added})
		} else {
			r.theirs = append(r.theirs, pairSample{second: at, latency: base})
		}
	}
	return r
}

// The interval holds the difference, is narrow when both servers meet the same spikes, and the
// verdict follows it.
func TestBootstrapP99Difference(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		added   time.Duration
		verdict string
	}{
		{"nothing added", 0, "met (the whole 95% interval is within it)"},
		{"1 ms added", time.Millisecond, "met (the whole 95% interval is within it)"},
		{"5 ms added", 5 * time.Millisecond, "NOT MET (the whole 95% interval is beyond it)"},
	} {
		runs := []pairRun{pairedLoad(20, c.added, 300*time.Millisecond), pairedLoad(20, c.added, 300*time.Millisecond)}
		blocks := secondsOf(runs)
		if len(blocks) != 40 {
			t.Fatalf("%s: %d seconds, want 40", c.name, len(blocks))
		}
		mine, theirs := pooled(blocks)
		diff := quantile(mine, 0.99) - quantile(theirs, 0.99)
		low, high := bootstrapP99Difference(blocks, 500)
		if diff != c.added || low > diff || high < diff || high-low > time.Millisecond {
			t.Errorf("%s: difference %s, interval %s to %s", c.name, diff, low, high)
		}
		if got := pairVerdict(low, high, 0); got != c.verdict {
			t.Errorf("%s: verdict %q, want %q", c.name, got, c.verdict)
		}
	}
}

// An interval that holds the target decides nothing, and a failed request fails the figure.
func TestPairVerdict(t *testing.T) {
	t.Parallel()
	if got := pairVerdict(-time.Millisecond, 3*time.Millisecond, 0); got != "not shown either way (the 95% interval holds both)" {
		t.Errorf("wide interval: %q", got)
	}
	if got := pairVerdict(0, 0, 2); got != "NOT MET (2 requests failed)" {
		t.Errorf("failures: %q", got)
	}
}

// Failed requests and seconds one server had none of are left out of the seconds resampled.
func TestSecondsOf(t *testing.T) {
	t.Parallel()
	r := pairRun{
		mine:   []pairSample{{second: 0, latency: 1}, {second: 1, latency: 2}, {second: 2, latency: 3, failed: true}},
		theirs: []pairSample{{second: 0, latency: 4}, {second: 2, latency: 5}},
	}
	blocks := secondsOf([]pairRun{r})
	if len(blocks) != 1 || !slices.Equal(blocks[0].mine, []time.Duration{1}) || !slices.Equal(blocks[0].theirs, []time.Duration{4}) {
		t.Errorf("seconds: %+v", blocks)
	}
}
