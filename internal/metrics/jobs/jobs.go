// Package jobs counts the runs and failures of the background jobs (housekeeping, refunds, review
// counting), for the metrics endpoint. It imports nothing beyond the standard library, so the
// domains that run a job's loop may count it without taking on HTTP or Prometheus.
package jobs

import (
	"context"
	"maps"
	"slices"
	"sync"
)

type counts struct{ runs, failures uint64 }

var (
	mu     sync.Mutex
	byName = map[string]*counts{}
)

// Failed counts one run of the job name that ended with err, and reports whether it failed: err
// is not nil and ctx is not over (a run cut short by shutdown is a run, not a failure). It fits the
// condition of the if that logs the failure.
func Failed(ctx context.Context, name string, err error) bool {
	failed := err != nil && ctx.Err() == nil
	mu.Lock()
	defer mu.Unlock()
	c := byName[name]
	if c == nil {
		c = &counts{}
		byName[name] = c
	}
	c.runs++
	if failed {
		c.failures++
	}
	return failed
}

// Each calls fn with every job counted so far, by name.
func Each(fn func(name string, runs, failures uint64)) {
	mu.Lock()
	snapshot := make(map[string]counts, len(byName))
	for name, c := range byName {
		snapshot[name] = *c
	}
	mu.Unlock()
	for _, name := range slices.Sorted(maps.Keys(snapshot)) {
		fn(name, snapshot[name].runs, snapshot[name].failures)
	}
}
