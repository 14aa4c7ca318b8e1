package store

import (
	"errors"
	"sync/atomic"
)

// PoolerPgBouncer is DATABASE_POOLER's value for PgBouncer in transaction mode (pool_mode =
// transaction), where each transaction may run on another PostgreSQL session.
const PoolerPgBouncer = "pgbouncer"

// poolerMode is what stands between this process and PostgreSQL (UsePooler).
type poolerMode struct {
	// transaction is true behind a pooler in transaction mode: no prepared statements (PgBouncer
	// 1.18 keeps none across transactions) and no settings sent at connection start (it refuses
	// startup parameters it does not know).
	transaction bool
	// migrateURL, when set, is a direct connection for migrations: their advisory lock is held by
	// the session, which a pooler in transaction mode does not keep.
	migrateURL string
}

var pooler atomic.Pointer[poolerMode]

func currentPooler() poolerMode {
	if p := pooler.Load(); p != nil {
		return *p
	}
	return poolerMode{}
}

// UsePooler sets how the pools opened from then on reach PostgreSQL; call it once at start,
// before opening any. kind "" is the default, a direct connection (pgx's statement cache, the
// session settings of Open and OpenFixedPlans). kind "pgbouncer" is safe behind PgBouncer in
// transaction mode: no named prepared statements (pgx's cache_describe mode parses each
// statement unnamed in the round trip that runs it), no setting sent at connection start, and
// migrations over migrateURL, which must then be a direct connection. migrateURL alone moves
// only the migrations.
func UsePooler(kind, migrateURL string) error {
	switch kind {
	case "":
	case PoolerPgBouncer:
		if migrateURL == "" {
			return errors.New("DATABASE_POOLER=pgbouncer needs DATABASE_MIGRATE_URL, a direct connection to PostgreSQL for migrations (their lock lasts a session, which PgBouncer in transaction mode does not keep)")
		}
	default:
		return errors.New("DATABASE_POOLER must be empty (a direct connection) or pgbouncer (PgBouncer in transaction mode)")
	}
	pooler.Store(&poolerMode{transaction: kind == PoolerPgBouncer, migrateURL: migrateURL})
	return nil
}
