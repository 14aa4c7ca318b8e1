package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// replicaRetry is how long Reads keeps to the primary after the replica failed to answer, before
// it tries the replica again: one failed attempt a second at most, never an outage's worth.
const replicaRetry = time.Second

// Reads runs sqlc's statements (it is a db.DBTX) on a streaming replica when the request's
// context allows it (ReplicaAllowed) and the replica answers, and on the primary otherwise. Exec
// always goes to the primary: only a write has no rows to read. A statement the replica fails
// for a reason other than the request's own end runs again on the primary, so a replica that is
// down, starting or cancelling a statement for a conflict with recovery costs time, never an
// error.
type Reads struct {
	primary, replica *pgxpool.Pool
	downUntil        *atomic.Int64 // unix nanoseconds: the replica is skipped until then
}

// NewReads returns the router over primary and replica; a nil replica reads from the primary
// only.
func NewReads(primary, replica *pgxpool.Pool) *Reads {
	return &Reads{primary: primary, replica: replica, downUntil: new(atomic.Int64)}
}

// Beside returns a router over two other pools of the same two servers (e.g. OpenFixedPlans's),
// which shares r's view of whether the replica is down.
func (r *Reads) Beside(primary, replica *pgxpool.Pool) *Reads {
	return &Reads{primary: primary, replica: replica, downUntil: r.downUntil}
}

type replicaKey struct{}

// AllowReplica marks ctx as a request whose reads may come from the replica: a public read
// whose client has not written lately (read-your-writes), which decides no limit or permission.
func AllowReplica(ctx context.Context) context.Context {
	return context.WithValue(ctx, replicaKey{}, true)
}

// ReplicaAllowed reports whether AllowReplica marked ctx.
func ReplicaAllowed(ctx context.Context) bool {
	allowed, _ := ctx.Value(replicaKey{}).(bool)
	return allowed
}

// onReplica reports whether a read with ctx goes to the replica now.
func (r *Reads) onReplica(ctx context.Context) bool {
	return r.replica != nil && ReplicaAllowed(ctx) && time.Now().UnixNano() >= r.downUntil.Load()
}

// Exec runs a statement on the primary.
func (r *Reads) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return r.primary.Exec(ctx, sql, args...)
}

// Query runs a query on the replica when ctx allows it, falling back to the primary.
func (r *Reads) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if r.onReplica(ctx) {
		rows, err := r.replica.Query(ctx, sql, args...)
		if err == nil {
			return &fallbackRows{Rows: rows, reads: r, ctx: ctx, sql: sql, args: args}, nil
		}
		if !r.fallBack(ctx, err) {
			return nil, err
		}
	}
	return r.primary.Query(ctx, sql, args...)
}

// fallbackRows are the replica's rows of a query, which turn into the primary's when the replica
// fails before the first row (pgx may report a broken connection only there).
type fallbackRows struct {
	pgx.Rows
	reads   *Reads
	ctx     context.Context
	sql     string
	args    []any
	started bool
}

func (f *fallbackRows) Next() bool {
	if f.started {
		return f.Rows.Next()
	}
	f.started = true
	if f.Rows.Next() {
		return true
	}
	err := f.Err()
	if err == nil || !f.reads.fallBack(f.ctx, err) {
		return false
	}
	f.Close()
	rows, err := f.reads.primary.Query(f.ctx, f.sql, f.args...)
	if err != nil {
		f.Rows = errRows{Rows: f.Rows, err: err}
		return false
	}
	f.Rows = rows
	return f.Rows.Next()
}

// errRows are closed rows that report err.
type errRows struct {
	pgx.Rows
	err error
}

func (e errRows) Err() error { return e.err }

// QueryRow runs a one-row query on the replica when ctx allows it, falling back to the primary
// (pgx reports a row's error at Scan, so the row decides there).
func (r *Reads) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if r.onReplica(ctx) {
		return &fallbackRow{reads: r, ctx: ctx, sql: sql, args: args}
	}
	return r.primary.QueryRow(ctx, sql, args...)
}

type fallbackRow struct {
	reads *Reads
	ctx   context.Context
	sql   string
	args  []any
}

func (f *fallbackRow) Scan(dest ...any) error {
	err := f.reads.replica.QueryRow(f.ctx, f.sql, f.args...).Scan(dest...)
	if err == nil || errors.Is(err, pgx.ErrNoRows) || !f.reads.fallBack(f.ctx, err) {
		return err
	}
	return f.reads.primary.QueryRow(f.ctx, f.sql, f.args...).Scan(dest...)
}

// fallBack reports whether a read the replica failed with err should run on the primary, and
// stops sending reads to the replica for a while when err says it is unreachable or going away.
func (r *Reads) fallBack(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false // the request is over: nobody waits for a second try
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57") {
		r.downUntil.Store(time.Now().Add(replicaRetry).UnixNano())
	}
	return true
}

// replicaConnectTimeout bounds connecting to the replica when its URL sets no connect_timeout:
// a replica whose host stopped answering costs a read that long once a second (replicaRetry),
// then the read runs on the primary.
const replicaConnectTimeout = 2 * time.Second

// ReplicaPools are the pools of a streaming replica, like Open's, OpenFixedPlans's and
// OpenCustomPlans's.
type ReplicaPools struct {
	Pool, FixedPlans, CustomPlans *pgxpool.Pool
}

// Close closes the three pools.
func (r ReplicaPools) Close() {
	for _, p := range []*pgxpool.Pool{r.Pool, r.FixedPlans, r.CustomPlans} {
		if p != nil {
			p.Close()
		}
	}
}

// OpenReplica makes the pools of a streaming replica at replicaURL without waiting for it: the
// server starts while its replica is down, reading from the primary until the replica answers.
func OpenReplica(replicaURL string) (ReplicaPools, error) {
	var pools [3]*pgxpool.Pool
	for i, settings := range []map[string]string{nil, fixedPlanSettings, customPlanSettings} {
		cfg, err := poolConfig(replicaURL, settings)
		if err == nil {
			if !strings.Contains(replicaURL, "connect_timeout") {
				cfg.ConnConfig.ConnectTimeout = replicaConnectTimeout
			}
			pools[i], err = pgxpool.NewWithConfig(context.Background(), cfg)
		}
		if err != nil {
			ReplicaPools{pools[0], pools[1], pools[2]}.Close()
			return ReplicaPools{}, fmt.Errorf("open replica: %w", err)
		}
	}
	return ReplicaPools{pools[0], pools[1], pools[2]}, nil
}
