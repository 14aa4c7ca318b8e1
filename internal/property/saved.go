package property

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// MaxSaved is how many listed properties one user may keep saved (declared in the contract:
// vocab.Published).
var MaxSaved = vocab.Published.GetProperty().GetMaxSaved()

// Limits of the saved list's pages.
const (
	// DefaultSavedPageSize and MaxSavedPageSize page the saved list.
	DefaultSavedPageSize = 12
	MaxSavedPageSize     = 50
)

// Messages of saved properties.
const (
	msgSaveSignIn  = "Please sign in to save properties"
	msgSavedSignIn = "Please sign in to see your saved properties"
)

// savedRow is the row of a statement that lists properties with the viewer's saved flag:
// SELECT sqlc.embed(p), EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = <viewer> AND
// s.property_id = p.id) AS saved (sqlc names one type per statement; they all convert to this one).
type savedRow = struct {
	Property db.Property
	Saved    bool
}

// withSaved converts rows that carry the viewer's saved flag.
func withSaved[Row ~savedRow](rows []Row) []Property {
	out := make([]Property, len(rows))
	for i, r := range rows {
		out[i] = fromSavedRow(savedRow(r))
	}
	return out
}

// fromSavedRow is a stored property with the viewer's saved flag.
func fromSavedRow(r savedRow) Property {
	p := fromRow(r.Property)
	p.Saved = r.Saved
	return p
}

// viewerID is the signed-in caller whose saved flags lists carry: 0 for visitors, whom no
// saved_properties row names.
func viewerID(ctx context.Context) int32 {
	user, _ := identity.UserFrom(ctx)
	return user.ID
}

// Saved is one page of the caller's saved properties.
type Saved struct {
	Properties     []Property // each with Saved true
	Total          int32      // the caller's saved properties that are still listed
	Page, PageSize int32
}

// Save keeps an active property in the signed-in user's saved list and returns how many they
// have saved. Saving one already saved changes nothing; past MaxSaved it is refused. The count
// and the insert run under a per-user lock, so parallel saves cannot pass the limit together.
func (s *Service) Save(ctx context.Context, propertyID int32) (int32, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgSaveSignIn))
	if err != nil {
		return 0, err
	}
	var row db.SavePropertyRow
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockSavedProperties(ctx, user.ID); err != nil {
			return fmt.Errorf("lock saved properties of %d: %w", user.ID, err)
		}
		var err error
		row, err = q.SaveProperty(ctx, db.SavePropertyParams{PropertyID: propertyID, UserID: user.ID, MaxSaved: MaxSaved})
		if err != nil {
			return fmt.Errorf("save property %d for %d: %w", propertyID, user.ID, err)
		}
		return nil
	})
	switch {
	case err != nil:
		return 0, err
	case !row.Found:
		return 0, apperr.NotFound("Property Not Found")
	case !row.AlreadySaved && !row.Inserted:
		return 0, apperr.New(apperr.ErrResourceExhausted,
			"You can save up to %d properties: remove one from your saved properties to save another", MaxSaved)
	}
	return row.SavedCount, nil
}

// Unsave takes a property off the signed-in user's saved list (one not saved is no error) and
// returns how many they have saved.
func (s *Service) Unsave(ctx context.Context, propertyID int32) (int32, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgSaveSignIn))
	if err != nil {
		return 0, err
	}
	n, err := s.q.UnsaveProperty(ctx, db.UnsavePropertyParams{UserID: user.ID, PropertyID: propertyID})
	if err != nil {
		return 0, fmt.Errorf("unsave property %d for %d: %w", propertyID, user.ID, err)
	}
	return n, nil
}

// ListSaved returns a page of the signed-in user's saved properties that are still listed, most
// recently saved first (page 0 is the first; pageSize 0 is DefaultSavedPageSize).
func (s *Service) ListSaved(ctx context.Context, page, pageSize int32) (Saved, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgSavedSignIn))
	if err != nil {
		return Saved{}, err
	}
	var v apperr.Validator
	p := store.Paging(&v, page, pageSize, DefaultSavedPageSize, MaxSavedPageSize)
	if err := v.Err(); err != nil {
		return Saved{}, err
	}
	rows, err := s.q.ListSavedProperties(ctx, db.ListSavedPropertiesParams{
		UserID: user.ID, PageSize: p.Size, PageOffset: p.Offset,
	})
	if err != nil {
		return Saved{}, fmt.Errorf("list saved properties of %d: %w", user.ID, err)
	}
	out := Saved{Properties: make([]Property, len(rows)), Page: p.Number, PageSize: p.Size}
	for i, r := range rows {
		out.Properties[i] = fromSavedRow(savedRow{Property: r.Property, Saved: r.Saved})
		out.Total = r.Total
	}
	if len(rows) == 0 && p.Number > 1 {
		// A page past the end still tells how many there are.
		if out.Total, err = s.q.CountSavedProperties(ctx, user.ID); err != nil {
			return Saved{}, fmt.Errorf("count saved properties of %d: %w", user.ID, err)
		}
	}
	return out, nil
}
