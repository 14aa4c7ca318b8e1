// Package jobs counts the runs and failures of the background jobs (housekeeping, refunds, review
// counting), for the metrics endpoint. It imports nothing beyond the standard library, so the
// domains that run a job's loop may count it without taking on HTTP or Prometheus.
package jobs

import (
	"context"
	"sort"
	"sync"
	"sync/atomic"
)

type counts struct{ runs, failures atomic.Uint64 }

var byName sync.Map // job name → *counts

// Failed counts one run of the job name that ended with err, and reports whether it failed: err
// is not nil and ctx is not over (a run cut short by shutdown is a run, not a failure). It fits the
// condition of the if that logs the failure.
func Failed(ctx context.Context, name string, err error) bool {
	c, ok := byName.Load(name)
	if !ok {
		c, _ = byName.LoadOrStore(name, new(counts))
	}
	cs := c.(*counts)
	cs.runs.Add(1)
	failed := err != nil && ctx.Err() == nil
	if failed {
		cs.failures.Add(1)
	}
	return failed
}

// Each calls fn with every job counted so far, by name.
func Each(fn func(name string, runs, failures uint64)) {
	var names []string
	byName.Range(func(k, _ any) bool {
		names = append(names, k.(string))
		return true
	})
	sort.Strings(names)
	for _, name := range names {
		c, _ := byName.Load(name)
		cs := c.(*counts)
		fn(name, cs.runs.Load(), cs.failures.Load())
	}
}
