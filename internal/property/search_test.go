package property_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/testserver"
)

// fixture lists 60 properties across three cities with known types, verification, ratings and
// ages, so every filter and sort has an exact expected answer.
func fixture(t *testing.T) (*testserver.Server, propertyv1connect.PropertyServiceClient) {
	t.Helper()
	srv := testserver.Start(t, testserver.Options{})
	ctx := context.Background()
	exec := func(sql string) {
		t.Helper()
		if _, err := srv.Pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
		VALUES (1, 'owner', 'x', 'owner@example.com', 'Olive', 'Owner', 'landlord')`)
	// i = 1..60: city by i%3, type by i%4, verified when i%5 = 0, postal codes by city,
	// star counts chosen so ratings and review counts vary, listed i days ago; rents in the
	// city's currency but for i%10 = 7 (euros), rooms, pets, furnishing and areas by the rules
	// of expected (London's areas in square metres, every ninth listing without one).
	exec(`INSERT INTO properties (id, title, address, locality, city, zip_code, property_type, monthly_rent,
			landlord_id, verified, verification_proof, slug, created_at, rating1_count, rating3_count, rating5_count,
			currency, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
		SELECT i, 'Home ' || i, i || ' Main Street', CASE WHEN i % 2 = 0 THEN 'Riverside' ELSE 'Hilltop' END,
			(ARRAY['Austin', 'London', 'Toronto'])[i % 3 + 1],
			(ARRAY['78701', 'SW1A 1AA', 'M5V 2H1'])[i % 3 + 1],
			(ARRAY['apartment', 'house', 'condo', 'student_housing'])[i % 4 + 1],
			1000 + (i * 37) % 61, 1, i % 5 = 0, CASE WHEN i % 5 = 0 THEN 'demo' END, 'home-' || i, now() - i * interval '1 day',
			i % 3, i % 4, i % 7,
			CASE WHEN i % 10 = 7 THEN 'EUR' ELSE (ARRAY['USD', 'GBP', 'CAD'])[i % 3 + 1] END,
			i % 5, 1 + i % 3, i % 6 < 3, i % 8 < 3,
			CASE WHEN i % 9 = 0 THEN NULL WHEN i % 3 = 1 THEN 30 + 2 * i ELSE 300 + 20 * i END,
			CASE WHEN i % 3 = 1 THEN 'sqm' ELSE 'sqft' END, CASE WHEN i % 7 = 3 THEN 1 ELSE 0 END
		FROM generate_series(1, 60) i`)
	exec(`UPDATE properties SET active = false WHERE id = 60`) // withdrawn listings never show
	exec(`SELECT setval(pg_get_serial_sequence('properties', 'id'), 60)`)
	return srv, propertyv1connect.NewPropertyServiceClient(http.DefaultClient, srv.URL)
}

type row struct {
	id              int32
	city, zip, typ  string
	verified        bool
	rating          float64
	reviews, age    int32
	locality        string
	currency        string
	rent            int32
	beds, baths     int32
	pets, furnished bool
	sqft            float64 // 0: no area
	verifiedShown   bool    // has a verified review shown
}

// expected computes, from the fixture's rules, the ids a search should return in order.
func expected(keep func(row) bool, less func(a, b row) bool) []int32 {
	var rows []row
	for i := int32(1); i < 60; i++ {
		r1, r3, r5 := i%3, i%4, i%7
		n := r1 + r3 + r5
		rating := 0.0
		if n > 0 {
			rating = float64(int((float64(r1+3*r3+5*r5)/float64(n))*10+0.5)) / 10
		}
		rows = append(rows, row{
			id: i, city: []string{"Austin", "London", "Toronto"}[i%3], zip: []string{"78701", "SW1A 1AA", "M5V 2H1"}[i%3],
			typ: []string{"apartment", "house", "condo", "student_housing"}[i%4], verified: i%5 == 0,
			rating: rating, reviews: n, age: i, locality: map[bool]string{true: "Riverside", false: "Hilltop"}[i%2 == 0],
			currency: []string{"USD", "GBP", "CAD"}[i%3], rent: 1000 + (i*37)%61,
			beds: i % 5, baths: 1 + i%3, pets: i%6 < 3, furnished: i%8 < 3, verifiedShown: i%7 == 3,
		})
		r := &rows[len(rows)-1]
		if i%10 == 7 {
			r.currency = "EUR"
		}
		switch {
		case i%9 == 0:
		case i%3 == 1:
			r.sqft = float64(30+2*i) * property.SqftPerSqm
		default:
			r.sqft = float64(300 + 20*i)
		}
	}
	var ids []int32
	slices.SortFunc(rows, func(a, b row) int {
		if less(a, b) {
			return -1
		}
		if less(b, a) {
			return 1
		}
		return 0
	})
	for _, r := range rows {
		if keep(r) {
			ids = append(ids, r.id)
		}
	}
	return ids
}

var sorts = map[string]func(a, b row) bool{
	property.SortFeatured: func(a, b row) bool {
		if a.verified != b.verified {
			return a.verified
		}
		if a.rating != b.rating {
			return a.rating > b.rating
		}
		if a.reviews != b.reviews {
			return a.reviews > b.reviews
		}
		return a.id > b.id
	},
	property.SortHighestRated: func(a, b row) bool {
		if a.rating != b.rating {
			return a.rating > b.rating
		}
		if a.reviews != b.reviews {
			return a.reviews > b.reviews
		}
		return a.id > b.id
	},
	property.SortMostReviews: func(a, b row) bool {
		if a.reviews != b.reviews {
			return a.reviews > b.reviews
		}
		return a.id > b.id
	},
	property.SortNewest: func(a, b row) bool { return a.age < b.age || (a.age == b.age && a.id > b.id) },
	property.SortPriceLowHigh: func(a, b row) bool {
		if a.currency != b.currency {
			return a.currency < b.currency
		}
		if a.rent != b.rent {
			return a.rent < b.rent
		}
		return a.id < b.id
	},
	property.SortPriceHighLow: func(a, b row) bool {
		if a.currency != b.currency {
			return a.currency > b.currency
		}
		if a.rent != b.rent {
			return a.rent > b.rent
		}
		return a.id > b.id
	},
}

func search(t *testing.T, c propertyv1connect.PropertyServiceClient, req *propertyv1.SearchPropertiesRequest) *propertyv1.SearchPropertiesResponse {
	t.Helper()
	res, err := c.SearchProperties(context.Background(), connect.NewRequest(req))
	if err != nil {
		t.Fatalf("search %v: %v", req, err)
	}
	return res.Msg
}

// all pages through a search with a small page size and returns every id in order.
func all(t *testing.T, c propertyv1connect.PropertyServiceClient, req *propertyv1.SearchPropertiesRequest) ([]int32, int32) {
	t.Helper()
	var ids []int32
	var total int32
	req.PageSize = 7
	for page := int32(1); page < 20; page++ {
		req.Page = page
		res := search(t, c, req)
		total = res.TotalCount
		for _, p := range res.Properties {
			ids = append(ids, p.Id)
		}
		if len(res.Properties) < 7 {
			break
		}
	}
	return ids, total
}

func TestSearchFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	_, client := fixture(t)
	filters := map[string]struct {
		req  *propertyv1.SearchPropertiesRequest
		keep func(row) bool
	}{
		"everything":        {&propertyv1.SearchPropertiesRequest{}, func(row) bool { return true }},
		"city any case":     {&propertyv1.SearchPropertiesRequest{City: "lONDON"}, func(r row) bool { return r.city == "London" }},
		"city typo":         {&propertyv1.SearchPropertiesRequest{City: "Torronto"}, func(r row) bool { return r.city == "Toronto" }},
		"postal normalised": {&propertyv1.SearchPropertiesRequest{ZipCode: "sw1a1aa"}, func(r row) bool { return r.zip == "SW1A 1AA" }},
		"postal with dash":  {&propertyv1.SearchPropertiesRequest{ZipCode: "m5v-2h1"}, func(r row) bool { return r.zip == "M5V 2H1" }},
		"type":              {&propertyv1.SearchPropertiesRequest{PropertyType: "condo"}, func(r row) bool { return r.typ == "condo" }},
		"type all":          {&propertyv1.SearchPropertiesRequest{PropertyType: "all"}, func(row) bool { return true }},
		"verified":          {&propertyv1.SearchPropertiesRequest{VerifiedOnly: true}, func(r row) bool { return r.verified }},
		"query locality":    {&propertyv1.SearchPropertiesRequest{Query: "RIVERSIDE"}, func(r row) bool { return r.locality == "Riverside" }},
		"city+type+verified": {&propertyv1.SearchPropertiesRequest{City: "austin", PropertyType: "house", VerifiedOnly: true},
			func(r row) bool { return r.city == "Austin" && r.typ == "house" && r.verified }},
		"city+zip": {&propertyv1.SearchPropertiesRequest{City: "Toronto", ZipCode: "M5V 2H1", Query: "riverside"},
			func(r row) bool { return r.city == "Toronto" && r.locality == "Riverside" }},
		"city+other zip": {&propertyv1.SearchPropertiesRequest{City: "Toronto", ZipCode: "78701"}, func(row) bool { return false }},
		"query+type": {&propertyv1.SearchPropertiesRequest{Query: "hilltop", PropertyType: "house"},
			func(r row) bool { return r.locality == "Hilltop" && r.typ == "house" }},
		"zip+query": {&propertyv1.SearchPropertiesRequest{ZipCode: "78701", Query: "hilltop"},
			func(r row) bool { return r.zip == "78701" && r.locality == "Hilltop" }},
		"no match": {&propertyv1.SearchPropertiesRequest{City: "Austin", ZipCode: "SW1A 1AA"}, func(row) bool { return false }},
		// The city box names a city or a neighbourhood, with the same tolerance for typos.
		"neighbourhood":      {&propertyv1.SearchPropertiesRequest{City: "riverside"}, func(r row) bool { return r.locality == "Riverside" }},
		"neighbourhood typo": {&propertyv1.SearchPropertiesRequest{City: "Hiltop"}, func(r row) bool { return r.locality == "Hilltop" }},
		"neighbourhood+type": {&propertyv1.SearchPropertiesRequest{City: "Riverside", PropertyType: "condo", VerifiedOnly: true},
			func(r row) bool { return r.locality == "Riverside" && r.typ == "condo" && r.verified }},
		// Every word of a query must match, across title, street, neighbourhood, city and type.
		"words": {&propertyv1.SearchPropertiesRequest{Query: "Riverside Apartments"},
			func(r row) bool { return r.locality == "Riverside" && r.typ == "apartment" }},
		"words+city": {&propertyv1.SearchPropertiesRequest{Query: "hilltop, student", City: "London"},
			func(r row) bool { return r.locality == "Hilltop" && r.typ == "student_housing" && r.city == "London" }},
		"words across fields": {&propertyv1.SearchPropertiesRequest{Query: "toronto main condos"},
			func(r row) bool { return r.city == "Toronto" && r.typ == "condo" }},
		"words that never meet": {&propertyv1.SearchPropertiesRequest{Query: "austin london"}, func(row) bool { return false }},
		// The filters beyond SPEC (issue 32), alone and together, under every lead.
		"currency": {&propertyv1.SearchPropertiesRequest{Currency: "usd"}, func(r row) bool { return r.currency == "USD" }},
		"rent range": {&propertyv1.SearchPropertiesRequest{Currency: "USD", MinRent: 1010, MaxRent: 1040},
			func(r row) bool { return r.currency == "USD" && r.rent >= 1010 && r.rent <= 1040 }},
		"rent from": {&propertyv1.SearchPropertiesRequest{Currency: "GBP", MinRent: 1030},
			func(r row) bool { return r.currency == "GBP" && r.rent >= 1030 }},
		"bedrooms":         {&propertyv1.SearchPropertiesRequest{MinBedrooms: 3}, func(r row) bool { return r.beds >= 3 }},
		"bathrooms":        {&propertyv1.SearchPropertiesRequest{MinBathrooms: 2}, func(r row) bool { return r.baths >= 2 }},
		"pets":             {&propertyv1.SearchPropertiesRequest{PetsAllowed: true}, func(r row) bool { return r.pets }},
		"furnished":        {&propertyv1.SearchPropertiesRequest{Furnished: true}, func(r row) bool { return r.furnished }},
		"verified reviews": {&propertyv1.SearchPropertiesRequest{VerifiedReviewsOnly: true}, func(r row) bool { return r.verifiedShown }},
		"city+verified reviews+pets": {&propertyv1.SearchPropertiesRequest{City: "London", VerifiedReviewsOnly: true, PetsAllowed: true},
			func(r row) bool { return r.city == "London" && r.verifiedShown && r.pets }},
		"area in sqft": {&propertyv1.SearchPropertiesRequest{MinArea: 1000},
			func(r row) bool { return r.sqft >= 1000 }},
		"area in sqm": {&propertyv1.SearchPropertiesRequest{MinArea: 100, AreaUnit: "sqm"},
			func(r row) bool { return r.sqft >= 100*property.SqftPerSqm }},
		"rent+bedrooms": {&propertyv1.SearchPropertiesRequest{Currency: "CAD", MaxRent: 1045, MinBedrooms: 2},
			func(r row) bool { return r.currency == "CAD" && r.rent <= 1045 && r.beds >= 2 }},
		"rent+bedrooms+pets+type": {&propertyv1.SearchPropertiesRequest{Currency: "USD", MinRent: 1005, MinBedrooms: 1, PetsAllowed: true, PropertyType: "apartment"},
			func(r row) bool {
				return r.currency == "USD" && r.rent >= 1005 && r.beds >= 1 && r.pets && r.typ == "apartment"
			}},
		"city+rent+bedrooms": {&propertyv1.SearchPropertiesRequest{City: "Austin", Currency: "USD", MinRent: 1010, MinBedrooms: 2},
			func(r row) bool { return r.city == "Austin" && r.currency == "USD" && r.rent >= 1010 && r.beds >= 2 }},
		"neighbourhood+baths+furnished": {&propertyv1.SearchPropertiesRequest{City: "Hilltop", MinBathrooms: 2, Furnished: true},
			func(r row) bool { return r.locality == "Hilltop" && r.baths >= 2 && r.furnished }},
		"zip+pets+area": {&propertyv1.SearchPropertiesRequest{ZipCode: "SW1A1AA", PetsAllowed: true, MinArea: 50, AreaUnit: "sqm"},
			func(r row) bool { return r.zip == "SW1A 1AA" && r.pets && r.sqft >= 50*property.SqftPerSqm }},
		"query+rent+beds": {&propertyv1.SearchPropertiesRequest{Query: "riverside", Currency: "CAD", MaxRent: 1040, MinBedrooms: 1},
			func(r row) bool {
				return r.locality == "Riverside" && r.currency == "CAD" && r.rent <= 1040 && r.beds >= 1
			}},
	}
	for name, f := range filters {
		for sortName, less := range sorts {
			t.Run(name+"/"+sortName, func(t *testing.T) {
				t.Parallel()
				req := proto.CloneOf(f.req) // each subtest pages with its own request
				req.SortBy = sortName
				got, total := all(t, client, req)
				want := expected(f.keep, less)
				if len(want) == 0 && !strings.Contains(name, "no") && !strings.Contains(name, "never") && !strings.Contains(name, "other") {
					t.Fatalf("the fixture has no listing for %q: the case would prove nothing", name)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("ids\n got %v\nwant %v", got, want)
				}
				if int(total) != len(want) {
					t.Errorf("total %d, want %d", total, len(want))
				}
			})
		}
	}
}

func TestSearchDetails(t *testing.T) {
	t.Parallel()
	_, client := fixture(t)

	// Typo matches say which city they used; exact ones do not.
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Lndon"}); res.MatchedCity != "London" || len(res.Properties) == 0 {
		t.Errorf("typo: matched %q with %d results", res.MatchedCity, len(res.Properties))
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "london"}); res.MatchedCity != "" {
		t.Errorf("exact city reported a spelling match %q", res.MatchedCity)
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Qqqzzx"}); len(res.Properties) != 0 || res.TotalCount != 0 {
		t.Errorf("nonsense city found %d", len(res.Properties))
	}
	// A neighbourhood matched by spelling says so, as a city does.
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Rivreside"}); res.MatchedCity != "Riverside" || res.TotalCount != 29 {
		t.Errorf("neighbourhood typo: matched %q with %d results", res.MatchedCity, res.TotalCount)
	}
	// LIKE metacharacters match literally.
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{Query: "%%%"}); len(res.Properties) != 0 {
		t.Errorf(`query "%%%%%%" matched %d`, len(res.Properties))
	}
	// Every result carries its aggregates.
	res := search(t, client, &propertyv1.SearchPropertiesRequest{SortBy: property.SortMostReviews, PageSize: 1})
	p := res.Properties[0]
	var sum int32
	for _, n := range p.RatingSummary.Distribution {
		sum += n
	}
	if p.RatingSummary.Count == 0 || sum != p.RatingSummary.Count || p.Rating != p.RatingSummary.Average {
		t.Errorf("aggregates of %d: %+v", p.Id, p.RatingSummary)
	}
	if res.Page != 1 || res.PageSize != 1 || res.TotalCount != 59 || res.TotalCapped {
		t.Errorf("paging: page %d size %d total %d capped %v", res.Page, res.PageSize, res.TotalCount, res.TotalCapped)
	}
	// A page past the end is empty, not an error, and still tells how many there are.
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{Page: 50}); len(res.Properties) != 0 {
		t.Errorf("page 50 returned %d", len(res.Properties))
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "London", Page: 50}); len(res.Properties) != 0 || res.TotalCount != 20 {
		t.Errorf("London page 50: %d results, total %d", len(res.Properties), res.TotalCount)
	}

	// A currency says how many listings it left out: those matching everything else (rent aside,
	// which does not compare across currencies) in other currencies.
	for _, c := range []struct {
		req  *propertyv1.SearchPropertiesRequest
		want func(row) bool
	}{
		{&propertyv1.SearchPropertiesRequest{City: "London", Currency: "GBP"}, func(r row) bool { return r.city == "London" && r.currency != "GBP" }},
		{&propertyv1.SearchPropertiesRequest{Currency: "USD", MinRent: 1010, MinBedrooms: 2},
			func(r row) bool { return r.currency != "USD" && r.beds >= 2 }},
		{&propertyv1.SearchPropertiesRequest{Query: "hilltop", Currency: "EUR", MaxRent: 1001, SortBy: property.SortPriceHighLow},
			func(r row) bool { return r.locality == "Hilltop" && r.currency != "EUR" }},
	} {
		want := len(expected(c.want, sorts[property.SortFeatured]))
		if res := search(t, client, c.req); int(res.OtherCurrencyCount) != want || want == 0 {
			t.Errorf("%v: %d in other currencies, want %d", c.req, res.OtherCurrencyCount, want)
		}
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "London"}); res.OtherCurrencyCount != 0 {
		t.Errorf("no currency asked, yet %d in other currencies", res.OtherCurrencyCount)
	}

	for name, req := range map[string]*propertyv1.SearchPropertiesRequest{
		"unknown sort":          {SortBy: "cheapest"},
		"unknown type":          {PropertyType: "castle"},
		"page 0":                {Page: -1},
		"huge page":             {PageSize: 51},
		"too deep":              {Page: 900, PageSize: 50},
		"long query":            {Query: string(make([]byte, 101))},
		"rent without currency": {MinRent: 1000},
		"unknown currency":      {Currency: "XYZ", MaxRent: 900},
		"rent range reversed":   {Currency: "USD", MinRent: 2000, MaxRent: 1000},
		"negative rent":         {Currency: "USD", MaxRent: -1},
		"negative bedrooms":     {MinBedrooms: -1},
		"negative bathrooms":    {MinBathrooms: -2},
		"negative area":         {MinArea: -5},
		"unknown area unit":     {MinArea: 5, AreaUnit: "acres"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := client.SearchProperties(context.Background(), connect.NewRequest(req)); connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("%v", err)
			}
		})
	}
}

// TestPlaceSearchReadsPlacesNotStreets: a line that names a city or neighbourhood searches that
// place, not the streets and titles that share its name; a line that names none is free text
// (issue 32: the box and a shortcut read a line alike), so a street's name finds the street; a
// city wins over a neighbourhood of the same name; and the neighbourhood counts follow listings
// as they change.
func TestPlaceSearchReadsPlacesNotStreets(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	ctx := context.Background()
	exec := func(sql string) {
		t.Helper()
		if _, err := srv.Pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO properties (id, title, address, locality, city, property_type, monthly_rent, landlord_id, slug) VALUES
		(101, 'Sydney Flat', '4 Sydney Street', 'Chelsea', 'London', 'apartment', 2000, 1, 'sydney-flat'),
		(102, 'Hilltop House', '1 Main Road', 'Centre', 'Hilltop', 'house', 900, 1, 'hilltop-house')`)

	ids := func(req *propertyv1.SearchPropertiesRequest) []int32 {
		var out []int32
		for _, p := range search(t, client, req).Properties {
			out = append(out, p.Id)
		}
		return out
	}
	if got := ids(&propertyv1.SearchPropertiesRequest{City: "Sydney"}); fmt.Sprint(got) != "[101]" {
		t.Errorf("Sydney, which names no place, as text: %v", got)
	}
	exec(`INSERT INTO properties (id, title, address, locality, city, property_type, monthly_rent, landlord_id, slug) VALUES
		(103, 'Riverside View', '9 Hilltop Lane', 'Hilltop', 'Toronto', 'condo', 1500, 1, 'riverside-view')`)
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Riverside", SortBy: property.SortNewest, PageSize: 50}); res.TotalCount != 29 || slices.ContainsFunc(res.Properties, func(p *propertyv1.Property) bool { return p.Id == 103 }) {
		t.Errorf("the neighbourhood Riverside found %d, or the title that shares its name", res.TotalCount)
	}
	exec(`DELETE FROM properties WHERE id = 103`)
	if got := ids(&propertyv1.SearchPropertiesRequest{City: "chelsea"}); fmt.Sprint(got) != "[101]" {
		t.Errorf("neighbourhood Chelsea: %v", got)
	}
	if got := ids(&propertyv1.SearchPropertiesRequest{Query: "sydney"}); fmt.Sprint(got) != "[101]" {
		t.Errorf("query sydney (a street is text): %v", got)
	}
	if got := ids(&propertyv1.SearchPropertiesRequest{City: "Hilltop"}); fmt.Sprint(got) != "[102]" {
		t.Errorf("a city wins over a neighbourhood of the same name: %v", got)
	}
	// A ZIP+4 and its ZIP find each other, either way round.
	exec(`UPDATE properties SET zip_code = '10001-1234' WHERE id = 102`)
	exec(`UPDATE properties SET zip_code = '10001' WHERE id = 101`)
	for _, code := range []string{"10001", "10001-1234", "10001 1234", "10001-9999"} {
		if got := ids(&propertyv1.SearchPropertiesRequest{ZipCode: code, SortBy: property.SortNewest}); fmt.Sprint(got) != "[102 101]" {
			t.Errorf("ZIP %s: %v", code, got)
		}
	}

	count := func(key string) int32 {
		var n int32
		if err := srv.Pool.QueryRow(ctx, `SELECT coalesce((SELECT property_count FROM localities WHERE key = $1), 0)`, key).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	exec(`UPDATE properties SET locality = 'Chelsea' WHERE id IN (2, 4)`) // from Riverside
	exec(`UPDATE properties SET active = false WHERE id = 101`)
	exec(`UPDATE properties SET locality = NULL WHERE id = 6`)
	if c, r := count("chelsea"), count("riverside"); c != 2 || r != 26 {
		t.Errorf("localities: chelsea %d (want 2), riverside %d (want 26)", c, r)
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Chelsea"}); res.TotalCount != 2 || len(res.Properties) != 2 {
		t.Errorf("Chelsea after the moves: %d of %d", len(res.Properties), res.TotalCount)
	}
}

func TestCountIsCappedOnLargeResults(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Big ' || i, i || ' Long Road', 'Bigtown', 'apartment', 900, 1, 'big-' || i FROM generate_series(1, 1005) i`); err != nil {
		t.Fatal(err)
	}
	// A whole city is counted exactly, from the cities table.
	res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Bigtown", PageSize: 50})
	if res.TotalCount != 1005 || res.TotalCapped || len(res.Properties) != 50 {
		t.Errorf("big city: total %d capped %v, %d on the page", res.TotalCount, res.TotalCapped, len(res.Properties))
	}
	// Any further filter is counted up to the cap.
	for name, req := range map[string]*propertyv1.SearchPropertiesRequest{
		"city and type": {City: "Bigtown", PropertyType: "apartment", PageSize: 50},
		"query":         {Query: "long road", PageSize: 50},
		"everything":    {PageSize: 50},
	} {
		t.Run(name, func(t *testing.T) {
			res := search(t, client, req)
			if res.TotalCount != property.CountCap || !res.TotalCapped || len(res.Properties) != 50 {
				t.Errorf("%v: total %d capped %v, %d on the page", req, res.TotalCount, res.TotalCapped, len(res.Properties))
			}
		})
	}
}

func TestBatchAndSimilar(t *testing.T) {
	t.Parallel()
	_, client := fixture(t)
	ctx := context.Background()
	res, err := client.BatchGetProperties(ctx, connect.NewRequest(&propertyv1.BatchGetPropertiesRequest{Ids: []int32{3, 6, 60, 999, 3}}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Msg.Properties) != 2 || res.Msg.Properties[3].GetTitle() != "Home 3" || res.Msg.Properties[6] == nil {
		t.Errorf("batch: %v", res.Msg.Properties)
	}
	ids := make([]int32, 101)
	if _, err := client.BatchGetProperties(ctx, connect.NewRequest(&propertyv1.BatchGetPropertiesRequest{Ids: ids})); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("batch of 101: %v", err)
	}

	sim, err := client.ListSimilarProperties(ctx, connect.NewRequest(&propertyv1.ListSimilarPropertiesRequest{PropertyId: 3, Limit: 5}))
	if err != nil {
		t.Fatal(err)
	}
	if len(sim.Msg.Properties) != 5 {
		t.Fatalf("similar: %d", len(sim.Msg.Properties))
	}
	sameType := true
	for i, p := range sim.Msg.Properties {
		if p.Id == 3 || p.City != "Austin" {
			t.Errorf("similar to 3: %d in %s", p.Id, p.City)
		}
		if p.PropertyType != "house" {
			sameType = false
		} else if !sameType && i > 0 {
			t.Errorf("same-type properties must come first")
		}
	}
	if _, err := client.ListSimilarProperties(ctx, connect.NewRequest(&propertyv1.ListSimilarPropertiesRequest{PropertyId: 60})); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("similar to a withdrawn property: %v", err)
	}
}

func TestPostalCodeKey(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"sw1a 1aa": "SW1A1AA", "SW1A-1AA": "SW1A1AA", " m5v 2h1 ": "M5V2H1", "10001-1234": "10001", "100011234": "10001", "1000112345": "1000112345", "90210": "90210", "": "",
		"<script>": "SCRIPT",
	} {
		t.Run(in, func(t *testing.T) {
			t.Parallel()
			if got := property.PostalCodeKey(in); got != want {
				t.Errorf("PostalCodeKey(%q) = %q, want %q", in, got, want)
			}
		})
	}
}

// TestSearchFiltersOverREST: the REST path takes the filters under the web app's URL names and
// says what a currency left out in a header; malformed numbers and rules are refused.
func TestSearchFiltersOverREST(t *testing.T) {
	t.Parallel()
	srv, _ := fixture(t)
	get := func(query string) (int, http.Header, []map[string]any) {
		t.Helper()
		res, err := http.Get(srv.URL + "/api/properties?" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var list []map[string]any
		if res.StatusCode == http.StatusOK {
			if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
				t.Fatal(err)
			}
		}
		return res.StatusCode, res.Header, list
	}
	status, header, list := get("currency=USD&minRent=1010&maxRent=1050&beds=2&baths=1&sortBy=priceLowHigh&pageSize=50")
	keep := func(r row) bool { return r.currency == "USD" && r.rent >= 1010 && r.rent <= 1050 && r.beds >= 2 }
	want := expected(keep, sorts[property.SortPriceLowHigh])
	var got []int32
	for _, p := range list {
		got = append(got, int32(p["id"].(float64)))
	}
	other := len(expected(func(r row) bool { return r.currency != "USD" && r.beds >= 2 }, sorts[property.SortFeatured]))
	if status != http.StatusOK || len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) || header.Get("X-Other-Currency-Count") != fmt.Sprint(other) {
		t.Errorf("%d: ids %v, want %v; other currencies %q, want %d", status, got, want, header.Get("X-Other-Currency-Count"), other)
	}
	status, _, list = get("pets=true&furnished=true&minArea=50&areaUnit=sqm")
	want = expected(func(r row) bool { return r.pets && r.furnished && r.sqft >= 50*property.SqftPerSqm }, sorts[property.SortFeatured])
	if status != http.StatusOK || len(list) != len(want) {
		t.Errorf("pets, furnished, area: %d with %d results, want %d", status, len(list), len(want))
	}
	if status, _, list := get("mapArea=-180,-90,180,90"); status != http.StatusOK || len(list) != 0 {
		t.Errorf("the whole globe holds none of the fixture's unplaced listings: %d, %d", status, len(list))
	}
	if status, _, list := get("verifiedReviews=true&pageSize=50"); status != http.StatusOK ||
		len(list) != len(expected(func(r row) bool { return r.verifiedShown }, sorts[property.SortFeatured])) {
		t.Errorf("verified reviews only: %d with %d results", status, len(list))
	}
	if _, header, _ := get("city=London"); header.Get("X-Other-Currency-Count") != "" || header.Get("X-Unplaced-Count") != "" {
		t.Errorf("no currency nor unplaced count asked, yet X-Other-Currency-Count %q, X-Unplaced-Count %q",
			header.Get("X-Other-Currency-Count"), header.Get("X-Unplaced-Count"))
	}
	// The map's count of listings without a position (none of the fixture's has one).
	unplaced := len(expected(func(r row) bool { return r.city == "London" && r.beds >= 2 }, sorts[property.SortFeatured]))
	if status, header, _ := get("city=London&beds=2&countUnplaced=true"); status != http.StatusOK || unplaced == 0 ||
		header.Get("X-Unplaced-Count") != fmt.Sprint(unplaced) {
		t.Errorf("countUnplaced: %d, X-Unplaced-Count %q, want %d", status, header.Get("X-Unplaced-Count"), unplaced)
	}
	for _, bad := range []string{"beds=two", "minRent=1e3&currency=USD", "minRent=1000", "areaUnit=acres&minArea=3",
		"mapArea=1,2,3", "mapArea=a,b,c,d", "mapArea=10,0,-10,1"} {
		if status, _, _ := get(bad); status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", bad, status)
		}
	}
}

// TestSearchReadsALine: a typed line reads the same from the box (city) and from a shortcut
// (query), by searchline.go's rule, and finds what the filters it became find.
func TestSearchReadsALine(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO properties (id, title, address, locality, city, zip_code,
			property_type, monthly_rent, landlord_id, slug) VALUES
		(201, 'Chelsea Loft', '1 West 20th Street', 'Chelsea', 'New York', '10011', 'loft', 4000, 1, 'chelsea-loft'),
		(202, 'Sunny Downtown Flat', '5 Congress Avenue', 'Downtown', 'Austin', '78701', 'apartment', 2000, 1, 'downtown-flat'),
		(203, 'Downtown Garden House', '7 Congress Avenue', 'Downtown', 'Austin', '78701', 'house', 2500, 1, 'downtown-house'),
		(204, 'Mission Flat', '9 Valencia Street', 'Mission', 'San Francisco', '94110', 'apartment', 3000, 1, 'mission-flat'),
		(205, 'Venice Bungalow', '3 Abbot Kinney Boulevard', 'Venice', 'Los Angeles', '90291', 'bungalow', 3500, 1, 'venice-bungalow')`); err != nil {
		t.Fatal(err)
	}
	ids := func(req *propertyv1.SearchPropertiesRequest) ([]int32, *propertyv1.SearchPropertiesResponse) {
		t.Helper()
		req.PageSize, req.SortBy = 50, property.SortNewest
		res := search(t, client, req)
		var out []int32
		for _, p := range res.Properties {
			out = append(out, p.Id)
		}
		return out, res
	}
	for _, c := range []struct {
		line    string
		same    *propertyv1.SearchPropertiesRequest // the filters the line should become
		reading *propertyv1.SearchReading
		matched string
	}{
		{"London flats", &propertyv1.SearchPropertiesRequest{City: "London", PropertyType: "apartment"}, &propertyv1.SearchReading{Place: "London", PropertyType: "apartment"}, ""},
		{"flats to rent in london", &propertyv1.SearchPropertiesRequest{City: "London", PropertyType: "apartment"}, &propertyv1.SearchReading{Place: "London", PropertyType: "apartment"}, ""},
		{"sw1a1aa", &propertyv1.SearchPropertiesRequest{ZipCode: "SW1A 1AA"}, &propertyv1.SearchReading{ZipCode: "SW1A1AA"}, ""},
		{"SW1A 1AA", &propertyv1.SearchPropertiesRequest{ZipCode: "SW1A 1AA"}, &propertyv1.SearchReading{ZipCode: "SW1A 1AA"}, ""},
		{"sw1a 1aa", &propertyv1.SearchPropertiesRequest{ZipCode: "SW1A 1AA"}, &propertyv1.SearchReading{ZipCode: "SW1A 1AA"}, ""},
		{"NYC", &propertyv1.SearchPropertiesRequest{City: "New York"}, &propertyv1.SearchReading{Place: "New York"}, "New York"},
		{"New York, NY", &propertyv1.SearchPropertiesRequest{City: "New York"}, &propertyv1.SearchReading{Place: "New York"}, ""},
		{"SF flats", &propertyv1.SearchPropertiesRequest{City: "San Francisco", PropertyType: "apartment"}, &propertyv1.SearchReading{Place: "San Francisco", PropertyType: "apartment"}, "San Francisco"},
		{"Downtown Apartments", &propertyv1.SearchPropertiesRequest{City: "Downtown", PropertyType: "apartment"}, &propertyv1.SearchReading{Place: "Downtown", PropertyType: "apartment"}, ""},
		{"Sunny flats", &propertyv1.SearchPropertiesRequest{Query: "sunny", PropertyType: "apartment"}, &propertyv1.SearchReading{PropertyType: "apartment", Query: "sunny"}, ""},
		{"houses in Torronto", &propertyv1.SearchPropertiesRequest{City: "Toronto", PropertyType: "house"}, &propertyv1.SearchReading{Place: "Toronto", PropertyType: "house"}, "Toronto"},
		{"Riverside Toronto condos", &propertyv1.SearchPropertiesRequest{City: "Toronto", Query: "riverside", PropertyType: "condo"}, &propertyv1.SearchReading{Place: "Toronto", PropertyType: "condo", Query: "riverside"}, ""},
		{"toronto m5v 2h1", &propertyv1.SearchPropertiesRequest{City: "Toronto", ZipCode: "M5V 2H1"}, &propertyv1.SearchReading{Place: "Toronto", ZipCode: "M5V 2H1"}, ""},
	} {
		want, _ := ids(c.same)
		if len(want) == 0 {
			t.Fatalf("%q: the fixture has nothing for %v", c.line, c.same)
		}
		for _, req := range []*propertyv1.SearchPropertiesRequest{{City: c.line}, {Query: c.line}} {
			got, res := ids(req)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: %v, want %v (as %v)", req, got, want, c.same)
			}
			if !proto.Equal(res.Reading, c.reading) || res.MatchedCity != c.matched {
				t.Errorf("%v: read as {%v} matching %q, want {%v} matching %q", req, res.Reading, res.MatchedCity, c.reading, c.matched)
			}
		}
	}
	// An abbreviation is told apart from a misspelling, so the page says "read as", not "no city
	// is spelled so".
	for line, want := range map[string]string{"NYC": "New York", "la": "Los Angeles", "SF flats": "San Francisco", "Torronto": "Toronto", "houses in Austn": "Austin"} {
		for _, req := range []*propertyv1.SearchPropertiesRequest{{City: line}, {Query: line}} {
			_, res := ids(req)
			abbreviation := !strings.HasPrefix(line, "Torr") && !strings.HasSuffix(line, "Austn")
			if res.MatchedCity != want || res.MatchedByAbbreviation != abbreviation {
				t.Errorf("%v: matched %q by abbreviation %v, want %q by abbreviation %v", req, res.MatchedCity, res.MatchedByAbbreviation, want, abbreviation)
			}
		}
	}
	// A chosen type wins over a type word, which then filters nothing.
	got, _ := ids(&propertyv1.SearchPropertiesRequest{City: "Downtown flats", PropertyType: "house"})
	if fmt.Sprint(got) != "[203]" {
		t.Errorf("chosen type house with the word flats: %v", got)
	}
}

// TestSearchReadsGlobalPostcodes: the global postcodes of the demo data (Tokyo's "155-0033",
// Sydney's "2010") are read in any spacing, from either box, while four digits among other
// words stay free text (searchline.go's rule 1).
// TestSearchRefusesShortWords: free text whose every word is under three characters, which no
// index finds, is refused with a message that says what to do, in the city box as in the query;
// a short word beside a longer one, or a short abbreviation of a place, is searched.
func TestSearchRefusesShortWords(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO properties (id, title, address, locality, city, zip_code,
			property_type, monthly_rent, landlord_id, slug) VALUES
		(401, 'Flat 2B by the park', '2 Park Row', 'Chelsea', 'New York', '10011', 'apartment', 3000, 1, 'flat-2b')`); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"zq", "2b", "zq condos", "a b"} {
		for _, req := range []*propertyv1.SearchPropertiesRequest{{City: line}, {Query: line}} {
			_, err := client.SearchProperties(context.Background(), connect.NewRequest(req))
			if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), "Search for a word of at least 3 characters") {
				t.Errorf("%v: %v, want the short word refused", req, err)
			}
		}
	}
	for line, want := range map[string]string{"2b park": "[401]", "NY": "[401]", "park flats": "[401]"} {
		res := search(t, client, &propertyv1.SearchPropertiesRequest{Query: line, PageSize: 50})
		var got []int32
		for _, p := range res.Properties {
			got = append(got, p.Id)
		}
		if fmt.Sprint(got) != want {
			t.Errorf("%q found %v, want %s", line, got, want)
		}
	}
}

func TestSearchReadsGlobalPostcodes(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO properties (id, title, address, locality, city, zip_code,
			property_type, monthly_rent, landlord_id, slug) VALUES
		(301, 'Daita House', '2-14-8 Daita', 'Setagaya', 'Tokyo', '155-0033', 'house', 240000, 1, 'daita-house'),
		(302, 'Surry Hills Terrace', '112 Bourke Street', 'Surry Hills', 'Sydney', '2010', 'townhouse', 5200, 1, 'surry-hills'),
		(303, 'Terrace built 2010', '4 Pitt Street', 'Haymarket', 'Sydney', '2000', 'townhouse', 4800, 1, 'pitt-2010'),
		(304, 'Kitazawa Flat', '1-1-1 Kitazawa', 'Setagaya', 'Tokyo', '155-0031', 'apartment', 180000, 1, 'kitazawa-flat')`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line, zip, query string // the reading's postal code and free text
		want             string // the ids found, newest first
	}{
		{"155-0033", "155-0033", "", "[301]"},
		{"1550033", "1550033", "", "[301]"},
		{"155 0033", "155 0033", "", "[301]"},
		{"Tokyo 155-0033", "155-0033", "", "[301]"},
		{"2010", "2010", "", "[302]"},
		{"terrace 2010", "", "terrace 2010", "[303]"}, // a year, not Sydney's postcode
	} {
		for _, req := range []*propertyv1.SearchPropertiesRequest{{City: c.line}, {Query: c.line}} {
			req.PageSize, req.SortBy = 50, property.SortNewest
			res := search(t, client, req)
			var got []int32
			for _, p := range res.Properties {
				got = append(got, p.Id)
			}
			if fmt.Sprint(got) != c.want || res.Reading.GetZipCode() != c.zip || res.Reading.GetQuery() != c.query {
				t.Errorf("%v: %v read as {%v}, want %s with postal code %q and text %q", req, got, res.Reading, c.want, c.zip, c.query)
			}
		}
	}
	// The postal-code filter itself matches in any spacing, as the column's key does.
	for _, zip := range []string{"155-0033", "1550033", "155 0033"} {
		if res := search(t, client, &propertyv1.SearchPropertiesRequest{ZipCode: zip}); len(res.Properties) != 1 || res.Properties[0].Id != 301 {
			t.Errorf("zipCode %q: %v", zip, res.Properties)
		}
	}
}

// TestSearchMapArea: the map's "search this area" keeps the listings placed inside the box,
// with every other filter and sort; listings without a usable position are never in an area,
// and a place search counts them when asked.
func TestSearchMapArea(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	// Each listing near its city's centre, i thousandths of a degree north-east; every ninth
	// without a position, and one with a latitude that is no number.
	if _, err := srv.Pool.Exec(context.Background(), `UPDATE properties SET
			latitude = ((ARRAY[30.2672, 51.5074, 43.6532])[id % 3 + 1] + id * 0.001)::text,
			longitude = ((ARRAY[-97.7431, -0.1278, -79.3832])[id % 3 + 1] + id * 0.001)::text
		WHERE id % 9 <> 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Pool.Exec(context.Background(), `UPDATE properties SET latitude = 'north' WHERE id = 4`); err != nil {
		t.Fatal(err)
	}
	placed := func(r row) bool { return r.id%9 != 0 && r.id != 4 }
	london := &propertyv1.MapArea{West: -0.2, South: 51.4, East: 0, North: 51.6}
	for name, c := range map[string]struct {
		req  *propertyv1.SearchPropertiesRequest
		keep func(row) bool
	}{
		"area": {&propertyv1.SearchPropertiesRequest{MapArea: london}, func(r row) bool { return r.city == "London" && placed(r) }},
		"area+rent": {&propertyv1.SearchPropertiesRequest{MapArea: london, Currency: "GBP", MaxRent: 1040},
			func(r row) bool { return r.city == "London" && placed(r) && r.currency == "GBP" && r.rent <= 1040 }},
		// A box that holds part of Toronto's listings (ids up to 30 lie south-west of it).
		"part of a city": {&propertyv1.SearchPropertiesRequest{MapArea: &propertyv1.MapArea{West: -79.3532, South: 43.6832, East: -79.0, North: 44}},
			func(r row) bool { return r.city == "Toronto" && placed(r) && r.id >= 30 }},
		"city+area": {&propertyv1.SearchPropertiesRequest{City: "Austin", MapArea: london}, func(row) bool { return false }},
	} {
		for sortName, less := range sorts {
			t.Run(name+"/"+sortName, func(t *testing.T) {
				t.Parallel()
				req := proto.CloneOf(c.req)
				req.SortBy = sortName
				got, total := all(t, client, req)
				want := expected(c.keep, less)
				if fmt.Sprint(got) != fmt.Sprint(want) || int(total) != len(want) || len(want) == 0 && name != "city+area" {
					t.Errorf("ids\n got %v (total %d)\nwant %v", got, total, want)
				}
				// A page past the end still tells how many there are.
				req.Page = 99
				if res := search(t, client, req); len(res.Properties) != 0 || int(res.TotalCount) != len(want) {
					t.Errorf("page 99: %d listings, total %d, want none of %d", len(res.Properties), res.TotalCount, len(want))
				}
			})
		}
	}
	unplaced := len(expected(func(r row) bool { return r.city == "Austin" && !placed(r) }, sorts[property.SortFeatured]))
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "Austin", CountUnplaced: true}); int(res.UnplacedCount) != unplaced || unplaced == 0 {
		t.Errorf("Austin: %d unplaced, want %d", res.UnplacedCount, unplaced)
	}
	if res := search(t, client, &propertyv1.SearchPropertiesRequest{City: "London", PropertyType: "house", CountUnplaced: true}); int(res.UnplacedCount) !=
		len(expected(func(r row) bool { return r.city == "London" && r.typ == "house" && !placed(r) }, sorts[property.SortFeatured])) {
		t.Errorf("London houses: %d unplaced", res.UnplacedCount)
	}
	for name, area := range map[string]*propertyv1.MapArea{
		"west of east":       {West: 10, South: 0, East: -10, North: 1},
		"beyond the globe":   {West: -200, South: 0, East: 10, North: 1},
		"south above north":  {West: 0, South: 5, East: 1, North: 4},
		"latitude too large": {West: 0, South: 0, East: 1, North: 91},
	} {
		if _, err := client.SearchProperties(context.Background(), connect.NewRequest(&propertyv1.SearchPropertiesRequest{MapArea: area})); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("%s: %v", name, err)
		}
	}
}
