package jobs_test

import (
	"context"
	"errors"
	"testing"

	"github.com/rentproof/rentproof/internal/metrics/jobs"
)

// A run is counted however it ends; a failure only when the error is not the end of ctx.
func TestFailedCountsRunsAndFailures(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	boom := errors.New("boom")
	if jobs.Failed(ctx, "test_job", nil) || !jobs.Failed(ctx, "test_job", boom) {
		t.Fatal("a run without error failed, or one with an error did not")
	}
	cancel()
	if jobs.Failed(ctx, "test_job", context.Canceled) {
		t.Error("a run cut short by shutdown counted as failed")
	}
	var runs, failures uint64
	jobs.Each(func(name string, r, f uint64) {
		if name == "test_job" {
			runs, failures = r, f
		}
	})
	if runs != 3 || failures != 1 {
		t.Errorf("runs %d, failures %d; want 3 and 1", runs, failures)
	}
}
