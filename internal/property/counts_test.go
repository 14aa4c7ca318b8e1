package property

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// A count that reached its cap is reused for the same criteria (whatever the sort or page) for
// CountMemory; an exact count under its cap never is, so a listing added shows at once.
func TestCappedCountsAreReused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('lou', 'x', 'lou@example.com', 'Lou', 'L', 'landlord')`)
	list := func(n int, city string, pets bool) {
		t.Helper()
		exec(`INSERT INTO properties (title, address, city, property_type, monthly_rent, currency, landlord_id, slug, pets_allowed)
			SELECT 'Flat ' || i, i || ' Count Street', $2, 'apartment', 1000, 'GBP', (SELECT id FROM users WHERE username = 'lou'),
				$2 || '-' || $3::bool::text || '-' || i || '-' || gen_random_uuid(), $3::bool
			FROM generate_series(1, $1::int) i`, n, city, pets)
	}
	list(CountCap+5, "Leeds", true)
	list(3, "York", true)
	s := NewService(pool, pool, nil)
	total := func(in Search) (int32, bool) {
		t.Helper()
		in.Page, in.PageSize = 1, 12
		res, err := s.Search(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return res.Total, res.Capped
	}

	if n, capped := total(Search{City: "Leeds", PetsAllowed: true, SortBy: SortNewest}); n != CountCap || !capped {
		t.Fatalf("Leeds with pets: %d (capped %v), want %d+", n, capped, CountCap)
	}
	exec(`UPDATE properties SET pets_allowed = false WHERE city = 'Leeds' AND id IN (SELECT id FROM properties WHERE city = 'Leeds' ORDER BY id LIMIT 100)`)
	if n, capped := total(Search{City: "Leeds", PetsAllowed: true, SortBy: SortHighestRated, Page: 2}); n != CountCap || !capped {
		t.Errorf("the same criteria, another sort, within %v: %d (capped %v), want the %d+ counted before", CountMemory, n, capped, CountCap)
	}

	if n, _ := total(Search{City: "York", PetsAllowed: true, SortBy: SortNewest}); n != 3 {
		t.Fatalf("York with pets: %d, want 3", n)
	}
	list(1, "York", true)
	if n, _ := total(Search{City: "York", PetsAllowed: true, SortBy: SortHighestRated}); n != 4 {
		t.Errorf("an exact count is counted again: %d, want 4", n)
	}
}
