package main

import (
	"os"

	"github.com/rentproof/rentproof/internal/store"
)

// usePooler reads DATABASE_POOLER (empty: a direct connection; pgbouncer: PgBouncer in
// transaction mode) and DATABASE_MIGRATE_URL (a direct connection for migrations), as
// docs/scaling.md explains. It must run before the database is opened.
func usePooler() error {
	return store.UsePooler(os.Getenv("DATABASE_POOLER"), os.Getenv("DATABASE_MIGRATE_URL"))
}
