package main

import (
	"net/url"

	"github.com/rentproof/rentproof/internal/property"
)

// filterSearches are the search filters of issue 32, each alone and in the combinations people
// use, each over every sort: one scenario per filter set, its targets the set under each sort,
// once across every listing and once in city (the largest). The data set (propertySteps) gives
// each filter listings to find: rents 800–4800, mostly USD with a tenth in GBP and EUR each,
// 1–4 bedrooms, 1–3 bathrooms, a third allowing pets, two fifths furnished, 400–2399 sq ft,
// positions in a 0.1-degree box per city (the largest, Springfield, from 25°N 120°W).
func filterSearches(base, city string) []savedScenario {
	sets := []struct{ name, query string }{
		{"rent USD 1500–2500", "currency=USD&minRent=1500&maxRent=2500"},
		{"bedrooms 3+", "beds=3"},
		{"bathrooms 2+", "baths=2"},
		{"pets allowed", "pets=true"},
		{"furnished", "furnished=true"},
		{"area 150+ sqm", "minArea=150&areaUnit=sqm"},
		{"type loft", "propertyType=loft"},
		{"rent + bedrooms", "currency=USD&maxRent=2000&beds=2"},
		{"rent + bedrooms + pets + type", "currency=USD&minRent=1000&maxRent=3000&beds=2&pets=true&propertyType=house"},
	}
	// The map at a city's zoom: the largest city's box (every city fills 0.1 degrees from its
	// centre, see propertySteps), then a quarter of it, then a street's worth.
	sets = append(sets,
		struct{ name, query string }{"map area, the largest city's box", "mapArea=-120,25,-119.9,25.1"},
		struct{ name, query string }{"map area, a quarter of it", "mapArea=-120,25,-119.95,25.05"},
		struct{ name, query string }{"map area, a street's worth", "mapArea=-120,25,-119.995,25.005"},
		struct{ name, query string }{"map area + rent", "mapArea=-120,25,-119.9,25.1&currency=USD&maxRent=2500"},
		struct{ name, query string }{"text with a type word and an abbreviation", "query=" + url.QueryEscape(city+" flats")},
		struct{ name, query string }{"a postcode without its space", "query=" + url.QueryEscape("sw1a1aa")},
	)
	var out []savedScenario
	for _, set := range sets {
		s := savedScenario{name: "filter " + set.name + " (6 sorts, everywhere and in one city)"}
		for _, sort := range []string{property.SortFeatured, property.SortHighestRated, property.SortMostReviews,
			property.SortNewest, property.SortPriceLowHigh, property.SortPriceHighLow} {
			path := "/api/properties?" + set.query + "&sortBy=" + sort
			s.targets = append(s.targets, get(base, path, path+"&city="+url.QueryEscape(city))...)
		}
		out = append(out, s)
	}
	return out
}
