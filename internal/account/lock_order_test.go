package account_test

// A suspension or reinstatement hides or shows the owner's listings: it locks them (in id order)
// before the owner's row, as a tenancy decision, a verification decision and a move of a listing
// do (the property, then its people: gamification.LockPeople). Taken the other way, the account
// first, either of a pair waited for the other and PostgreSQL aborted one of them (40P01).

import (
	"context"
	"fmt"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// besideADecision runs an administrator's decision on the landlord's account while a test
// transaction locks the first listing, then its owner's row, as a tenancy decision does.
func (w *closureWorld) besideADecision(t *testing.T, decide func(adminv1connect.AdminAccountServiceClient, int32) error) {
	t.Helper()
	landlord := w.UserID(t, "lena_lord")
	admin := adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL)
	w.Interleave(t,
		fmt.Sprintf(`SELECT id FROM properties WHERE id = %d FOR NO KEY UPDATE`, w.first),
		fmt.Sprintf(`SELECT id FROM users WHERE id = %d FOR NO KEY UPDATE`, landlord),
		func() error { return decide(admin, landlord) })
}

func suspend(admin adminv1connect.AdminAccountServiceClient, token string, id int32) error {
	_, err := admin.SuspendAccount(context.Background(), testworld.As(token, &adminv1.SuspendAccountRequest{UserId: id, Reason: "Copied listings."}))
	return err
}

func TestSuspensionBesideATenancyDecision(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	w.besideADecision(t, func(admin adminv1connect.AdminAccountServiceClient, id int32) error {
		return suspend(admin, w.admin, id)
	})
	if n := w.ID(t, `SELECT count(*)::int FROM properties WHERE id IN ($1, $2) AND active`, w.first, w.second); n != 0 {
		t.Errorf("%d listings still shown after the suspension", n)
	}
}

func TestReinstatementBesideATenancyDecision(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	if err := suspend(adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL), w.admin, w.UserID(t, "lena_lord")); err != nil {
		t.Fatal(err)
	}
	w.besideADecision(t, func(admin adminv1connect.AdminAccountServiceClient, id int32) error {
		_, err := admin.ReinstateAccount(context.Background(), testworld.As(w.admin, &adminv1.ReinstateAccountRequest{UserId: id, Reason: "Proved."}))
		return err
	})
	if n := w.ID(t, `SELECT count(*)::int FROM properties WHERE id IN ($1, $2) AND active`, w.first, w.second); n != 2 {
		t.Errorf("%d listings shown after the reinstatement, want 2", n)
	}
}

// TestSuspensionBesideAMoveBetweenItsCities: hiding listings in York and Leeds changes both
// cities' counts (the trigger properties_sync_cities); a move from Leeds to York takes them too.
// Each takes them in key order, Leeds first, or they deadlocked.
func TestSuspensionBesideAMoveBetweenItsCities(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	admin := w.Member(t, "ada_admin", "admin")
	w.Member(t, "lena_lord", "landlord")
	w.Member(t, "lea", "landlord")
	listIn(t, w, "lena_lord", "York flat", "York")
	w.Property(t, "lena_lord", "Leeds flat") // after the York one: the suspension meets York first
	moving := w.Property(t, "lea", "Leeds loft")
	w.Interleave(t,
		`SELECT key FROM cities WHERE key = 'leeds' FOR NO KEY UPDATE`,
		fmt.Sprintf(`UPDATE properties SET city = 'York' WHERE id = %d`, moving),
		func() error {
			return suspend(adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL), admin, w.UserID(t, "lena_lord"))
		})
	if got := w.ID(t, `SELECT count(*)::int FROM cities WHERE key = 'leeds' OR (key, property_count) = ('york', 1)`); got != 1 {
		t.Errorf("the city counts after the suspension and the move: %d of 1 right", got)
	}
}

// TestSuspensionBesideAListingBeingCreated: a new listing's transaction holds its owner's row
// (the XP of listing it) and takes its city's count at the commit (the deferred trigger
// properties_sync_cities), the last row it locks. A suspension of that owner that took the count
// before the owner's row waited for the listing's transaction as it waited for the suspension,
// and PostgreSQL aborted one of them; it takes the counts last too.
func TestSuspensionBesideAListingBeingCreated(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	admin := w.Member(t, "ada_admin", "admin")
	w.Member(t, "lena_lord", "landlord")
	w.Member(t, "lea", "landlord")
	w.Property(t, "lena_lord", "Leeds flat")
	w.Property(t, "lea", "Leeds loft")
	lena := w.UserID(t, "lena_lord")
	w.Interleave(t,
		fmt.Sprintf(`SELECT id FROM users WHERE id = %d FOR NO KEY UPDATE`, lena),
		fmt.Sprintf(`INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			VALUES ('Leeds studio', '2 Park Lane', 'Leeds', 'studio', 700, %d, 'leeds-studio')`, lena),
		func() error {
			return suspend(adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL), admin, lena)
		})
	// Lena's two listings hidden, the one made beside the suspension too; Lea's loft counted.
	if got := w.ID(t, `SELECT count(*)::int FROM cities WHERE (key, property_count) = ('leeds', 1)`); got != 1 {
		t.Errorf("Leeds's count after the suspension and the new listing is not 1 (Lea's loft)")
	}
}

// TestReinstatementsBesideEachOtherInEmptyCities: a suspension that hid the last listings of York
// and Leeds took their count rows away (properties_sync_cities deletes a count at zero), so two
// reinstatements showing listings in both cities at once each create the rows, which no lock can
// take before they exist. Lea's (the test transaction) creates Leeds, then York, in key order, as
// a reinstatement locks counts; Lena's listings are met York first. Creating them in the order
// met, each created one and waited for the other's.
func TestReinstatementsBesideEachOtherInEmptyCities(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	admin := adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL)
	token := w.Member(t, "ada_admin", "admin")
	w.Member(t, "lena_lord", "landlord")
	w.Member(t, "lea", "landlord")
	listIn(t, w, "lena_lord", "York flat", "York") // before the Leeds one: the reinstatement meets York first
	w.Property(t, "lena_lord", "Leeds flat")
	leaLeeds, leaYork := w.Property(t, "lea", "Leeds loft"), listIn(t, w, "lea", "York loft", "York")
	for _, who := range []string{"lena_lord", "lea"} {
		if err := suspend(admin, token, w.UserID(t, who)); err != nil {
			t.Fatal(err)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM cities WHERE key IN ('leeds', 'york')`); n != 0 {
		t.Fatalf("%d count rows left after both suspensions, want none", n)
	}
	w.Interleave(t,
		fmt.Sprintf(`UPDATE properties SET active = true, hidden_reason = NULL WHERE id = %d`, leaLeeds),
		fmt.Sprintf(`UPDATE properties SET active = true, hidden_reason = NULL WHERE id = %d`, leaYork),
		func() error {
			_, err := admin.ReinstateAccount(context.Background(), testworld.As(token,
				&adminv1.ReinstateAccountRequest{UserId: w.UserID(t, "lena_lord"), Reason: "Proved."}))
			return err
		})
	if got := w.ID(t, `SELECT count(*)::int FROM cities WHERE (key, property_count) IN (('leeds', 2), ('york', 2))`); got != 2 {
		t.Errorf("the city counts after both reinstatements: %d of 2 right", got)
	}
}

// TestNoEmptyCountsAfterASuspension: the lock step creates the counts of every city and
// neighbourhood of the owner's listings it does not find, at zero, hidden ones included; the
// ones no listing counted are gone at the commit (cities_drop_empty), or Hull, whose one listing
// was already hidden, would be offered as a place with listings.
func TestNoEmptyCountsAfterASuspension(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	token := w.Member(t, "ada_admin", "admin")
	w.Member(t, "lena_lord", "landlord")
	w.Property(t, "lena_lord", "Leeds flat")
	w.Exec(t, `UPDATE properties SET locality = 'Old Town', active = false WHERE id = $1`, listIn(t, w, "lena_lord", "Hull flat", "Hull"))
	if err := suspend(adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL), token, w.UserID(t, "lena_lord")); err != nil {
		t.Fatal(err)
	}
	if n := w.ID(t, `SELECT (SELECT count(*) FROM cities WHERE key IN ('hull', 'leeds')) + (SELECT count(*) FROM localities WHERE key = 'old town')`); n != 0 {
		t.Errorf("%d empty counts left after the suspension, want none", n)
	}
}

// listIn lists owner's flat titled title in city and returns its id.
func listIn(t *testing.T, w *testworld.World, owner, title, city string) int32 {
	t.Helper()
	return w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT $2, '1 Ouse Street', $3, 'apartment', 900, id, lower(replace($2, ' ', '-')) FROM users WHERE username = $1
		RETURNING id`, owner, title, city)
}
