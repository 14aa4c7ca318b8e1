package statistics_test

import (
	"context"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/statistics"
)

func TestFiguresAreCachedForAMinute(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	exec := func(sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('owner', 'x', 'owner@example.com', 'Olga', 'Owner', 'landlord')`)
	list := func(n int) {
		t.Helper()
		for range n {
			exec(`INSERT INTO properties (title, address, city, country, property_type, monthly_rent, landlord_id, slug)
				SELECT 'Flat', '1 Main Street', 'Leeds', 'United Kingdom', 'apartment', 900, id, 'flat' FROM users`)
		}
	}
	list(2)
	// Two servers over one database.
	a, b := statistics.NewService(pool), statistics.NewService(pool)
	first, err := a.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if first.TotalProperties != 2 || first.UniqueCountries != 1 || first.TotalLandlords != 1 || first.TotalTenants != 0 {
		t.Fatalf("first figures: %+v", first)
	}
	list(3)
	exec(`INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('tenant', 'x', 'tenant@example.com', 'Tia', 'Tenant', 'tenant'),
		       ('agent', 'x', 'agent@example.com', 'Ada', 'Agent', 'agent')`)
	for _, svc := range []*statistics.Service{a, b} {
		if got, err := svc.Get(ctx); err != nil || got != first {
			t.Errorf("within 60 s: %+v, %v; want the stored %+v", got, err, first)
		}
	}
	// A minute later, the first caller recomputes; parallel callers on both servers all answer
	// the new figures, and one of them wrote them.
	exec(`UPDATE statistics_cache SET computed_at = computed_at - interval '61 seconds'`)
	var wg sync.WaitGroup
	results := make(chan statistics.Figures, 20)
	for i := range 20 {
		svc := []*statistics.Service{a, b}[i%2]
		wg.Go(func() {
			got, err := svc.Get(ctx)
			if err != nil {
				t.Error(err)
			}
			results <- got
		})
	}
	wg.Wait()
	close(results)
	for got := range results {
		// The home page's landlords and tenants are accounts of those roles (an agent is neither).
		if got.TotalProperties != 5 || got.TotalLandlords != 1 || got.TotalTenants != 1 {
			t.Errorf("after 60 s: %+v, want 5 properties, 1 landlord and 1 tenant", got)
		}
	}
	var fresh bool
	if err := pool.QueryRow(ctx, `SELECT computed_at > now() - interval '5 seconds' FROM statistics_cache`).Scan(&fresh); err != nil || !fresh {
		t.Errorf("the cache row was not refreshed: %v", err)
	}
}
