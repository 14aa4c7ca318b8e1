package main

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// Every figure is judged against its target, and a figure without one of its own against the last
// recorded value (issue 11: no more than 20% worse).
func TestJudge(t *testing.T) {
	t.Parallel()
	last := &figure{Value: 10_000}
	for _, c := range []struct {
		name            string
		b               bound
		value           float64
		last            *figure
		target, verdict string
	}{
		{"p99 under its target", atMost(25), 24.9, nil, "≤ 25 ms", "met"},
		{"p99 over its target", atMost(25), 25.1, nil, "≤ 25 ms", "NOT MET"},
		{"throughput under its floor", atLeast(50), 36, nil, "≥ 50 ms", "NOT MET"},
		{"throughput 19% below the last recorded", noLowerThanRecorded(), 8_100, last, "≥ 80% of the last recorded: 8000 ms", "met"},
		{"throughput 21% below the last recorded", noLowerThanRecorded(), 7_900, last, "≥ 80% of the last recorded: 8000 ms", "NOT MET"},
		{"nothing recorded yet", noLowerThanRecorded(), 7_900, nil, "≥ 80% of the last recorded", "first record"},
	} {
		target, verdict := c.b.judge(c.value, "ms", c.last)
		if target != c.target || verdict != c.verdict {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, target, verdict, c.target, c.verdict)
		}
	}
}

// The figures of several runs are their medians, judged again.
func TestMedianRecord(t *testing.T) {
	t.Parallel()
	b := &benchmark{key: "k", title: "T", load: "L"}
	runs := []result{}
	for _, v := range []float64{30, 1, 2, 3, 40} {
		runs = append(runs, result{figures: []figure{
			newFigure("p99", "ms", v, atMost(25)),
			contextFigure("pgbench", "/s", 1000*v),
		}})
	}
	r := medianRecord(b, "abc1234", runs, nil)
	if len(r.Figures) != 1 || r.Figures[0].Value != 3 || r.Figures[0].Verdict != "met" || len(r.Context) != 1 || r.Context[0].Value != 3000 {
		t.Errorf("record: %+v", r)
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median of an even count: %v", m)
	}
}

// Recording a run replaces the benchmark's latest table and keeps the one it replaces among the
// recorded runs; the other benchmarks' tables stay.
func TestReplaceLatest(t *testing.T) {
	t.Parallel()
	doc := "# B\n<!-- latest a -->\nold a\n<!-- /latest a -->\n<!-- latest b -->\nold b\n<!-- /latest b -->\n## A\n<!-- recorded a -->\nolder a\n"
	got, err := replaceLatest(doc, "a", "new a\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "# B\n<!-- latest a -->\nnew a\n<!-- /latest a -->\n<!-- latest b -->\nold b\n<!-- /latest b -->\n## A\n<!-- recorded a -->\n\nold a\nolder a\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := replaceLatest(doc, "c", "x"); err == nil || !strings.Contains(err.Error(), "latest c") {
		t.Errorf("a benchmark without markers: %v", err)
	}
}

// A change says which way is better.
func TestChangeFrom(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		before, now float64
		higher      bool
		want        string
	}{
		{2, 3, false, "+50% (worse)"},
		{2, 1, false, "-50% (better)"},
		{100, 110, true, "+10% (better)"},
		{0, 2, false, "+2 (worse)"},
		{5, 5, true, "same"},
	} {
		if got := changeFrom(c.before, c.now, c.higher); got != c.want {
			t.Errorf("changeFrom(%v, %v, %v) = %q, want %q", c.before, c.now, c.higher, got, c.want)
		}
	}
}

// A comparison alternates the two binaries, flipping the order every round, five runs of each at
// least, and takes each figure's median per tree.
func TestCompareAlternates(t *testing.T) {
	t.Chdir(t.TempDir()) // no records: nothing to compare with, nothing written
	var order []string
	n := 0
	b := &benchmark{key: "k", title: "T", load: "L", run: func(_ context.Context, binary string) (result, error) {
		order = append(order, binary)
		n++
		return result{figures: []figure{newFigure("p99", "ms", float64(n), atMost(25))}}, nil
	}}
	if err := perform(context.Background(), b, "mine", "base", 4, false); !errors.Is(err, errMinCompareRuns) {
		t.Fatalf("four runs of each: %v", err)
	}
	if err := perform(context.Background(), b, "mine", "base", 5, false); err != nil {
		t.Fatal(err)
	}
	want := []string{"mine", "base", "base", "mine", "mine", "base", "base", "mine", "mine", "base"}
	if !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
}

// TestOverBySecond: the seconds of a run with requests over the target, and nothing when none.
func TestOverBySecond(t *testing.T) {
	t.Parallel()
	if got := overBySecond([]int{14, 0, 0, 2, 0}); got != "0s 14, 3s 2" {
		t.Errorf("got %q", got)
	}
	if got := overBySecond(make([]int, 11)); got != "" {
		t.Errorf("no request over the target: got %q", got)
	}
}
