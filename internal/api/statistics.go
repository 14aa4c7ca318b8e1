package api

import (
	"context"

	"connectrpc.com/connect"

	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/internal/statistics"
)

// Statistics serves StatisticsService.
type Statistics struct{ svc *statistics.Service }

var _ statisticsv1connect.StatisticsServiceHandler = (*Statistics)(nil)

// NewStatistics returns the StatisticsService handler over svc.
func NewStatistics(svc *statistics.Service) *Statistics { return &Statistics{svc: svc} }

// GetStatistics returns the platform figures.
func (h *Statistics) GetStatistics(ctx context.Context, _ *connect.Request[statisticsv1.GetStatisticsRequest]) (*connect.Response[statisticsv1.GetStatisticsResponse], error) {
	f, err := h.svc.Get(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&statisticsv1.GetStatisticsResponse{
		ActiveUsers:             f.ActiveUsers,
		TotalProperties:         f.TotalProperties,
		UniqueCountries:         f.UniqueCountries,
		MonthlyGrowth:           f.MonthlyGrowth,
		TotalVerifiedProperties: f.TotalVerifiedProperties,
		TotalReviews:            f.TotalReviews,
		AverageRating:           f.AverageRating,
		RetentionRate:           f.RetentionRate,
		TotalLandlords:          f.TotalLandlords,
		TotalTenants:            f.TotalTenants,
	}), nil
}
