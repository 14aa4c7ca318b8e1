package property_test

import (
	"context"
	"testing"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A listing's time zone (issue 31) is an IANA name Go knows; one not named is the country's usual
// zone, and an edit that names none keeps the listing's own while the country stays.
func TestListingTimeZone(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	ctx := context.Background()
	lou := w.Member(t, "lou", "landlord")
	id := w.Kenwood(t, "lou", "Kenwood flat", "kenwood-flat")
	client := propertyv1connect.NewPropertyServiceClient(w.Client, w.URL)
	edit := func(country, zone string) (*propertyv1.Property, error) {
		res, err := client.UpdateProperty(ctx, testworld.As(lou, &propertyv1.UpdatePropertyRequest{Id: id, Listing: &propertyv1.CreatePropertyRequest{
			Title: "Kenwood flat", Description: "A flat on Kenwood Avenue with a garden.", Address: "1407 Kenwood Avenue",
			City: "Springfield", ZipCode: "62704", Country: country, PropertyType: "apartment", MonthlyRent: 900, SquareFeet: 500,
			Images: []string{"/images/demo/a.svg"}, TimeZone: zone,
		}}))
		if err != nil {
			return nil, err
		}
		return res.Msg.Property, nil
	}
	if got := w.GetProperty(t, id).TimeZone; got != "America/New_York" {
		t.Errorf("a listing made before any zone was named: %q", got)
	}
	for _, bad := range []string{"Mars/Olympus", "Local", "../etc/passwd", "Europe/London\x00"} {
		if _, err := edit("United States", bad); testworld.Failure(err) != "invalid_argument: Please choose a valid time zone" &&
			testworld.Failure(err) != "invalid_argument: Text must not contain control characters" {
			t.Errorf("zone %q: %s", bad, testworld.Failure(err))
		}
	}
	for _, c := range []struct{ country, zone, want string }{
		{"United States", "America/Chicago", "America/Chicago"},
		{"United States", "", "America/Chicago"}, // kept: same country, none named
		{"United Kingdom", "", "Europe/London"},  // moved: the new country's
		{"Atlantis", "", "UTC"},                  // a country not in the table
	} {
		p, err := edit(c.country, c.zone)
		if err != nil || p.TimeZone != c.want {
			t.Errorf("%s, %q: %v %v, want %s", c.country, c.zone, p.GetTimeZone(), err, c.want)
		}
	}
	if got := w.ID(t, `SELECT count(*)::int FROM (VALUES ('Japan', 'Asia/Tokyo'), (' united kingdom ', 'Europe/London'), ('USA', 'America/New_York'))
		AS x (c, z) WHERE country_time_zone(c) = z`); got != 3 {
		t.Errorf("country_time_zone: %d of 3", got)
	}
}
