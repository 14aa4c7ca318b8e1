package property

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

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

// Search is a search request; every filter is optional.
type Search struct {
	City, ZipCode, PropertyType, SortBy, Query string
	VerifiedOnly                               bool
	Page, PageSize                             int32
}

// Results is one page of a search.
type Results struct {
	Properties     []Property
	Total          int32 // counted up to CountCap
	Capped         bool  // more than CountCap match
	Page, PageSize int32
	MatchedCity    string // the city searched when the request's was matched by spelling
}

// Search finds active properties. The city matches ignoring case, or, when no listed city has
// that name, the closest-spelled one; postal codes match ignoring spaces, dashes and case.
// The statement comes from the generated table (search_gen.go, from cmd/gensearch): the first
// criterion given picks the shape and its index, the sort picks the statement.
func (s *Service) Search(ctx context.Context, in Search) (Results, error) {
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
	var v apperr.Validator
	v.Check(in.PropertyType == "" || vocab.PropertyTypes.Contains(in.PropertyType), "propertyType", "Unknown property type")
	v.Check(slices.Contains(searchSorts, in.SortBy), "sortBy", sortMessage)
	v.Check(in.Page >= 1, "page", "Page must be 1 or more")
	v.Check(in.PageSize >= 1 && in.PageSize <= MaxPageSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", MaxPageSize))
	rules := vocab.Property
	rules.SearchCity.CheckText(&v, "city", "City", in.City)
	rules.SearchZipCode.CheckText(&v, "zipCode", "ZIP or postal code", in.ZipCode)
	rules.SearchQuery.CheckText(&v, "query", "Search", in.Query)
	if err := v.Err(); err != nil {
		return Results{}, err
	}
	offset := int64(in.Page-1) * int64(in.PageSize)
	if offset > MaxOffset {
		return Results{}, apperr.New(apperr.ErrInvalidArgument, "That page is too far: narrow the search to see more")
	}

	res := Results{Page: in.Page, PageSize: in.PageSize}
	a := searchArgs{
		CityKey: nonEmpty(strings.ToLower(in.City)), PostalCodeKey: nonEmpty(PostalCodeKey(in.ZipCode)),
		Query: nonEmpty(store.EscapeLike(in.Query)), PropertyType: nonEmpty(in.PropertyType), VerifiedOnly: in.VerifiedOnly,
		PageSize: in.PageSize, PageOffset: int32(offset),
	}
	key := a.key(in.SortBy)
	page := searchStatements[key]
	q := s.q
	if key.plain {
		q = s.plain
	}

	var err error
	if page.total {
		// One statement: the page and the city's exact listing count.
		var rows []db.Property
		rows, res.Total, err = page.run(ctx, q, &a)
		res.Properties = fromRows(rows)
		if err != nil {
			return Results{}, fmt.Errorf("search properties: %w", err)
		}
		if len(res.Properties) > 0 {
			return res, nil
		}
		// No listed city of that name, or a page past the end: the long way tells which.
	}
	if a.CityKey != nil {
		cityKey, matched, listings, err := s.resolveCity(ctx, in.City)
		if err != nil || cityKey == "" {
			return res, err // no listed city is spelled anything like it
		}
		a.CityKey, res.MatchedCity, res.Total = &cityKey, matched, listings
	}
	rows, _, err := page.run(ctx, q, &a)
	if err != nil {
		return Results{}, fmt.Errorf("search properties: %w", err)
	}
	res.Properties = fromRows(rows)
	if page.total {
		return res, nil // the city's listing count: exact, from the cities table, even past the last page
	}
	// A short first page holds every match: no need to count.
	if in.Page == 1 && len(res.Properties) < int(in.PageSize) {
		res.Total = int32(len(res.Properties))
		return res, nil
	}
	total, err := searchCounts[key.shape](ctx, s.q, &a, CountCap+1)
	if err != nil {
		return Results{}, fmt.Errorf("count search: %w", err)
	}
	res.Total, res.Capped = min(total, CountCap), total > CountCap
	return res, nil
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
	// statement brings it, 0 otherwise.
	run   func(ctx context.Context, q *db.Queries, a *searchArgs) (rows []db.Property, total int32, err error)
	total bool   // the statement brings the exact number of matches
	index string // the index it walks (see sql/queries/search.sql)
	// ordered: the index yields the rows in the sort's order, so a page reads only its rows;
	// otherwise it finds the matches, which are then sorted.
	ordered bool
}

// totalRow is the row of a statement that brings the number of matches in every row (sqlc
// names one type per statement; they all convert to this one).
type totalRow = struct {
	Property db.Property
	Total    int32
}

// withTotal unpacks the rows of a statement that brings the number of matches.
func withTotal[Row ~totalRow](rows []Row, err error) ([]db.Property, int32, error) {
	if err != nil || len(rows) == 0 {
		return nil, 0, err
	}
	out := make([]db.Property, len(rows))
	for i, r := range rows {
		out[i] = totalRow(r).Property
	}
	return out, totalRow(rows[0]).Total, nil
}

// resolveCity returns the search key of city and its listing count: itself when listed, else the
// closest-spelled listed city (and its name), else "".
func (s *Service) resolveCity(ctx context.Context, city string) (key, matched string, listings int32, err error) {
	key = strings.ToLower(city)
	listings, err = s.q.CityListingCount(ctx, key)
	if err == nil {
		return key, "", listings, nil
	}
	if !errors.Is(store.Err(err), apperr.ErrNotFound) {
		return "", "", 0, fmt.Errorf("look up city: %w", err)
	}
	closest, err := s.q.ClosestCity(ctx, city)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return "", "", 0, nil
		}
		return "", "", 0, fmt.Errorf("match city: %w", err)
	}
	return closest.Key, closest.Name, closest.PropertyCount, nil
}

var notAlphanumeric = regexp.MustCompile(`[^A-Za-z0-9]`)

// PostalCodeKey normalises a ZIP or postal code as the properties table stores it:
// letters and digits only, upper case ("sw1a 1aa" → "SW1A1AA").
func PostalCodeKey(code string) string {
	return strings.ToUpper(notAlphanumeric.ReplaceAllString(code, ""))
}

// nonEmpty is a criterion that "" does not ask for.
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
