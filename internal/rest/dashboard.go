package rest

import (
	"net/http"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/property"
)

func routeDashboard(mux *http.ServeMux, properties PropertyRPCs, reviews ReviewRPCs) {
	// GET /api/dashboard?query=&page=&pageSize=: the dashboard's list (SPEC §3, §6, §7). A tenant
	// gets their reviews ({reviews, totalCount, reviewCount, page, pageSize}: ListMyReviews);
	// every other role their listings ({properties, totalCount, page, pageSize}: ListMyProperties).
	// Signed out: 401, as both rpcs answer.
	mux.HandleFunc("GET /api/dashboard", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var page, size int32
		if !pageParams(w, q, &page, &size) {
			return
		}
		if user, ok := identity.UserFrom(r.Context()); !ok || !property.CanList(user.Role) {
			req := &reviewv1.ListMyReviewsRequest{Query: q.Get("query"), Page: page, PageSize: size}
			call(w, r, reviewv1connect.ReviewServiceListMyReviewsProcedure, req, reviews.ListMyReviews,
				func(res *reviewv1.ListMyReviewsResponse) any { return message(res) })
			return
		}
		req := &propertyv1.ListMyPropertiesRequest{Query: q.Get("query"), Page: page, PageSize: size}
		call(w, r, propertyv1connect.PropertyServiceListMyPropertiesProcedure, req, properties.ListMyProperties,
			func(res *propertyv1.ListMyPropertiesResponse) any { return message(res) })
	})
}
