package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
)

// recordFile holds the last recorded run of each benchmark, which every run is compared with
// (-record writes it, with the latest tables of docs/benchmarks.md).
const (
	recordFile = "docs/bench-latest.json"
	docsFile   = "docs/benchmarks.md"
)

// bound is a figure's target: at most limit, or at least limit; or, when relative, no worse than
// limit times the last recorded value (issue 11: no figure more than 20% worse than recorded).
type bound struct {
	limit    float64
	atLeast  bool
	relative bool
}

func atMost(limit float64) bound  { return bound{limit: limit} }
func atLeast(limit float64) bound { return bound{limit: limit, atLeast: true} }

// noLowerThanRecorded is the target of a figure that has none of its own, where higher is better
// (a throughput): at most 20% below the last recorded run.
func noLowerThanRecorded() bound {
	return bound{limit: 0.8, atLeast: true, relative: true}
}

// judge says the target for v in words, with its unit, and whether v meets it; last is the last
// recorded value of the figure, if any (relative targets need it).
func (b bound) judge(v float64, unit string, last *figure) (target, verdict string) {
	limit := b.limit
	op := "≤ "
	if b.atLeast {
		op = "≥ "
	}
	if b.relative {
		what := "of the last recorded"
		if last == nil {
			return fmt.Sprintf("%s%.0f%% %s", op, 100*b.limit, what), "first record"
		}
		limit = b.limit * last.Value
		target = fmt.Sprintf("%s%.0f%% %s: %s", op, 100*b.limit, what, amount(number(limit), unit))
	} else {
		target = op + amount(number(limit), unit)
	}
	if (b.atLeast && v >= limit) || (!b.atLeast && v <= limit) {
		return target, "met"
	}
	return target, "NOT MET"
}

// figure is one measured number of a run, with its target and verdict once judged, as recorded
// in recordFile.
type figure struct {
	Name    string  `json:"name"`
	Unit    string  `json:"unit"`
	Value   float64 `json:"value"`
	Target  string  `json:"target,omitempty"`
	Verdict string  `json:"verdict,omitempty"`
	bound   bound
	context bool // a figure of the machine, not of the server (pgbench): no target of its own
}

func newFigure(name, unit string, value float64, b bound) figure {
	return figure{Name: name, Unit: unit, Value: value, bound: b}
}

// contextFigure is a figure that tells how fast the machine was, not the server: no target, and
// higher is better (a throughput, a share of one).
func contextFigure(name, unit string, value float64) figure {
	return figure{Name: name, Unit: unit, Value: value, bound: bound{atLeast: true}, context: true}
}

// measured is the figure's value with its unit.
func (f figure) measured() string { return amount(number(f.Value), f.Unit) }

// amount puts a unit after a number: "1.25 ms", "36%", "9000/s", "4.5×", "0".
func amount(n, unit string) string {
	if unit == "" || unit == "%" || unit == "×" || strings.HasPrefix(unit, "/") {
		return n + unit
	}
	return n + " " + unit
}

// result is what one run measured: its figures, and how busy the machine was meanwhile.
type result struct {
	figures []figure
	machine machineLoad
}

// machineLoad is how busy the machine was during a run: the load average when it started, and
// over the measured part the share of the cores' time spent busy, the share of the time some
// task waited for a core, and the share the hypervisor stole.
type machineLoad struct {
	LoadAverage float64 `json:"loadAverage"`
	Busy        float64 `json:"busy"`    // %
	Waiting     float64 `json:"waiting"` // %
	Stolen      float64 `json:"stolen"`  // %
}

func (m machineLoad) String() string {
	return fmt.Sprintf("load average %.2f at the start; cores busy %.0f%%, some task waiting for a core %.0f%% of the time, %.1f%% stolen",
		m.LoadAverage, m.Busy, m.Waiting, m.Stolen)
}

// loadAverage is the machine's 1-minute load average (/proc/loadavg; 0 elsewhere).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var v float64
	_, _ = fmt.Sscan(string(b), &v)
	return v
}

// machineDuring turns the counters' difference over a run into its machineLoad.
func machineDuring(c machineCounters, start float64) machineLoad {
	m := machineLoad{LoadAverage: start}
	if c.all > 0 {
		m.Busy = 100 * float64(c.busy) / float64(c.all)
		m.Stolen = 100 * float64(c.stolen) / float64(c.all)
	}
	if c.elapsed > 0 {
		m.Waiting = 100 * float64(c.waited) * float64(time.Microsecond) / float64(c.elapsed)
	}
	return m
}

// record is the last recorded run (or the medians of several) of one benchmark.
type record struct {
	Title   string        `json:"title"`
	When    string        `json:"when"` // UTC
	Tree    string        `json:"tree"` // the commit measured, "+changes" when the tree had uncommitted ones
	Runs    int           `json:"runs"` // the figures are the medians of this many runs
	Load    string        `json:"load"` // the offered load: runs at another are not comparable
	Machine []machineLoad `json:"machine"`
	Figures []figure      `json:"figures"`
	Context []figure      `json:"context,omitempty"` // the machine's own speed: no targets

	// Settings are the measured cluster's fsync, synchronous_commit and full_page_writes.
	Settings string `json:"settings,omitempty"`
}

// figure is the record's figure (or context figure) of that name, nil when it has none.
func (r *record) figure(name string) *figure {
	if r == nil {
		return nil
	}
	for _, list := range [][]figure{r.Figures, r.Context} {
		if i := slices.IndexFunc(list, func(f figure) bool { return f.Name == name }); i >= 0 {
			return &list[i]
		}
	}
	return nil
}

// machineSummary says how busy the machine was over the record's runs.
func (r record) machineSummary() string {
	if len(r.Machine) == 1 {
		return r.Machine[0].String()
	}
	span := func(get func(machineLoad) float64, format string) string {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, m := range r.Machine {
			lo, hi = min(lo, get(m)), max(hi, get(m))
		}
		return fmt.Sprintf(format, lo, hi)
	}
	return span(func(m machineLoad) float64 { return m.LoadAverage }, "load average %.2f–%.2f at the starts; ") +
		span(func(m machineLoad) float64 { return m.Busy }, "cores busy %.0f–%.0f%%, ") +
		span(func(m machineLoad) float64 { return m.Waiting }, "some task waiting for a core %.0f–%.0f%% of the time, ") +
		span(func(m machineLoad) float64 { return m.Stolen }, "%.1f–%.1f%% stolen")
}

func readRecords() (map[string]record, error) {
	records := map[string]record{}
	b, err := os.ReadFile(recordFile)
	if errors.Is(err, fs.ErrNotExist) {
		return records, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the last recorded runs (run from the repository's root): %w", err)
	}
	if err := json.Unmarshal(b, &records); err != nil {
		return nil, fmt.Errorf("%s: %w", recordFile, err)
	}
	return records, nil
}

// medianRecord makes the record of runs of the tree: each figure the median of its values, judged
// against its target (relative targets against last, the last recorded run, which may be nil).
func medianRecord(b *benchmark, tree string, runs []result, last *record) record {
	r := record{Title: b.title, When: time.Now().UTC().Format("2006-01-02 15:04 UTC"), Tree: tree, Runs: len(runs), Load: b.load, Settings: b.settings}
	for _, run := range runs {
		r.Machine = append(r.Machine, run.machine)
	}
	for i, f := range runs[0].figures {
		values := make([]float64, len(runs))
		for j, run := range runs {
			values[j] = run.figures[i].Value
		}
		m := f
		m.Value = median(values)
		if f.context {
			r.Context = append(r.Context, m)
			continue
		}
		m.Target, m.Verdict = f.bound.judge(m.Value, f.Unit, last.figure(f.Name))
		r.Figures = append(r.Figures, m)
	}
	return r
}

func median(values []float64) float64 {
	s := slices.Clone(values)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// treeVersion is the commit of the working tree the bench runs in, marked when it has changes
// (other than to documents, which recording writes).
func treeVersion(ctx context.Context) string {
	out, err := exec.CommandContext(ctx, "git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	v := strings.TrimSpace(string(out))
	status, err := exec.CommandContext(ctx, "git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)docs", ":(exclude)*.md").Output()
	if err == nil && len(status) > 0 {
		v += "+changes"
	}
	return v
}

// printVerdict prints every figure of r against its target, saying met or not met, and against
// last, the last recorded run of the same benchmark (nil when there is none), with the change.
func printVerdict(r record, last *record) {
	fmt.Printf("\n%s: %s; cluster settings %s\n", r.Title, runsPhrase(r.Runs), r.Settings)
	if last != nil {
		fmt.Printf("last recorded (%s): %s, tree %s, %s; machine: %s\n", recordFile, last.When, last.Tree, runsPhrase(last.Runs), last.machineSummary())
		if last.Load != r.Load {
			fmt.Printf("  the last recorded run had another load (%s; now %s): the changes compare unlike runs\n", last.Load, r.Load)
		}
		if last.Settings != r.Settings {
			fmt.Printf("  the last recorded run had other cluster settings (%s; now %s): the changes compare unlike runs\n", cmp.Or(last.Settings, "not recorded"), r.Settings)
		}
	} else {
		fmt.Printf("no recorded run of this benchmark in %s yet (-record writes one)\n", recordFile)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "figure\tmeasured\ttarget\tverdict\tlast recorded\tchange\t")
	met := 0
	row := func(f figure, target, verdict string) {
		previous, change := "—", "—"
		if p := last.figure(f.Name); p != nil {
			previous, change = p.measured(), changeFrom(p.Value, f.Value, f.bound.atLeast)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t\n", f.Name, f.measured(), target, verdict, previous, change)
	}
	for _, f := range r.Figures {
		if f.Verdict == "met" {
			met++
		}
		row(f, f.Target, f.Verdict)
	}
	for _, f := range r.Context {
		row(f, "—", "(the machine's)")
	}
	w.Flush()
	fmt.Printf("targets met: %d of %d; machine: %s\n", met, len(r.Figures), r.machineSummary())
}

func runsPhrase(n int) string {
	if n == 1 {
		return "one run"
	}
	return fmt.Sprintf("medians of %d runs", n)
}

// changeFrom says how now differs from before, and whether that is better or worse for a figure
// where higher (or lower) is better.
func changeFrom(before, now float64, higherIsBetter bool) string {
	if before == now {
		return "same"
	}
	better := (now > before) == higherIsBetter
	word := "worse"
	if better {
		word = "better"
	}
	if before == 0 {
		return fmt.Sprintf("%+g (%s)", now-before, word)
	}
	return fmt.Sprintf("%+.0f%% (%s)", 100*(now-before)/before, word)
}

// number prints a figure with the precision its size needs.
func number(v float64) string {
	switch a := math.Abs(v); {
	case v == math.Trunc(v) && a < 1e15:
		return fmt.Sprintf("%.0f", v)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// printComparison prints the medians of the runs of two trees side by side, each run's values
// after them, and each tree's verdict against the targets.
func printComparison(mine, theirs record, mineRuns, theirRuns []result, mineBin, theirBin string) {
	fmt.Printf("\ncomparison, %d alternating runs of each: %s (this tree) against %s\n", len(mineRuns), mineBin, theirBin)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "figure\tmedian, %s\tmedian, %s\tchange\ttarget\tthis tree\tother tree\truns, this tree\truns, other tree\t\n", mineBin, theirBin)
	values := func(runs []result, i int) string {
		parts := make([]string, len(runs))
		for j, r := range runs {
			parts[j] = number(r.figures[i].Value)
		}
		return strings.Join(parts, ", ")
	}
	all := func(r record) []figure { return append(slices.Clone(r.Figures), r.Context...) }
	index := func(name string) int {
		return slices.IndexFunc(mineRuns[0].figures, func(f figure) bool { return f.Name == name })
	}
	theirAll := all(theirs)
	for k, f := range all(mine) {
		g, i := theirAll[k], index(f.Name)
		target, mv, tv := f.Target, f.Verdict, g.Verdict
		if f.context {
			target, mv, tv = "—", "(the machine's)", "(the machine's)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", f.Name, f.measured(), g.measured(),
			changeFrom(g.Value, f.Value, f.bound.atLeast), target, mv, tv, values(mineRuns, i), values(theirRuns, i))
	}
	w.Flush()
	fmt.Printf("machine, this tree's runs: %s\nmachine, the other tree's runs: %s\n", mine.machineSummary(), theirs.machineSummary())
}

// saveRecord writes r as the benchmark's last recorded run and rewrites its latest table in
// docsFile, moving the table it replaces to the top of the benchmark's recorded runs there.
func saveRecord(key string, r record) error {
	records, err := readRecords()
	if err != nil {
		return err
	}
	doc, err := os.ReadFile(docsFile)
	if err != nil {
		return err
	}
	updated, err := replaceLatest(string(doc), key, latestTable(r))
	if err != nil {
		return err
	}
	records[key] = r
	b, err := json.MarshalIndent(records, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(recordFile, append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(docsFile, []byte(updated), 0o644); err != nil { //nolint:gosec // G703: a constant path in the repository, rewritten from its own text
		return err
	}
	fmt.Printf("\nrecorded in %s and the latest table of %s\n", recordFile, docsFile)
	return nil
}

// The markers around a benchmark's latest table in docsFile, and where its earlier ones go.
func latestMarkers(key string) (begin, end, history string) {
	return "<!-- latest " + key + " -->\n", "<!-- /latest " + key + " -->\n", "<!-- recorded " + key + " -->\n"
}

// replaceLatest puts table between the benchmark's markers in doc, and the table it replaces
// right after the benchmark's history marker.
func replaceLatest(doc, key, table string) (string, error) {
	begin, end, history := latestMarkers(key)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("%s has no %q … %q around the latest table of %s", docsFile, strings.TrimSpace(begin), strings.TrimSpace(end), key)
	}
	old := doc[i+len(begin) : j]
	doc = doc[:i+len(begin)] + table + doc[j:]
	if strings.TrimSpace(old) == "" {
		return doc, nil
	}
	h := strings.Index(doc, history)
	if h < 0 {
		return "", fmt.Errorf("%s has no %q for the table the new one replaces", docsFile, strings.TrimSpace(history))
	}
	h += len(history)
	return doc[:h] + "\n" + old + doc[h:], nil
}

// durability reads the settings a power cut tests (fsync, synchronous_commit, full_page_writes)
// from the cluster of url, as "fsync=on synchronous_commit=on full_page_writes=on".
func durability(ctx context.Context, url string) (string, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return "", fmt.Errorf("read the cluster's settings: %w", err)
	}
	defer conn.Close(ctx)
	var s string
	err = conn.QueryRow(ctx, `SELECT string_agg(name || '=' || setting, ' ' ORDER BY array_position($1::text[], name))
		FROM pg_settings WHERE name = ANY($1)`, []string{"fsync", "synchronous_commit", "full_page_writes"}).Scan(&s)
	if err != nil {
		return "", fmt.Errorf("read the cluster's settings: %w", err)
	}
	return s, nil
}

// latestTable is the markdown of a record: when and what was measured, then every figure with
// its target and verdict.
func latestTable(r record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, tree %s, %s; %s. Cluster: %s. Machine: %s.\n\n", r.When, r.Tree, runsPhrase(r.Runs), r.Load, r.Settings, r.machineSummary())
	b.WriteString("| figure | measured | target | verdict |\n|---|---:|---|---|\n")
	for _, f := range r.Figures {
		verdict := f.Verdict
		if verdict == "NOT MET" {
			verdict = "**not met**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", f.Name, f.measured(), f.Target, verdict)
	}
	for _, f := range r.Context {
		fmt.Fprintf(&b, "| %s | %s | — | (the machine's speed) |\n", f.Name, f.measured())
	}
	return b.String()
}
