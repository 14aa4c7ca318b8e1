package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/verification"
)

// Moderation serves ModerationService: reviews removed and restored, badges withdrawn.
type Moderation struct {
	reviews       *review.Service
	verifications *verification.Service
}

var _ adminv1connect.ModerationServiceHandler = (*Moderation)(nil)

// NewModeration returns the ModerationService handler over reviews and verifications.
func NewModeration(reviews *review.Service, verifications *verification.Service) *Moderation {
	return &Moderation{reviews: reviews, verifications: verifications}
}

// ListReportedReviews lists the reviews whose reports wait for a moderator, with the reports.
func (h *Moderation) ListReportedReviews(ctx context.Context, _ *connect.Request[adminv1.ListReportedReviewsRequest]) (*connect.Response[adminv1.ListReportedReviewsResponse], error) {
	list, err := h.reviews.AwaitingModeration(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.ListReportedReviewsResponse{Reviews: moderatedToProto(list)}), nil
}

// SearchReviews finds reviews in every status.
func (h *Moderation) SearchReviews(ctx context.Context, req *connect.Request[adminv1.SearchReviewsRequest]) (*connect.Response[adminv1.SearchReviewsResponse], error) {
	m := req.Msg
	list, more, err := h.reviews.SearchModerated(ctx, m.GetQuery(), m.GetStatus(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.SearchReviewsResponse{Reviews: moderatedToProto(list), HasMore: more}), nil
}

// RemoveReview removes a review with a reason.
func (h *Moderation) RemoveReview(ctx context.Context, req *connect.Request[adminv1.RemoveReviewRequest]) (*connect.Response[adminv1.RemoveReviewResponse], error) {
	r, err := h.reviews.Remove(ctx, req.Msg.GetReviewId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.RemoveReviewResponse{Review: moderatedReviewToProto(r)}), nil
}

// RestoreReview publishes a review again with a reason.
func (h *Moderation) RestoreReview(ctx context.Context, req *connect.Request[adminv1.RestoreReviewRequest]) (*connect.Response[adminv1.RestoreReviewResponse], error) {
	r, err := h.reviews.Restore(ctx, req.Msg.GetReviewId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.RestoreReviewResponse{Review: moderatedReviewToProto(r)}), nil
}

// ListVerifiedProperties lists the properties whose badge is in force.
func (h *Moderation) ListVerifiedProperties(ctx context.Context, req *connect.Request[adminv1.ListVerifiedPropertiesRequest]) (*connect.Response[adminv1.ListVerifiedPropertiesResponse], error) {
	m := req.Msg
	list, more, err := h.verifications.VerifiedProperties(ctx, m.GetQuery(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.VerifiedProperty, len(list))
	for i, b := range list {
		out[i] = &adminv1.VerifiedProperty{PropertyId: b.PropertyID, Title: b.Title, Address: b.Address, PropertyType: b.PropertyType,
			OwnerUsername: b.OwnerUsername, Proof: b.Proof, VerifiedAt: timestamppb.New(b.VerifiedAt)}
	}
	return connect.NewResponse(&adminv1.ListVerifiedPropertiesResponse{Properties: out, HasMore: more}), nil
}

// WithdrawBadge withdraws a property's verification with a reason (the one path:
// verification.Service.Withdraw, as VerificationService.WithdrawVerification).
func (h *Moderation) WithdrawBadge(ctx context.Context, req *connect.Request[adminv1.WithdrawBadgeRequest]) (*connect.Response[adminv1.WithdrawBadgeResponse], error) {
	if err := h.verifications.Withdraw(ctx, req.Msg.GetPropertyId(), req.Msg.GetReason()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.WithdrawBadgeResponse{PropertyId: req.Msg.GetPropertyId()}), nil
}

func moderatedToProto(list []review.Moderated) []*adminv1.ModeratedReview {
	out := make([]*adminv1.ModeratedReview, len(list))
	for i, r := range list {
		out[i] = moderatedReviewToProto(r)
	}
	return out
}

func moderatedReviewToProto(r review.Moderated) *adminv1.ModeratedReview {
	reports := make([]*adminv1.Report, len(r.Reports))
	for i, p := range r.Reports {
		reports[i] = &adminv1.Report{Id: p.ID, Reason: p.Reason, Note: p.Note, ReporterUsername: p.ReporterUsername,
			ReporterEstablished: p.Established, SharedNetwork: p.SharedNetwork, CreatedAt: timestamppb.New(p.CreatedAt)}
	}
	return &adminv1.ModeratedReview{Id: r.ID, PropertyId: r.PropertyID, PropertyTitle: r.PropertyTitle, AuthorUsername: r.AuthorUsername,
		Rating: r.Rating, Title: r.Title, Content: r.Content, Status: r.Status, ReportCount: r.ReportCount,
		CreatedAt: timestamppb.New(r.CreatedAt), Reports: reports, Photos: r.Photos}
}
