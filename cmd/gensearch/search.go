package main

// The property search, described once. What a search may ask for and how each criterion matches
// is written here and nowhere else: to add a filter, add a criterion to criteria, run
// `make generate`, and fill its field of searchArgs from the request in
// internal/property/search.go. Every shape checks it on the rows its index yields.

// A criterion is one thing a search may ask for: a value that narrows the search when given
// (NULL when not), or a flag that narrows it when on.
type criterion struct {
	arg     string // the statement argument, and (as sqlc names it) the field of searchArgs
	sqlType string // the argument's type (text, int or float8); a flag is bool; text[] is a list, given when not nil
	flag    bool
	// match is the condition a listing meets, with %s for the argument (for a flag, the
	// condition alone). It is the one place a criterion's rule is written.
	match string
	// walked, if set, is the same condition in a form no index serves, for a statement that walks
	// a sort's index and checks it on the rows it passes (a page of any shape but one that finds
	// its matches by this criterion): PostgreSQL estimates an indexable box at 0.1% of the table
	// whatever its size, and would find a city-wide box's thousands by the box index and sort
	// them; a plain function call it guesses at a third, and walks.
	walked string
	// found, if set, is the same condition in the form that finds the matches by an index of
	// another table first (the matches' ids, then their rows by key), for a statement this
	// criterion leads that may find its matches by an index (a count, or a page sorted by
	// argument).
	found string
	doc   string // the comment of its field in searchArgs
	// notInFacets: the facet indexes do not hold its column, so a count that asks for it reads
	// the table.
	notInFacets bool
}

// criteria lists what a search may ask for, in the order the statements check it.
var criteria = []*criterion{city, locality, postalCode, mapArea, propertyType, verified, currency, otherCurrency,
	minRent, maxRent, minBedrooms, minBathrooms, pets, furnished, minArea, verifiedReviews, unplaced, text, words}

var (
	city = &criterion{arg: "city_key", sqlType: "text", match: "city_key = %s",
		doc: "The city, lower-cased, as properties.city_key holds it."}
	locality = &criterion{arg: "locality_key", sqlType: "text", match: "locality_key = %s",
		doc: "The neighbourhood, lower-cased, as properties.locality_key holds it."}
	postalCode = &criterion{arg: "postal_code_key", sqlType: "text", match: "postal_code_key = %s",
		doc: "The postal code's letters and digits, upper-cased (see PostalCodeKey)."}
	// A free-text query matches when every one of its words does (words); its longest word
	// (text) leads, because one LIKE is what the trigram index can find. That index is on
	// property_search_texts, which holds the active listings' search_text, so that writes to a
	// listing that leave its text alone do not rewrite its trigrams.
	text = &criterion{arg: "query", sqlType: "text", match: "search_text LIKE '%%' || %s::text || '%%'", notInFacets: true,
		found: "id = ANY (ARRAY(SELECT t.property_id FROM property_search_texts t WHERE t.search_text LIKE '%%' || %s::text || '%%'))",
		doc:   "The query's longest word: lower-cased, LIKE-escaped (see queryWords)."}
	words = &criterion{arg: "query_words", sqlType: "text[]", match: "search_text LIKE ALL (%s::text[])", notInFacets: true,
		doc: "Every word of the query as a LIKE pattern (see queryWords)."}
	// The map's area: listings placed inside it (see properties.position).
	mapArea = &criterion{arg: "map_area", sqlType: "float8[]", match: "position <@ search_area(%s::float8[])", notInFacets: true,
		walked: "on_pb(position, search_area(%s::float8[]))", // <@'s function
		doc:    "The map area as {west, south, east, north} in degrees."}
	// Listings the map cannot show, to say how many there are.
	unplaced = &criterion{arg: "unplaced_only", sqlType: "bool", flag: true, match: "position IS NULL", notInFacets: true,
		doc: "Listings without a position only (to count them)."}
	propertyType = &criterion{arg: "property_type", sqlType: "text", match: "property_type = %s",
		doc: "One of Types."}
	verified = &criterion{arg: "verified_only", sqlType: "bool", flag: true, match: "verified",
		doc: "Verified listings only."}
	// Rents compare only within a currency: the rent bounds come with one, and a count of what
	// the currency left out asks for the others.
	currency = &criterion{arg: "currency", sqlType: "text", match: "currency = %s",
		doc: "The currency of the rent, an ISO code."}
	// Named one by one (not "<> currency"), so a count finds them in the facet index's currency
	// ranges rather than reading all of it.
	otherCurrency = &criterion{arg: "other_currencies", sqlType: "text[]", match: "currency = ANY (%s::text[])",
		doc: "Listings whose rent is in one of these currencies (to count what a currency filter left out: every other one)."}
	minRent = &criterion{arg: "min_rent", sqlType: "int", match: "monthly_rent >= %s",
		doc: "The lowest monthly rent, in Currency."}
	maxRent = &criterion{arg: "max_rent", sqlType: "int", match: "monthly_rent <= %s",
		doc: "The highest monthly rent, in Currency."}
	minBedrooms = &criterion{arg: "min_bedrooms", sqlType: "int", match: "bedrooms >= %s",
		doc: "The fewest bedrooms."}
	minBathrooms = &criterion{arg: "min_bathrooms", sqlType: "int", match: "bathrooms >= %s",
		doc: "The fewest bathrooms."}
	pets = &criterion{arg: "pets_allowed", sqlType: "bool", flag: true, match: "pets_allowed",
		doc: "Listings that allow pets only."}
	furnished = &criterion{arg: "furnished", sqlType: "bool", flag: true, match: "furnished",
		doc: "Furnished listings only."}
	// Listings whose reviews include a verified one that is shown (issue 27's count).
	verifiedReviews = &criterion{arg: "verified_reviews_only", sqlType: "bool", flag: true, match: "has_verified_reviews",
		doc: "Listings with verified reviews only."}
	// square_feet holds the area in the listing's own unit (area_unit).
	minArea = &criterion{arg: "min_area_sqft", sqlType: "float8",
		match: "square_feet * CASE area_unit WHEN 'sqm' THEN " + sqftPerSqm + " ELSE 1 END >= %s",
		doc:   "The smallest floor area, in square feet (see SqftPerSqm)."}
)

// sqftPerSqm converts square metres to square feet; the Go constant SqftPerSqm is the same.
const sqftPerSqm = "10.7639"

// A sort orders a search's results by its keys, then by id, so pages are stable: all descending,
// or all ascending, so one index serves a sort and its reverse.
type sort struct {
	name      string   // the API's value of sortBy
	constant  string   // its Go constant in package property
	title     string   // the statements' suffix
	doc       string   // the constant's comment
	keys      []string // columns of properties
	ascending bool
}

var sorts = []sort{
	{name: "featured", constant: "SortFeatured", title: "Featured", keys: []string{"verified", "rating", "review_count"},
		doc: "puts verified listings first (verification is what the spec says ranks higher), then the best rated, then the most reviewed"},
	{name: "highestRated", constant: "SortHighestRated", title: "HighestRated", keys: []string{"rating", "review_count"},
		doc: "puts the best rated first, then the most reviewed"},
	{name: "mostReviews", constant: "SortMostReviews", title: "MostReviews", keys: []string{"review_count"},
		doc: "puts the most reviewed first"},
	{name: "newestListed", constant: "SortNewest", title: "Newest", keys: []string{"created_at"},
		doc: "puts the latest listed first"},
	// Rents in different currencies do not compare: the price sorts group them by currency, and
	// with a currency filter order by rent alone.
	{name: "priceLowHigh", constant: "SortPriceLowHigh", title: "PriceLowHigh", keys: []string{"currency", "monthly_rent"}, ascending: true,
		doc: "puts the lowest rent first, within each currency"},
	{name: "priceHighLow", constant: "SortPriceHighLow", title: "PriceHighLow", keys: []string{"currency", "monthly_rent"},
		doc: "puts the highest rent first, within each currency"},
}

// A shape is a search led by one criterion (or by none), which picks the index it walks; the
// other criteria it may ask for (filters) are checked on the rows that index yields. A search
// takes the first shape, in this order, whose lead it gives.
type shape struct {
	name string     // the statements' infix, and the Go constant shape<name>
	lead *criterion // nil: every active listing
	// indexes names, per sort, the index (created in sql/migrations) whose order the sort's
	// statements walk: a page reads only its own rows. For a shape sorted by argument, "" names
	// the index that finds its matches, which are then sorted.
	indexes map[string]string
	// plain: the shape has statements without optional filters. Their text alone fixes the index,
	// so they run on sessions that keep one generic plan (store.OpenFixedPlans). A shape sorted
	// by argument has one when it chooses its page from a covering index (pageFirst): its plan
	// reads the matches there and sorts them, whatever the sort.
	plain bool
	// total, for a plain shape, is an expression for the exact number of its matches, which its
	// page statements bring along in a column named total.
	total string
	// facets names the index that holds every criterion's column but the text's (created in
	// sql/migrations), so a search without text is counted from it alone; "" for none.
	facets string
	// when, if set, names a flag of searchArgs that must be on too for a search to take the
	// shape (Go decides it, from what it knows of the data: see sparse areas); whenDoc is its
	// comment.
	when, whenDoc string
	// byArgument: one statement sorts the matches by the sort_by argument. A text match is
	// checked on each row an index walk passes, so walking a sort's index pays for a common word
	// and reads every listing for a rare one: custom plans fold the argument and choose per word,
	// and a cached generic plan, which cannot walk an order it does not know, keeps to the
	// index that finds the matches.
	byArgument bool
	// pageFirst: the page's ids are chosen from the shape's index alone (it covers every column
	// the criteria and sorts read), then only the page's rows are read. Sorting every match's
	// whole row cost ~5 ms for a street's 700 listings at a million. The same scan counts the
	// matches, which its page statements bring in a column named total: a separate count read
	// the 700 again.
	pageFirst bool
}

var shapes = []shape{
	{
		// A map area holding few listings, whatever else is asked: the area index finds them,
		// then they are sorted (a street's box inside a large city would otherwise walk the
		// whole city's index).
		// Planned for each call, its page spent longer planning (0.5–0.7 ms: twenty-odd optional
		// filters) than running; the box alone (the map panned) keeps one generic plan.
		name: "AreaFew", lead: mapArea, byArgument: true, pageFirst: true, plain: true, when: "areaFew",
		whenDoc: "The map area holds few listings (Search probes it): find them by position, then sort them.",
		indexes: map[string]string{"": "properties_position"},
	},
	{
		name: "City", facets: "properties_city_price", lead: city, plain: true,
		total: "(SELECT property_count FROM cities WHERE key = sqlc.arg(city_key))::int",
		indexes: map[string]string{"featured": "properties_city_featured", "highestRated": "properties_city_rating",
			"mostReviews": "properties_city_reviews", "newestListed": "properties_city_newest",
			"priceLowHigh": "properties_city_price", "priceHighLow": "properties_city_price"},
	},
	{
		name: "Locality", facets: "properties_locality_price", lead: locality, plain: true,
		total: "(SELECT property_count FROM localities WHERE key = sqlc.arg(locality_key))::int",
		indexes: map[string]string{"featured": "properties_locality_featured", "highestRated": "properties_locality_rating",
			"mostReviews": "properties_locality_reviews", "newestListed": "properties_locality_newest",
			"priceLowHigh": "properties_locality_price", "priceHighLow": "properties_locality_price"},
	},
	{
		name: "Postal", facets: "properties_postal_price", lead: postalCode, plain: true,
		indexes: map[string]string{"featured": "properties_postal_featured", "highestRated": "properties_postal_rating",
			"mostReviews": "properties_postal_reviews", "newestListed": "properties_postal_newest",
			"priceLowHigh": "properties_postal_price", "priceHighLow": "properties_postal_price"},
	},
	{
		// A map area holding many (a city's zoom holds thousands): walk the sort's index and keep
		// the listings inside, which come often; sorting thousands would cost more.
		name: "Area", lead: mapArea,
		indexes: map[string]string{"featured": "properties_featured", "highestRated": "properties_rating",
			"mostReviews": "properties_reviews", "newestListed": "properties_newest",
			"priceLowHigh": "properties_price", "priceHighLow": "properties_price"},
	},
	{
		name: "Text", lead: text, byArgument: true,
		indexes: map[string]string{"": "property_search_texts_trgm"},
	},
	{
		name: "All", facets: "properties_price", plain: true,
		indexes: map[string]string{"featured": "properties_featured", "highestRated": "properties_rating",
			"mostReviews": "properties_reviews", "newestListed": "properties_newest",
			"priceLowHigh": "properties_price", "priceHighLow": "properties_price"},
	},
}
