package property_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// dashboardWorld is a server where "lena" (a landlord) lists in dollars and euros, with reviews
// of every type, beside another landlord's listings.
type dashboardWorld struct {
	*testworld.World
	client propertyv1connect.PropertyServiceClient
}

func newDashboardWorld(t *testing.T) (*dashboardWorld, string) {
	t.Helper()
	tw := testworld.Start(t, testserver.Options{})
	w := &dashboardWorld{World: tw, client: propertyv1connect.NewPropertyServiceClient(http.DefaultClient, tw.URL)}
	lena := w.Person(t, "lena", "landlord")
	w.Person(t, "omar", "landlord")
	w.Person(t, "tara", "tenant")
	// Lena: two dollar listings (one verified), two euro listings (one verified), a villa in
	// dollars, and a withdrawn listing that counts nowhere. Omar lists in Bath.
	w.Exec(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, currency, verified,
			verification_proof, active, landlord_id, slug, created_at)
		SELECT l.title, l.address, l.city, l.type, l.rent, l.currency, l.verified,
			CASE WHEN l.verified THEN 'demo' END, l.active, u.id, 'p-' || l.n, now() - l.n * interval '1 hour'
		FROM (VALUES
			(1, 'Sunny loft', '1 Elm Street', 'Austin', 'apartment', 1500, 'USD', true, true),
			(2, 'Family house', '2 Oak Avenue', 'Austin', 'house', 2400, 'USD', false, true),
			(3, 'Canal flat', '3 Prinsengracht', 'Amsterdam', 'apartment', 1800, 'EUR', true, true),
			(4, 'Old town condo', '4 Marktplatz', 'Berlin', 'condo', 950, 'EUR', false, true),
			(5, 'Hill villa 100%', '5 Hill Road', 'Austin', 'villa', 4000, 'USD', false, true),
			(6, 'Withdrawn flat', '6 Gone Street', 'Austin', 'apartment', 9999, 'USD', true, false)
		) AS l(n, title, address, city, type, rent, currency, verified, active), users u WHERE u.username = 'lena'`)
	w.Exec(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Austin cottage', '9 Elm Street', 'Bath', 'cottage', 700, id, 'omar-1' FROM users WHERE username = 'omar'`)
	// Reviews of Lena's listings: the rated types (5, 4, 2 stars) make her average; a
	// neighbourhood, a landlord and a tenant review, a hidden one, and one of the withdrawn
	// listing do not. All of them count (counted: as an established author's).
	w.Exec(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, status, counted)
		SELECT p.id, u.id, r.rating, 'Review title', 'A review long enough to be valid here.', r.type, r.status, true
		FROM (VALUES
			('Sunny loft', 5, 'tenant_to_property', 'published'),
			('Sunny loft', 4, 'general', 'published'),
			('Canal flat', 2, 'agent_to_property', 'published'),
			('Canal flat', 1, 'tenant_to_neighborhood', 'published'),
			('Canal flat', 1, 'tenant_to_landlord', 'published'),
			('Old town condo', 1, 'landlord_to_tenant', 'published'),
			('Old town condo', 1, 'tenant_to_property', 'hidden'),
			('Withdrawn flat', 1, 'tenant_to_property', 'published')
		) AS r(title, rating, type, status)
		JOIN properties p ON p.title = r.title, users u WHERE u.username = 'tara'`)
	return w, lena
}

func TestLandlordStats(t *testing.T) {
	t.Parallel()
	w, lena := newDashboardWorld(t)
	res, err := w.client.GetLandlordStats(context.Background(), testworld.As(lena, &propertyv1.GetLandlordStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	s := res.Msg
	// By hand: dollars 1500 + 2400 + 4000 over three listings, euros 1800 + 950 over two; the
	// average over the rated reviews (5 + 4 + 2) / 3 = 3.67, to one decimal.
	totals := fmt.Sprint(s.MonthlyRentTotals)
	if len(s.MonthlyRentTotals) != 2 || s.MonthlyRentTotals[0].Currency != "USD" || s.MonthlyRentTotals[0].MonthlyRent != 7900 ||
		s.MonthlyRentTotals[1].Currency != "EUR" || s.MonthlyRentTotals[1].MonthlyRent != 2750 {
		t.Errorf("rent totals: %s", totals)
	}
	if s.PropertyCount != 5 || s.VerifiedCount != 2 {
		t.Errorf("counts: %d properties, %d verified", s.PropertyCount, s.VerifiedCount)
	}
	if s.AverageRating != 3.7 || s.RatedReviewCount != 3 {
		t.Errorf("average %v over %d reviews, want 3.7 over 3", s.AverageRating, s.RatedReviewCount)
	}
	types := map[string]int32{}
	for _, tc := range s.TypeCounts {
		types[tc.PropertyType] = tc.Count
	}
	if len(types) != 4 || types["apartment"] != 2 || types["house"] != 1 || types["condo"] != 1 || types["villa"] != 1 ||
		s.TypeCounts[0].PropertyType != "apartment" {
		t.Errorf("types: %v", s.TypeCounts)
	}

	// A review made hidden leaves the average; a published one of a rated type joins it.
	w.Exec(t, `UPDATE reviews SET status = 'hidden' WHERE rating = 2`)
	w.Exec(t, `UPDATE reviews SET status = 'published' WHERE status = 'hidden' AND rating = 1`)
	res, err = w.client.GetLandlordStats(context.Background(), testworld.As(lena, &propertyv1.GetLandlordStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Msg; got.AverageRating != 3.3 || got.RatedReviewCount != 3 { // (5 + 4 + 1) / 3
		t.Errorf("after moderation: %v over %d, want 3.3 over 3", got.AverageRating, got.RatedReviewCount)
	}

	t.Run("a tenant's own stats are empty", func(t *testing.T) {
		res, err := w.client.GetLandlordStats(context.Background(), testworld.As("token-tara", &propertyv1.GetLandlordStatsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if s := res.Msg; s.PropertyCount != 0 || s.AverageRating != 0 || s.RatedReviewCount != 0 || len(s.MonthlyRentTotals) != 0 || len(s.TypeCounts) != 0 {
			t.Errorf("tenant stats: %v", s)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		_, err := w.client.GetLandlordStats(context.Background(), testworld.As("", &propertyv1.GetLandlordStatsRequest{}))
		if connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("signed out: %v", err)
		}
	})
}

func TestListMyProperties(t *testing.T) {
	t.Parallel()
	w, lena := newDashboardWorld(t)
	list := func(t *testing.T, token string, req *propertyv1.ListMyPropertiesRequest) ([]string, int32) {
		t.Helper()
		res, err := w.client.ListMyProperties(context.Background(), testworld.As(token, req))
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, p := range res.Msg.Properties {
			titles = append(titles, p.Title)
		}
		return titles, res.Msg.TotalCount
	}
	cases := []struct {
		name  string
		req   *propertyv1.ListMyPropertiesRequest
		want  string
		total int32
	}{
		{"all, newest first, only active", &propertyv1.ListMyPropertiesRequest{}, "[Sunny loft Family house Canal flat Old town condo Hill villa 100%]", 5},
		{"city ignoring case", &propertyv1.ListMyPropertiesRequest{Query: "AUSTIN"}, "[Sunny loft Family house Hill villa 100%]", 3},
		{"address", &propertyv1.ListMyPropertiesRequest{Query: "elm st"}, "[Sunny loft]", 1},
		{"title", &propertyv1.ListMyPropertiesRequest{Query: "canal"}, "[Canal flat]", 1},
		{"wildcards are literal", &propertyv1.ListMyPropertiesRequest{Query: "100%"}, "[Hill villa 100%]", 1},
		{"underscore is literal", &propertyv1.ListMyPropertiesRequest{Query: "_"}, "[]", 0},
		{"second page", &propertyv1.ListMyPropertiesRequest{Page: 2, PageSize: 2}, "[Canal flat Old town condo]", 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			titles, total := list(t, lena, c.req)
			if fmt.Sprint(titles) != c.want || total != c.total {
				t.Errorf("got %v (%d), want %s (%d)", titles, total, c.want, c.total)
			}
		})
	}
	t.Run("the owner's saved flag", func(t *testing.T) {
		w.Exec(t, `INSERT INTO saved_properties (user_id, property_id)
			SELECT landlord_id, id FROM properties WHERE title = 'Canal flat'`)
		res, err := w.client.ListMyProperties(context.Background(), testworld.As(lena, &propertyv1.ListMyPropertiesRequest{Query: "flat"}))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Msg.Properties {
			if p.Saved != (p.Title == "Canal flat") {
				t.Errorf("%s saved %v", p.Title, p.Saved)
			}
		}
	})
	t.Run("only the caller's", func(t *testing.T) {
		titles, total := list(t, "token-omar", &propertyv1.ListMyPropertiesRequest{Query: "austin"})
		if fmt.Sprint(titles) != "[Austin cottage]" || total != 1 {
			t.Errorf("omar: %v (%d)", titles, total)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		for _, req := range []*propertyv1.ListMyPropertiesRequest{
			{PageSize: 101}, {Page: -1}, {Query: "a\x00b"}, {Query: string(make([]byte, 101))},
		} {
			_, err := w.client.ListMyProperties(context.Background(), testworld.As(lena, req))
			if connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("%v: %v", req, err)
			}
		}
		if _, err := w.client.ListMyProperties(context.Background(), testworld.As("", &propertyv1.ListMyPropertiesRequest{})); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("signed out: %v", err)
		}
	})
	t.Run("parallel calls agree", func(t *testing.T) {
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for range 20 {
			wg.Go(func() {
				res, err := w.client.ListMyProperties(context.Background(), testworld.As(lena, &propertyv1.ListMyPropertiesRequest{Query: "austin"}))
				if err == nil && res.Msg.TotalCount != 3 {
					err = errors.New("wrong count")
				}
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
	})
}

func TestDashboardOverREST(t *testing.T) {
	t.Parallel()
	w, lena := newDashboardWorld(t)
	get := func(t *testing.T, token, query string) (int, map[string]any) {
		t.Helper()
		status, _, raw := testworld.Send(t, http.MethodGet, w.URL+"/api/dashboard"+query, token, "", http.NoBody)
		var body map[string]any
		_ = json.Unmarshal([]byte(raw), &body)
		return status, body
	}
	status, body := get(t, lena, "?query=canal")
	if list, _ := body["properties"].([]any); status != http.StatusOK || len(list) != 1 || body["totalCount"] != 1.0 || body["reviews"] != nil {
		t.Errorf("landlord: %d %v", status, body)
	}
	status, body = get(t, "token-tara", "")
	if list, _ := body["reviews"].([]any); status != http.StatusOK || len(list) != 8 || body["reviewCount"] != 8.0 || body["properties"] != nil {
		t.Errorf("tenant: %d %v", status, body)
	}
	if status, body = get(t, "", ""); status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %v", status, body)
	}
	for _, query := range []string{"?page=x", "?query=%FF", "?query=a%00b", "?pageSize=1000"} {
		if status, body = get(t, lena, query); status != http.StatusBadRequest {
			t.Errorf("%s: %d %v", query, status, body)
		}
	}
}
