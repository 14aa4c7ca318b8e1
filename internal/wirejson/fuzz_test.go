package wirejson_test

import (
	"encoding/json"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/wirejson"
)

// The generated encoder writes, for any message the wire can carry, valid JSON that reads back
// as what protojson's output reads back as; it never panics.
func FuzzMarshalMatchesProtojson(f *testing.F) {
	seeds := []proto.Message{
		&propertyv1.SearchPropertiesResponse{Properties: []*propertyv1.Property{{Id: 3, Title: "Loft \"quoted\" \u2028", Rating: 4.25, MonthlyRent: 900}}},
		&reviewv1.ListPropertyReviewsResponse{Reviews: []*reviewv1.Review{{Id: 1, Title: "<script>", CreatedAt: timestamppb.Now(), Pros: []string{"a"}}}},
	}
	for _, m := range seeds {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range []proto.Message{&propertyv1.SearchPropertiesResponse{}, &reviewv1.ListPropertyReviewsResponse{}} {
			if proto.Unmarshal(data, m) != nil {
				continue
			}
			want, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m)
			if err != nil {
				continue // out of protojson's range (a timestamp past year 9999): not an answer the server gives
			}
			got := wirejson.Marshal(m)
			if !json.Valid(got) {
				t.Fatalf("invalid JSON %s", got)
			}
			back := m.ProtoReflect().New().Interface()
			if err := protojson.Unmarshal(got, back); err != nil {
				t.Fatalf("%s does not read back: %v (protojson wrote %s)", got, err, want)
			}
			// Unknown fields and an empty message set where none is carry no JSON: compare with what
			// protojson's own output reads back as.
			fromProtojson := m.ProtoReflect().New().Interface()
			if err := protojson.Unmarshal(want, fromProtojson); err != nil {
				t.Fatal(err)
			}
			if !proto.Equal(back, fromProtojson) {
				t.Fatalf("%s reads back as another message than protojson's %s", got, want)
			}
		}
	})
}
