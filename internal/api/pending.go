package api

// Issue 15's rpcs while they are being built: each answers unimplemented until its handler lands
// in the domain's file, which deletes it here. This file goes when the last one does.

import (
	"context"
	"errors"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
)

var errPending = connect.NewError(connect.CodeUnimplemented, errors.New("not available yet"))

// UpdateProperty is pending (issue 15, edit a listing).
func (h *Property) UpdateProperty(context.Context, *connect.Request[propertyv1.UpdatePropertyRequest]) (*connect.Response[propertyv1.UpdatePropertyResponse], error) {
	return nil, errPending
}

// ListMyProperties is pending (issue 15, dashboard).
func (h *Property) ListMyProperties(context.Context, *connect.Request[propertyv1.ListMyPropertiesRequest]) (*connect.Response[propertyv1.ListMyPropertiesResponse], error) {
	return nil, errPending
}

// GetLandlordStats is pending (issue 15, dashboard).
func (h *Property) GetLandlordStats(context.Context, *connect.Request[propertyv1.GetLandlordStatsRequest]) (*connect.Response[propertyv1.GetLandlordStatsResponse], error) {
	return nil, errPending
}

// ListMyReviews is pending (issue 15, dashboard).
func (h *Review) ListMyReviews(context.Context, *connect.Request[reviewv1.ListMyReviewsRequest]) (*connect.Response[reviewv1.ListMyReviewsResponse], error) {
	return nil, errPending
}
