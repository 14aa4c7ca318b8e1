package property

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Listing is the add-property form.
type Listing struct {
	Title, Description, Address, Locality, City, State, ZipCode, Country string
	PropertyType, AreaUnit, Currency, Latitude, Longitude                string
	MonthlyRent, Bedrooms, Bathrooms, SquareFeet, YearBuilt              int32
	Amenities, Images                                                    []string
	PetsAllowed, Furnished                                               bool
	// TimeZone is an IANA zone name; "" takes the country's (CountryTimeZone).
	TimeZone string
}

// UploadImages stores listing images for the signed-in user, who must be allowed to list; the
// uploads are theirs, for their own listings only. files yields the files one at a time.
func (s *Service) UploadImages(ctx context.Context, files iter.Seq2[upload.File, error]) ([]string, error) {
	user, err := lister(ctx)
	if err != nil {
		return nil, err
	}
	return s.images.SavePropertyImages(ctx, user.ID, files)
}

// CanList reports whether role may list properties (ListingRoles): tenants may not.
func CanList(role string) bool { return slices.Contains(ListingRoles, role) }

// CanList checks that the caller is signed in with a listing role.
func (s *Service) CanList(ctx context.Context) error {
	_, err := lister(ctx)
	return err
}

// The refusals of listing.
var (
	errSignedOutList = apperr.Unauthenticated("Please sign in to add a property")
	errNotLister     = apperr.PermissionDenied("Only landlords, agents and property managers can list properties")
)

// lister returns the caller when they may list properties, and the refusal otherwise.
func lister(ctx context.Context) (identity.User, error) {
	user, err := identity.RequireUser(ctx, errSignedOutList)
	if err == nil && !CanList(user.Role) {
		return identity.User{}, errNotLister
	}
	return user, err
}

// Create lists a property for the signed-in user, who must hold a listing role. The landlord is
// the caller, never a field of the form; the listing starts unverified and active, and the server
// derives its slug, keywords (first five amenities) and meta description (first 100 characters).
func (s *Service) Create(ctx context.Context, l Listing) (Property, error) {
	landlord, err := lister(ctx)
	if err != nil {
		return Property{}, err
	}
	l = normalise(l)
	if err := s.validate(l, nil); err != nil {
		return Property{}, err
	}
	keywords := Keywords(l.Amenities)
	var created db.Property
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		zone, err := timeZone(ctx, q, l.TimeZone, l.Country)
		if err != nil {
			return err
		}
		p, err := q.CreateProperty(ctx, db.CreatePropertyParams{
			Title: l.Title, Description: l.Description, Address: l.Address, Locality: nullable.Ptr(l.Locality),
			City: l.City, State: nullable.Ptr(l.State), ZipCode: nullable.Ptr(l.ZipCode), Country: l.Country,
			PropertyType: l.PropertyType, MonthlyRent: l.MonthlyRent, Bedrooms: l.Bedrooms, Bathrooms: l.Bathrooms,
			SquareFeet: nullable.Ptr(l.SquareFeet), AreaUnit: l.AreaUnit, Currency: l.Currency, LandlordID: landlord.ID,
			Amenities: l.Amenities, Images: l.Images,
			Latitude: nullable.Ptr(l.Latitude), Longitude: nullable.Ptr(l.Longitude), YearBuilt: nullable.Ptr(l.YearBuilt),
			PetsAllowed: l.PetsAllowed, Furnished: l.Furnished,
			MetaDescription: nullable.Ptr(MetaDescription(l.Description)),
			MetaKeywords:    nullable.Ptr(strings.Join(keywords, ", ")),
			Keywords:        keywords,
			Slug:            "pending",
			TimeZone:        zone,
		})
		if err != nil {
			return fmt.Errorf("create property: %w", err)
		}
		// The listing claims its images: the caller's own uploads, not used yet. Any other
		// (another account's, one already used, one never issued) undoes the listing.
		if err := upload.Attach(ctx, q, landlord.ID, l.Images, upload.PropertyImage, p.ID); err != nil {
			return err
		}
		// The slug carries the id, known only once the row exists.
		if created, err = q.SetPropertySlug(ctx, db.SetPropertySlugParams{ID: p.ID, Slug: Slug(p.Title, p.ID)}); err != nil {
			return err
		}
		if err := savedsearch.MatchListing(ctx, q, p.ID); err != nil {
			return err
		}
		_, err = gamification.Give(ctx, q, gamification.Award{Rule: gamification.ListingPublished, UserID: landlord.ID, EntityID: p.ID})
		return err
	})
	if err != nil {
		return Property{}, err
	}
	return fromRow(created), nil
}

func normalise(l Listing) Listing {
	for _, f := range []*string{&l.Title, &l.Description, &l.Address, &l.Locality, &l.City, &l.State,
		&l.ZipCode, &l.Country, &l.Latitude, &l.Longitude, &l.TimeZone} {
		*f = strings.TrimSpace(*f)
	}
	if l.Country == "" {
		l.Country = "United States"
	}
	if l.AreaUnit == "" {
		l.AreaUnit = "sqft"
	}
	if l.Currency == "" {
		l.Currency = "USD"
	}
	l.Amenities = dedupe(l.Amenities)
	if l.Images == nil {
		l.Images = []string{}
	}
	return l
}

// validate applies SPEC §5 "Add property" with its messages, and bounds the rest. kept are the
// images the listing shows already (an edit), accepted as they are; any other must be an upload.
func (s *Service) validate(l Listing, kept []string) error {
	var v apperr.Validator
	rules := vocab.Property
	rules.Title.CheckText(&v, "title", "Title", l.Title)
	rules.Description.CheckText(&v, "description", "Description", l.Description)
	rules.Address.CheckText(&v, "address", "Address", l.Address)
	rules.Locality.CheckText(&v, "locality", "Neighborhood", l.Locality)
	rules.City.CheckText(&v, "city", "City", l.City)
	rules.State.CheckText(&v, "state", "State", l.State)
	rules.ZipCode.CheckText(&v, "zipCode", "ZIP or postal code", l.ZipCode)
	rules.Country.CheckText(&v, "country", "Country", l.Country)
	v.Check(l.TimeZone == "" || ValidTimeZone(l.TimeZone), "timeZone", MsgTimeZone)
	v.Check(rules.Type.Allows(l.PropertyType), "propertyType", "Please select a property type")
	v.Check(l.MonthlyRent > 0, "monthlyRent", "Rent must be greater than 0")
	v.Check(l.Bedrooms >= 0 && l.Bedrooms <= 50, "bedrooms", "Bedrooms must be between 0 and 50")
	v.Check(l.Bathrooms >= 0 && l.Bathrooms <= 50, "bathrooms", "Bathrooms must be between 0 and 50")
	v.Check(l.SquareFeet >= 1, "squareFeet", "Square footage must be greater than 0")
	v.Check(l.YearBuilt == 0 || l.YearBuilt >= 1500, "yearBuilt", "Year must be valid")
	v.Check(l.YearBuilt <= int32(time.Now().Year()), "yearBuilt", "Year cannot be in the future")
	v.Check(rules.Currency.Allows(l.Currency), "currency", "Please select a valid currency")
	v.Check(rules.AreaUnit.Allows(l.AreaUnit), "areaUnit", "Area unit must be sqft or sqm")
	v.Check(validCoordinate(l.Latitude, 90), "latitude", "Latitude must be a number between -90 and 90")
	v.Check(validCoordinate(l.Longitude, 180), "longitude", "Longitude must be a number between -180 and 180")
	for _, a := range l.Amenities {
		v.Check(rules.Amenities.Allows(a), "amenities", "Please choose amenities from the list")
	}
	v.Check(!rules.Images.TooFew(len(l.Images)), "images", "Please upload at least one image of your property.")
	v.Check(!rules.Images.TooMany(len(l.Images)), "images", fmt.Sprintf("You can only upload a maximum of %d images.", rules.Images.MaxItems))
	if !rules.Images.TooMany(len(l.Images)) {
		// Their shape here, with the other fields; whose they are when the listing claims them.
		if ve, ok := errors.AsType[*apperr.ValidationError](upload.CheckKeptURLs(l.Images, kept, upload.PropertyImage)); ok {
			v.Check(false, ve.Violations[0].Field, ve.Violations[0].Message)
		}
	}
	return v.Err()
}

func validCoordinate(s string, limit float64) bool {
	if s == "" {
		return true
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f >= -limit && f <= limit
}

func dedupe(list []string) []string {
	out := []string{}
	for _, s := range list {
		if s = strings.TrimSpace(s); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Keywords are a listing's first five amenities.
func Keywords(amenities []string) []string {
	return amenities[:min(5, len(amenities))]
}

// MetaDescription is the first 100 characters of a listing's description.
func MetaDescription(description string) string {
	r := []rune(description)
	return string(r[:min(100, len(r))])
}

// Slug makes a URL-friendly name from a title, made unique by the id.
func Slug(title string, id int32) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	base := strings.TrimSuffix(b.String(), "-")
	if base == "" {
		base = "property"
	}
	return fmt.Sprintf("%s-%d", base, id)
}
