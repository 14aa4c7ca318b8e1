package property

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Page sizes of the landlord dashboard's My Properties.
const (
	DefaultMinePageSize = 20
	MaxMinePageSize     = 100
)

// Mine is one page of the signed-in user's own listings.
type Mine struct {
	Properties     []Property
	Total          int32 // the caller's listings that match the query
	Page, PageSize int32
}

// ListMine returns a page of the signed-in user's active listings, newest first, those whose
// title, address or city holds query (ignoring case; empty: all), with each one's saved flag for
// the caller, in one statement.
func (s *Service) ListMine(ctx context.Context, query string, page, pageSize int32) (Mine, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see your properties"))
	if err != nil {
		return Mine{}, err
	}
	var v apperr.Validator
	p := store.Paging(&v, page, pageSize, DefaultMinePageSize, MaxMinePageSize)
	vocab.Dashboard.PropertyQuery.CheckText(&v, "query", "Search", query)
	if err := v.Err(); err != nil {
		return Mine{}, err
	}
	rows, err := s.q.ListMyProperties(ctx, db.ListMyPropertiesParams{
		LandlordID: user.ID, Pattern: store.EscapeLike(query), MaxRows: p.Size, RowOffset: p.Offset,
	})
	if err != nil {
		return Mine{}, fmt.Errorf("list properties of %d: %w", user.ID, err)
	}
	out := Mine{Properties: make([]Property, len(rows)), Page: p.Number, PageSize: p.Size}
	for i, r := range rows {
		out.Properties[i] = fromRow(r.Property)
		out.Properties[i].Saved = r.Saved
		out.Total = r.TotalCount
	}
	return out, nil
}

// Stats sums a landlord's active listings (the landlord dashboard's Property stats card).
type Stats struct {
	// RentTotals are the monthly rents per currency, never added across currencies: the currency
	// with the most listings first.
	RentTotals []RentTotal
	Properties int32
	Verified   int32
	// Types counts the listings per property type, the most common first.
	Types []TypeCount
	// AverageRating is the mean of the stars of the reviews that rate the landlord's properties
	// (review.RatedTypes, published), to one decimal; 0 when there are none (RatedReviews 0).
	AverageRating float64
	RatedReviews  int32
}

// RentTotal is the monthly rent of a landlord's listings in one currency.
type RentTotal struct {
	Currency    string
	MonthlyRent int64
	Properties  int32
}

// TypeCount is how many of a landlord's listings are of one type.
type TypeCount struct {
	Type  string
	Count int32
}

// LandlordStats sums the signed-in user's active listings from their stored columns and rating
// aggregates, in one statement. Any role may ask: a tenant has no listings, so all is zero.
func (s *Service) LandlordStats(ctx context.Context) (Stats, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see your statistics"))
	if err != nil {
		return Stats{}, err
	}
	rows, err := s.q.GetLandlordStats(ctx, user.ID)
	if err != nil {
		return Stats{}, fmt.Errorf("landlord stats of %d: %w", user.ID, err)
	}
	return statsFromRows(rows), nil
}

// statsFromRows splits the grouping sets of GetLandlordStats: per currency, per type, and the total.
func statsFromRows(rows []db.GetLandlordStatsRow) Stats {
	var out Stats
	for _, r := range rows {
		switch {
		case r.Currency != "":
			out.RentTotals = append(out.RentTotals, RentTotal{Currency: r.Currency, MonthlyRent: r.MonthlyRent, Properties: r.Properties})
		case r.PropertyType != "":
			out.Types = append(out.Types, TypeCount{Type: r.PropertyType, Count: r.Properties})
		default:
			out.Properties, out.Verified = r.Properties, r.Verified
			out.AverageRating, out.RatedReviews = r.AverageRating, r.RatedReviews
		}
	}
	slices.SortFunc(out.RentTotals, func(a, b RentTotal) int {
		return cmp.Or(cmp.Compare(b.Properties, a.Properties), cmp.Compare(a.Currency, b.Currency))
	})
	slices.SortFunc(out.Types, func(a, b TypeCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(slices.Index(Types, a.Type), slices.Index(Types, b.Type)))
	})
	return out
}
