package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Querier runs statements: a pool, a connection, a transaction or a router of them (sqlc's DBTX).
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// CustomPlans runs q's statements as unnamed ones (their descriptions cached), which PostgreSQL
// plans for the arguments of each call; a pool from OpenCustomPlans does the same without parsing
// each call, where there is one. For statements with optional filters: a prepared
// statement's cached generic plan cannot fold the filters left out nor know how many listings a
// city has, and PostgreSQL switches to it after five calls whenever its estimate looks cheaper
// (a generic plan that sorted a whole large city for one filter took 24 ms where the custom one
// walks the city's index in 1).
func CustomPlans(q Querier) Querier { return customPlans{q} }

type customPlans struct{ q Querier }

func (c customPlans) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.q.Exec(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c customPlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.q.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

func (c customPlans) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.q.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}
