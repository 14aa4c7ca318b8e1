package rest

import (
	"net/http"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
)

// The rpcs each group of paths needs: the generated handler interfaces.
type (
	AccountRPCs    = accountv1connect.AccountServiceHandler
	ResourceRPCs   = resourcev1connect.ResourceServiceHandler
	PropertyRPCs   = propertyv1connect.PropertyServiceHandler
	ReviewRPCs     = reviewv1connect.ReviewServiceHandler
	StatisticsRPCs = statisticsv1connect.StatisticsServiceHandler
)

func routeAccount(mux *http.ServeMux, rpcs AccountRPCs) {
	// GET /api/user: the current user; 401 when signed out.
	mux.HandleFunc("GET /api/user", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, &accountv1.GetCurrentUserRequest{}, rpcs.GetCurrentUser,
			func(res *accountv1.GetCurrentUserResponse) any { return message(res.GetUser()) })
	})
}

func routeResources(mux *http.ServeMux, rpcs ResourceRPCs) {
	// GET /api/resources?category=&query=: a JSON array of resources.
	mux.HandleFunc("GET /api/resources", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := &resourcev1.ListResourcesRequest{Category: q.Get("category"), Query: q.Get("query")}
		call(w, r, req, rpcs.ListResources,
			func(res *resourcev1.ListResourcesResponse) any { return list(res.GetResources()) })
	})
	mux.HandleFunc("GET /api/resources/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, &resourcev1.GetResourceRequest{Id: id}, rpcs.GetResource,
			func(res *resourcev1.GetResourceResponse) any { return message(res.GetResource()) })
	})
}

func routeProperties(mux *http.ServeMux, properties PropertyRPCs, reviews ReviewRPCs) {
	mux.HandleFunc("GET /api/properties/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, &propertyv1.GetPropertyRequest{Id: id}, properties.GetProperty,
			func(res *propertyv1.GetPropertyResponse) any { return message(res.GetProperty()) })
	})
	// GET /api/properties/{id}/reviews: a JSON array of the property's reviews, newest first.
	mux.HandleFunc("GET /api/properties/{id}/reviews", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, &reviewv1.ListPropertyReviewsRequest{PropertyId: id}, reviews.ListPropertyReviews,
			func(res *reviewv1.ListPropertyReviewsResponse) any { return list(res.GetReviews()) })
	})
}

func routeStatistics(mux *http.ServeMux, rpcs StatisticsRPCs) {
	// GET /api/statistics: the platform figures; clients may cache them for 60 seconds.
	mux.HandleFunc("GET /api/statistics", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, &statisticsv1.GetStatisticsRequest{}, rpcs.GetStatistics,
			func(res *statisticsv1.GetStatisticsResponse) any { return message(res) })
	})
}
