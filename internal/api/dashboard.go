package api

import (
	"context"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
)

// The dashboards' rpcs (SPEC §2 "Dashboard"): the landlord's listings and stats, the tenant's
// reviews. They live on their services' handlers; this file only groups them.

// ListMyProperties pages the caller's own listings.
func (h *Property) ListMyProperties(ctx context.Context, req *connect.Request[propertyv1.ListMyPropertiesRequest]) (*connect.Response[propertyv1.ListMyPropertiesResponse], error) {
	m := req.Msg
	res, err := h.svc.ListMine(ctx, m.GetQuery(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.ListMyPropertiesResponse{
		Properties: propertiesToProto(res.Properties), TotalCount: res.Total, Page: res.Page, PageSize: res.PageSize,
	}), nil
}

// GetLandlordStats sums the caller's listings.
func (h *Property) GetLandlordStats(ctx context.Context, _ *connect.Request[propertyv1.GetLandlordStatsRequest]) (*connect.Response[propertyv1.GetLandlordStatsResponse], error) {
	s, err := h.svc.LandlordStats(ctx)
	if err != nil {
		return nil, err
	}
	out := &propertyv1.GetLandlordStatsResponse{
		PropertyCount: s.Properties, VerifiedCount: s.Verified, AverageRating: s.AverageRating, RatedReviewCount: s.RatedReviews,
		MonthlyRentTotals: make([]*propertyv1.RentTotal, len(s.RentTotals)), TypeCounts: make([]*propertyv1.TypeCount, len(s.Types)),
	}
	for i, r := range s.RentTotals {
		out.MonthlyRentTotals[i] = &propertyv1.RentTotal{Currency: r.Currency, MonthlyRent: r.MonthlyRent}
	}
	for i, t := range s.Types {
		out.TypeCounts[i] = &propertyv1.TypeCount{PropertyType: t.Type, Count: t.Count}
	}
	return connect.NewResponse(out), nil
}

// ListMyReviews pages the caller's own reviews.
func (h *Review) ListMyReviews(ctx context.Context, req *connect.Request[reviewv1.ListMyReviewsRequest]) (*connect.Response[reviewv1.ListMyReviewsResponse], error) {
	m := req.Msg
	res, err := h.svc.ListMine(ctx, m.GetQuery(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.ListMyReviewsResponse{
		Reviews: reviewsToProto(res.Reviews), TotalCount: res.Total, ReviewCount: res.Written, Page: res.Page, PageSize: res.PageSize,
	}), nil
}

// ListMyReviewsOfProperty lists the caller's own reviews of one property.
func (h *Review) ListMyReviewsOfProperty(ctx context.Context, req *connect.Request[reviewv1.ListMyReviewsOfPropertyRequest]) (*connect.Response[reviewv1.ListMyReviewsOfPropertyResponse], error) {
	reviews, err := h.svc.MineOfProperty(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.ListMyReviewsOfPropertyResponse{Reviews: reviewsToProto(reviews)}), nil
}
