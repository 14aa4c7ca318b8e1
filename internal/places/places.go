// Package places holds the one rule of the listing counts that each city and neighbourhood keeps
// (cities.property_count, localities.property_count): the deferred triggers properties_sync_cities
// and properties_sync_localities write them at the commit, so a count is the last row a
// transaction locks. A listing's creation takes its two counts then, after everything else it
// locks; a transaction holding a count while it waited for any other row would deadlock with it.
package places

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
)

// LockCounts locks the counts of cities and neighbourhoods ("" for none), cities first, each in
// key order, creating those that are missing at zero (a row that is not there cannot be locked;
// one no listing counts by the commit is dropped then: cities_drop_empty). A transaction that
// changes listings in more than one place (a move, a suspension, a closure) calls it as its last
// step, after every other lock: the triggers meet the places in the order of the listings, which
// two such transactions could meet in opposite orders.
func LockCounts(ctx context.Context, q *db.Queries, cities, localities []string) error {
	if err := q.LockCityCounts(ctx, cities); err != nil {
		return fmt.Errorf("lock the counts of the cities %q: %w", cities, err)
	}
	if err := q.LockLocalityCounts(ctx, localities); err != nil {
		return fmt.Errorf("lock the counts of the neighbourhoods %q: %w", localities, err)
	}
	return nil
}
