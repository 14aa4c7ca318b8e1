package main

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// Every per-row trigger of a table a data set builder loads is paused for the load or accounted
// for (bulkTriggers): a new trigger that keeps a shared row would otherwise make a large build run
// for hours (issue 26: a million listings each updating one of 40 neighbourhood rows). Each builder
// runs on a small scale in a migrated database, counting the calls of trigger functions; the tables
// it wrote are read from PostgreSQL's statistics, so a table written by a function or a trigger
// counts too. A paused trigger must never fire, be on again after the build, and what it keeps
// must match a count from scratch.
func TestBulkLoadTriggers(t *testing.T) {
	t.Chdir("../..") // the gamification builder reads the seed data's files
	gamification, err := gamificationSteps(12_000, 40_000, 1_000)
	if err != nil {
		t.Fatal(err)
	}
	builders := []struct {
		name  string
		steps []step
	}{
		{"search", seedSteps(2_000, 10_000)},
		{"dashboard", dashboardSteps(2_000, 10_000)},
		{"ledger", ledgerSteps(5_000, 20_000, 1_000, "x")},
		{"gamification", gamification},
		{"tenancy", tenancySteps(2_000, 10_000, 1_000)},
	}
	seen := map[string]bool{}
	for _, b := range builders {
		t.Run(b.name, func(t *testing.T) {
			pool, _ := dbtest.New(t)
			ctx := context.Background()
			written := build(ctx, t, pool, b.steps)
			triggers, err := rowTriggers(ctx, pool, written)
			if err != nil {
				t.Fatal(err)
			}
			if len(written) == 0 || len(triggers) == 0 {
				t.Fatalf("tables written %v, their triggers %v: the statistics say nothing was loaded", written, triggers)
			}
			for _, tr := range triggers {
				seen[tr.Name] = true
				t.Logf("%s on %s: fired %d times", tr.Name, tr.Table, tr.Calls)
				declared, ok := bulkTriggers[tr.Name]
				switch {
				case !ok:
					t.Errorf("%s fires for every row the %s builder loads into %s: pause it for the load (pauseTriggers, with "+
						"the step that redoes its work after) or say in bulkTriggers why it may fire", tr.Name, b.name, tr.Table)
				case declared.table != tr.Table:
					t.Errorf("%s is declared on %s but is on %s", tr.Name, declared.table, tr.Table)
				case (declared.paused == "") == (declared.accounted == ""):
					t.Errorf("%s: declare it either paused or accounted for", tr.Name)
				case declared.paused != "" && tr.Calls > 0:
					t.Errorf("%s is declared paused but fired %d times in the %s build: pause it around that load", tr.Name, tr.Calls, b.name)
				}
				if !tr.Enabled {
					t.Errorf("%s is still off after the %s build", tr.Name, b.name)
				}
			}
			checkCounters(ctx, t, pool)
		})
	}
	if t.Failed() {
		return
	}
	for name := range bulkTriggers {
		if !seen[name] {
			t.Errorf("bulkTriggers declares %s, which no loaded table has: remove it", name)
		}
	}
}

// build runs steps on one connection, as buildOnce does, counting the calls of PL/pgSQL functions,
// and returns the tables of the public schema they inserted, updated or deleted rows in.
func build(ctx context.Context, t *testing.T, pool *pgxpool.Pool, steps []step) []string {
	t.Helper()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SET track_functions = 'pl'"); err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if _, err := conn.Exec(ctx, s.sql); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	// A backend sends its statistics at most once a second; this makes it send them when the
	// statement ends, so the next one reads them.
	if _, err := conn.Exec(ctx, "SELECT pg_stat_force_next_flush()"); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, `SELECT relname::text FROM pg_stat_user_tables
		WHERE schemaname = 'public' AND n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	written, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return written
}

type rowTrigger struct {
	Table, Name string
	Enabled     bool
	Calls       int64 // of the trigger's function, by whatever called it
}

// rowTriggers lists the per-row triggers of tables that the schema declares (not the foreign-key
// checks PostgreSQL makes itself), with whether each is on and how often its function ran.
func rowTriggers(ctx context.Context, pool *pgxpool.Pool, tables []string) ([]rowTrigger, error) {
	rows, err := pool.Query(ctx, `
		SELECT c.relname::text, t.tgname::text, t.tgenabled <> 'D', coalesce(f.calls, 0)
		FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
		LEFT JOIN pg_stat_user_functions f ON f.funcid = t.tgfoid
		WHERE NOT t.tgisinternal AND t.tgtype & 1 = 1 AND c.relname = ANY ($1) AND c.relnamespace = 'public'::regnamespace
		ORDER BY 1, 2`, tables)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[rowTrigger])
}

// checkCounters compares what the paused triggers keep with a count from scratch: the listings of
// every city and neighbourhood, and the stars of every property.
func checkCounters(ctx context.Context, t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	var cities, localities, stars int
	err := pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM (
			(SELECT key, property_count FROM cities EXCEPT SELECT city_key, count(*) FROM properties WHERE active GROUP BY 1)
			UNION ALL
			(SELECT city_key, count(*) FROM properties WHERE active GROUP BY 1 EXCEPT SELECT key, property_count FROM cities)) d),
		(SELECT count(*) FROM (
			(SELECT key, property_count FROM localities
				EXCEPT SELECT locality_key, count(*) FROM properties WHERE active AND locality_key <> '' GROUP BY 1)
			UNION ALL
			(SELECT locality_key, count(*) FROM properties WHERE active AND locality_key <> '' GROUP BY 1
				EXCEPT SELECT key, property_count FROM localities)) d),
		(SELECT count(*) FROM properties p
		WHERE ARRAY[p.rating1_count, p.rating2_count, p.rating3_count, p.rating4_count, p.rating5_count]::bigint[] <>
			(SELECT ARRAY[count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2), count(*) FILTER (WHERE r.rating = 3),
				count(*) FILTER (WHERE r.rating = 4), count(*) FILTER (WHERE r.rating = 5)]
			FROM reviews r WHERE r.property_id = p.id AND r.status = 'published' AND r.counted AND review_rates_property(r.review_type)))`).
		Scan(&cities, &localities, &stars)
	if err != nil {
		t.Fatal(err)
	}
	if cities != 0 || localities != 0 || stars != 0 {
		t.Errorf("counters that differ from a count from scratch: %d cities, %d neighbourhoods, %d properties' stars", cities, localities, stars)
	}
}
