package account

import (
	"context"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Profile is the Edit Profile form; every field replaces the stored one.
type Profile struct {
	FirstName, LastName, Bio, City, Country, Language string
}

// UpdateProfile changes the signed-in user's name and profile, and returns the account as
// changed. Nobody can change another account's profile: the account is the caller's.
func (s *Service) UpdateProfile(ctx context.Context, p Profile) (User, error) {
	me, err := identity.RequireUser(ctx, ErrNotSignedIn)
	if err != nil {
		return User{}, err
	}
	for _, f := range []*string{&p.FirstName, &p.LastName, &p.Bio, &p.City, &p.Country, &p.Language} {
		*f = strings.TrimSpace(*f)
	}
	if err := checkProfile(p); err != nil {
		return User{}, err
	}
	u, err := s.q.UpdateProfile(ctx, db.UpdateProfileParams{
		ID: me.ID, FirstName: p.FirstName, LastName: p.LastName, Bio: nullable.Ptr(p.Bio),
		City: nullable.Ptr(p.City), Country: p.Country, LanguagePreference: p.Language,
	})
	if err != nil {
		return User{}, fmt.Errorf("update profile of user %d: %w", me.ID, err)
	}
	return userOf(u), nil
}

// checkProfile applies the contract's rules of UpdateProfileRequest with messages for the user.
func checkProfile(p Profile) error {
	r := vocab.Profile
	var v apperr.Validator
	r.FirstName.CheckText(&v, "firstName", "First name", p.FirstName)
	r.LastName.CheckText(&v, "lastName", "Last name", p.LastName)
	r.Bio.CheckText(&v, "bio", "Bio", p.Bio)
	r.City.CheckText(&v, "city", "City", p.City)
	r.Country.CheckText(&v, "country", "Country", p.Country)
	v.Check(p.Language != "" && r.Language.Allows(p.Language), "language", "Please select a language from the list")
	return v.Err()
}
