package rest

import (
	"net/http"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
)

// ModerationRPCs serve the administrators' moderation paths.
type ModerationRPCs = adminv1connect.ModerationServiceHandler

// routeModeration serves ModerationService under /api/admin/ (issue 30); administrators only, as
// the rpcs decide.
func routeModeration(mux *http.ServeMux, rpcs ModerationRPCs) {
	if rpcs == nil {
		return
	}
	// GET /api/admin/reported-reviews: the reviews whose reports wait for a moderator, each with
	// those reports, as a JSON array.
	mux.HandleFunc("GET /api/admin/reported-reviews", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, adminv1connect.ModerationServiceListReportedReviewsProcedure, &adminv1.ListReportedReviewsRequest{}, rpcs.ListReportedReviews,
			func(res *adminv1.ListReportedReviewsResponse) any { return list(res.GetReviews()) })
	})
	// GET /api/admin/reviews?query=&status=&page=&pageSize=: any review; answers {reviews, hasMore}.
	mux.HandleFunc("GET /api/admin/reviews", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := adminv1.SearchReviewsRequest{Query: q.Get("query"), Status: q.Get("status")}
		if pageParams(w, q, &req.Page, &req.PageSize) {
			call(w, r, adminv1connect.ModerationServiceSearchReviewsProcedure, &req, rpcs.SearchReviews,
				func(res *adminv1.SearchReviewsResponse) any { return message(res) })
		}
	})
	// POST /api/admin/reviews/{id}/remove: {reason}; answers the review.
	mux.HandleFunc("POST /api/admin/reviews/{id}/remove", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req adminv1.RemoveReviewRequest
		if decode(w, r, &req) {
			req.ReviewId = id
			call(w, r, adminv1connect.ModerationServiceRemoveReviewProcedure, &req, rpcs.RemoveReview,
				func(res *adminv1.RemoveReviewResponse) any { return message(res.GetReview()) })
		}
	})
	// POST /api/admin/reviews/{id}/restore: {reason}; answers the review.
	mux.HandleFunc("POST /api/admin/reviews/{id}/restore", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req adminv1.RestoreReviewRequest
		if decode(w, r, &req) {
			req.ReviewId = id
			call(w, r, adminv1connect.ModerationServiceRestoreReviewProcedure, &req, rpcs.RestoreReview,
				func(res *adminv1.RestoreReviewResponse) any { return message(res.GetReview()) })
		}
	})
	// GET /api/admin/verified-properties?query=&page=&pageSize=: the properties whose badge is in
	// force; answers {properties, hasMore}.
	mux.HandleFunc("GET /api/admin/verified-properties", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := adminv1.ListVerifiedPropertiesRequest{Query: q.Get("query")}
		if pageParams(w, q, &req.Page, &req.PageSize) {
			call(w, r, adminv1connect.ModerationServiceListVerifiedPropertiesProcedure, &req, rpcs.ListVerifiedProperties,
				func(res *adminv1.ListVerifiedPropertiesResponse) any { return message(res) })
		}
	})
	// POST /api/admin/properties/{id}/withdraw-badge: {reason}; answers {propertyId}.
	mux.HandleFunc("POST /api/admin/properties/{id}/withdraw-badge", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req adminv1.WithdrawBadgeRequest
		if decode(w, r, &req) {
			req.PropertyId = id
			call(w, r, adminv1connect.ModerationServiceWithdrawBadgeProcedure, &req, rpcs.WithdrawBadge,
				func(res *adminv1.WithdrawBadgeResponse) any { return message(res) })
		}
	})
}
