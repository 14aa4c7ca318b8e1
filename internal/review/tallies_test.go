package review_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// review_tallies is inlined into the statements and triggers that call it: run as a function call
// of its own it cost ~10 µs a review, and counting five million reviews' stars took six minutes
// (PostgreSQL inlines a SQL function only when it is one expression: no FROM).
func TestReviewTalliesIsInlined(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	rows, err := pool.Query(context.Background(), `EXPLAIN (VERBOSE) SELECT review_tallies(r) FROM reviews r`)
	if err != nil {
		t.Fatal(err)
	}
	var plan strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan.WriteString(line + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plan.String(), "review_tallies") || !strings.Contains(plan.String(), "ARRAY[") {
		t.Errorf("review_tallies is called, not inlined:\n%s", plan.String())
	}
}

// The helpers a review's or a tenancy's write calls once per row are PL/pgSQL, whose statements
// keep their plans for the session: as SQL functions that cannot be inlined (a WITH, a sub-select,
// an UPDATE) each call planned its body again, 0.1–0.25 ms a call of every tenancy confirmation.
func TestWriteHelpersKeepTheirPlans(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	rows, err := pool.Query(context.Background(), `SELECT p.proname, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
		WHERE p.proname = ANY ('{accounts_linked,account_established,properties_add_tallies}') ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var name, language string
		if err := rows.Scan(&name, &language); err != nil {
			t.Fatal(err)
		}
		got = append(got, name+" "+language)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if want := "[account_established plpgsql accounts_linked plpgsql properties_add_tallies plpgsql]"; fmt.Sprint(got) != want {
		t.Errorf("helpers: %v, want %s", got, want)
	}
}
