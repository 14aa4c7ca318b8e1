package account

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
)

// Brute-force limits: failed sign-ins and recovery answers inside a sliding window, counted in
// PostgreSQL per account and per client address. An address gets more room than an account,
// since several people may share one (an office, a campus).
const (
	FailureWindow       = 15 * time.Minute
	MaxAccountFailures  = 10
	MaxAddressFailures  = 30
	failureWindowSecond = int32(FailureWindow / time.Second)
)

// tooManyFailures refuses an attempt until the oldest failure in the window has left it.
func tooManyFailures(retryAfter time.Duration) error {
	minutes := int(math.Ceil(retryAfter.Minutes()))
	unit := "minutes"
	if minutes <= 1 {
		minutes, unit = 1, "minute"
	}
	return &apperr.Error{
		Kind:       apperr.ErrResourceExhausted,
		Message:    fmt.Sprintf("Too many failed attempts. Please try again in %d %s.", minutes, unit),
		RetryAfter: retryAfter,
	}
}

// throttleKeys names the counters one attempt touches: the account's and the client address's.
func throttleKeys(ctx context.Context, scope, account string) (accountKey, addressKey string) {
	return scope + ":" + strings.ToLower(account), "address:" + ClientFrom(ctx).IP
}

// checkThrottle refuses the attempt when either counter is full, before any secret is checked,
// so even the right password is refused until the window has passed.
func checkThrottle(ctx context.Context, q *db.Queries, accountKey, addressKey string) error {
	rows, err := q.RecentFailures(ctx, db.RecentFailuresParams{
		WindowSeconds: failureWindowSecond, Keys: []string{accountKey, addressKey},
	})
	if err != nil {
		return fmt.Errorf("count failures: %w", err)
	}
	for _, r := range rows {
		limit := MaxAccountFailures
		if r.Key == addressKey {
			limit = MaxAddressFailures
		}
		if int(r.Failures) >= limit {
			return tooManyFailures(max(time.Until(r.RetryAt), time.Second))
		}
	}
	return nil
}

// recordFailure counts one failed attempt against both counters.
func recordFailure(ctx context.Context, q *db.Queries, accountKey, addressKey string) error {
	if err := q.RecordFailures(ctx, []string{accountKey, addressKey}); err != nil {
		return fmt.Errorf("record failure: %w", err)
	}
	return nil
}
