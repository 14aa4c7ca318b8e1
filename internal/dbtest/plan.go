package dbtest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// lastStatement keeps the last statement a connection sent and its arguments, but for the
// transaction's own (a statement run in a transaction is explained after its rollback).
type lastStatement struct {
	sql  string
	args []any
}

func (r *lastStatement) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	switch strings.ToLower(strings.TrimSpace(data.SQL)) {
	case "begin", "commit", "rollback":
	default:
		r.sql, r.args = data.SQL, data.Args
	}
	return ctx
}

func (r *lastStatement) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Planner opens one connection to pool's database whose statements can be explained: run them on
// conn (in a transaction rolled back, for those that write), and explain returns the plan
// (EXPLAIN (FORMAT JSON)) of the last one sent, as a prepared statement planned in a plan cache
// mode (force_generic_plan, the plan a prepared statement may settle on; force_custom_plan,
// planned for the call's arguments) under settings ("enable_seqscan = off", …), which it resets
// when the test ends. Subtests take turns on the connection.
func Planner(t *testing.T, pool *pgxpool.Pool) (conn *pgxpool.Conn, explain func(t *testing.T, mode string, settings ...string) string) {
	t.Helper()
	ctx := context.Background()
	cfg := pool.Config()
	cfg.MaxConns = 1
	rec := &lastStatement{}
	cfg.ConnConfig.Tracer = rec
	one, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(one.Close)
	if conn, err = one.Acquire(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Release)
	explain = func(t *testing.T, mode string, settings ...string) string {
		t.Helper()
		statement, args := rec.sql, rec.args
		t.Cleanup(func() { conn.Exec(ctx, "RESET ALL") }) //nolint:errcheck // a later failure says enough
		for _, s := range append([]string{"plan_cache_mode = " + mode}, settings...) {
			if _, err := conn.Exec(ctx, "SET "+s); err != nil {
				t.Fatalf("SET %s: %v", s, err)
			}
		}
		if _, err := conn.Exec(ctx, "PREPARE planned AS "+statement); err != nil {
			t.Fatalf("prepare %s: %v", statement, err)
		}
		t.Cleanup(func() { conn.Exec(ctx, "DEALLOCATE planned") }) //nolint:errcheck // a later failure says enough
		execute := "EXECUTE planned"
		if len(args) > 0 {
			placeholders := make([]string, len(args))
			for i := range args {
				placeholders[i] = fmt.Sprintf("$%d", i+1)
			}
			execute += "(" + strings.Join(placeholders, ", ") + ")"
		}
		var plan string
		if err := conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+execute,
			append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...).Scan(&plan); err != nil {
			t.Fatalf("explain %s: %v", statement, err)
		}
		return plan
	}
	return conn, explain
}
