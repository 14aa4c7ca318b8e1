package server_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/internal/review"
)

// The demo properties, their reviews and the statistics agree with each other.
func TestPropertiesReviewsAndStatistics(t *testing.T) {
	t.Parallel()
	base := start(t)
	ctx := context.Background()
	properties := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, base)
	reviews := reviewv1connect.NewReviewServiceClient(http.DefaultClient, base)

	totalReviews := 0
	countries := map[string]bool{}
	for id := int32(1); id <= 15; id++ {
		p, err := properties.GetProperty(ctx, connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
		if err != nil {
			t.Fatalf("property %d: %v", id, err)
		}
		prop := p.Msg.Property
		countries[prop.Country] = true
		if len(prop.Images) == 0 || prop.Title == "" || prop.MonthlyRent <= 0 {
			t.Errorf("property %d is incomplete: %d images, title %q, rent %d", id, len(prop.Images), prop.Title, prop.MonthlyRent)
		}
		list, err := reviews.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: id}))
		if err != nil {
			t.Fatalf("reviews of %d: %v", id, err)
		}
		rs := list.Msg.Reviews
		totalReviews += len(rs)
		sum := prop.RatingSummary
		// The stars are made of the reviews that rate the property itself.
		var dist [5]int32
		var rated, recommend int32
		for i, r := range rs {
			if slices.Contains(review.RatedTypes, r.ReviewType) {
				rated++
				dist[r.Rating-1]++
				if r.Rating >= 4 {
					recommend++
				}
			}
			if i > 0 && rs[i-1].CreatedAt.AsTime().Before(r.CreatedAt.AsTime()) {
				t.Errorf("property %d: reviews not newest first", id)
			}
			if r.Reviewer.GetFirstName() == "" {
				t.Errorf("review %d has no reviewer name", r.Id)
			}
		}
		if sum.Count != rated || [5]int32(sum.Distribution) != dist || sum.RecommendCount != recommend || prop.Rating != sum.Average {
			t.Errorf("property %d: summary %+v, counted %v / %d", id, sum, dist, recommend)
		}
	}
	if len(countries) < 4 {
		t.Errorf("demo properties span %d countries, want US, Canada, UK and elsewhere", len(countries))
	}

	_, err := properties.GetProperty(ctx, connect.NewRequest(&propertyv1.GetPropertyRequest{Id: 999}))
	if connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("missing property: %v", err)
	}
	_, err = reviews.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 999}))
	if connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("reviews of a missing property: %v", err)
	}

	stats, err := statisticsv1connect.NewStatisticsServiceClient(http.DefaultClient, base).
		GetStatistics(ctx, connect.NewRequest(&statisticsv1.GetStatisticsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	s := stats.Msg
	if s.TotalProperties != 15 || int(s.TotalReviews) != totalReviews || int(s.UniqueCountries) != len(countries) ||
		s.AverageRating < 1 || s.AverageRating > 5 || s.TotalVerifiedProperties == 0 {
		t.Errorf("statistics disagree with the data: %+v (reviews %d, countries %d)", s, totalReviews, len(countries))
	}
}
