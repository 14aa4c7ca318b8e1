// Package statistics computes the platform's headline figures, kept in PostgreSQL for 60 seconds
// (SPEC §9) so that every server answers the same figures.
package statistics

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
)

// Figures are the platform statistics of SPEC §3.
type Figures struct {
	ActiveUsers             int32
	TotalProperties         int32
	UniqueCountries         int32
	MonthlyGrowth           float64 // percent
	TotalVerifiedProperties int32
	TotalReviews            int32
	AverageRating           float64
	RetentionRate           float64 // percent
	TotalLandlords          int32   // landlord accounts
	TotalTenants            int32   // tenant accounts
}

// Service computes statistics.
type Service struct{ q *db.Queries }

// NewService returns a Service over pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{q: db.New(pool)} }

// Get returns the stored figures, recomputing them first when they are 60 seconds old or more.
// Of several servers finding them stale at once, one recomputes (RefreshStatistics's guarded
// UPDATE); the others wait for it and read what it stored.
func (s *Service) Get(ctx context.Context) (Figures, error) {
	c, err := s.q.GetStatisticsCache(ctx)
	if err != nil {
		return Figures{}, fmt.Errorf("get statistics: %w", err)
	}
	if c.Fresh {
		return figures(c.StatisticsCache), nil
	}
	r, err := s.q.RefreshStatistics(ctx)
	if errors.Is(err, pgx.ErrNoRows) { // another server refreshed them meanwhile
		c, err = s.q.GetStatisticsCache(ctx)
		r = c.StatisticsCache
	}
	if err != nil {
		return Figures{}, fmt.Errorf("refresh statistics: %w", err)
	}
	return figures(r), nil
}

// figures are the stored figures as SPEC §3 shows them.
func figures(r db.StatisticsCache) Figures {
	return Figures{
		ActiveUsers:             r.ActiveUsers,
		TotalProperties:         r.TotalProperties,
		UniqueCountries:         r.UniqueCountries,
		MonthlyGrowth:           percentChange(r.NewProperties30d, r.NewPropertiesPrev30d),
		TotalVerifiedProperties: r.TotalVerifiedProperties,
		TotalReviews:            r.TotalReviews,
		AverageRating:           r.AverageRating,
		RetentionRate:           percent(r.RetainedUsers, r.EstablishedUsers),
		TotalLandlords:          r.TotalLandlords,
		TotalTenants:            r.TotalTenants,
	}
}

// percentChange is the growth from before to now in percent, one decimal; 0 when there was nothing before.
func percentChange(now, before int32) float64 {
	if before == 0 {
		return 0
	}
	return round1(float64(now-before) * 100 / float64(before))
}

func percent(part, whole int32) float64 {
	if whole == 0 {
		return 0
	}
	return round1(float64(part) * 100 / float64(whole))
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
