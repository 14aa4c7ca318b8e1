// Package store opens the PostgreSQL pool, applies migrations and translates database errors.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"runtime"
	"strings"
	"time"

	"github.com/amacneil/dbmate/v2/pkg/dbmate"
	_ "github.com/amacneil/dbmate/v2/pkg/driver/postgres" // dbmate's PostgreSQL driver
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/sql/migrations"
)

// Open connects a pool to databaseURL and checks that the database answers.
func Open(ctx context.Context, databaseURL string) (*pgxpool.Pool, error) {
	return open(ctx, databaseURL, nil)
}

// OpenFixedPlans connects a pool whose sessions always run a prepared statement's generic plan
// (plan_cache_mode=force_generic_plan). It is for statements whose text alone fixes the index:
// PostgreSQL would otherwise keep planning them afresh on every call, judging the generic plan
// costlier than custom ones when it is not. Statements with optional filters need custom plans
// and stay on the pool from Open.
func OpenFixedPlans(ctx context.Context, databaseURL string) (*pgxpool.Pool, error) {
	return open(ctx, databaseURL, fixedPlanSettings)
}

// fixedPlanSettings are the session settings of OpenFixedPlans's pools. No bitmap scans: each
// statement there walks its index in order or reads the matches from a covering index alone,
// and a bitmap scan does neither (a map box's page, estimated at a thousandth of a small table,
// would read every match's row).
var fixedPlanSettings = map[string]string{"plan_cache_mode": "force_generic_plan", "enable_bitmapscan": "off"}

// OpenCustomPlans connects a pool whose sessions plan every call of a prepared statement for its
// own arguments (plan_cache_mode=force_custom_plan): for statements with optional filters, whose
// cached generic plan cannot fold the filters left out (see CustomPlans). Each statement is still
// parsed once per connection, where CustomPlans parses it on every call: parsing was about a
// fifth of PostgreSQL's time for a filtered search (0.4 of 2.2 ms in the largest city;
// docs/benchmarks.md).
func OpenCustomPlans(ctx context.Context, databaseURL string) (*pgxpool.Pool, error) {
	return open(ctx, databaseURL, customPlanSettings)
}

// customPlanSettings are the session settings of OpenCustomPlans's pools.
var customPlanSettings = map[string]string{"plan_cache_mode": "force_custom_plan"}

func open(ctx context.Context, databaseURL string, settings map[string]string) (*pgxpool.Pool, error) {
	cfg, err := poolConfig(databaseURL, settings)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("reach database: %w", err)
	}
	return pool, nil
}

// poolConfig is the pool configuration of databaseURL with the server's session settings.
func poolConfig(databaseURL string, settings map[string]string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if currentPooler().transaction {
		// Behind PgBouncer in transaction mode: no named prepared statements, and no settings at
		// connection start (docs/scaling.md says to set jit = off on the database instead). Each
		// statement is parsed unnamed in the same round trip that runs it, with the parameter
		// types pgx learnt once per connection (exec mode, which guesses them from Go types, sent
		// a JSON []byte as bytea). The fixed plans' setting would not apply: unnamed statements
		// are planned per call.
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheDescribe
	} else {
		// No JIT compiling: the app's statements are short, and one the planner misjudges as
		// costly would spend 300 ms compiling (seen on the leaderboard's probe of user_xp at a
		// million users).
		if _, set := cfg.ConnConfig.RuntimeParams["jit"]; !set {
			cfg.ConnConfig.RuntimeParams["jit"] = "off"
		}
		maps.Copy(cfg.ConnConfig.RuntimeParams, settings)
	}
	cfg.ConnConfig.Tracer = statementTracer
	if !strings.Contains(databaseURL, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns()
	}
	return cfg, nil
}

// defaultMaxConns is two connections per core and two for queries waiting on I/O. More only
// queue on the same cores: a transaction that holds a row or page lock and loses its core makes
// every other one behind it wait too. With 16 on two cores, the ledger bench's approval p99 went
// over 50 ms in half its runs; with 6, in none (docs/benchmarks.md, runs 20–30). pool_max_conns in
// DATABASE_URL overrides it, e.g. for a database server with more cores than this one.
func defaultMaxConns() int32 {
	return int32(2*runtime.NumCPU() + 2)
}

// migrationLock is the advisory lock that keeps servers starting together from migrating at once.
const migrationLock = 727273

// Migrate applies every pending migration embedded in the binary.
func Migrate(ctx context.Context, pool *pgxpool.Pool, databaseURL string) error {
	_, err := MigrateCounting(ctx, pool, databaseURL)
	return err
}

// MigrateCounting is Migrate, reporting how many migrations it applied.
// The lock is PostgreSQL's session-level advisory lock, held on one connection while dbmate
// migrates over its own: behind a pooler in transaction mode both go over UsePooler's direct URL.
func MigrateCounting(ctx context.Context, pool *pgxpool.Pool, databaseURL string) (int, error) {
	if direct := currentPooler().migrateURL; direct != "" {
		directPool, err := pgxpool.New(ctx, direct)
		if err != nil {
			return 0, fmt.Errorf("open the migration connection: %w", err)
		}
		defer directPool.Close()
		pool, databaseURL = directPool, direct
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return 0, fmt.Errorf("lock migrations: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLock) //nolint:errcheck // released with the session anyway

	m := migrator(databaseURL)
	found, err := m.FindMigrations()
	if err != nil {
		return 0, fmt.Errorf("find migrations: %w", err)
	}
	pending := 0
	for _, f := range found {
		if !f.Applied {
			pending++
		}
	}
	if pending == 0 {
		return 0, nil
	}
	return pending, m.Migrate()
}

// RollbackAll undoes every applied migration, newest first (used by the migration tests).
func RollbackAll(databaseURL string) error {
	m := migrator(databaseURL)
	for {
		if err := m.Rollback(); errors.Is(err, dbmate.ErrNoRollback) {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// MigrateFrom applies the migrations of files (tests use it to build an older schema).
func MigrateFrom(files fs.FS, databaseURL string) error {
	m := migrator(databaseURL)
	m.FS = files
	return m.Migrate()
}

func migrator(databaseURL string) *dbmate.DB {
	u, err := url.Parse(databaseURL)
	if err != nil {
		u = &url.URL{}
	}
	// pool_max_conns and the like are pgxpool's; PostgreSQL refuses them as connection settings.
	query := u.Query()
	for name := range query {
		if strings.HasPrefix(name, "pool_") {
			query.Del(name)
		}
	}
	u.RawQuery = query.Encode()
	m := dbmate.New(u)
	m.FS = migrations.FS
	m.MigrationsDir = []string{"."}
	m.AutoDumpSchema = false
	m.Log = io.Discard
	return m
}

// Err turns the database's errors into the domain's: no rows is ErrNotFound,
// a unique violation is ErrAlreadyExists; anything else passes through.
func Err(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %w", apperr.ErrNotFound, err)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%w: %w", apperr.ErrAlreadyExists, err)
	}
	return err
}

// WithTx runs fn in one transaction, committing when it returns nil.
func WithTx(ctx context.Context, pool *pgxpool.Pool, fn func(q *db.Queries) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return fn(db.New(tx))
	})
}

// EscapeLike makes the user's text match literally inside a LIKE pattern (backslash escapes).
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
