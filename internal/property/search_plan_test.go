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
	every.Currency, every.OtherCurrencies, every.MinRent, every.MaxRent = word("USD"), []string{"GBP", "EUR"}, n(900), n(2000)
	every.MinBedrooms, every.MinBathrooms, every.PetsAllowed, every.Furnished, every.MinAreaSqft = n(2), n(1), true, true, &sqft
	every.MapArea, every.VerifiedReviewsOnly = []float64{-98, 30, -97, 31}, true
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

// TestMapAreaShapesAgree: a map area's two ways, walking a sort's index (an area holding many
// listings) and finding them by position then sorting (one holding few), give the same pages
// under every sort and filter; Search picks between them by how many the area holds.
func TestMapAreaShapesAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	if _, err := pool.Exec(ctx, `INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
			VALUES (1, 'owner', 'x', 'owner@example.com', 'Olive', 'Owner', 'landlord');
		INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, verified,
				verification_proof, rating1_count, rating5_count, bedrooms, currency, latitude, longitude, created_at)
			SELECT 'Home ' || i, i || ' Main Street', 'Austin', 'house', 1000 + (i * 37) % 61, 1, 'home-' || i, i % 5 = 0,
				CASE WHEN i % 5 = 0 THEN 'demo' END, i % 3, i % 7, i % 4, (ARRAY['USD', 'EUR'])[1 + i % 2],
				(30 + (i % 10) * 0.01)::text, (-97 + (i / 10) * 0.01)::text, now() - i * interval '1 hour'
			FROM generate_series(1, 200) i`); err != nil {
		t.Fatal(err)
	}
	q := db.New(pool)
	n := func(v int32) *int32 { return &v }
	for name, a := range map[string]searchArgs{
		"area":           {MapArea: []float64{-97, 30, -96.9, 30.05}},
		"area+rent+beds": {MapArea: []float64{-97, 30, -96.85, 30.1}, Currency: new("USD"), MaxRent: n(1040), MinBedrooms: n(1)},
	} {
		for _, sort := range searchSorts {
			t.Run(name+"/"+sort, func(t *testing.T) {
				a.PageSize = 50
				few, many := a, a
				few.areaFew = true
				if few.key(sort).shape != shapeAreaFew || many.key(sort).shape != shapeArea {
					t.Fatalf("keys %v and %v", few.key(sort), many.key(sort))
				}
				got := map[bool]string{}
				for isFew, args := range map[bool]*searchArgs{true: &few, false: &many} {
					rows, _, err := searchStatements[args.key(sort)].run(ctx, q, args)
					if err != nil {
						t.Fatal(err)
					}
					var ids []int32
					for _, p := range rows {
						ids = append(ids, p.ID)
					}
					got[isFew] = fmt.Sprint(ids)
				}
				if got[true] != got[false] || got[true] == "[]" {
					t.Errorf("sorting the few %s, walking for many %s", got[true], got[false])
				}
			})
		}
	}
}
