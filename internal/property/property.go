package property

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
)

// Property is a rental listing with its rating.
type Property struct {
	ID                                      int32
	Title, Description                      string
	Address, Locality, City, State, ZipCode string
	Country                                 string
	PropertyType                            string
	MonthlyRent, Bedrooms, Bathrooms        int32
	SquareFeet                              int32 // 0 when not given
	AreaUnit, Currency                      string
	LandlordID                              int32
	Verified, Active                        bool
	CreatedAt, UpdatedAt                    time.Time
	Amenities, Images, Keywords             []string
	Latitude, Longitude                     string
	YearBuilt                               int32 // 0 when not given
	PetsAllowed, Furnished                  bool
	MetaDescription, MetaKeywords, Slug     string
	Rating                                  Rating
	// VerificationProof says how a verified property was verified: confirmed (people confirmed
	// it), documents or paid_check (an administrator checked it), demo (sample data); empty when
	// it is not verified. VerificationConfirmations counts the people who confirmed it.
	VerificationProof         string
	VerificationConfirmations int32
	// VerifiedReviewCount is how many of its published reviews are verified and shown (the blind
	// reveal hides some for a while). ReviewerHighlights are what its reviewers, not its owner,
	// praise it for (Highlights).
	VerifiedReviewCount int32
	ReviewerHighlights  []string
	// Saved tells whether the signed-in caller saved the property (false for visitors, and
	// always false from Lookup, which other domains use).
	Saved bool
	// TimeZone is the listing's IANA time zone, in which viewing times are asked.
	TimeZone string
}

// Rating is a property's stars, made of its published reviews that rate the property itself
// (see review.RatedTypes), kept on the property as reviews are written.
type Rating struct {
	Average   float64  // one decimal, 0 without reviews
	Count     int32    // the reviews in the stars
	Recommend int32    // those rated 4 or more
	Stars     [5]int32 // how many gave 1 to 5 stars
}

// fromRow is a stored property as the domain sees it.
func fromRow(p db.Property) Property {
	return Property{
		ID: p.ID, Title: p.Title, Description: p.Description,
		Address: p.Address, Locality: nullable.Value(p.Locality), City: p.City, State: nullable.Value(p.State),
		ZipCode: nullable.Value(p.ZipCode), Country: p.Country, PropertyType: p.PropertyType,
		MonthlyRent: p.MonthlyRent, Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, SquareFeet: nullable.Value(p.SquareFeet),
		AreaUnit: p.AreaUnit, Currency: p.Currency, LandlordID: p.LandlordID, Verified: p.Verified, Active: p.Active,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
		Amenities: p.Amenities, Images: p.Images, Keywords: p.Keywords,
		Latitude: nullable.Value(p.Latitude), Longitude: nullable.Value(p.Longitude), YearBuilt: nullable.Value(p.YearBuilt),
		PetsAllowed: p.PetsAllowed, Furnished: p.Furnished,
		MetaDescription: nullable.Value(p.MetaDescription), MetaKeywords: nullable.Value(p.MetaKeywords), Slug: p.Slug,
		Rating: Rating{
			Average: p.Rating, Count: p.ReviewCount, Recommend: p.RecommendCount,
			Stars: [5]int32{p.Rating1Count, p.Rating2Count, p.Rating3Count, p.Rating4Count, p.Rating5Count},
		},
		VerificationProof: nullable.Value(p.VerificationProof), VerificationConfirmations: p.VerificationConfirmations,
		VerifiedReviewCount: p.VerifiedReviewCount,
		ReviewerHighlights:  Highlights(p.ReviewCount, p.LocationPraiseCount, p.ManagementPraiseCount),
		TimeZone:            p.TimeZone,
	}
}

// The reviewer highlights: words of the amenity vocabulary that a card shows when its reviewers,
// rather than its owner, say so.
const (
	GreatLocation      = "Great location"
	ResponsiveLandlord = "Responsive landlord"
	// MinPraises is how many counted reviews must praise a property for a highlight.
	MinPraises = 3
)

// Highlights are a property's reviewer highlights from its stored counts: "Great location" when
// at least MinPraises of the counted reviews that make its stars (rated reviews) were rated 4 or
// 5 and ticked Location, and they are more than half of rated; "Responsive landlord" likewise
// for Management.
func Highlights(rated, location, management int32) []string {
	out := []string{}
	for _, h := range []struct {
		name    string
		praises int32
	}{{GreatLocation, location}, {ResponsiveLandlord, management}} {
		if h.praises >= MinPraises && 2*h.praises > rated {
			out = append(out, h.name)
		}
	}
	return out
}

// Lookup returns one active property through q (a pool's or a transaction's queries), or
// ErrNotFound with the message "Property Not Found". Other domains use it to find the property
// an action is about.
func Lookup(ctx context.Context, q *db.Queries, id int32) (Property, error) {
	p, err := q.GetProperty(ctx, id)
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return Property{}, apperr.NotFound("Property Not Found")
		}
		return Property{}, fmt.Errorf("get property %d: %w", id, err)
	}
	return fromRow(p), nil
}
