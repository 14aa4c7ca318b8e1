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
)

// Limits of the search.
const (
	DefaultPageSize = 12
	MaxPageSize     = 50
	// MaxOffset bounds how deep pages go; past it, narrowing the search serves people better.
	MaxOffset = 10_000
	// CountCap bounds the result count, which stays cheap on the largest cities.
	CountCap = 1000
	maxQuery = 100
)

// Sorts of the search screen.
const (
	SortFeatured     = "featured"
	SortHighestRated = "highestRated"
	SortMostReviews  = "mostReviews"
	SortNewest       = "newestListed"
)

// Search is a search request; every filter is optional.
type Search struct {
	City, ZipCode, PropertyType, SortBy, Query string
	VerifiedOnly                               bool
	Page, PageSize                             int32
}

// Results is one page of a search.
type Results struct {
	Properties     []db.Property
	Total          int32 // counted up to CountCap
	Capped         bool  // more than CountCap match
	Page, PageSize int32
	MatchedCity    string // the city searched when the request's was matched by spelling
}

// Search finds active properties. The city matches ignoring case, or, when no listed city has
// that name, the closest-spelled one; postal codes match ignoring spaces, dashes and case.
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
	v.Check(in.PropertyType == "" || slices.Contains(Types, in.PropertyType), "propertyType", "Unknown property type")
	v.Check(slices.Contains([]string{SortFeatured, SortHighestRated, SortMostReviews, SortNewest}, in.SortBy), "sortBy",
		"Sort must be featured, highestRated, mostReviews or newestListed")
	v.Check(in.Page >= 1, "page", "Page must be 1 or more")
	v.Check(in.PageSize >= 1 && in.PageSize <= MaxPageSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", MaxPageSize))
	v.Check(len(in.City) <= 100, "city", "City must be at most 100 characters")
	v.Check(len(in.ZipCode) <= 20, "zipCode", "ZIP or postal code must be at most 20 characters")
	v.Check(len(in.Query) <= maxQuery, "query", fmt.Sprintf("Search must be at most %d characters", maxQuery))
	if err := v.Err(); err != nil {
		return Results{}, err
	}
	offset := int64(in.Page-1) * int64(in.PageSize)
	if offset > MaxOffset {
		return Results{}, apperr.New(apperr.ErrInvalidArgument, "That page is too far: narrow the search to see more")
	}

	in.ZipCode = PostalCodeKey(in.ZipCode)
	res := Results{Page: in.Page, PageSize: in.PageSize}
	page := pageQuery{
		typ: nonEmpty(in.PropertyType), verified: in.VerifiedOnly, query: nonEmpty(store.EscapeLike(in.Query)),
		sortBy: in.SortBy, size: in.PageSize, offset: int32(offset),
	}

	var err error
	var cityKey string
	switch {
	case in.City != "":
		if page.plain() && in.ZipCode == "" {
			// One statement: the page and the city's exact listing count.
			res.Properties, res.Total, err = s.plainCity(ctx, strings.ToLower(in.City), page)
			if err != nil || len(res.Properties) > 0 {
				return res, err
			}
			// No listed city of that name, or a page past the end: the long way tells which.
		}
		var cityTotal int32
		cityKey, res.MatchedCity, cityTotal, err = s.resolveCity(ctx, in.City)
		if err != nil || cityKey == "" {
			return res, err // no listed city is spelled anything like it
		}
		res.Properties, err = s.searchCity(ctx, cityKey, nonEmpty(in.ZipCode), page)
		if err == nil && page.plain() && in.ZipCode == "" {
			res.Total = cityTotal // exact, from the cities table
			return res, nil
		}
	case in.ZipCode != "":
		res.Properties, err = s.searchPostalCode(ctx, in.ZipCode, page)
	case page.query != nil:
		res.Properties, err = s.q.SearchText(ctx, db.SearchTextParams{
			Query: *page.query, PropertyType: page.typ, VerifiedOnly: page.verified,
			SortBy: page.sortBy, PageSize: page.size, PageOffset: page.offset,
		})
	default:
		res.Properties, err = s.searchAll(ctx, page)
	}
	if err != nil {
		return Results{}, fmt.Errorf("search properties: %w", err)
	}
	// A short first page holds every match: no need to count.
	if in.Page == 1 && len(res.Properties) < int(in.PageSize) {
		res.Total = int32(len(res.Properties))
		return res, nil
	}
	total, err := s.count(ctx, cityKey, in.ZipCode, page)
	if err != nil {
		return Results{}, fmt.Errorf("count search: %w", err)
	}
	res.Total, res.Capped = min(total, CountCap), total > CountCap
	return res, nil
}

// pageQuery is a search's optional filters and page, shared by every search statement.
type pageQuery struct {
	typ, query   *string
	verified     bool
	sortBy       string
	size, offset int32
}

// plain reports a search without optional filters, which has statements with fixed plans.
func (p pageQuery) plain() bool { return p.typ == nil && !p.verified && p.query == nil }

// plainCity returns a page of a city without filters and the city's listing count.
func (s *Service) plainCity(ctx context.Context, key string, p pageQuery) ([]db.Property, int32, error) {
	args := db.PlainCityFeaturedParams{CityKey: key, PageSize: p.size, PageOffset: p.offset}
	switch p.sortBy {
	case SortHighestRated:
		return cityPage(s.plain.PlainCityHighestRated(ctx, db.PlainCityHighestRatedParams(args)))
	case SortMostReviews:
		return cityPage(s.plain.PlainCityMostReviews(ctx, db.PlainCityMostReviewsParams(args)))
	case SortNewest:
		return cityPage(s.plain.PlainCityNewest(ctx, db.PlainCityNewestParams(args)))
	default:
		return cityPage(s.plain.PlainCityFeatured(ctx, args))
	}
}

// cityPageRow is the row of every PlainCity statement (sqlc names one type per statement).
type cityPageRow = struct {
	Property  db.Property
	CityTotal int32
}

func cityPage[Row ~cityPageRow](rows []Row, err error) ([]db.Property, int32, error) {
	if err != nil || len(rows) == 0 {
		return nil, 0, err
	}
	out := make([]db.Property, len(rows))
	for i, r := range rows {
		out[i] = cityPageRow(r).Property
	}
	return out, cityPageRow(rows[0]).CityTotal, nil
}

// searchCity walks the city index that matches the sort.
func (s *Service) searchCity(ctx context.Context, key string, postalCode *string, p pageQuery) ([]db.Property, error) {
	if postalCode == nil && p.plain() {
		rows, _, err := s.plainCity(ctx, key, p)
		return rows, err
	}
	args := db.SearchCityFeaturedParams{
		CityKey: key, PostalCodeKey: postalCode, PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, PageSize: p.size, PageOffset: p.offset,
	}
	switch p.sortBy {
	case SortHighestRated:
		return s.q.SearchCityHighestRated(ctx, db.SearchCityHighestRatedParams(args))
	case SortMostReviews:
		return s.q.SearchCityMostReviews(ctx, db.SearchCityMostReviewsParams(args))
	case SortNewest:
		return s.q.SearchCityNewest(ctx, db.SearchCityNewestParams(args))
	default:
		return s.q.SearchCityFeatured(ctx, args)
	}
}

// searchPostalCode walks the postal-code index that matches the sort.
func (s *Service) searchPostalCode(ctx context.Context, key string, p pageQuery) ([]db.Property, error) {
	if p.plain() {
		args := db.PlainPostalFeaturedParams{PostalCodeKey: key, PageSize: p.size, PageOffset: p.offset}
		switch p.sortBy {
		case SortHighestRated:
			return s.plain.PlainPostalHighestRated(ctx, db.PlainPostalHighestRatedParams(args))
		case SortMostReviews:
			return s.plain.PlainPostalMostReviews(ctx, db.PlainPostalMostReviewsParams(args))
		case SortNewest:
			return s.plain.PlainPostalNewest(ctx, db.PlainPostalNewestParams(args))
		default:
			return s.plain.PlainPostalFeatured(ctx, args)
		}
	}
	args := db.SearchPostalFeaturedParams{
		PostalCodeKey: key, PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, PageSize: p.size, PageOffset: p.offset,
	}
	switch p.sortBy {
	case SortHighestRated:
		return s.q.SearchPostalHighestRated(ctx, db.SearchPostalHighestRatedParams(args))
	case SortMostReviews:
		return s.q.SearchPostalMostReviews(ctx, db.SearchPostalMostReviewsParams(args))
	case SortNewest:
		return s.q.SearchPostalNewest(ctx, db.SearchPostalNewestParams(args))
	default:
		return s.q.SearchPostalFeatured(ctx, args)
	}
}

// searchAll walks the whole-table index that matches the sort.
func (s *Service) searchAll(ctx context.Context, p pageQuery) ([]db.Property, error) {
	if p.plain() {
		args := db.PlainAllFeaturedParams{PageSize: p.size, PageOffset: p.offset}
		switch p.sortBy {
		case SortHighestRated:
			return s.plain.PlainAllHighestRated(ctx, db.PlainAllHighestRatedParams(args))
		case SortMostReviews:
			return s.plain.PlainAllMostReviews(ctx, db.PlainAllMostReviewsParams(args))
		case SortNewest:
			return s.plain.PlainAllNewest(ctx, db.PlainAllNewestParams(args))
		default:
			return s.plain.PlainAllFeatured(ctx, args)
		}
	}
	args := db.SearchAllFeaturedParams{
		PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, PageSize: p.size, PageOffset: p.offset,
	}
	switch p.sortBy {
	case SortHighestRated:
		return s.q.SearchAllHighestRated(ctx, db.SearchAllHighestRatedParams(args))
	case SortMostReviews:
		return s.q.SearchAllMostReviews(ctx, db.SearchAllMostReviewsParams(args))
	case SortNewest:
		return s.q.SearchAllNewest(ctx, db.SearchAllNewestParams(args))
	default:
		return s.q.SearchAllFeatured(ctx, args)
	}
}

// count counts a search's matches up to CountCap+1, with the statement of the search's shape.
func (s *Service) count(ctx context.Context, cityKey, postalCode string, p pageQuery) (int32, error) {
	switch {
	case cityKey != "":
		return s.q.CountCity(ctx, db.CountCityParams{
			CityKey: cityKey, PostalCodeKey: nonEmpty(postalCode), PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, CountCap: CountCap + 1,
		})
	case postalCode != "":
		return s.q.CountPostalCode(ctx, db.CountPostalCodeParams{
			PostalCodeKey: postalCode, PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, CountCap: CountCap + 1,
		})
	case p.query != nil:
		return s.q.CountText(ctx, db.CountTextParams{
			Query: *p.query, PropertyType: p.typ, VerifiedOnly: p.verified, CountCap: CountCap + 1,
		})
	default:
		return s.q.CountAll(ctx, db.CountAllParams{
			PropertyType: p.typ, VerifiedOnly: p.verified, Query: p.query, CountCap: CountCap + 1,
		})
	}
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

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
