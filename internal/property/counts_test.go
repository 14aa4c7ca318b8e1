package property

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

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

// Requests asking for the same count at once share one count, and once a kept count expired the
// others are answered with it while one request counts again.
func TestCountsAreCountedOnceAtATime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var c capped
	var counted atomic.Int32
	release := make(chan struct{})
	slow := func(n int32) func(context.Context) (int32, error) {
		return func(context.Context) (int32, error) {
			counted.Add(1)
			<-release
			return n, nil
		}
	}

	// A cold start: twenty requests, one count.
	var wg sync.WaitGroup
	answers := make(chan int32, 20)
	for range 20 {
		wg.Go(func() {
			n, err := c.reuse(ctx, "k", 100, slow(150))
			if err != nil {
				t.Error(err)
			}
			answers <- n
		})
	}
	time.Sleep(50 * time.Millisecond) // let them all ask
	close(release)
	wg.Wait()
	close(answers)
	for n := range answers {
		if n != 150 {
			t.Errorf("a request sharing the count got %d, want 150", n)
		}
	}
	if n := counted.Load(); n != 1 {
		t.Fatalf("twenty requests at once counted %d times, want once", n)
	}

	// Expired: the first request counts again; the others get the kept count meanwhile.
	c.mu.Lock()
	e := c.counts["k"]
	e.expires = time.Now().Add(-time.Second)
	c.counts["k"] = e
	c.mu.Unlock()
	release = make(chan struct{})
	recounted := make(chan int32)
	go func() {
		n, _ := c.reuse(ctx, "k", 100, slow(170))
		recounted <- n
	}()
	for counted.Load() != 2 {
		time.Sleep(time.Millisecond)
	}
	for range 5 {
		if n, err := c.reuse(ctx, "k", 100, slow(999)); err != nil || n != 150 {
			t.Errorf("while recounted: %d, %v, want the kept 150 at once", n, err)
		}
	}
	close(release)
	if n := <-recounted; n != 170 {
		t.Errorf("the recount answered %d, want 170", n)
	}
	if n, _ := c.reuse(ctx, "k", 100, slow(999)); n != 170 || counted.Load() != 2 {
		t.Errorf("after the recount: %d after %d counts, want the new 170 kept", n, counted.Load())
	}

	// A count under its cap is answered but not kept.
	release = make(chan struct{})
	close(release)
	for _, want := range []int32{1, 2} {
		if n, _ := c.reuse(ctx, "exact", 100, slow(want)); n != want {
			t.Errorf("exact count: %d, want %d (counted again)", n, want)
		}
	}
}

// probes counts the statements of one name a pool's connections send.
type probes struct {
	name string
	n    atomic.Int32
}

func (p *probes) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if strings.HasPrefix(data.SQL, "-- name: "+p.name+" ") {
		p.n.Add(1)
	}
	return ctx
}

func (p *probes) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A map area's probe (how many listings it holds, which picks its plan) is kept for CountMemory
// whatever it found: the same box in another sort or page is not probed again, and a listing
// added inside it still shows at once, counted by the page itself.
func TestAMapAreaIsProbedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, url := dbtest.New(t)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	probe := &probes{name: "CountInMapArea"}
	cfg.ConnConfig.Tracer = probe
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, err := pool.Exec(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('mia', 'x', 'mia@example.com', 'Mia', 'M', 'landlord')`); err != nil {
		t.Fatal(err)
	}
	list := func(from, to int) {
		t.Helper()
		if _, err := pool.Exec(ctx, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, latitude, longitude)
			SELECT 'Home ' || i, i || ' Map Street', 'Austin', 'house', 1000, (SELECT id FROM users WHERE username = 'mia'),
				'map-home-' || i, (30 + i * 0.0001)::text, '-97'
			FROM generate_series($1::int, $2::int) i`, from, to); err != nil {
			t.Fatal(err)
		}
	}
	list(1, 5)
	s := NewService(pool, pool, nil)
	box := &[4]float64{-97.01, 29.99, -96.99, 30.01}
	total := func(sort string, page int32) int32 {
		t.Helper()
		res, err := s.Search(ctx, Search{MapArea: box, SortBy: sort, Page: page, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		return res.Total
	}
	for _, sort := range searchSorts {
		if n := total(sort, 1); n != 5 {
			t.Errorf("%s: %d listings in the box, want 5", sort, n)
		}
	}
	if n := total(SortNewest, 2); n != 5 {
		t.Errorf("page 2: %d listings in the box, want 5", n)
	}
	if n := probe.n.Load(); n != 1 {
		t.Errorf("the box was probed %d times in %d searches, want once", n, len(searchSorts)+1)
	}
	list(6, 6)
	if n := total(SortNewest, 1); n != 6 {
		t.Errorf("after a listing was added inside: %d, want 6", n)
	}
}
