package property

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/places"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/verification"
)

// AddressChangedReason is the audit trail's reason when an edit of the address (street line, city,
// state, postal code or country) withdraws a property's verification.
const AddressChangedReason = "The address changed after verification"

var (
	errSignedOutEdit = apperr.Unauthenticated("Please sign in to edit a property")
	errNotOwner      = apperr.PermissionDenied("You can only edit your own listings")
)

// Updated is an edited listing, and whether the edit withdrew its verification (the address of a
// verified property changed: its proof was about the old address).
type Updated struct {
	Property            Property
	VerificationRemoved bool
}

// Update replaces every field of the listing id with l, for its landlord only, under the rules
// and messages of Create. Images may be added (the caller's own uploads, not used yet), removed
// and reordered; those it shows already are kept as they are. The slug follows the title; the
// keys, ratings and verification columns are the database's. Moving the property (its street
// line, city, state, postal code or country: SQL property_address_key) withdraws its verification
// and closes every open request gathered for the old address, in the same transaction
// (verification.AddressChanged). The property row is locked for the whole edit in the mode
// verification takes, so an approval racing the edit is seen by it or sees it.
func (s *Service) Update(ctx context.Context, id int32, l Listing) (Updated, error) {
	me, err := identity.RequireUser(ctx, errSignedOutEdit)
	if err != nil {
		return Updated{}, err
	}
	l = normalise(l)
	// A first look outside the transaction answers who may edit before the form is judged (the
	// transaction checks it again under the lock).
	current, err := Lookup(ctx, s.q, id)
	if err != nil {
		return Updated{}, err
	}
	if current.LandlordID != me.ID {
		return Updated{}, errNotOwner
	}
	if err := s.validate(l, current.Images); err != nil {
		return Updated{}, err
	}
	var out Updated
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		old, err := q.LockPropertyForEdit(ctx, id)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return apperr.NotFound("Property Not Found")
			}
			return fmt.Errorf("lock property %d: %w", id, err)
		}
		if old.LandlordID != me.ID {
			return errNotOwner
		}
		// Images it shows already stay; the others are claimed now, as on creation.
		added := slices.DeleteFunc(slices.Clone(l.Images), func(u string) bool { return slices.Contains(old.Images, u) })
		if err := upload.Attach(ctx, q, me.ID, added, upload.PropertyImage, id); err != nil {
			return err
		}
		keywords := Keywords(l.Amenities)
		// No zone named: the listing keeps its own while it stays in the same country.
		zone := l.TimeZone
		if zone == "" && old.Country == l.Country {
			zone = old.TimeZone
		}
		if zone, err = timeZone(ctx, q, zone, l.Country); err != nil {
			return err
		}
		_, err = q.UpdateProperty(ctx, db.UpdatePropertyParams{
			ID: id, Title: l.Title, Description: l.Description, Address: l.Address, Locality: nullable.Ptr(l.Locality),
			City: l.City, State: nullable.Ptr(l.State), ZipCode: nullable.Ptr(l.ZipCode), Country: l.Country,
			PropertyType: l.PropertyType, MonthlyRent: l.MonthlyRent, Bedrooms: l.Bedrooms, Bathrooms: l.Bathrooms,
			SquareFeet: nullable.Ptr(l.SquareFeet), AreaUnit: l.AreaUnit, Currency: l.Currency,
			Amenities: l.Amenities, Images: l.Images,
			Latitude: nullable.Ptr(l.Latitude), Longitude: nullable.Ptr(l.Longitude), YearBuilt: nullable.Ptr(l.YearBuilt),
			PetsAllowed: l.PetsAllowed, Furnished: l.Furnished,
			MetaDescription: nullable.Ptr(MetaDescription(l.Description)),
			MetaKeywords:    nullable.Ptr(strings.Join(keywords, ", ")),
			Keywords:        keywords,
			Slug:            Slug(l.Title, id),
			TimeZone:        zone,
		})
		if err != nil {
			return fmt.Errorf("update property %d: %w", id, err)
		}
		// Whatever was gathered for another address stops counting (verification.AddressChanged).
		if out.VerificationRemoved, err = verification.AddressChanged(ctx, q, id, me.ID, AddressChangedReason); err != nil {
			return err
		}
		if err := savedsearch.MatchListing(ctx, q, id); err != nil {
			return err
		}
		// As it is now (the trigger may have made it unverified), with the owner's saved flag.
		viewed, err := q.GetViewedProperty(ctx, db.GetViewedPropertyParams{ViewerID: me.ID, ID: id})
		if err != nil {
			return fmt.Errorf("read property %d: %w", id, err)
		}
		out.Property = fromSavedRow(savedRow(viewed))
		// Last, the counts of the old and the new place, in key order before the triggers take
		// them at the commit (old first): two moves in opposite directions deadlocked.
		return places.LockCounts(ctx, q, []string{old.City, l.City}, []string{nullable.Value(old.Locality), l.Locality})
	})
	if err != nil {
		return Updated{}, err
	}
	return out, nil
}
