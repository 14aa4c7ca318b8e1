package rest

import (
	"cmp"
	"net/http"
	"strconv"
	"strings"

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
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/rpc"
)

// The rpcs each group of paths needs: the generated handler interfaces.
type (
	// AccountRPCs serve the account paths.
	AccountRPCs = accountv1connect.AccountServiceHandler
	// ResourceRPCs serve the resource library's paths.
	ResourceRPCs = resourcev1connect.ResourceServiceHandler
	// PropertyRPCs serve the listing paths.
	PropertyRPCs = propertyv1connect.PropertyServiceHandler
	// ReviewRPCs serve the review paths.
	ReviewRPCs = reviewv1connect.ReviewServiceHandler
	// StatisticsRPCs serve the statistics path.
	StatisticsRPCs = statisticsv1connect.StatisticsServiceHandler
)

func routeAccount(mux *http.ServeMux, rpcs AccountRPCs) {
	// GET /api/user: the current user; 401 when signed out (SPEC §7), where the rpc answers
	// without a user.
	mux.HandleFunc("GET /api/user", func(w http.ResponseWriter, r *http.Request) {
		res, err := rpc.Invoke(r.Context(), accountv1connect.AccountServiceGetCurrentUserProcedure, &accountv1.GetCurrentUserRequest{}, rpcs.GetCurrentUser)
		switch {
		case err != nil:
			writeError(w, r, err)
		case res.Msg.GetUser() == nil:
			writeError(w, r, rpc.Error(r.Context(), account.ErrNotSignedIn))
		default:
			writeJSON(w, http.StatusOK, message(res.Msg.GetUser()))
		}
	})
	// PUT /api/user/profile: the Edit Profile form {firstName, lastName, bio, city, country,
	// language}, every field replaced; answers the user.
	mux.HandleFunc("PUT /api/user/profile", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.UpdateProfileRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceUpdateProfileProcedure, &req, rpcs.UpdateProfile,
				func(res *accountv1.UpdateProfileResponse) any { return message(res.GetUser()) })
		}
	})
	// POST /api/register: the registration fields (no confirmPassword); answers the new user.
	mux.HandleFunc("POST /api/register", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.RegisterRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceRegisterProcedure, &req, rpcs.Register,
				func(res *accountv1.RegisterResponse) any { return message(res.GetUser()) })
		}
	})
	// POST /api/login: {username (or email), password}; answers the user.
	mux.HandleFunc("POST /api/login", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.LoginRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceLoginProcedure, &req, rpcs.Login,
				func(res *accountv1.LoginResponse) any { return message(res.GetUser()) })
		}
	})
	mux.HandleFunc("POST /api/logout", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.AccountServiceLogoutProcedure, &accountv1.LogoutRequest{}, rpcs.Logout,
			func(*accountv1.LogoutResponse) any { return success{true} })
	})
	// GET /api/users/{userId}: first and last name only.
	mux.HandleFunc("GET /api/users/{userId}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "userId")
		if !ok {
			return
		}
		call(w, r, accountv1connect.AccountServiceGetUserNameProcedure, &accountv1.GetUserNameRequest{UserId: id}, rpcs.GetUserName,
			func(res *accountv1.GetUserNameResponse) any { return message(res) })
	})
	// POST /api/password-reset/request: {email, username}; answers userId and the two questions.
	mux.HandleFunc("POST /api/password-reset/request", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.FindAccountRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceFindAccountProcedure, &req, rpcs.FindAccount,
				func(res *accountv1.FindAccountResponse) any { return message(res) })
		}
	})
	// POST /api/password-reset/verify: {userId, securityAnswer1, securityAnswer2, newPassword, confirmPassword}.
	mux.HandleFunc("POST /api/password-reset/verify", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.ResetPasswordRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceResetPasswordProcedure, &req, rpcs.ResetPassword,
				func(*accountv1.ResetPasswordResponse) any { return success{true} })
		}
	})
	// POST /api/security-questions: {securityQuestion1, securityAnswer1, securityQuestion2, securityAnswer2}.
	mux.HandleFunc("POST /api/security-questions", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.SetSecurityQuestionsRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountServiceSetSecurityQuestionsProcedure, &req, rpcs.SetSecurityQuestions,
				func(*accountv1.SetSecurityQuestionsResponse) any { return success{true} })
		}
	})
}

// success is the answer of calls whose result is only that they worked.
type success struct {
	Success bool `json:"success"`
}

func routeResources(mux *http.ServeMux, rpcs ResourceRPCs) {
	// GET /api/resources?category=&query=: a JSON array of resources.
	mux.HandleFunc("GET /api/resources", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := &resourcev1.ListResourcesRequest{Category: q.Get("category"), Query: q.Get("query")}
		call(w, r, resourcev1connect.ResourceServiceListResourcesProcedure, req, rpcs.ListResources,
			func(res *resourcev1.ListResourcesResponse) any { return list(res.GetResources()) })
	})
	mux.HandleFunc("GET /api/resources/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, resourcev1connect.ResourceServiceGetResourceProcedure, &resourcev1.GetResourceRequest{Id: id}, rpcs.GetResource,
			func(res *resourcev1.GetResourceResponse) any { return message(res.GetResource()) })
	})
}

func routeProperties(mux *http.ServeMux, properties PropertyRPCs, reviews ReviewRPCs) {
	// GET /api/properties?city=&zipCode=&location=&propertyType=&verified=true&sortBy=&query=&page=&pageSize=
	// (and the filters beyond SPEC, named as the web app's URL names them: currency=&minRent=&maxRent=
	// &beds=&baths=&pets=true&furnished=true&verifiedReviews=true&minArea=&areaUnit=&mapArea=west,south,east,north
	// &countUnplaced=true): a JSON array of one page; X-Total-Count holds the match count (capped
	// at 1,000, see X-Total-Capped), with a currency X-Other-Currency-Count what it left out, and
	// with countUnplaced X-Unplaced-Count how many matches have no position (the map's count).
	mux.HandleFunc("GET /api/properties", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := &propertyv1.SearchPropertiesRequest{
			City: q.Get("city"), ZipCode: cmp.Or(q.Get("zipCode"), q.Get("location")),
			PropertyType: q.Get("propertyType"), VerifiedOnly: q.Get("verified") == "true",
			SortBy: q.Get("sortBy"), Query: q.Get("query"),
			Currency: q.Get("currency"), PetsAllowed: q.Get("pets") == "true", Furnished: q.Get("furnished") == "true",
			VerifiedReviewsOnly: q.Get("verifiedReviews") == "true", CountUnplaced: q.Get("countUnplaced") == "true",
			AreaUnit: q.Get("areaUnit"),
		}
		for _, n := range []struct {
			param string
			to    *int32
		}{{"minRent", &req.MinRent}, {"maxRent", &req.MaxRent}, {"beds", &req.MinBedrooms}, {"baths", &req.MinBathrooms}, {"minArea", &req.MinArea}} {
			var ok bool
			if *n.to, ok = queryInt(w, q.Get(n.param), n.param); !ok {
				return
			}
		}
		if area := q.Get("mapArea"); area != "" {
			var b [4]float64
			parts := strings.Split(area, ",")
			for i := range b {
				var err error
				if len(parts) != 4 {
					err = strconv.ErrSyntax
				} else {
					b[i], err = strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
				}
				if err != nil {
					writeMessage(w, http.StatusBadRequest, "Invalid mapArea: west,south,east,north in degrees")
					return
				}
			}
			req.MapArea = &propertyv1.MapArea{West: b[0], South: b[1], East: b[2], North: b[3]}
		}
		if !pageParams(w, q, &req.Page, &req.PageSize) {
			return
		}
		call(w, r, propertyv1connect.PropertyServiceSearchPropertiesProcedure, req, properties.SearchProperties, func(res *propertyv1.SearchPropertiesResponse) any {
			w.Header().Set("X-Total-Count", strconv.Itoa(int(res.GetTotalCount())))
			w.Header().Set("X-Total-Capped", strconv.FormatBool(res.GetTotalCapped()))
			if req.GetCurrency() != "" {
				w.Header().Set("X-Other-Currency-Count", strconv.Itoa(int(res.GetOtherCurrencyCount())))
			}
			if req.GetCountUnplaced() {
				w.Header().Set("X-Unplaced-Count", strconv.Itoa(int(res.GetUnplacedCount())))
			}
			return list(res.GetProperties())
		})
	})
	// GET /api/properties/batch?ids=1,2,3: an object keyed by property id.
	mux.HandleFunc("GET /api/properties/batch", func(w http.ResponseWriter, r *http.Request) {
		var ids []int32
		for _, field := range r.URL.Query()["ids"] {
			for s := range strings.SplitSeq(field, ",") {
				id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
				if err != nil || id < 1 {
					writeMessage(w, http.StatusBadRequest, "Invalid ids")
					return
				}
				ids = append(ids, int32(id))
			}
		}
		call(w, r, propertyv1connect.PropertyServiceBatchGetPropertiesProcedure, &propertyv1.BatchGetPropertiesRequest{Ids: ids}, properties.BatchGetProperties,
			func(res *propertyv1.BatchGetPropertiesResponse) any { return keyed(res.GetProperties()) })
	})
	// POST /api/properties: the add-property form. landlordId, verified, rating and the other
	// server-managed fields are ignored: the server sets them.
	mux.HandleFunc("POST /api/properties", func(w http.ResponseWriter, r *http.Request) {
		var req propertyv1.CreatePropertyRequest
		if decode(w, r, &req) {
			call(w, r, propertyv1connect.PropertyServiceCreatePropertyProcedure, &req, properties.CreateProperty,
				func(res *propertyv1.CreatePropertyResponse) any { return message(res.GetProperty()) })
		}
	})
	// PUT /api/properties/{id}: the same form as POST, every field replaced (the owner only);
	// answers {property, verificationRemoved}.
	mux.HandleFunc("PUT /api/properties/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var listing propertyv1.CreatePropertyRequest
		if decode(w, r, &listing) {
			call(w, r, propertyv1connect.PropertyServiceUpdatePropertyProcedure, &propertyv1.UpdatePropertyRequest{Id: id, Listing: &listing},
				properties.UpdateProperty, func(res *propertyv1.UpdatePropertyResponse) any { return message(res) })
		}
	})
	mux.HandleFunc("GET /api/properties/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, propertyv1connect.PropertyServiceGetPropertyProcedure, &propertyv1.GetPropertyRequest{Id: id}, properties.GetProperty,
			func(res *propertyv1.GetPropertyResponse) any { return message(res.GetProperty()) })
	})
	// GET /api/properties/{id}/reviews?tab=&verifiedOnly=&page=&pageSize=: a JSON array of
	// published reviews, newest first (verifiedOnly=true: the verified ones).
	mux.HandleFunc("GET /api/properties/{id}/reviews", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		q := r.URL.Query()
		req := &reviewv1.ListPropertyReviewsRequest{PropertyId: id, Tab: q.Get("tab"), VerifiedOnly: q.Get("verifiedOnly") == "true"}
		if !pageParams(w, q, &req.Page, &req.PageSize) {
			return
		}
		call(w, r, reviewv1connect.ReviewServiceListPropertyReviewsProcedure, req, reviews.ListPropertyReviews,
			func(res *reviewv1.ListPropertyReviewsResponse) any { return list(res.GetReviews()) })
	})
	// POST /api/properties/{id}/reviews: the SPEC payload. userId is ignored (the author is the
	// caller); categories come as an object keyed by name (or null) and become a list.
	mux.HandleFunc("POST /api/properties/{id}/reviews", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req reviewv1.CreateReviewRequest
		if decodeReshaped(w, r, &req, categoriesAsList) {
			req.PropertyId = id
			call(w, r, reviewv1connect.ReviewServiceCreateReviewProcedure, &req, reviews.CreateReview,
				func(res *reviewv1.CreateReviewResponse) any { return message(res.GetReview()) })
		}
	})
	// POST /api/reviews/{id}/helpful: {helpful, alreadyMarked}.
	mux.HandleFunc("POST /api/reviews/{id}/helpful", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		call(w, r, reviewv1connect.ReviewServiceMarkHelpfulProcedure, &reviewv1.MarkHelpfulRequest{ReviewId: id}, reviews.MarkHelpful,
			func(res *reviewv1.MarkHelpfulResponse) any { return message(res) })
	})
}

func routeStatistics(mux *http.ServeMux, rpcs StatisticsRPCs) {
	// GET /api/statistics: the platform figures; clients may cache them for 60 seconds.
	mux.HandleFunc("GET /api/statistics", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, statisticsv1connect.StatisticsServiceGetStatisticsProcedure, &statisticsv1.GetStatisticsRequest{}, rpcs.GetStatistics,
			func(res *statisticsv1.GetStatisticsResponse) any { return message(res) })
	})
}
