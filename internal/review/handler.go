package review

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rentproof/rentproof/gen/db"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ reviewv1connect.ReviewServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// ListPropertyReviews lists a page of a property's reviews.
func (h *Handler) ListPropertyReviews(ctx context.Context, req *connect.Request[reviewv1.ListPropertyReviewsRequest]) (*connect.Response[reviewv1.ListPropertyReviewsResponse], error) {
	m := req.Msg
	page, err := h.svc.ListForProperty(ctx, m.GetPropertyId(), m.GetTab(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make([]*reviewv1.Review, len(page.Reviews))
	for i, r := range page.Reviews {
		out[i] = detailed(db.GetReviewDetailsRow(r))
	}
	return connect.NewResponse(&reviewv1.ListPropertyReviewsResponse{Reviews: out, HasMore: page.HasMore}), nil
}

// GetRatingSummary returns a property's aggregate.
func (h *Handler) GetRatingSummary(ctx context.Context, req *connect.Request[reviewv1.GetRatingSummaryRequest]) (*connect.Response[reviewv1.GetRatingSummaryResponse], error) {
	p, err := h.svc.RatingSummary(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	counts, err := h.svc.CountByType(ctx, p.ID)
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	types := make([]*reviewv1.ReviewTypeCount, len(counts))
	for i, c := range counts {
		types[i] = &reviewv1.ReviewTypeCount{ReviewType: c.ReviewType, Count: c.Count, Average: c.Average, RatesProperty: c.RatesProperty}
	}
	return connect.NewResponse(&reviewv1.GetRatingSummaryResponse{Summary: property.ToProto(p).GetRatingSummary(), Types: types}), nil
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

// CreateReview posts a review.
func (h *Handler) CreateReview(ctx context.Context, req *connect.Request[reviewv1.CreateReviewRequest]) (*connect.Response[reviewv1.CreateReviewResponse], error) {
	m := req.Msg
	r, err := h.svc.Create(ctx, Draft{
		PropertyID: m.GetPropertyId(), Rating: m.GetRating(), Title: m.GetTitle(), Content: m.GetContent(),
		ReviewType: m.GetReviewType(), Language: m.GetLanguage(), StayPeriod: m.GetStayPeriod(),
		Pros: m.GetPros(), Cons: m.GetCons(), Categories: m.GetCategories(), Photos: m.GetPhotos(),
	})
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&reviewv1.CreateReviewResponse{Review: detailed(r)}), nil
}

// MarkHelpful records a helpful vote.
func (h *Handler) MarkHelpful(ctx context.Context, req *connect.Request[reviewv1.MarkHelpfulRequest]) (*connect.Response[reviewv1.MarkHelpfulResponse], error) {
	n, already, err := h.svc.MarkHelpful(ctx, req.Msg.GetReviewId())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&reviewv1.MarkHelpfulResponse{Helpful: n, AlreadyMarked: already}), nil
}

// ReportReview reports a review.
func (h *Handler) ReportReview(ctx context.Context, req *connect.Request[reviewv1.ReportReviewRequest]) (*connect.Response[reviewv1.ReportReviewResponse], error) {
	if err := h.svc.Report(ctx, req.Msg.GetReviewId(), req.Msg.GetReason(), req.Msg.GetDetail()); err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&reviewv1.ReportReviewResponse{}), nil
}

// RespondToReview sets the owner's response.
func (h *Handler) RespondToReview(ctx context.Context, req *connect.Request[reviewv1.RespondToReviewRequest]) (*connect.Response[reviewv1.RespondToReviewResponse], error) {
	r, err := h.svc.Respond(ctx, req.Msg.GetReviewId(), req.Msg.GetContent())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&reviewv1.RespondToReviewResponse{Review: detailed(r)}), nil
}

// ListReportedReviews lists reported reviews for admins.
func (h *Handler) ListReportedReviews(ctx context.Context, _ *connect.Request[reviewv1.ListReportedReviewsRequest]) (*connect.Response[reviewv1.ListReportedReviewsResponse], error) {
	rows, err := h.svc.Reported(ctx)
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make([]*reviewv1.Review, len(rows))
	for i, r := range rows {
		out[i] = toProto(r.Review, r.AuthorFirstName, r.AuthorLastName)
		out[i].PropertyTitle = r.PropertyTitle
		out[i].ReportCount = r.Review.ReportCount
	}
	return connect.NewResponse(&reviewv1.ListReportedReviewsResponse{Reviews: out}), nil
}

// ModerateReview decides on a reported review.
func (h *Handler) ModerateReview(ctx context.Context, req *connect.Request[reviewv1.ModerateReviewRequest]) (*connect.Response[reviewv1.ModerateReviewResponse], error) {
	r, err := h.svc.Moderate(ctx, req.Msg.GetReviewId(), req.Msg.GetDecision(), req.Msg.GetNote())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := detailed(r)
	out.ReportCount = r.Review.ReportCount
	return connect.NewResponse(&reviewv1.ModerateReviewResponse{Review: out}), nil
}

// detailed converts a review with its owner's response and the viewer's vote.
func detailed(r db.GetReviewDetailsRow) *reviewv1.Review {
	out := toProto(r.Review, r.AuthorFirstName, r.AuthorLastName)
	out.HelpfulByViewer = r.HelpfulByViewer
	if r.ResponseContent != nil {
		out.OwnerResponse = &reviewv1.OwnerResponse{
			Content:   *r.ResponseContent,
			CreatedAt: timestamp(r.ResponseCreatedAt),
			UpdatedAt: timestamp(r.ResponseUpdatedAt),
		}
	}
	return out
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
		Status:     r.Status,
	}
	if r.UserID != nil && firstName != nil {
		out.Reviewer = &reviewv1.Reviewer{Id: *r.UserID, FirstName: *firstName, LastName: convert.Value(lastName)}
	}
	return out
}

func timestamp(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
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
