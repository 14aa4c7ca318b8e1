package vocab

import (
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
)

// Dashboard holds the rules of the dashboards' searches: ListMyPropertiesRequest.query (the
// landlord's My Properties) and ListMyReviewsRequest.query (the tenant's My Reviews).
var Dashboard = struct {
	PropertyQuery, ReviewQuery Field
}{
	PropertyQuery: field(&propertyv1.ListMyPropertiesRequest{}, "query"),
	ReviewQuery:   field(&reviewv1.ListMyReviewsRequest{}, "query"),
}
