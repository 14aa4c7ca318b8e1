// Package ratelimit counts limited actions (sign-in attempts, registrations, reports, reviews)
// in PostgreSQL, so a limit holds across restarts, across several servers and under parallel
// requests: an event is reserved before the action runs, under an advisory lock on each of its
// keys, so N parallel attempts against a limit of L let exactly L through.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
)

// Rule allows at most Max events under Key within the sliding Window.
type Rule struct {
	Key    string
	Max    int
	Window time.Duration
}

// LongestWindow is the longest window any rule uses; older events are deleted by Housekeep.
const LongestWindow = 24 * time.Hour

// Exceeded is the refusal when a rule has no room left: RetryAfter is when its oldest event
// leaves the window. It matches apperr.ErrResourceExhausted; callers turn it into their message.
type Exceeded struct {
	Rule       Rule
	RetryAfter time.Duration
}

func (e *Exceeded) Error() string {
	return fmt.Sprintf("limit %q reached: %d in %s", e.Rule.Key, e.Rule.Max, e.Rule.Window)
}

// Unwrap lets errors.Is(err, apperr.ErrResourceExhausted) match.
func (e *Exceeded) Unwrap() error { return apperr.ErrResourceExhausted }

// Reservation names the events Reserve recorded, so an attempt that should not count can give
// them back with Release.
type Reservation []int64

// Reserve records one event under every rule's key when all of them have room, and otherwise
// records nothing and returns *Exceeded for the first full rule. q must be inside a transaction:
// the keys stay locked until it ends, so concurrent callers are counted one after another. Call
// it first in the transaction (before any row lock), so lock order is always the same. Clear is
// the exception: a success may take the keys' locks after rows of its own (a password reset
// forgets the user's devices first). That cannot deadlock: every holder of those keys takes them
// either before any row (Reserve, in sign-in's short transactions of its own) or last (Clear).
func Reserve(ctx context.Context, q *db.Queries, rules ...Rule) (Reservation, error) {
	keys := make([]string, len(rules))
	windows := make([]int32, len(rules))
	for i, r := range rules {
		keys[i], windows[i] = r.Key, int32(r.Window/time.Second)
	}
	if err := q.LockRateKeys(ctx, keys); err != nil {
		return nil, fmt.Errorf("lock rate keys: %w", err)
	}
	counts, err := q.CountRateEvents(ctx, db.CountRateEventsParams{Keys: keys, WindowSeconds: windows})
	if err != nil {
		return nil, fmt.Errorf("count rate events: %w", err)
	}
	for _, r := range rules {
		for _, c := range counts {
			if c.Key == r.Key && int(c.Events) >= r.Max {
				return nil, &Exceeded{Rule: r, RetryAfter: max(time.Until(c.RetryAt), time.Second)}
			}
		}
	}
	ids, err := q.RecordRateEvents(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("record rate events: %w", err)
	}
	return ids, nil
}

// Release gives reserved events back.
func Release(ctx context.Context, q *db.Queries, r Reservation) error {
	if len(r) == 0 {
		return nil
	}
	if err := q.ReleaseRateEvents(ctx, r); err != nil {
		return fmt.Errorf("release rate events: %w", err)
	}
	return nil
}

// Clear forgets every event under keys, other attempts' too, once it holds the keys' locks (as
// Reserve takes them).
func Clear(ctx context.Context, q *db.Queries, keys ...string) error {
	if err := q.LockRateKeys(ctx, keys); err != nil {
		return fmt.Errorf("lock rate keys: %w", err)
	}
	if err := q.ClearRateEvents(ctx, keys); err != nil {
		return fmt.Errorf("clear rate events: %w", err)
	}
	return nil
}

// Settle is a success: it forgets every event under keys (Clear), then gives the rest of r back.
// In that order: two sign-ins to one account that each gave their own event back first and then
// cleared the other's waited for each other, and PostgreSQL aborted one (40P01).
func Settle(ctx context.Context, q *db.Queries, r Reservation, keys ...string) error {
	if err := Clear(ctx, q, keys...); err != nil {
		return err
	}
	return Release(ctx, q, r)
}

// Housekeep deletes events older than the longest window.
func Housekeep(ctx context.Context, q *db.Queries) error {
	if err := q.DeleteOldRateEvents(ctx, int32(LongestWindow/time.Second)); err != nil {
		return fmt.Errorf("delete old rate events: %w", err)
	}
	return nil
}

// Network is the part of a client address that limits count against: the address itself for
// IPv4, its /64 for IPv6 (one subscriber usually holds a whole /64, so rotating inside it gains
// nothing). Anything unparsable counts as itself.
func Network(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return a.String()
	}
	return p.String()
}

// IsExceeded returns the refusal inside err, if any.
func IsExceeded(err error) (*Exceeded, bool) {
	var e *Exceeded
	ok := errors.As(err, &e)
	return e, ok
}
