package property

import (
	"context"
	"fmt"
	"time"

	"github.com/rentproof/rentproof/gen/db"
)

// Listed is an active listing as the sitemap names it: its id and when it last changed.
type Listed struct {
	ID        int32
	UpdatedAt time.Time
}

// HighestID is the highest property id, 0 without any: the sitemap's property files are
// ranges of ids (one backward step of the primary key's index).
func (s *Service) HighestID(ctx context.Context) (int64, error) {
	id, err := s.q.MaxPropertyID(ctx)
	if err != nil {
		return 0, fmt.Errorf("highest property id: %w", err)
	}
	return id, nil
}

// ListedBetween lists the active properties with ids from first to last, in id order (one range
// scan of the primary key, however many listings there are).
func (s *Service) ListedBetween(ctx context.Context, first, last int64) ([]Listed, error) {
	rows, err := s.q.ListSitemapProperties(ctx, db.ListSitemapPropertiesParams{FirstID: first, LastID: last})
	if err != nil {
		return nil, fmt.Errorf("list properties %d to %d: %w", first, last, err)
	}
	out := make([]Listed, len(rows))
	for i, r := range rows {
		out[i] = Listed{ID: r.ID, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}

// PostalCodes lists the postal codes that have active listings (the location pages that show
// properties), each spelled as its best-rated listing spells it.
func (s *Service) PostalCodes(ctx context.Context) ([]string, error) {
	codes, err := s.q.ListSitemapLocations(ctx)
	if err != nil {
		return nil, fmt.Errorf("list postal codes: %w", err)
	}
	return codes, nil
}
