package savedsearch

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/siteorigin"
)

// Kind is the notifications' and emails' kind of a match.
const Kind = "saved_search_match"

// later is the email's second paragraph: why there is only one.
const later = "We email you about each saved search at most once a day: more listings that match it today will be in your notifications."

// Matched is what MatchListing wrote.
type Matched struct {
	Notified int32 // notifications: one per matched saved search
	Emailed  int32 // emails: at most one per saved search and UTC day
}

// MatchListing tells the members whose saved searches the listing propertyID now matches, in the
// caller's transaction tx, right after the listing's row is written (property Create and Update):
// one statement (MatchListing in sql/queries/saved_searches.sql). before is the listing's row as
// it was before an edit (nil for a new listing): an edit tells only the saved searches the listing
// did not match before it, so editing a description tells nobody twice. The listing's owner is
// never told about their own listing; an inactive listing tells nobody.
func MatchListing(ctx context.Context, tx *db.Queries, propertyID int32, before *db.Property) (Matched, error) {
	p := db.MatchListingParams{
		PropertyID: propertyID, EmailDefault: notify.EmailDefault(notify.SavedSearches),
		Later: later, Origin: siteorigin.From(ctx),
	}
	if before != nil && before.Active {
		p.Edited = true
		p.WasCityKey, p.WasLocalityKey, p.WasPostalCodeKey = &before.CityKey, &before.LocalityKey, &before.PostalCodeKey
		p.WasPropertyType, p.WasVerified, p.WasCurrency = &before.PropertyType, before.Verified, &before.Currency
		p.WasRent, p.WasBedrooms, p.WasBathrooms = &before.MonthlyRent, &before.Bedrooms, &before.Bathrooms
		p.WasPetsAllowed, p.WasFurnished, p.WasSearchText = before.PetsAllowed, before.Furnished, &before.SearchText
		if before.SquareFeet != nil {
			area := float64(*before.SquareFeet)
			if before.AreaUnit == "sqm" {
				area *= SqftPerSqm
			}
			p.WasAreaSqft = &area
		}
	}
	row, err := tx.MatchListing(ctx, p)
	if err != nil {
		return Matched{}, fmt.Errorf("match property %d with saved searches: %w", propertyID, err)
	}
	return Matched(row), nil
}
