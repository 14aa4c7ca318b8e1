package review_test

import (
	"context"
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
