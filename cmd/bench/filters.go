package main

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/property"
)

// filterSorts are the sorts each filter scenario runs under: its figure is the slowest one's p99.
var filterSorts = []string{property.SortFeatured, property.SortHighestRated, property.SortMostReviews,
	property.SortNewest, property.SortPriceLowHigh, property.SortPriceHighLow}

// filterVariants is how many values each filter scenario takes turns with: the same value on
// every request would be counted once per CountMemory and answered from memory the rest of it.
const filterVariants = 5

// filterSet is one filter scenario: its variant k's query (k < filterVariants).
type filterSet struct {
	name  string
	query func(k int) string
}

// fixed is a filter set whose value cannot vary (a flag).
func fixed(q string) func(int) string { return func(int) string { return q } }

// filterSearches are the search filters of issue 32, each alone and in the combinations people
// use, each under every sort (filterSorts) with filterVariants values in turn, once across every
// listing and once in city (the largest), a typed line as it is. The data set (propertySteps, benchPlaces) gives each
// filter listings to find: rents 800–4800, mostly USD with a tenth in GBP and EUR each, 1–4
// bedrooms, 1–3 bathrooms, a third allowing pets, two fifths furnished, 400–2399 sq ft,
// positions in a 0.1-degree box per city (the largest, Springfield, from 25°N 120°W), New York
// for the abbreviations and London with UK postcodes for the spacing.
func filterSearches(base, city string) []savedScenario {
	sets := []filterSet{
		{"rent USD 1,400–2,400 to 1,600–2,600", func(k int) string { return fmt.Sprintf("currency=USD&minRent=%d&maxRent=%d", 1400+50*k, 2400+50*k) }},
		{"bedrooms 2+, 3+ or 4+", func(k int) string { return fmt.Sprintf("beds=%d", 2+k%3) }},
		{"bathrooms 1+, 2+ or 3+", func(k int) string { return fmt.Sprintf("baths=%d", 1+k%3) }},
		{"pets allowed", fixed("pets=true")},
		{"furnished", fixed("furnished=true")},
		{"area 130+ to 170+ sqm", func(k int) string { return fmt.Sprintf("minArea=%d&areaUnit=sqm", 130+10*k) }},
		{"type loft, house, condo, studio or apartment", func(k int) string {
			return "propertyType=" + []string{"loft", "house", "condo", "studio", "apartment"}[k]
		}},
		{"verified only", fixed("verified=true")},
		{"has verified reviews", fixed("verifiedReviews=true")},
		{"rent + bedrooms", func(k int) string { return fmt.Sprintf("currency=USD&maxRent=%d&beds=2", 1800+100*k) }},
		{"rent + bedrooms + pets + type", func(k int) string {
			return fmt.Sprintf("currency=USD&minRent=%d&maxRent=3000&beds=2&pets=true&propertyType=house", 900+50*k)
		}},
		// The map at a city's zoom: the largest city's box (every city fills 0.1 degrees from its
		// centre, see propertySteps), then a quarter of it, then a street's worth, each moved a
		// little per variant as a person pans.
		{"map area, the largest city's box", func(k int) string { return mapArea(k, 0.1) }},
		{"map area, a quarter of it", func(k int) string { return mapArea(k, 0.05) }},
		{"map area, a street's worth", func(k int) string { return mapArea(k, 0.005) }},
		{"map area + rent", func(k int) string { return mapArea(k, 0.1) + fmt.Sprintf("&currency=USD&maxRent=%d", 2300+100*k) }},
	}
	// Typed lines name their own place: they are not also sent with city (a line naming New York
	// inside Springfield asks for a contradiction, not a search people make).
	lines := []filterSet{
		{"text with a type word and an abbreviation", func(k int) string {
			return "query=" + url.QueryEscape([]string{"NYC flats", "nyc houses", "NYC lofts", "ny condos", "NYC studios"}[k])
		}},
		{"a postcode in any spacing and case", func(k int) string {
			return "query=" + url.QueryEscape([]string{"sw1a1aa", "SW1A 1AA", "sw1a 1aa", "ec1a1bb", "EC1A 1BB"}[k])
		}},
	}
	var out []savedScenario
	for _, set := range sets {
		out = append(out, filterScenario(base, set, " (6 sorts, everywhere and in one city)", "", "&city="+url.QueryEscape(city)))
	}
	for _, set := range lines {
		out = append(out, filterScenario(base, set, " (6 sorts, as typed)", ""))
	}
	return out
}

// filterScenario is set under every sort with each of its values in turn, each address with
// each of the suffixes (the places it is asked in).
func filterScenario(base string, set filterSet, title string, suffixes ...string) savedScenario {
	s := savedScenario{name: "filter " + set.name + title}
	for k := range filterVariants {
		for _, sort := range filterSorts {
			path := "/api/properties?" + set.query(k) + "&sortBy=" + sort
			for _, suffix := range suffixes {
				s.targets = append(s.targets, get(base, path+suffix)...)
			}
		}
	}
	return s
}

// mapArea is the mapArea parameter of a box size degrees wide from the largest city's corner,
// moved by variant k.
func mapArea(k int, size float64) string {
	west, south := -120+0.002*float64(k), 25+0.002*float64(k)
	return fmt.Sprintf("mapArea=%g,%g,%g,%g", west, south, west+size, south+size)
}

// benchPlaces names two of the synthetic cities as real ones while the search's data set is
// built: the second largest becomes New York (its abbreviations "NYC" and "NY" read as it) and the
// third London, its listings' postcodes UK ones in four districts (typed in any spacing). The
// properties' triggers move their counts to the new cities' rows. It runs before the set's
// vacuum: renamed after it (as it once was, on the first run), the updated listings' pages were
// not all-visible, and index-only scans read the heap (a million listings' map-area probe took
// 33 ms instead of 2). Their reviews are stamped with the new addresses: the set's listings have
// always been where they are, and none of its reviews is about an earlier address.
var benchPlaces = step{"name New York and London", `
	UPDATE properties SET city = 'New York', state = 'NY' WHERE city = 'City 1';
	UPDATE properties SET city = 'London', state = '', country = 'United Kingdom',
		zip_code = (ARRAY['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'N1 9GU'])[1 + id % 4]
	WHERE city = 'City 2';
	UPDATE reviews r SET address_key = property_current_address_key(r.property_id), elsewhere = false
	WHERE r.property_id IN (SELECT id FROM properties WHERE city IN ('New York', 'London'))`}

// warmListings reads the listings' table and every index of it once, into the operating
// system's cache: a server in service has them there after its first minutes, and a run that
// met them cold measured the disk (a million listings' first scenario queued behind reads).
func warmListings(ctx context.Context, pool *pgxpool.Pool) error {
	start := time.Now()
	if _, err := pool.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_prewarm"); err != nil {
		fmt.Println("pg_prewarm unavailable: the listings are not read before the run:", err)
		return nil
	}
	var blocks int64
	err := pool.QueryRow(ctx, `SELECT coalesce(sum(pg_prewarm(c.oid, 'read')), 0)::bigint FROM pg_class c
		WHERE c.oid = 'properties'::regclass
		   OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'properties'::regclass)`).Scan(&blocks)
	if err != nil {
		return fmt.Errorf("read the listings into the cache: %w", err)
	}
	fmt.Printf("listings read into the cache: %d MB in %s\n", blocks*8/1024, time.Since(start).Round(100*time.Millisecond))
	return nil
}
