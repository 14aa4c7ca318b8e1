// Package savedsearch keeps members' saved searches and tells them when a new listing matches one
// (issue 32): an in-app notification for each match and, when the member wants it, at most one
// email a day per saved search. The transaction that writes a listing matches it and writes the
// matched searches' ids in one row (MatchListing); every server's Worker writes the notifications
// and emails from it after the commit.
package savedsearch

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// MaxPerMember is how many searches one member may save.
const MaxPerMember = 20

// MaxNameChars bounds a saved search's name.
const MaxNameChars = 60

// AreaPlaceName is the place name of a search whose place is a map area alone.
const AreaPlaceName = "Map area"

// SqftPerSqm converts square metres to square feet, as the search's area filter does.
const SqftPerSqm = 10.7639

// The refusals, in the words members see.
var (
	errSignedOut = apperr.Unauthenticated("Please sign in to save searches")
	errNoPlace   = apperr.New(apperr.ErrInvalidArgument, "Choose a city, neighbourhood or postcode, or an area of the map, to save this search")
	errTooMany   = apperr.New(apperr.ErrResourceExhausted, "You can save up to %d searches: delete one to save another", MaxPerMember)
	errNotFound  = apperr.NotFound("Saved search not found")
)

// Place is a search line's place and what else the line said, read by the search's own rule
// (property.Service.ReadPlace, internal/property/searchline.go). Exactly one key is set when a
// place was read; none when the line names no place.
type Place struct {
	CityKey, LocalityKey, PostalCodeKey string
	Name                                string   // as listed (a city, a neighbourhood) or typed (a postcode)
	PropertyType                        string   // a type word's type ("" for none)
	Words                               []string // the free text left, LIKE patterns every one of which must match
}

// PlaceReader reads a search's line (city, ZIP and query boxes) into its place; typeChosen keeps
// type words out of the reading. property.Service is one.
type PlaceReader interface {
	ReadPlace(ctx context.Context, city, zipCode, query string, typeChosen bool) (Place, error)
}

// Request is a search to save: a name and SearchPropertiesRequest's criteria.
type Request struct {
	Name                      string
	City, ZipCode, Query      string
	PropertyType              string
	VerifiedOnly              bool
	Currency                  string
	MinRent, MaxRent          int32
	MinBedrooms, MinBathrooms int32
	PetsAllowed, Furnished    bool
	MinArea                   int32
	AreaUnit                  string      // of MinArea: sqft (default) or sqm
	MapArea                   *[4]float64 // {west, south, east, north}; nil for none
	AlertsOff                 bool        // save it without alerts
}

// Saved is a saved search as its member sees it: what was asked (the request's boxes and
// filters, to reopen the search) and the place it was read as.
type Saved struct {
	ID                                   int64
	Name                                 string
	PlaceKind                            string // city, locality, postal_code or map_area (an area alone)
	PlaceName                            string
	MapArea                              *[4]float64 // {west, south, east, north}; nil for none
	City, ZipCode, Query                 string
	PropertyType, Currency, AreaUnit     string
	VerifiedOnly, PetsAllowed, Furnished bool
	MinRent, MaxRent                     int32
	MinBedrooms, MinBathrooms, MinArea   int32
	Alerts                               bool
	CreatedAt                            time.Time
}

// fromRow is a stored saved search as its member sees it.
func fromRow(s db.SavedSearch) Saved {
	kind := "city"
	switch {
	case s.LocalityKey != nil:
		kind = "locality"
	case s.PostalCodeKey != nil:
		kind = "postal_code"
	case s.CityKey == nil:
		kind = "map_area"
	}
	return Saved{
		ID: s.ID, Name: s.Name, PlaceKind: kind, PlaceName: s.PlaceName,
		City: s.SearchCity, ZipCode: s.SearchZipCode, Query: s.SearchQuery,
		PropertyType: deref(s.PropertyType), Currency: deref(s.Currency), AreaUnit: s.AreaUnit,
		VerifiedOnly: s.VerifiedOnly, PetsAllowed: s.PetsAllowed, Furnished: s.Furnished,
		MinRent: derefInt(s.MinRent), MaxRent: derefInt(s.MaxRent),
		MinBedrooms: derefInt(s.MinBedrooms), MinBathrooms: derefInt(s.MinBathrooms), MinArea: derefInt(s.MinArea),
		Alerts: s.Alerts, CreatedAt: s.CreatedAt, MapArea: areaOf(s.MapArea),
	}
}

// areaOf is a stored box as {west, south, east, north}; nil for none.
func areaOf(b pgtype.Box) *[4]float64 {
	if !b.Valid {
		return nil
	}
	a, c := b.P[0], b.P[1]
	return &[4]float64{min(a.X, c.X), min(a.Y, c.Y), max(a.X, c.X), max(a.Y, c.Y)}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func derefInt(n *int32) int32 {
	if n == nil {
		return 0
	}
	return *n
}

// Service keeps members' saved searches.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	places PlaceReader
}

// NewService returns the service over pool, reading places with places.
func NewService(pool *pgxpool.Pool, places PlaceReader) *Service {
	return &Service{pool: pool, q: db.New(pool), places: places}
}

// Create saves the signed-in member's search: its place read from the city, ZIP and query as the
// search reads them (a postcode before a neighbourhood before a city when the line names more
// than one: the narrowest), and its map area, its filters checked as the search checks them. A
// search with neither a place nor an area is refused; so is a member's 21st.
func (s *Service) Create(ctx context.Context, r Request) (Saved, error) {
	user, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Saved{}, err
	}
	r = normalise(r)
	if err := check(r); err != nil {
		return Saved{}, err
	}
	place, err := s.places.ReadPlace(ctx, r.City, r.ZipCode, r.Query, r.PropertyType != "")
	if err != nil {
		return Saved{}, err
	}
	placeName := place.Name
	if place.CityKey == "" && place.LocalityKey == "" && place.PostalCodeKey == "" {
		if r.MapArea == nil {
			return Saved{}, errNoPlace
		}
		placeName = AreaPlaceName
	}
	propertyType := r.PropertyType
	if propertyType == "" {
		propertyType = place.PropertyType
	}
	p := db.CreateSavedSearchParams{
		UserID: user.ID, MaxSaved: MaxPerMember, Name: r.Name,
		CityKey: nonEmpty(place.CityKey), LocalityKey: nonEmpty(place.LocalityKey), PostalCodeKey: nonEmpty(place.PostalCodeKey),
		PlaceName: clip(placeName, 120), PropertyType: nonEmpty(propertyType), VerifiedOnly: r.VerifiedOnly,
		Currency: nonEmpty(r.Currency), MinRent: positive(r.MinRent), MaxRent: positive(r.MaxRent),
		MinBedrooms: positive(r.MinBedrooms), MinBathrooms: positive(r.MinBathrooms),
		PetsAllowed: r.PetsAllowed, Furnished: r.Furnished,
		SearchCity: r.City, SearchZipCode: r.ZipCode, SearchQuery: r.Query,
		MinArea: positive(r.MinArea), AreaUnit: r.AreaUnit, Alerts: !r.AlertsOff,
	}
	if len(place.Words) > 0 {
		p.Words = place.Words
	}
	if r.MapArea != nil {
		p.MapArea = r.MapArea[:]
	}
	if r.MinArea > 0 {
		sqft := float64(r.MinArea)
		if r.AreaUnit == "sqm" {
			sqft *= SqftPerSqm
		}
		p.MinAreaSqft = &sqft
	}
	saved, err := s.q.CreateSavedSearch(ctx, p)
	switch {
	case errors.Is(store.Err(err), apperr.ErrNotFound):
		return Saved{}, errTooMany
	case err != nil:
		return Saved{}, fmt.Errorf("save search: %w", err)
	}
	return fromRow(saved), nil
}

// List is the signed-in member's saved searches, newest first.
func (s *Service) List(ctx context.Context) ([]Saved, error) {
	user, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return nil, err
	}
	list, err := s.q.ListSavedSearches(ctx, user.ID)
	if err != nil {
		return nil, fmt.Errorf("list saved searches: %w", err)
	}
	out := make([]Saved, len(list))
	for i, row := range list {
		out[i] = fromRow(row)
	}
	return out, nil
}

// Delete deletes one of the signed-in member's saved searches; another member's is not found.
func (s *Service) Delete(ctx context.Context, id int64) error {
	user, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return err
	}
	n, err := s.q.DeleteSavedSearch(ctx, db.DeleteSavedSearchParams{ID: id, UserID: user.ID})
	if err != nil {
		return fmt.Errorf("delete saved search %d: %w", id, err)
	}
	if n == 0 {
		return errNotFound
	}
	return nil
}

// SetAlerts turns one of the signed-in member's saved searches' alerts on or off.
func (s *Service) SetAlerts(ctx context.Context, id int64, on bool) (Saved, error) {
	user, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Saved{}, err
	}
	saved, err := s.q.SetSavedSearchAlerts(ctx, db.SetSavedSearchAlertsParams{ID: id, UserID: user.ID, Alerts: on})
	switch {
	case errors.Is(store.Err(err), apperr.ErrNotFound):
		return Saved{}, errNotFound
	case err != nil:
		return Saved{}, fmt.Errorf("set alerts of saved search %d: %w", id, err)
	}
	return fromRow(saved), nil
}

func normalise(r Request) Request {
	r.Name = strings.TrimSpace(r.Name)
	r.City, r.ZipCode, r.Query = strings.TrimSpace(r.City), strings.TrimSpace(r.ZipCode), strings.TrimSpace(r.Query)
	if r.PropertyType == "all" {
		r.PropertyType = ""
	}
	r.Currency = strings.ToUpper(strings.TrimSpace(r.Currency))
	if r.AreaUnit == "" {
		r.AreaUnit = "sqft"
	}
	return r
}

// check applies the search's rules and messages to the filters, and the name's.
func check(r Request) error {
	var v apperr.Validator
	n := utf8.RuneCountInString(r.Name)
	v.Check(n >= 1, "name", "Give this search a name")
	v.Check(n <= MaxNameChars, "name", fmt.Sprintf("The name can be at most %d characters", MaxNameChars))
	v.Check(r.PropertyType == "" || vocab.PropertyTypes.Contains(r.PropertyType), "propertyType", "Unknown property type")
	v.Check(r.Currency == "" || vocab.Currencies.Contains(r.Currency), "currency", "Please select a valid currency")
	v.Check(r.MinRent >= 0, "minRent", "Minimum rent must be 0 or more")
	v.Check(r.MaxRent >= 0, "maxRent", "Maximum rent must be 0 or more")
	v.Check(r.MinRent == 0 || r.MaxRent == 0 || r.MinRent <= r.MaxRent, "minRent", "Minimum rent must not exceed the maximum")
	v.Check(r.Currency != "" || r.MinRent == 0 && r.MaxRent == 0, "currency", "Choose the currency of the rent")
	v.Check(r.MinBedrooms >= 0, "minBedrooms", "Bedrooms must be 0 or more")
	v.Check(r.MinBathrooms >= 0, "minBathrooms", "Bathrooms must be 0 or more")
	v.Check(r.MinArea >= 0, "minArea", "Area must be 0 or more")
	v.Check(vocab.AreaUnits.Contains(r.AreaUnit), "areaUnit", "Area unit must be sqft or sqm")
	vocab.CheckMapArea(&v, "mapArea", r.MapArea)
	rules := vocab.Property
	rules.SearchCity.CheckText(&v, "city", "City", r.City)
	rules.SearchZipCode.CheckText(&v, "zipCode", "ZIP or postal code", r.ZipCode)
	rules.SearchQuery.CheckText(&v, "query", "Search", r.Query)
	return v.Err()
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func positive(n int32) *int32 {
	if n <= 0 {
		return nil
	}
	return &n
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// DeleteAllOf deletes every saved search of the member userID, in the caller's transaction tx,
// with their counts, day claims and the record of what they were told (account closure).
func DeleteAllOf(ctx context.Context, tx *db.Queries, userID int32) error {
	if err := tx.DeleteSavedSearchesOf(ctx, userID); err != nil {
		return fmt.Errorf("delete saved searches of %d: %w", userID, err)
	}
	return nil
}
