package account

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Brute-force limits on sign-in and recovery attempts, in a sliding window. Each attempt is
// reserved before any secret is checked, so parallel attempts get exactly the limit; a success
// gives its reservation back.
//
// Failures are counted tightly per account and client network, so guessing from one place stops
// quickly without locking the account for anyone else; loosely per account from everywhere, so a
// guesser spread over many networks stops too; and per network across accounts, against
// credential stuffing. A browser that signed in to the account before (a device cookie) is
// counted on its own instead of by network and is not held by the account-wide limit, so
// nobody can lock an account's owner out by failing from elsewhere.
//
// The window and the failures per account and network are the contract's (vocab.Published),
// which the pages quote.
var (
	// FailureWindow is the sliding window failures are counted in.
	FailureWindow = time.Duration(vocab.Published.GetAccount().GetSignInWindowMinutes()) * time.Minute
	// MaxAccountNetworkFailures bounds an account's failures from one network (or one known device).
	MaxAccountNetworkFailures = int(vocab.Published.GetAccount().GetSignInFailures())
)

// The wider bounds, which no page quotes.
const (
	// MaxAccountFailures bounds an account's failures from all networks together.
	MaxAccountFailures = 50
	// MaxNetworkFailures bounds a network's failures across accounts: several people may share
	// one address (an office, a campus), so it is wider than an account's.
	MaxNetworkFailures = 30
)

// Limits are the limits an operator tunes (and tests raise).
type Limits struct {
	// RegistrationsPerNetwork bounds the accounts created from one client network in 24 hours.
	RegistrationsPerNetwork int
}

// DefaultLimits are the limits when none are configured.
var DefaultLimits = Limits{RegistrationsPerNetwork: 10}

// attempt is one sign-in or recovery attempt: the counters it touches.
type attempt struct {
	rules []ratelimit.Rule
	// tight are the counters a success clears (the account's from this network or device).
	tight []string
	// wide are the account-wide counters (none when a known device is not held by them), and
	// whenWide the refusal when one is full (nil: the usual one).
	wide     []string
	whenWide func(retryAfter time.Duration) error
}

// newAttempt names the counters of an attempt at scope (login, find, recover) on the accounts
// named (usually one: the identifier typed; a password confirmation counts on each identifier of
// its account), as seen from the request's client; known says the browser signed in to the
// account before.
func newAttempt(ctx context.Context, scope string, known bool, accounts ...string) attempt {
	network := ratelimit.Network(identity.ClientFrom(ctx).IP)
	var a attempt
	for _, account := range accounts {
		accountKey := scope + ":acct:" + account
		if known {
			device := fmt.Sprintf("%x", HashToken(deviceFrom(ctx))[:16])
			tight := ratelimit.Rule{Key: accountKey + ":device:" + device, Max: MaxAccountNetworkFailures, Window: FailureWindow}
			a.rules, a.tight = append(a.rules, tight), append(a.tight, tight.Key)
			continue
		}
		tight := ratelimit.Rule{Key: accountKey + ":net:" + network, Max: MaxAccountNetworkFailures, Window: FailureWindow}
		loose := ratelimit.Rule{Key: accountKey, Max: MaxAccountFailures, Window: FailureWindow}
		a.rules, a.tight, a.wide = append(a.rules, tight, loose), append(a.tight, tight.Key), append(a.wide, loose.Key)
	}
	a.rules = append(a.rules, ratelimit.Rule{Key: "auth:net:" + network, Max: MaxNetworkFailures, Window: FailureWindow})
	return a
}

// reserve counts the attempt as a failure before its secret is checked, or refuses it when a
// counter is full (even with the right secret, until the window has passed).
func (s *Service) reserve(ctx context.Context, a attempt) (ratelimit.Reservation, error) {
	var r ratelimit.Reservation
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		var err error
		r, err = ratelimit.Reserve(ctx, q, a.rules...)
		return err
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		if a.whenWide != nil && slices.Contains(a.wide, e.Rule.Key) {
			return nil, a.whenWide(e.RetryAfter)
		}
		return nil, tooManyFailures(e.RetryAfter)
	}
	return r, err
}

// succeeded clears a successful attempt's tight counters and gives the rest of its reservation back.
func succeeded(ctx context.Context, q *db.Queries, a attempt, r ratelimit.Reservation) error {
	return ratelimit.Settle(ctx, q, r, a.tight...)
}

// tooManyFailures refuses an attempt until the oldest failure in the window has left it.
func tooManyFailures(retryAfter time.Duration) error {
	return &apperr.Error{
		Kind:       apperr.ErrResourceExhausted,
		Message:    "Too many failed attempts. Please try again in " + waitText(retryAfter) + ".",
		RetryAfter: retryAfter,
	}
}

// waitText says how long to wait in words: "1 minute", "12 minutes", "3 hours".
func waitText(d time.Duration) string {
	if d > 90*time.Minute {
		return plural(int(math.Ceil(d.Hours())), "hour")
	}
	return plural(max(1, int(math.Ceil(d.Minutes()))), "minute")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
