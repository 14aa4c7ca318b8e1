package property

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Limits of the search.
const (
	DefaultPageSize = 12
	MaxPageSize     = 50
	// MaxOffset bounds how deep pages go; past it, narrowing the search serves people better.
	MaxOffset = 10_000
	// CountCap bounds the result count, which stays cheap on the largest cities.
	CountCap = 1000
)

// Search is a search request; every filter is optional (a zero asks for nothing).
type Search struct {
	City, ZipCode, PropertyType, SortBy, Query string
	VerifiedOnly                               bool
	// Currency keeps rents in it; MinRent and MaxRent, in it, need it.
	Currency                  string
	MinRent, MaxRent          int32
	MinBedrooms, MinBathrooms int32
	PetsAllowed, Furnished    bool
	VerifiedReviewsOnly       bool
	MinArea                   int32
	AreaUnit                  string // of MinArea: sqft (default) or sqm
	// MapArea, when not nil, keeps listings placed inside it: {west, south, east, north}.
	MapArea *[4]float64
	// CountUnplaced asks for Results.Unplaced.
	CountUnplaced  bool
	Page, PageSize int32
}

// Reading is what each part of a typed line became: the place searched (its listed name), the
// postal code, the property type and the free text left.
type Reading struct {
	Place, ZipCode, PropertyType, Query string
}

// ManyInMapArea is how many listings make a map area one whose search walks a sort's index
// (1 in 50 of the bench's 100,000: a page of 12 reads ~600 rows) rather than sorting them all
// (2,000 sorted cost about as much).
const ManyInMapArea = 2000

// MinSearchWord is the fewest characters of a typed line's longest free-text word: the trigram
// index finds words of three or more, and a shorter one could only be looked for listing by
// listing (a two-letter word no listing has read a whole city's, 1.2 s at a million listings).
const MinSearchWord = 3

// ErrShortSearchWord refuses free text whose every word is shorter than MinSearchWord.
var ErrShortSearchWord = apperr.New(apperr.ErrInvalidArgument,
	"Search for a word of at least %d characters, or choose a city, postcode or filter", MinSearchWord)

// SqftPerSqm converts square metres to square feet, as the search's area filter does
// (cmd/gensearch writes the same figure into its statements).
const SqftPerSqm = 10.7639

// Results is one page of a search.
type Results struct {
	Properties     []Property
	Total          int32 // counted up to CountCap
	Capped         bool  // more than CountCap match
	Page, PageSize int32
	MatchedCity    string // the place searched when the request's was matched by spelling or abbreviation
	// MatchedByAbbreviation: MatchedCity stood for an abbreviation typed ("NYC"), not a misspelling.
	MatchedByAbbreviation bool
	// Reading is what the typed line (city and query) was read as (searchline.go); empty when
	// no line was read, or when the city named a listed city outright.
	Reading Reading
	// OtherCurrencies, when the search names a currency, counts (up to CountCap) the listings
	// that match everything else but whose rent is in another currency.
	OtherCurrencies int32
	// Unplaced, when the search asked, counts (up to CountCap) the matches without a position,
	// which a map cannot show.
	Unplaced int32
}

// Search finds active properties. The city names a city or a neighbourhood, ignoring case, or,
// when none with listings has that name, the closest-spelled one (a city wins over a
// neighbourhood of the same name); postal codes match ignoring spaces, dashes and case; the
// query matches when each of its words is in the title, street, neighbourhood, city or type.
// The statement comes from the generated table (search_gen.go, from cmd/gensearch): the first
// criterion given picks the shape and its index, the sort picks the statement.
func (s *Service) Search(ctx context.Context, in Search) (Results, error) {
	res, a, err := s.search(ctx, in)
	if err != nil || a == nil {
		return res, err
	}
	if a.Currency != nil {
		// What the currency left out: everything else asked for, in any other currency.
		other := *a
		other.OtherCurrencies, other.Currency, other.MinRent, other.MaxRent = otherCurrencies(*a.Currency), nil, nil, nil
		if res.OtherCurrencies, err = s.count(ctx, other.key(in.SortBy).shape, &other, CountCap); err != nil {
			return Results{}, fmt.Errorf("count other currencies: %w", err)
		}
	}
	if in.CountUnplaced && a.MapArea == nil {
		unplaced := *a
		unplaced.UnplacedOnly = true
		if res.Unplaced, err = s.count(ctx, unplaced.key(in.SortBy).shape, &unplaced, CountCap); err != nil {
			return Results{}, fmt.Errorf("count unplaced: %w", err)
		}
	}
	return res, nil
}

// otherCurrencies are the currencies a listing may have but c.
func otherCurrencies(c string) []string {
	all := vocab.Currencies.Values()
	out := make([]string, 0, len(all))
	for _, v := range all {
		if v != c {
			out = append(out, v)
		}
	}
	return out
}

// search runs a search and returns its results and the arguments it ran with (its place
// resolved), nil when the request was refused.
func (s *Service) search(ctx context.Context, in Search) (Results, *searchArgs, error) {
	in.City = strings.TrimSpace(in.City)
	in.Query = strings.ToLower(strings.TrimSpace(in.Query))
	if in.PropertyType == "all" {
		in.PropertyType = ""
	}
	if in.SortBy == "" {
		in.SortBy = SortFeatured
	}
	if in.Page == 0 {
		in.Page = 1
	}
	if in.PageSize == 0 {
		in.PageSize = DefaultPageSize
	}
	in.Currency = strings.ToUpper(strings.TrimSpace(in.Currency))
	if in.AreaUnit == "" {
		in.AreaUnit = "sqft"
	}
	var v apperr.Validator
	v.Check(in.PropertyType == "" || vocab.PropertyTypes.Contains(in.PropertyType), "propertyType", "Unknown property type")
	v.Check(slices.Contains(searchSorts, in.SortBy), "sortBy", sortMessage)
	v.Check(in.Page >= 1, "page", "Page must be 1 or more")
	v.Check(in.PageSize >= 1 && in.PageSize <= MaxPageSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", MaxPageSize))
	v.Check(in.Currency == "" || vocab.Currencies.Contains(in.Currency), "currency", "Please select a valid currency")
	v.Check(in.MinRent >= 0, "minRent", "Minimum rent must be 0 or more")
	v.Check(in.MaxRent >= 0, "maxRent", "Maximum rent must be 0 or more")
	v.Check(in.MinRent == 0 || in.MaxRent == 0 || in.MinRent <= in.MaxRent, "minRent", "Minimum rent must not exceed the maximum")
	v.Check(in.Currency != "" || in.MinRent == 0 && in.MaxRent == 0, "currency", "Choose the currency of the rent")
	v.Check(in.MinBedrooms >= 0, "minBedrooms", "Bedrooms must be 0 or more")
	v.Check(in.MinBathrooms >= 0, "minBathrooms", "Bathrooms must be 0 or more")
	v.Check(in.MinArea >= 0, "minArea", "Area must be 0 or more")
	v.Check(vocab.AreaUnits.Contains(in.AreaUnit), "areaUnit", "Area unit must be sqft or sqm")
	vocab.CheckMapArea(&v, "mapArea", in.MapArea)
	rules := vocab.Property
	rules.SearchCity.CheckText(&v, "city", "City", in.City)
	rules.SearchZipCode.CheckText(&v, "zipCode", "ZIP or postal code", in.ZipCode)
	rules.SearchQuery.CheckText(&v, "query", "Search", in.Query)
	if err := v.Err(); err != nil {
		return Results{}, nil, err
	}
	offset := int64(in.Page-1) * int64(in.PageSize)
	if offset > MaxOffset {
		return Results{}, nil, apperr.New(apperr.ErrInvalidArgument, "That page is too far: narrow the search to see more")
	}

	res := Results{Page: in.Page, PageSize: in.PageSize}
	a := searchArgs{
		PostalCodeKey: nonEmpty(PostalCodeKey(in.ZipCode)), PropertyType: nonEmpty(in.PropertyType), VerifiedOnly: in.VerifiedOnly,
		Currency: nonEmpty(in.Currency), MinRent: positive(in.MinRent), MaxRent: positive(in.MaxRent),
		MinBedrooms: positive(in.MinBedrooms), MinBathrooms: positive(in.MinBathrooms),
		PetsAllowed: in.PetsAllowed, Furnished: in.Furnished, VerifiedReviewsOnly: in.VerifiedReviewsOnly,
		PageSize: in.PageSize, PageOffset: int32(offset), ViewerID: viewerID(ctx),
	}
	if in.MapArea != nil {
		a.MapArea = in.MapArea[:]
	}
	if in.MinArea > 0 {
		sqft := float64(in.MinArea)
		if in.AreaUnit == "sqm" {
			sqft *= SqftPerSqm
		}
		a.MinAreaSqft = &sqft
	}
	if in.City != "" && in.Query == "" {
		// The common case, a listed city, in one statement; anything else reads the line.
		a.CityKey = nonEmpty(strings.ToLower(in.City))
		if page := searchStatements[a.key(in.SortBy)]; page.total {
			rows, total, err := page.run(ctx, s.plain, &a)
			if err != nil {
				return Results{}, nil, fmt.Errorf("search properties: %w", err)
			}
			if len(rows) > 0 {
				res.Properties, res.Total = rows, total
				return res, &a, nil
			}
		}
		a.CityKey = nil
	}
	line := strings.TrimSpace(in.City + " " + in.Query)
	if line == "" {
		return s.searchPage(ctx, in, &a, nil, res)
	}
	place, text, err := s.readInto(ctx, line, &a, &res)
	if err != nil {
		return Results{}, nil, err
	}
	out, args, err := s.searchPage(ctx, in, &a, place, res)
	if err != nil || place != nil || text == "" || len(out.Properties) > 0 || out.Total > 0 {
		return out, args, err
	}
	// Rule 5: text that matches nothing, with no place read, names a place misspelled.
	closest, err := s.q.ClosestPlace(ctx, text)
	switch {
	case errors.Is(store.Err(err), apperr.ErrNotFound):
		return out, args, nil
	case err != nil:
		return Results{}, nil, fmt.Errorf("look up place: %w", err)
	}
	row := db.ExactPlaceRow(closest)
	a.setPlace(row)
	a.Query, a.QueryWords = nil, nil
	res.MatchedCity, res.Reading.Place, res.Reading.Query = row.Name, row.Name, ""
	return s.searchPage(ctx, in, &a, &row, res)
}

// readInto reads a typed line (searchline.go) into a's place, postal code, type and free text,
// and res's Reading; it returns the place read (nil for none) and the free text.
func (s *Service) readInto(ctx context.Context, line string, a *searchArgs, res *Results) (*db.ExactPlaceRow, string, error) {
	r := readLine(line, a.PropertyType != nil)
	if r.postalCode != "" && a.PostalCodeKey == nil {
		a.PostalCodeKey = nonEmpty(PostalCodeKey(r.postalCode))
		res.Reading.ZipCode = r.postalCode
	} else if r.postalCode != "" {
		r.words = append(r.words, strings.ToLower(r.postalCode))
	}
	if r.propertyType != "" {
		a.PropertyType = &r.propertyType
		res.Reading.PropertyType = r.propertyType
	}
	var place *db.ExactPlaceRow
	text := strings.Join(r.words, " ")
	row, run, found, err := s.namedPlace(ctx, r)
	if err != nil {
		return nil, "", err
	}
	if found {
		place, text = &row, r.without(run)
		a.setPlace(row)
		res.Reading.Place = row.Name
		if typed := strings.Trim(strings.Join(r.words[run.from:run.to], " "), ".,;"); !strings.EqualFold(typed, row.Name) {
			res.MatchedCity, res.MatchedByAbbreviation = row.Name, true // an abbreviation stood for it
		}
	}
	lead, patterns := queryWords(text)
	if lead != "" && utf8.RuneCountInString(strings.ReplaceAll(lead, `\`, "")) < MinSearchWord {
		return nil, "", ErrShortSearchWord
	}
	a.Query, a.QueryWords = nonEmpty(lead), patterns
	res.Reading.Query = text
	return place, text, nil
}

// searchPage runs a's page statement (and its count when the page does not tell it) into res.
// place is the city or neighbourhood searched, nil for none.
func (s *Service) searchPage(ctx context.Context, in Search, a *searchArgs, place *db.ExactPlaceRow, res Results) (Results, *searchArgs, error) {
	if a.MapArea != nil {
		// Walking a sort's index (everywhere's or a place's) finds a page of an area holding
		// many listings in a few dozen rows, but reads the whole index for one holding few:
		// count them first, cheaply; few, and the area leads.
		inside, err := s.countInArea(ctx, a.MapArea)
		if err != nil {
			return Results{}, nil, fmt.Errorf("count map area: %w", err)
		}
		a.areaFew = inside < ManyInMapArea
	}
	key := a.key(in.SortBy)
	page := searchStatements[key]
	q := s.custom
	if key.plain {
		q = s.plain
	}
	rows, total, err := page.run(ctx, q, a)
	if err != nil {
		return Results{}, nil, fmt.Errorf("search properties: %w", err)
	}
	res.Properties = rows
	switch {
	case page.total && len(rows) > 0:
		res.Total = total
		return res, a, nil
	case page.total && key.plain && place != nil:
		// A page past the end still tells how many there are: a plain statement's total is its
		// place's count. (A page's own count of its matches is gone with its rows: counted below.)
		res.Total = place.PropertyCount
		return res, a, nil
	case in.Page == 1 && len(res.Properties) < int(in.PageSize):
		// A short first page holds every match: no need to count.
		res.Total = int32(len(res.Properties))
		return res, a, nil
	}
	count, err := s.count(ctx, key.shape, a, CountCap+1)
	if err != nil {
		return Results{}, nil, fmt.Errorf("count search: %w", err)
	}
	res.Total, res.Capped = min(count, CountCap), count > CountCap
	return res, a, nil
}

// searchShape is the criterion that leads a search and picks the index it walks (search_gen.go
// names them).
type searchShape uint8

// searchKey names a page statement of searchStatements.
type searchKey struct {
	shape searchShape
	plain bool // nothing asked but the shape's lead: the statement runs on the fixed-plan pool
	sort  string
}

// searchStatement is a generated page statement.
type searchStatement struct {
	// run calls the statement with a's arguments; total is the number of matches when the
	// statement brings it, 0 otherwise. Each row carries the viewer's saved flag.
	run   func(ctx context.Context, q *db.Queries, a *searchArgs) (rows []Property, total int32, err error)
	total bool   // the statement brings the exact number of matches in each of its rows
	index string // the index it walks (see sql/queries/search.sql)
	// ordered: the index yields the rows in the sort's order, so a page reads only its rows;
	// otherwise it finds the matches, which are then sorted.
	ordered bool
}

// totalRow is the row of a statement that brings the number of matches in every row, and the
// viewer's saved flag (sqlc names one type per statement; they all convert to this one).
type totalRow = struct {
	Property db.Property
	Total    int32
	Saved    bool
}

// withTotal unpacks the rows of a statement that brings the number of matches.
func withTotal[Row ~totalRow](rows []Row, err error) ([]Property, int32, error) {
	if err != nil || len(rows) == 0 {
		return nil, 0, err
	}
	out := make([]Property, len(rows))
	for i, r := range rows {
		out[i] = fromSavedRow(savedRow{Property: totalRow(r).Property, Saved: totalRow(r).Saved})
	}
	return out, totalRow(rows[0]).Total, nil
}

// setPlace points a's place at a city or neighbourhood.
func (a *searchArgs) setPlace(row db.ExactPlaceRow) {
	a.CityKey, a.LocalityKey = nil, nil
	if row.Kind == "city" {
		a.CityKey = &row.Key
	} else {
		a.LocalityKey = &row.Key
	}
}

// queryWords splits a lower-cased query into its words, each a LIKE pattern, and picks the
// longest as the lead the trigram index finds. Punctuation around a word is dropped ("Chelsea,"),
// and so is a plural's final s ("apartments" finds "apartment"), since every word matches as a
// fragment.
func queryWords(query string) (lead string, patterns []string) {
	var words []string
	for w := range strings.FieldsSeq(query) {
		if bare := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }); bare != "" {
			w = bare // a word of punctuation alone is matched as it is
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = strings.TrimSuffix(w, "s")
		}
		if slices.Contains(words, w) {
			continue
		}
		words = append(words, w)
		if utf8.RuneCountInString(w) > utf8.RuneCountInString(lead) {
			lead = w
		}
	}
	for _, w := range words {
		patterns = append(patterns, "%"+store.EscapeLike(w)+"%")
	}
	return store.EscapeLike(lead), patterns
}

var (
	notAlphanumeric = regexp.MustCompile(`[^A-Za-z0-9]`)
	zipPlus4        = regexp.MustCompile(`^\d{9}$`)
)

// PostalCodeKey normalises a ZIP or postal code as the properties table stores it (its column
// postal_code_key): letters and digits only, upper case ("sw1a 1aa" → "SW1A1AA"), and a US
// ZIP+4 as its ZIP, so "10001-1234" and "10001" find each other.
func PostalCodeKey(code string) string {
	key := strings.ToUpper(notAlphanumeric.ReplaceAllString(code, ""))
	if zipPlus4.MatchString(key) {
		return key[:5]
	}
	return key
}

// nonEmpty is a criterion that "" does not ask for.
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// positive is a count criterion that 0 does not ask for.
func positive(n int32) *int32 {
	if n <= 0 {
		return nil
	}
	return &n
}
