package property_test

// A move locks the city and neighbourhood counts it changes (the listing's old and new city, the
// trigger properties_sync_cities; properties_sync_localities) in key order before it writes the
// listing. The trigger takes the old city, then the new one: two moves in opposite directions
// (or a suspension hiding listings in both cities) each held one count and waited for the other,
// and PostgreSQL aborted one of them (40P01).

import (
	"context"
	"fmt"
	"testing"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

func TestMovesBetweenTwoCitiesBothWays(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	lou := w.Member(t, "lou", "landlord")
	w.Member(t, "lea", "landlord")
	springfield := w.Kenwood(t, "lou", "Kenwood flat", "kenwood-flat")
	w.Kenwood(t, "lou", "Kenwood loft", "kenwood-loft") // Springfield keeps a count
	leeds := w.Property(t, "lea", "Leeds flat")
	w.Property(t, "lea", "Leeds loft")
	properties := propertyv1connect.NewPropertyServiceClient(w.Client, w.URL)
	// Lea's flat moves from Leeds to Springfield as Lou's moves from Springfield to Leeds.
	w.Interleave(t,
		`SELECT key FROM cities WHERE key = 'leeds' FOR NO KEY UPDATE`,
		fmt.Sprintf(`UPDATE properties SET city = 'Springfield' WHERE id = %d`, leeds),
		func() error {
			_, err := properties.UpdateProperty(context.Background(), testworld.As(lou, &propertyv1.UpdatePropertyRequest{
				Id: springfield, Listing: &propertyv1.CreatePropertyRequest{
					Title: "Kenwood flat", Description: "A flat that moved to another city entirely.",
					Address: "1 Park Lane", City: "Leeds", PropertyType: "apartment",
					MonthlyRent: 900, SquareFeet: 500, Images: []string{"/images/demo/a.svg"},
				},
			}))
			return err
		})
	if got := w.ID(t, `SELECT count(*)::int FROM cities WHERE (key, property_count) IN (('leeds', 2), ('springfield', 2))`); got != 2 {
		t.Errorf("the city counts after both moves: %d of 2 right", got)
	}
}

// TestMoveBesideAListingBeingCreated: a move that withdraws a verification takes back its
// owner's XP for it (the owner's row), and a new listing of the same owner's holds that row and
// takes its city's count at the commit (the deferred trigger properties_sync_cities), the last
// row it locks. A move that took the count first waited for the new listing as it waited for the
// move, and PostgreSQL aborted one of them: a move takes the counts last too.
func TestMoveBesideAListingBeingCreated(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	lou := w.Member(t, "lou", "landlord")
	flat := w.Kenwood(t, "lou", "Kenwood flat", "kenwood-flat")
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof, granted_at) VALUES ($1, 'documents', now())`, flat)
	louID := w.UserID(t, "lou")
	var moved *propertyv1.UpdatePropertyResponse
	w.Interleave(t,
		fmt.Sprintf(`SELECT id FROM users WHERE id = %d FOR NO KEY UPDATE`, louID),
		fmt.Sprintf(`INSERT INTO properties (title, address, city, zip_code, property_type, monthly_rent, landlord_id, slug)
			VALUES ('Kenwood loft', '1409 Kenwood Avenue', 'Springfield', '62704', 'apartment', 950, %d, 'kenwood-loft')`, louID),
		func() error {
			moved = w.Move(t, lou, flat, "Kenwood flat")
			return nil
		})
	if moved == nil || !moved.VerificationRemoved {
		t.Errorf("the move did not withdraw the verification it was meant to take XP back for: %v", moved)
	}
	if got := w.ID(t, `SELECT count(*)::int FROM cities WHERE (key, property_count) = ('springfield', 2)`); got != 1 {
		t.Error("Springfield's count after the move and the new listing is not 2")
	}
}
