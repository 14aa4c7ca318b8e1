package wirejson

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
)

func TestAppendMatchesProtojson(t *testing.T) {
	at := func(nanos int) *timestamppb.Timestamp {
		return timestamppb.New(time.Date(2026, 11, 21, 9, 30, 5, nanos, time.UTC))
	}
	tricky := "Café \"quoted\" \\ back\nslash\t<script>alert(1)</script> \u0001 日本 \u2028 😀"
	property := &propertyv1.Property{
		Id: 7, Title: tricky, MonthlyRent: 2650, Verified: true, Rating: 4.3, CreatedAt: at(0), UpdatedAt: at(120_000_000),
		Amenities: []string{"Balcony", tricky}, Images: []string{}, YearBuilt: 1905,
		RatingSummary: &propertyv1.RatingSummary{Average: 4.25, Count: 4, RecommendCount: 3, Distribution: []int32{0, 0, 1, 2, 1}},
	}
	for name, m := range map[string]proto.Message{
		"property":         property,
		"empty property":   &propertyv1.Property{},
		"search response":  &propertyv1.SearchPropertiesResponse{Properties: []*propertyv1.Property{property, {}}, TotalCount: 1000, TotalCapped: true},
		"batch (map)":      &propertyv1.BatchGetPropertiesResponse{Properties: map[int32]*propertyv1.Property{3: property, 9: {Id: 9}}},
		"empty batch":      &propertyv1.BatchGetPropertiesResponse{},
		"review":           &reviewv1.Review{Id: 1, Title: tricky, Reviewer: &reviewv1.Reviewer{FirstName: "Ada"}, OwnerResponse: &reviewv1.OwnerResponse{Content: "Thanks", CreatedAt: at(123_456_000)}, CreatedAt: at(1)},
		"review no author": &reviewv1.Review{Id: 2},
		"resource":         &resourcev1.Resource{Id: 3, Tags: []string{"a", "b"}, PublishedAt: at(0), ReadTime: 6},
		"user":             &accountv1.User{Id: 4, Username: "ada", Tokens: 10, HasSecurityQuestions: true, CreatedAt: at(999_999_999)},
		"statistics":       &statisticsv1.GetStatisticsResponse{AverageRating: 3.9, MonthlyGrowth: -12.5, RetentionRate: 1e-7, TotalReviews: 12},
	} {
		fast, ok := appendJSON(nil, m.ProtoReflect())
		if !ok {
			t.Errorf("%s: not handled by the fast encoder", name)
			continue
		}
		slow, err := protojsonOptions.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(fast, &a); err != nil {
			t.Fatalf("%s: fast output is not JSON: %v\n%s", name, err, fast)
		}
		if err := json.Unmarshal(slow, &b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s differs:\nfast %s\nslow %s", name, fast, slow)
		}
	}
}

func BenchmarkEncodeSearchPage(b *testing.B) {
	ps := make([]*propertyv1.Property, 12)
	for i := range ps {
		ps[i] = &propertyv1.Property{Id: int32(i), Title: "Bench home", Description: "A synthetic listing.", City: "Springfield",
			CreatedAt: timestamppb.Now(), UpdatedAt: timestamppb.Now(), Amenities: []string{"Balcony"},
			RatingSummary: &propertyv1.RatingSummary{Average: 4.2, Count: 10, Distribution: []int32{1, 0, 2, 3, 4}}}
	}
	b.Run("wirejson", func(b *testing.B) {
		for b.Loop() {
			var out []byte
			for _, p := range ps {
				out = Append(out, p)
			}
		}
	})
	b.Run("protojson", func(b *testing.B) {
		for b.Loop() {
			for _, p := range ps {
				_, _ = protojsonOptions.Marshal(p)
			}
		}
	})
}
