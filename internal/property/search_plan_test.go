package property

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
)

// planner opens one connection to pool's database whose statements can be explained
// (dbtest.Planner): q runs them, and explainAs is the plan of the last one, with sequential scans
// priced out unless settings turn them on.
func planner(t *testing.T, pool *pgxpool.Pool) (*db.Queries, func(t *testing.T, mode string, settings ...string) string) {
	t.Helper()
	conn, explain := dbtest.Planner(t, pool)
	return db.New(conn), func(t *testing.T, mode string, settings ...string) string {
		t.Helper()
		return explain(t, mode, append([]string{"enable_seqscan = off"}, settings...)...)
	}
}

// TestSearchStatementsUseTheirIndex checks the index table of sql/queries/search.sql against
// PostgreSQL's planner: every page statement, under the generic plan the fixed-plan pool keeps
// (and that PostgreSQL may settle on for the others), can walk the index named for its shape and
// sort without sorting, or, for a text match, finds its matches with the index named.
// Sequential scans and sorts are priced out, so the answer does not depend on the table's size.
// The counts, the map area's count and the place lookup are checked the same way; the filtered
// statements' custom plans are TestFilteredSearchesPlanForTheirArguments'. The plans on a large
// table are in docs/benchmarks.md.
func TestSearchStatementsUseTheirIndex(t *testing.T) {
	// Parallel with the other tests (its database is its own); its subtests take turns on one
	// connection, whose last statement the recorder keeps.
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	q, explainAs := planner(t, pool)
	n := func(v int32) *int32 { return &v }

	word := func(s string) *string { return &s }
	every := searchArgs{CityKey: word("austin"), LocalityKey: word("riverside"), PostalCodeKey: word("78701"),
		Query: word("riverside"), QueryWords: []string{"%riverside%", "%house%"}, PropertyType: word("house"),
		VerifiedOnly: true, PageSize: 12}
	sqft := 500.0
	every.Currency, every.OtherCurrencies, every.MinRent, every.MaxRent = word("USD"), []string{"GBP", "EUR"}, n(900), n(2000)
	every.MinBedrooms, every.MinBathrooms, every.PetsAllowed, every.Furnished, every.MinAreaSqft = n(2), n(1), true, true, &sqft
	every.MapArea, every.VerifiedReviewsOnly = []float64{-98, 30, -97, 31}, true
	// explain is the generic plan of the connection's last statement under settings.
	explain := func(t *testing.T, settings ...string) string {
		t.Helper()
		return explainAs(t, "force_generic_plan", settings...)
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
	// The counts of the area and text shapes find their matches with their shape's index.
	for shape, index := range map[searchShape]string{shapeArea: "properties_position", shapeAreaFew: "properties_position", shapeText: "property_search_texts_trgm"} {
		t.Run(fmt.Sprintf("count %d", shape), func(t *testing.T) {
			if _, err := searchCounts[shape](ctx, q, &every, 10); err != nil {
				t.Fatal(err)
			}
			if plan := explain(t); !usesIndex(plan, index) {
				t.Errorf("the count does not find its matches with %s alone:\n%s", index, plan)
			}
		})
	}
	// The map area's count (does it hold few?) reads the position index alone, and a typed
	// line's places are looked up by their keys.
	t.Run("count in map area", func(t *testing.T) {
		if _, err := q.CountInMapArea(ctx, db.CountInMapAreaParams{MapArea: every.MapArea, CountCap: ManyInMapArea}); err != nil {
			t.Fatal(err)
		}
		if plan := explain(t); !usesIndex(plan, "properties_position") || !strings.Contains(plan, `"Index Only Scan"`) {
			t.Errorf("the map area's count does not read properties_position alone:\n%s", plan)
		}
	})
	t.Run("places named", func(t *testing.T) {
		if _, err := q.PlacesNamed(ctx, []string{"new york", "nyc", "chelsea"}); err != nil {
			t.Fatal(err)
		}
		if plan := explain(t); !usesIndex(plan, "cities_pkey") || !usesIndex(plan, "localities_pkey") {
			t.Errorf("the places are not looked up by their keys:\n%s", plan)
		}
	})
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

// usesIndex tells whether a plan reads index and never a table through.
func usesIndex(plan, index string) bool {
	return strings.Contains(plan, fmt.Sprintf(`"Index Name": %q`, index)) && !strings.Contains(plan, `"Seq Scan"`)
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
					rows, total, err := searchStatements[args.key(sort)].run(ctx, q, args)
					if err != nil {
						t.Fatal(err)
					}
					// The few's page counts every match as it sorts them (the walk does not).
					if counted, err := searchCounts[shapeAreaFew](ctx, q, args, 1000); err != nil || isFew && total != counted {
						t.Errorf("the few's page says %d matches, the count %d (%v)", total, counted, err)
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

// TestFilteredSearchesPlanForTheirArguments: the searches with filters run on the custom-plan pool
// (store.CustomPlans), planned for each call's arguments with the filters left out folded away,
// so the generic plans above are not the ones production runs for them. On 20,000 listings in 50
// cities, analysed, each filtered page statement, its count, the map area's count and the place
// lookup are planned for a typical search of their shape, nothing priced out: every page
// walks or searches the index named for it (in order, for an ordered one), and no count reads
// the table through.
func TestFilteredSearchesPlanForTheirArguments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	// i = 1..20,000: 50 cities of 400 listings; a large neighbourhood (Old Town, 1,000) and 400
	// small ones; a large postal code (P1, 500 houses) and 800 small ones; the types by i%4, one
	// in ten titles "riverside", four in five rents in USD, half placed on a 0.1° grid over
	// 10° × 10°. The typical searches are in the large places, where walking an index in order
	// beats sorting (in a small place the planner rightly sorts its few rows).
	if _, err := pool.Exec(ctx, `INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
			VALUES (1, 'owner', 'x', 'owner@example.com', 'Olive', 'Owner', 'landlord');
		INSERT INTO properties (title, address, locality, city, zip_code, property_type, monthly_rent, landlord_id, slug,
				verified, verification_proof, rating1_count, rating5_count, bedrooms, bathrooms, pets_allowed, furnished,
				currency, latitude, longitude, created_at)
			SELECT 'Home ' || i || CASE WHEN i % 10 = 0 THEN ' by the riverside' ELSE ' in town' END, i || ' Main Street',
				CASE WHEN i % 20 = 0 THEN 'Old Town' ELSE 'Quarter ' || i % 400 END, 'City ' || i % 50,
				CASE WHEN i % 40 = 1 THEN 'P1' ELSE 'P' || 2 + i % 800 END,
				(ARRAY['apartment', 'house', 'condo', 'student_housing'])[1 + i % 4], 500 + (i * 37) % 3000, 1, 'home-' || i,
				i % 5 = 0, CASE WHEN i % 5 = 0 THEN 'demo' END, i % 3, i % 7, i % 5, 1 + i % 3, i % 3 = 0, i % 4 = 0,
				CASE WHEN i % 5 = 0 THEN 'EUR' ELSE 'USD' END,
				CASE WHEN i % 2 = 0 THEN (30 + (i / 2 % 100) * 0.1)::text END,
				CASE WHEN i % 2 = 0 THEN (-100 + (i / 200 % 100) * 0.1)::text END, now() - i * interval '1 hour'
			FROM generate_series(1, 20000) i`); err != nil {
		t.Fatal(err)
	}
	// Vacuumed as autovacuum keeps a live table: index-only scans need its visibility map.
	if _, err := pool.Exec(ctx, `VACUUM (ANALYZE) properties, cities, localities`); err != nil {
		t.Fatal(err)
	}
	q, explainAs := planner(t, pool)
	explain := func(t *testing.T, settings ...string) string {
		t.Helper()
		return explainAs(t, "force_custom_plan", append([]string{"enable_seqscan = on"}, settings...)...)
	}
	word := func(s string) *string { return &s }
	n := func(v int32) *int32 { return &v }
	wide, narrow := []float64{-100, 30, -95, 35}, []float64{-100, 30, -99.5, 30.5} // ~2,500 and ~25 listings
	typical := map[searchShape]searchArgs{
		shapeAreaFew:  {MapArea: narrow, areaFew: true, Currency: word("USD"), MaxRent: n(2000)},
		shapeCity:     {CityKey: word("city 7"), Currency: word("USD"), MinRent: n(900), MaxRent: n(2000), MinBedrooms: n(2)},
		shapeLocality: {LocalityKey: word("old town"), PetsAllowed: true, Furnished: true},
		shapePostal:   {PostalCodeKey: word("P1"), PropertyType: word("house")},
		shapeArea:     {MapArea: wide, Currency: word("USD"), MaxRent: n(2000)},
		shapeText:     {Query: word("riverside"), QueryWords: []string{"%riverside%"}, PropertyType: word("apartment")},
		shapeAll:      {MinBedrooms: n(2), PetsAllowed: true},
	}
	for key, st := range searchStatements {
		if key.plain {
			continue // the fixed-plan pool's generic plans: TestSearchStatementsUseTheirIndex
		}
		t.Run(fmt.Sprintf("%d/%s", key.shape, key.sort), func(t *testing.T) {
			a := typical[key.shape]
			a.PageSize = 12
			if got := a.key(key.sort); got != key {
				t.Fatalf("the typical search of shape %d picks %v", key.shape, got)
			}
			rows, _, err := st.run(ctx, q, &a)
			if err != nil || len(rows) == 0 {
				t.Fatalf("%d rows, %v: the data has nothing for %+v", len(rows), err, a)
			}
			plan := explain(t)
			if !usesIndex(plan, st.index) {
				t.Errorf("the plan does not use %s:\n%s", st.index, plan)
			}
			if st.ordered && strings.Contains(plan, `Sort"`) {
				t.Errorf("the plan sorts instead of walking %s in order:\n%s", st.index, plan)
			}
		})
	}
	// The box alone (the map panned) runs on the fixed-plan sessions (store.OpenFixedPlans: one
	// generic plan, no bitmap scans), where its plan chooses the page from the covering index
	// alone, as a custom plan does: no planning on each call, and no row read but the page's.
	for _, sort := range searchSorts {
		t.Run("the box alone/"+sort, func(t *testing.T) {
			a := searchArgs{MapArea: narrow, areaFew: true, PageSize: 12}
			key := a.key(sort)
			if key != (searchKey{shapeAreaFew, true, sort}) {
				t.Fatalf("the box alone picks %v", key)
			}
			if rows, _, err := searchStatements[key].run(ctx, q, &a); err != nil || len(rows) == 0 {
				t.Fatalf("%d rows, %v", len(rows), err)
			}
			if plan := explainAs(t, "force_generic_plan", "enable_bitmapscan = off"); !strings.Contains(plan, `"Index Only Scan"`) ||
				!strings.Contains(plan, `"Index Name": "properties_position"`) {
				t.Errorf("the box's plan does not choose its page from properties_position alone:\n%s", plan)
			}
		})
	}
	// The counts of a lead (a place, an area, a text) find its matches with an index. A count
	// with no lead (shapeAll) may read the table until the cap: whatever it reads, it stops there.
	for shape, a := range typical {
		if shape == shapeAll {
			continue
		}
		t.Run(fmt.Sprintf("count %d", shape), func(t *testing.T) {
			if c, err := searchCounts[shape](ctx, q, &a, CountCap+1); err != nil || c == 0 {
				t.Fatalf("%d, %v", c, err)
			}
			if plan := explain(t); strings.Contains(plan, `"Seq Scan"`) {
				t.Errorf("the count reads the table through:\n%s", plan)
			}
		})
	}
	// The map area's count finds the area's listings with the position index, in both plan
	// modes. (Planned for its arguments it reads them through a bitmap, the heap included:
	// PostgreSQL estimates a box's share of a GiST index at a constant 20 of these 20,000
	// listings, where the wide box holds 2,500. The generic plan, above, reads the index alone.)
	for _, mode := range []string{"force_generic_plan", "force_custom_plan"} {
		t.Run("count in map area "+mode, func(t *testing.T) {
			if c, err := q.CountInMapArea(ctx, db.CountInMapAreaParams{MapArea: wide, CountCap: ManyInMapArea}); err != nil || c != ManyInMapArea {
				t.Fatalf("%d, %v: the wide area should hold many", c, err)
			}
			if plan := explainAs(t, mode, "enable_seqscan = on"); !usesIndex(plan, "properties_position") {
				t.Errorf("the map area's count does not find them with properties_position:\n%s", plan)
			}
		})
	}
	t.Run("places named", func(t *testing.T) {
		if places, err := q.PlacesNamed(ctx, []string{"city 7", "old town", "nowhere"}); err != nil || len(places) != 2 {
			t.Fatalf("%v, %v", places, err)
		}
		if plan := explain(t); !usesIndex(plan, "cities_pkey") || !usesIndex(plan, "localities_pkey") {
			t.Errorf("the places are not looked up by their keys:\n%s", plan)
		}
	})
}
