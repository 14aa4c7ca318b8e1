package property

import (
	"context"
	"encoding/json"
	"sync"
	"time"

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

// capped keeps the capped counts of the last CountMemory, by criteria and cap.
type capped struct {
	mu     sync.Mutex
	counts map[string]cappedCount
}

type cappedCount struct {
	n       int32
	expires time.Time
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
	if n, ok := s.counts.get(string(key)); ok {
		return n, nil
	}
	n, err := searchCounts[shape](ctx, s.custom, a, limit)
	if err == nil && n >= limit {
		s.counts.put(string(key), n)
	}
	return n, err
}

// countInArea counts the listings placed in area up to ManyInMapArea, reused while capped.
func (s *Service) countInArea(ctx context.Context, area []float64) (int32, error) {
	key, err := json.Marshal(area)
	if err != nil {
		return 0, err
	}
	if n, ok := s.counts.get("area " + string(key)); ok {
		return n, nil
	}
	n, err := s.q.CountInMapArea(ctx, db.CountInMapAreaParams{MapArea: area, CountCap: ManyInMapArea})
	if err == nil && n >= ManyInMapArea {
		s.counts.put("area "+string(key), n)
	}
	return n, err
}

func (c *capped) get(key string) (int32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.counts[key]
	if !ok || time.Now().After(e.expires) {
		return 0, false
	}
	return e.n, true
}

func (c *capped) put(key string, n int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if c.counts == nil {
		c.counts = map[string]cappedCount{}
	}
	if len(c.counts) >= maxCounts {
		for k, e := range c.counts {
			if now.After(e.expires) {
				delete(c.counts, k)
			}
		}
		if len(c.counts) >= maxCounts {
			clear(c.counts)
		}
	}
	c.counts[key] = cappedCount{n: n, expires: now.Add(CountMemory)}
}
