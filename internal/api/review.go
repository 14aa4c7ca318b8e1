package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/review"
)

// Review serves ReviewService.
type Review struct{ svc *review.Service }

var _ reviewv1connect.ReviewServiceHandler = (*Review)(nil)

// NewReview returns the ReviewService handler over svc.
func NewReview(svc *review.Service) *Review { return &Review{svc: svc} }

// ListPropertyReviews lists a page of a property's reviews.
func (h *Review) ListPropertyReviews(ctx context.Context, req *connect.Request[reviewv1.ListPropertyReviewsRequest]) (*connect.Response[reviewv1.ListPropertyReviewsResponse], error) {
	m := req.Msg
	page, err := h.svc.ListForProperty(ctx, m.GetPropertyId(), m.GetTab(), m.GetVerifiedOnly(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.ListPropertyReviewsResponse{Reviews: reviewsToProto(page.Reviews), HasMore: page.HasMore}), nil
}

// GetRatingSummary returns a property's stars and its reviews per type.
func (h *Review) GetRatingSummary(ctx context.Context, req *connect.Request[reviewv1.GetRatingSummaryRequest]) (*connect.Response[reviewv1.GetRatingSummaryResponse], error) {
	rating, err := h.svc.RatingSummary(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	counts, err := h.svc.CountByType(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	var verified int32
	types := make([]*reviewv1.ReviewTypeCount, len(counts))
	for i, c := range counts {
		verified += c.Verified
		types[i] = &reviewv1.ReviewTypeCount{
			ReviewType: c.ReviewType, Count: c.Count, Counted: c.Counted, Average: c.Average, RatesProperty: c.RatesProperty,
			NotIndependent: c.NotIndependent, PreviousAddress: c.PreviousAddress,
		}
	}
	return connect.NewResponse(&reviewv1.GetRatingSummaryResponse{Summary: ratingToProto(rating), Types: types, VerifiedCount: verified}), nil
}

// ListRecentReviews lists the newest reviews across the site.
func (h *Review) ListRecentReviews(ctx context.Context, req *connect.Request[reviewv1.ListRecentReviewsRequest]) (*connect.Response[reviewv1.ListRecentReviewsResponse], error) {
	list, err := h.svc.Recent(ctx, req.Msg.GetLimit())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.ListRecentReviewsResponse{Reviews: reviewsToProto(list)}), nil
}

// CreateReview posts a review.
func (h *Review) CreateReview(ctx context.Context, req *connect.Request[reviewv1.CreateReviewRequest]) (*connect.Response[reviewv1.CreateReviewResponse], error) {
	m := req.Msg
	r, err := h.svc.Create(ctx, review.Draft{
		PropertyID: m.GetPropertyId(), Rating: m.GetRating(), Title: m.GetTitle(), Content: m.GetContent(),
		ReviewType: m.GetReviewType(), Language: m.GetLanguage(), StayPeriod: m.GetStayPeriod(),
		Pros: m.GetPros(), Cons: m.GetCons(), Categories: m.GetCategories(), Photos: m.GetPhotos(),
		TenancyID: m.GetTenancyId(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.CreateReviewResponse{Review: reviewToProto(r)}), nil
}

// MarkHelpful records a helpful vote.
func (h *Review) MarkHelpful(ctx context.Context, req *connect.Request[reviewv1.MarkHelpfulRequest]) (*connect.Response[reviewv1.MarkHelpfulResponse], error) {
	n, already, err := h.svc.MarkHelpful(ctx, req.Msg.GetReviewId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.MarkHelpfulResponse{Helpful: n, AlreadyMarked: already}), nil
}

// ReportReview reports a review.
func (h *Review) ReportReview(ctx context.Context, req *connect.Request[reviewv1.ReportReviewRequest]) (*connect.Response[reviewv1.ReportReviewResponse], error) {
	if err := h.svc.Report(ctx, req.Msg.GetReviewId(), req.Msg.GetReason(), req.Msg.GetDetail()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.ReportReviewResponse{}), nil
}

// RespondToReview sets the owner's response.
func (h *Review) RespondToReview(ctx context.Context, req *connect.Request[reviewv1.RespondToReviewRequest]) (*connect.Response[reviewv1.RespondToReviewResponse], error) {
	r, err := h.svc.Respond(ctx, req.Msg.GetReviewId(), req.Msg.GetContent())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&reviewv1.RespondToReviewResponse{Review: reviewToProto(r)}), nil
}

// ListReportedReviews lists reported reviews for admins, with their report counts.
func (h *Review) ListReportedReviews(ctx context.Context, _ *connect.Request[reviewv1.ListReportedReviewsRequest]) (*connect.Response[reviewv1.ListReportedReviewsResponse], error) {
	list, err := h.svc.Reported(ctx)
	if err != nil {
		return nil, err
	}
	out := reviewsToProto(list)
	for i, r := range list {
		out[i].ReportCount = r.ReportCount
	}
	return connect.NewResponse(&reviewv1.ListReportedReviewsResponse{Reviews: out}), nil
}

// ModerateReview decides on a reported review.
func (h *Review) ModerateReview(ctx context.Context, req *connect.Request[reviewv1.ModerateReviewRequest]) (*connect.Response[reviewv1.ModerateReviewResponse], error) {
	r, err := h.svc.Moderate(ctx, req.Msg.GetReviewId(), req.Msg.GetDecision(), req.Msg.GetNote())
	if err != nil {
		return nil, err
	}
	out := reviewToProto(r)
	out.ReportCount = r.ReportCount
	return connect.NewResponse(&reviewv1.ModerateReviewResponse{Review: out}), nil
}

func reviewsToProto(list []review.Review) []*reviewv1.Review {
	out := make([]*reviewv1.Review, len(list))
	for i, r := range list {
		out[i] = reviewToProto(r)
	}
	return out
}

// reviewToProto converts a review as public lists show it (report counts are for admins).
func reviewToProto(r review.Review) *reviewv1.Review {
	out := &reviewv1.Review{
		Id:               r.ID,
		PropertyId:       r.PropertyID,
		UserId:           r.AuthorID,
		Rating:           r.Rating,
		Title:            r.Title,
		Content:          r.Content,
		ReviewType:       r.ReviewType,
		StayPeriod:       r.StayPeriod,
		Pros:             r.Pros,
		Cons:             r.Cons,
		Categories:       r.Categories,
		Photos:           r.Photos,
		Verified:         r.Verified,
		CreatedAt:        timestamppb.New(r.CreatedAt),
		Helpful:          r.Helpful,
		Language:         r.Language,
		Status:           r.Status,
		HelpfulByViewer:  r.HelpfulByViewer,
		PropertyTitle:    r.PropertyTitle,
		NewMember:        r.NewMember,
		NotCountedReason: r.NotCounted,
		VerifiedLabel:    r.VerifiedLabel,
		TenancyId:        r.TenancyID,
	}
	if p := r.Proof; p != nil {
		out.Proof = &reviewv1.ReviewProof{Proof: p.Proof, FromMonth: p.From, ToMonth: p.To, VerifiedAt: timestamppb.New(p.VerifiedAt)}
	}
	if r.Tenant != nil {
		out.Tenant = &reviewv1.Reviewer{FirstName: r.Tenant.FirstName, LastName: r.Tenant.LastName}
	}
	if r.HiddenUntil != nil {
		out.HiddenUntil = timestamppb.New(*r.HiddenUntil)
	}
	if r.Author != nil {
		out.Reviewer = &reviewv1.Reviewer{Id: r.AuthorID, FirstName: r.Author.FirstName, LastName: r.Author.LastName}
	}
	if o := r.OwnerResponse; o != nil {
		out.OwnerResponse = &reviewv1.OwnerResponse{
			Content: o.Content, CreatedAt: timestamppb.New(o.CreatedAt), UpdatedAt: timestamppb.New(o.UpdatedAt),
		}
	}
	return out
}
