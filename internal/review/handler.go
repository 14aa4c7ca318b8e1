package review

import (
	"context"
	"encoding/json"
	"slices"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rentproof/rentproof/gen/db"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ reviewv1connect.ReviewServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// ListPropertyReviews lists a property's reviews.
func (h *Handler) ListPropertyReviews(ctx context.Context, req *connect.Request[reviewv1.ListPropertyReviewsRequest]) (*connect.Response[reviewv1.ListPropertyReviewsResponse], error) {
	rows, err := h.svc.ListForProperty(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make([]*reviewv1.Review, len(rows))
	for i, r := range rows {
		out[i] = toProto(r.Review, r.AuthorFirstName, r.AuthorLastName)
	}
	return connect.NewResponse(&reviewv1.ListPropertyReviewsResponse{Reviews: out}), nil
}

// ListRecentReviews lists the newest reviews across the site.
func (h *Handler) ListRecentReviews(ctx context.Context, req *connect.Request[reviewv1.ListRecentReviewsRequest]) (*connect.Response[reviewv1.ListRecentReviewsResponse], error) {
	rows, err := h.svc.Recent(ctx, req.Msg.GetLimit())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make([]*reviewv1.Review, len(rows))
	for i, r := range rows {
		out[i] = toProto(r.Review, r.AuthorFirstName, r.AuthorLastName)
		out[i].PropertyTitle = r.PropertyTitle
	}
	return connect.NewResponse(&reviewv1.ListRecentReviewsResponse{Reviews: out}), nil
}

// toProto converts a review and its author's name (nil when the account is gone).
func toProto(r db.Review, firstName, lastName *string) *reviewv1.Review {
	out := &reviewv1.Review{
		Id:         r.ID,
		PropertyId: r.PropertyID,
		UserId:     convert.Value(r.UserID),
		Rating:     r.Rating,
		Title:      r.Title,
		Content:    r.Content,
		ReviewType: r.ReviewType,
		StayPeriod: convert.Value(r.StayPeriod),
		Pros:       convert.Strings(r.Pros),
		Cons:       convert.Strings(r.Cons),
		Categories: categoryNames(r.Categories),
		Photos:     convert.Strings(r.Photos),
		Verified:   r.Verified,
		CreatedAt:  timestamppb.New(r.CreatedAt),
		Helpful:    r.Helpful,
		Language:   r.Language,
	}
	if r.UserID != nil && firstName != nil {
		out.Reviewer = &reviewv1.Reviewer{Id: *r.UserID, FirstName: *firstName, LastName: convert.Value(lastName)}
	}
	return out
}

// categoryNames lists the keys of the stored categories object ({"Location": 1, …}) in order.
func categoryNames(raw []byte) []string {
	var m map[string]int
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil {
		return nil
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}
