package property

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
)

// recorder keeps the last statement a connection sent and its arguments.
type recorder struct {
	sql  string
	args []any
}

func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	r.sql, r.args = data.SQL, data.Args
	return ctx
}

func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TestSearchStatementsUseTheirIndex checks the index table of sql/queries/search.sql against
// PostgreSQL's planner: every page statement, under the generic plan the fixed-plan pool keeps
// (and that PostgreSQL may settle on for the others), can walk the index named for its shape and
// sort without sorting, or, for a text match, finds its matches with the index named.
// Sequential scans and sorts are priced out, so the answer does not depend on the table's size.
// The plans on a large table are in docs/benchmarks.md.
func TestSearchStatementsUseTheirIndex(t *testing.T) {
	// Parallel with the other tests (its database is its own); its subtests take turns on one
	// connection, whose last statement the recorder keeps.
	t.Parallel()
	ctx := context.Background()
	_, url := dbtest.New(t)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 1
	rec := &recorder{}
	cfg.ConnConfig.Tracer = rec
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	q := db.New(conn)

	word := func(s string) *string { return &s }
	every := searchArgs{CityKey: word("austin"), LocalityKey: word("riverside"), PostalCodeKey: word("78701"),
		Query: word("riverside"), QueryWords: []string{"%riverside%", "%house%"}, PropertyType: word("house"),
		VerifiedOnly: true, PageSize: 12}
	n := func(v int32) *int32 { return &v }
	sqft := 500.0
	every.Currency, every.OtherCurrency, every.MinRent, every.MaxRent = word("USD"), word("GBP"), n(900), n(2000)
	every.MinBedrooms, every.MinBathrooms, every.PetsAllowed, every.Furnished, every.MinAreaSqft = n(2), n(1), true, true, &sqft
	every.MapArea = []float64{-98, 30, -97, 31}
	// explain is the generic plan of the connection's last statement under settings.
	explain := func(t *testing.T, settings ...string) string {
		t.Helper()
		statement, args := rec.sql, rec.args
		t.Cleanup(func() { conn.Exec(ctx, "RESET ALL") }) //nolint:errcheck // a later failure says enough
		for _, s := range append(append([]string{"plan_cache_mode = force_generic_plan", "enable_seqscan = off"}, settings...), "") {
			if s != "" {
				s = "SET " + s
			} else {
				s = "PREPARE planned AS " + statement
			}
			if _, err := conn.Exec(ctx, s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
		t.Cleanup(func() { conn.Exec(ctx, "DEALLOCATE planned") }) //nolint:errcheck // a later failure says enough
		placeholders := make([]string, len(args))
		for i := range args {
			placeholders[i] = fmt.Sprintf("$%d", i+1)
		}
		var plan string
		if err := conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) EXECUTE planned("+strings.Join(placeholders, ", ")+")",
			append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...).Scan(&plan); err != nil {
			t.Fatalf("explain %s: %v", statement, err)
		}
		return plan
	}
	for key, st := range searchStatements {
		t.Run(fmt.Sprintf("%d/%t/%s", key.shape, key.plain, key.sort), func(t *testing.T) {
			if _, _, err := st.run(ctx, q, &every); err != nil {
				t.Fatal(err)
			}
			var settings []string
			if st.ordered {
				settings = []string{"enable_bitmapscan = off", "enable_sort = off", "enable_incremental_sort = off"}
			}
			plan := explain(t, settings...)
			if !strings.Contains(plan, fmt.Sprintf(`"Index Name": %q`, st.index)) {
				t.Errorf("the plan does not use %s:\n%s", st.index, plan)
			}
			if st.ordered && strings.Contains(plan, `Sort"`) {
				t.Errorf("the plan sorts instead of walking %s in order:\n%s", st.index, plan)
			}
		})
	}
	// A search without text is counted from a facet index alone (an index-only scan: on this
	// empty table the planner may take any index that holds every column the count reads).
	noText := every
	noText.Query, noText.QueryWords, noText.MapArea = nil, nil, nil
	for _, shape := range []searchShape{shapeCity, shapeLocality, shapePostal, shapeAll} {
		t.Run(fmt.Sprintf("count %d", shape), func(t *testing.T) {
			if _, err := searchCounts[shape](ctx, q, &noText, 10); err != nil {
				t.Fatal(err)
			}
			if plan := explain(t, "enable_bitmapscan = off"); !strings.Contains(plan, `"Index Only Scan"`) || !strings.Contains(plan, `_price"`) {
				t.Errorf("the count does not read a facet index alone:\n%s", plan)
			}
		})
	}
}
