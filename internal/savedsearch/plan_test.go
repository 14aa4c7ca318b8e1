package savedsearch_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
)

// planNode is the part of an EXPLAIN (FORMAT JSON) node these checks read.
type planNode struct {
	NodeType string     `json:"Node Type"`
	Relation string     `json:"Relation Name"`
	Index    string     `json:"Index Name"`
	Plans    []planNode `json:"Plans"`
}

// walk calls f on n and every node below it.
func (n planNode) walk(f func(planNode)) {
	f(n)
	for _, c := range n.Plans {
		c.walk(f)
	}
}

// TestStatementsUseTheirIndexes checks the saved-search statements' plans on a table of 100,000
// saved searches (TestMatchingCost's, on the bench's city power law), with the day's claims and
// owed digests of a busy day, under both plans PostgreSQL may run (each call's own, and the
// generic one a prepared statement may settle on): EnqueueListingMatches and MatchListingBatch read
// each place key's partial index and the areas' GiST index in id order and never a whole table
// (a job's ids too: only those the listing still matches are told), and the digest statements
// find what is due by saved_search_digests_due.
func TestStatementsUseTheirIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, url := dbtest.New(t)
	seeded, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer seeded.Close()
	seedCost(t, seeded, 1, true)
	for _, step := range []string{
		// A busy day: 20,000 searches emailed (some today), 30,000 matches owed, nearly all from tomorrow.
		`INSERT INTO saved_search_emails (saved_search_id, emailed_on)
		 SELECT id, (now() AT TIME ZONE 'UTC')::date - (id % 3)::int FROM saved_searches WHERE id % 5 = 0`,
		`INSERT INTO saved_search_digests (saved_search_id, property_id, due_on)
		 SELECT s.id, p, (now() AT TIME ZONE 'UTC')::date + CASE WHEN s.id % 1000 = 0 THEN 0 ELSE 1 END
		 FROM saved_searches s, generate_series(1, 3) p WHERE s.id % 10 = 0`,
		`INSERT INTO properties (title, address, locality, city, zip_code, property_type, monthly_rent, currency, landlord_id, slug, longitude, latitude)
		 SELECT 'Planned flat', '1 Plan Row', 'District 3', 'Springfield', '00003', 'apartment', 1500, 'USD', id, 'planned-flat', '-119.95', '30.05'
		 FROM users WHERE role = 'landlord' ORDER BY id LIMIT 1`,
		`VACUUM ANALYZE`,
	} {
		if _, err := seeded.Exec(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	var listing int32
	if err := seeded.QueryRow(ctx, `SELECT id FROM properties WHERE slug = 'planned-flat'`).Scan(&listing); err != nil {
		t.Fatal(err)
	}

	conn, explain := dbtest.Planner(t, seeded)

	// plan runs run in a transaction it rolls back, then explains the last statement run sent
	// under mode (force_custom_plan or force_generic_plan), and returns the plan's scans.
	plan := func(t *testing.T, mode string, run func(q *db.Queries) error) (indexes, seqScans, nodes []string, text string) {
		t.Helper()
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		err = run(db.New(tx))
		_ = tx.Rollback(ctx)
		if err != nil {
			t.Fatal(err)
		}
		text = explain(t, mode)
		var plans []struct {
			Plan planNode `json:"Plan"`
		}
		if err := json.Unmarshal([]byte(text), &plans); err != nil || len(plans) != 1 {
			t.Fatalf("read the plan: %v\n%s", err, text)
		}
		plans[0].Plan.walk(func(n planNode) {
			nodes = append(nodes, n.NodeType)
			if n.Index != "" {
				indexes = append(indexes, n.Index)
			}
			if n.NodeType == "Seq Scan" {
				seqScans = append(seqScans, n.Relation)
			}
		})
		return indexes, seqScans, nodes, text
	}

	statements := []struct {
		name    string
		run     func(q *db.Queries) error
		indexes []string
		whole   []string // tables it must not read whole
		nodes   []string // node types it must have
	}{
		// The listing's transaction: each place's index read in id order (index-only), merged, so
		// that it stops at max_rows matches.
		{"EnqueueListingMatches", func(q *db.Queries) error {
			return q.EnqueueListingMatches(ctx, db.EnqueueListingMatchesParams{PropertyID: listing, MaxRows: 500})
		}, []string{"saved_searches_city", "saved_searches_locality", "saved_searches_postal_code", "saved_searches_area"},
			[]string{"saved_searches"}, []string{"Merge Append", "Index Only Scan"}},
		{"MatchListingBatch of a job's ids", func(q *db.Queries) error {
			_, err := q.MatchListingBatch(ctx, db.MatchListingBatchParams{PropertyID: listing, SearchIds: []int64{5, 10, 15, 20}, MaxRows: 50, EmailDefault: true, Later: "later", Origin: "http://x"})
			return err
		}, []string{"saved_searches_city", "saved_searches_locality", "saved_searches_postal_code", "saved_searches_area", "saved_searches_pkey", "saved_search_emails_pkey"},
			[]string{"saved_searches", "saved_search_emails", "saved_search_matches", "saved_search_digests", "users"}, []string{"Merge Append"}},
		{"MatchListingBatch", func(q *db.Queries) error {
			_, err := q.MatchListingBatch(ctx, db.MatchListingBatchParams{PropertyID: listing, MaxRows: 50, EmailDefault: true, Later: "later", Origin: "http://x"})
			return err
		}, []string{"saved_searches_city", "saved_searches_locality", "saved_searches_postal_code", "saved_searches_area", "saved_search_emails_pkey"},
			[]string{"saved_searches", "saved_search_emails", "saved_search_matches", "saved_search_digests", "users"}, []string{"Merge Append"}},
		{"SavedSearchDigestsDue", func(q *db.Queries) error {
			_, err := q.SavedSearchDigestsDue(ctx)
			return err
		}, []string{"saved_search_digests_due"}, []string{"saved_search_digests"}, nil},
		{"DigestSavedSearches", func(q *db.Queries) error {
			_, err := q.DigestSavedSearches(ctx, db.DigestSavedSearchesParams{MaxSearches: 500, EmailDefault: true, Origin: "http://x", MaxListed: 10, DigestNote: "note"})
			return err
		}, []string{"saved_search_digests_due", "saved_search_emails_pkey"},
			// The searches due and their listings are read by key; the searches already emailed
			// today, whose owed rows wait one more day (postponed), may be hashed from
			// saved_search_emails whole: a digest batch's cost, not a listing's.
			[]string{"saved_searches", "saved_search_digests", "users"}, nil},
	}
	for _, st := range statements {
		for _, mode := range []string{"force_custom_plan", "force_generic_plan"} {
			t.Run(st.name+"/"+mode, func(t *testing.T) {
				indexes, seqScans, nodes, text := plan(t, mode, st.run)
				for _, want := range st.nodes {
					if !slices.Contains(nodes, want) {
						t.Errorf("the plan has no %s:\n%s", want, text)
					}
				}
				for _, want := range st.indexes {
					if !slices.Contains(indexes, want) {
						t.Errorf("the plan does not use %s (it uses %v):\n%s", want, indexes, text)
					}
				}
				for _, table := range seqScans {
					if slices.Contains(st.whole, table) {
						t.Errorf("the plan reads all of %s:\n%s", table, text)
					}
				}
			})
		}
	}
}
