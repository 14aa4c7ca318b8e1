package store_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// tables are every entity of SPEC §3 plus the platform's own.
var tables = []string{
	"users", "sessions", "password_reset_tokens", "properties", "reviews", "tenant_verifications", "resources",
	"verification_requests", "stripe_customers", "stripe_payouts", "token_transactions", "badges", "user_badges",
	"user_activities", "user_levels", "achievements", "user_achievements", "rate_events", "known_devices", "cities",
}

func TestMigrationsUpDownUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := dbtest.NewEmpty(t)
	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	count := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables
			WHERE table_schema = 'public' AND table_name = ANY($1)`, tables).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		t.Fatalf("up: %v", err)
	}
	if got := count(); got != len(tables) {
		t.Fatalf("after up: %d of %d tables", got, len(tables))
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		t.Fatalf("up again is a no-op: %v", err)
	}
	if err := store.RollbackAll(url); err != nil {
		t.Fatalf("down: %v", err)
	}
	if got := count(); got != 0 {
		t.Fatalf("after down: %d tables left", got)
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		t.Fatalf("up after down: %v", err)
	}
	if got := count(); got != len(tables) {
		t.Fatalf("after up again: %d of %d tables", got, len(tables))
	}
}

// The schema itself refuses what no rule of the product allows, whatever the code does.
func TestSchemaConstraints(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	mustExec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	mustExec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
		VALUES (1, 'alice', 'x', 'alice@example.com', 'Alice', 'A', 'landlord'),
		       (2, 'bob', 'x', 'bob@example.com', 'Bob', 'B', 'tenant')`)
	mustExec(`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Flat', '1 Main St', 'Austin', 'apartment', 1200, 1, 'flat-1')`)
	mustExec(`SELECT setval(pg_get_serial_sequence('users', 'id'), 2), setval(pg_get_serial_sequence('properties', 'id'), 1)`)

	for name, c := range map[string]struct {
		sql  string
		code string
	}{
		"username unique ignoring case": {`INSERT INTO users (username, password_hash, email, first_name, last_name) VALUES ('ALICE', 'x', 'a2@example.com', 'A', 'A')`, "23505"},
		"email unique ignoring case":    {`INSERT INTO users (username, password_hash, email, first_name, last_name) VALUES ('alice2', 'x', 'Alice@Example.com', 'A', 'A')`, "23505"},
		"unknown role":                  {`INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('carol', 'x', 'c@example.com', 'C', 'C', 'superuser')`, "23514"},
		"rating above 5":                {`INSERT INTO reviews (property_id, user_id, rating, title, content) VALUES (1, 2, 6, 'Title', 'Twenty characters at least here')`, "23514"},
		"rating below 1":                {`INSERT INTO reviews (property_id, user_id, rating, title, content) VALUES (1, 2, 0, 'Title', 'Twenty characters at least here')`, "23514"},
		"rent must be positive":         {`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug) VALUES ('F', 'A', 'C', 'house', 0, 1, 's')`, "23514"},
		"unknown currency":              {`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, currency) VALUES ('F', 'A', 'C', 'house', 5, 1, 's', 'XXX')`, "23514"},
		"unknown property type":         {`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug) VALUES ('F', 'A', 'C', 'castle', 5, 1, 's')`, "23514"},
		"landlord must exist":           {`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug) VALUES ('F', 'A', 'C', 'house', 5, 99, 's')`, "23503"},
		"negative token balance":        {`UPDATE users SET tokens = -1 WHERE id = 2`, "23514"},
		"stay period only on tenant_to_property": {`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, stay_period)
			VALUES (1, 2, 4, 'Title', 'Twenty characters at least here', 'general', 'current')`, "23514"},
		"unknown verification status": {`INSERT INTO verification_requests (property_id, requested_by_id, status) VALUES (1, 1, 'maybe')`, "23514"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := pool.Exec(ctx, c.sql)
			if pgErr, ok := errors.AsType[*pgconn.PgError](err); !ok || pgErr.Code != c.code {
				t.Errorf("want SQLSTATE %s, got %v", c.code, err)
			}
		})
	}

	mustExec(`INSERT INTO reviews (property_id, user_id, rating, title, content, review_type) VALUES (1, 2, 4, 'Title', 'Twenty characters at least here', 'tenant_to_property')`)
	_, err := pool.Exec(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type) VALUES (1, 2, 5, 'Again', 'Twenty characters at least here', 'tenant_to_property')`)
	if !errors.Is(store.Err(err), apperr.ErrAlreadyExists) {
		t.Errorf("second review of the same type: want ErrAlreadyExists, got %v", err)
	}
	err = pool.QueryRow(ctx, "SELECT id FROM users WHERE id = 42").Scan(new(int))
	if !errors.Is(store.Err(err), apperr.ErrNotFound) || !errors.Is(store.Err(err), pgx.ErrNoRows) {
		t.Errorf("no rows: want ErrNotFound wrapping pgx.ErrNoRows, got %v", store.Err(err))
	}
}

// The stored aggregates follow every insert, update and delete of reviews.
func TestRatingAggregates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	if _, err := pool.Exec(ctx, `INSERT INTO users (id, username, password_hash, email, first_name, last_name)
		SELECT i, 'user' || i, 'x', 'user' || i || '@example.com', 'U', 'U' FROM generate_series(1, 10) i`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'A', 'A', 'Austin', 'house', 900, 1, 'a'), (2, 'B', 'B', 'Austin', 'house', 900, 1, 'b')`); err != nil {
		t.Fatal(err)
	}
	type agg struct {
		count, recommend int
		rating           float64
		dist             [5]int
	}
	read := func(id int) agg {
		t.Helper()
		var a agg
		if err := pool.QueryRow(ctx, `SELECT review_count, recommend_count, rating,
			rating1_count, rating2_count, rating3_count, rating4_count, rating5_count FROM properties WHERE id = $1`, id).
			Scan(&a.count, &a.recommend, &a.rating, &a.dist[0], &a.dist[1], &a.dist[2], &a.dist[3], &a.dist[4]); err != nil {
			t.Fatal(err)
		}
		return a
	}
	if got := read(1); got != (agg{}) {
		t.Fatalf("no reviews: %+v", got)
	}
	// Reviews that count (counted: their authors are established).
	for i, rating := range []int{5, 4, 4, 2, 1} {
		if _, err := pool.Exec(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, counted)
			VALUES (1, $1, $2, 'Title', 'Twenty characters at least here', true)`, i+2, rating); err != nil {
			t.Fatal(err)
		}
	}
	// (5+4+4+2+1)/5 = 3.2
	if got, want := read(1), (agg{5, 3, 3.2, [5]int{1, 1, 0, 2, 1}}); got != want {
		t.Errorf("after inserts: %+v, want %+v", got, want)
	}
	if _, err := pool.Exec(ctx, `UPDATE reviews SET rating = 5 WHERE rating = 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM reviews WHERE rating = 2`); err != nil {
		t.Fatal(err)
	}
	// (5+4+4+5)/4 = 4.5
	if got, want := read(1), (agg{4, 4, 4.5, [5]int{0, 0, 0, 2, 2}}); got != want {
		t.Errorf("after update and delete: %+v, want %+v", got, want)
	}
	if _, err := pool.Exec(ctx, `UPDATE reviews SET property_id = 2 WHERE rating = 4`); err != nil {
		t.Fatal(err)
	}
	if a, b := read(1), read(2); a.count != 2 || b.count != 2 || b.rating != 4 || a.rating != 5 {
		t.Errorf("after moving reviews: %+v / %+v", a, b)
	}
	// One decimal: 4,4,5 → 4.333… → 4.3
	if _, err := pool.Exec(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, counted) VALUES (2, 9, 5, 'Title', 'Twenty characters at least here', true)`); err != nil {
		t.Fatal(err)
	}
	if got := read(2).rating; fmt.Sprint(got) != "4.3" {
		t.Errorf("rating rounds to one decimal: got %v", got)
	}
}

func TestFixedPlansReuseTheGenericPlan(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, url := dbtest.New(t)
	fixed, err := store.OpenFixedPlans(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	conn, err := fixed.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()

	// PostgreSQL plans a statement afresh for its first five runs unless told otherwise.
	const statement = "SELECT id FROM properties WHERE active AND city_key = $1 ORDER BY rating DESC, id DESC LIMIT $2"
	for range 8 {
		rows, err := conn.Query(ctx, statement, "springfield", 12)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	var generic, custom int64
	if err := conn.QueryRow(ctx, "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1",
		statement).Scan(&generic, &custom); err != nil {
		t.Fatal(err)
	}
	if generic != 8 || custom != 0 {
		t.Errorf("generic plans %d, custom plans %d; want 8 and 0", generic, custom)
	}
	// Its statements walk an index in order or read a covering one alone: never a bitmap scan
	// (TestFilteredSearchesPlanForTheirArguments plans the map box's page with this setting).
	var bitmaps string
	if err := conn.QueryRow(ctx, "SHOW enable_bitmapscan").Scan(&bitmaps); err != nil || bitmaps != "off" {
		t.Errorf("enable_bitmapscan %q (%v), want off", bitmaps, err)
	}
}

// CustomPlans runs a statement unnamed, so PostgreSQL plans it for each call's arguments: it
// never becomes a prepared statement whose generic plan could take over after five calls. The
// same statement through the connection itself is prepared.
func TestCustomPlansPrepareNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	const statement = "SELECT count(*) FROM properties WHERE active AND ($1::text IS NULL OR city_key = $1)"
	count := func(q store.Querier) {
		t.Helper()
		var n int64
		if err := q.QueryRow(ctx, statement, "springfield").Scan(&n); err != nil {
			t.Fatal(err)
		}
		rows, err := q.Query(ctx, statement, nil)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
		if _, err := q.Exec(ctx, statement, "leeds"); err != nil {
			t.Fatal(err)
		}
	}
	prepared := func() (n int) {
		t.Helper()
		if err := conn.QueryRow(ctx, "SELECT count(*)::int FROM pg_prepared_statements WHERE statement = $1", statement).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for range 8 {
		count(store.CustomPlans(conn))
	}
	if n := prepared(); n != 0 {
		t.Errorf("through CustomPlans the statement was prepared (%d)", n)
	}
	count(conn)
	if n := prepared(); n != 1 {
		t.Errorf("through the connection the statement is prepared %d times, want 1 (the test would prove nothing)", n)
	}
}

// A pool from OpenCustomPlans prepares a statement once per connection and plans every call
// for its arguments, where PostgreSQL would keep a generic plan after five.
func TestCustomPlansPoolPlansEveryCall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, url := dbtest.New(t)
	custom, err := store.OpenCustomPlans(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer custom.Close()
	conn, err := custom.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()

	const statement = "SELECT id FROM properties WHERE active AND ($1::text IS NULL OR city_key = $1) ORDER BY rating DESC, id DESC LIMIT 12"
	cities := []any{"springfield", nil} // a filter asked, then left out
	for i := range 8 {
		rows, err := conn.Query(ctx, statement, cities[i%2])
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	var prepared int
	var generic, customPlans int64
	if err := conn.QueryRow(ctx, "SELECT count(*)::int, sum(generic_plans), sum(custom_plans) FROM pg_prepared_statements WHERE statement = $1",
		statement).Scan(&prepared, &generic, &customPlans); err != nil {
		t.Fatal(err)
	}
	if prepared != 1 || generic != 0 || customPlans != 8 {
		t.Errorf("prepared %d times, generic plans %d, custom plans %d; want 1, 0 and 8", prepared, generic, customPlans)
	}
}

// pool_max_conns in DATABASE_URL sizes the pool and must not reach PostgreSQL, which would refuse
// it as a setting when the migrations connect.
func TestPoolSettingsInTheURL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := dbtest.NewEmpty(t)
	sized := url + "&pool_max_conns=3"
	if !strings.Contains(url, "?") {
		sized = url + "?pool_max_conns=3"
	}
	pool, err := store.Open(ctx, sized)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if got := pool.Config().MaxConns; got != 3 {
		t.Fatalf("MaxConns = %d, want 3 from the URL", got)
	}
	if err := store.Migrate(ctx, pool, sized); err != nil {
		t.Fatalf("migrate with pool_max_conns in the URL: %v", err)
	}

	plain, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if got, want := plain.Config().MaxConns, int32(2*runtime.NumCPU()+2); got != want {
		t.Fatalf("default MaxConns = %d, want %d (two per core and two)", got, want)
	}
	var jit string
	if err := plain.QueryRow(ctx, "SHOW jit").Scan(&jit); err != nil || jit != "off" {
		t.Fatalf("jit = %q (%v), want off for the app's sessions", jit, err)
	}
}
