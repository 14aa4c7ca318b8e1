package property

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/rentproof/rentproof/gen/db"
)

// CountMemory is how long a count that reached its cap ("1,000+") is reused for the same
// criteria, whatever the sort or page: the time a public search answer may be cached anyway
// (Cache-Control max-age=10). Counting to the cap is most of a filtered search's cost (thousands
// of index entries for a filter that keeps one listing in six), while a capped count barely
// moves: a listing more or less leaves it "1,000+". A count under its cap is exact and never
// reused, so a few listings added or removed always show at once.
const CountMemory = 10 * time.Second

// maxCounts bounds the counts kept: past it, the expired go, then all.
const maxCounts = 4096

// capped keeps the capped counts of the last CountMemory, by criteria and cap, and counts each
// criteria once at a time: at 1,000 requests a second a count of 10 ms would otherwise be run by
// every request arriving while it runs, on a cold start and again each time it expires. So the
// requests that find no count wait for the one being counted, and once a kept count expired they
// are answered with it while one of them counts again.
type capped struct {
	mu     sync.Mutex
	counts map[string]cappedCount
	flight singleflight.Group
}

type cappedCount struct {
	n          int32
	expires    time.Time
	recounting bool // a request is counting it again; the others reuse n meanwhile
}

// count is searchCounts for a's shape up to limit, reused while capped.
func (s *Service) count(ctx context.Context, shape searchShape, a *searchArgs, limit int32) (int32, error) {
	criteria := *a
	criteria.PageSize, criteria.PageOffset, criteria.ViewerID = 0, 0, 0 // the page's, not the count's
	key, err := json.Marshal(struct {
		Shape    searchShape
		Limit    int32
		Criteria searchArgs
	}{shape, limit, criteria})
	if err != nil {
		return 0, err
	}
	return s.counts.reuse(ctx, string(key), limit, func(ctx context.Context) (int32, error) {
		return searchCounts[shape](ctx, s.custom, a, limit)
	})
}

// countInArea counts the listings placed in area up to ManyInMapArea. It only chooses the area's
// plan (either plan answers right; the page counts its own matches), so it is reused for
// CountMemory whatever it is (limit 0): a box searched again in another sort or page, or by the
// next visitor, does not probe its index again.
func (s *Service) countInArea(ctx context.Context, area []float64) (int32, error) {
	key, err := json.Marshal(area)
	if err != nil {
		return 0, err
	}
	return s.counts.reuse(ctx, "area "+string(key), 0, func(ctx context.Context) (int32, error) {
		return s.q.CountInMapArea(ctx, db.CountInMapAreaParams{MapArea: area, CountCap: ManyInMapArea})
	})
}

// reuse answers key's count: the one kept, or count's, shared by every request asking for key
// while it runs, and kept when it reached limit (always, for limit 0).
func (c *capped) reuse(ctx context.Context, key string, limit int32, count func(context.Context) (int32, error)) (int32, error) {
	if n, ok := c.get(key); ok {
		return n, nil
	}
	v, err, _ := c.flight.Do(key, func() (any, error) {
		// Not the first asker's context: the others wait on this count too.
		n, err := count(context.WithoutCancel(ctx))
		c.done(key, n, err == nil && n >= limit)
		return n, err
	})
	n, _ := v.(int32)
	return n, err
}

// get is key's kept count, if it is fresh or another request is counting it again (for at most
// CountMemory past its expiry). The first to find it expired counts it again.
func (c *capped) get(key string) (int32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.counts[key]
	if !ok {
		return 0, false
	}
	now := time.Now()
	switch {
	case now.Before(e.expires):
		return e.n, true
	case e.recounting && now.Before(e.expires.Add(CountMemory)):
		return e.n, true
	}
	e.recounting = true
	c.counts[key] = e
	return 0, false
}

// done records key's new count n: kept if capped, otherwise forgotten (an exact count is never
// reused).
func (c *capped) done(key string, n int32, keep bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !keep {
		delete(c.counts, key)
		return
	}
	now := time.Now()
	if c.counts == nil {
		c.counts = map[string]cappedCount{}
	}
	if len(c.counts) >= maxCounts {
		for k, e := range c.counts {
			if now.After(e.expires) && !e.recounting {
				delete(c.counts, k)
			}
		}
		if len(c.counts) >= maxCounts {
			clear(c.counts)
		}
	}
	c.counts[key] = cappedCount{n: n, expires: now.Add(CountMemory)}
}
