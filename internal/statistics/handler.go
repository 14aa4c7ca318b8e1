package statistics

import (
	"context"

	"connectrpc.com/connect"

	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ statisticsv1connect.StatisticsServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// GetStatistics returns the platform figures.
func (h *Handler) GetStatistics(ctx context.Context, _ *connect.Request[statisticsv1.GetStatisticsRequest]) (*connect.Response[statisticsv1.GetStatisticsResponse], error) {
	f, err := h.svc.Get(ctx)
	if err != nil {
		return nil, rpc.Error(ctx, err)
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
	}), nil
}
