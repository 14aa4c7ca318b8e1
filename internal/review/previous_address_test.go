package review_test

// A review is about an address (migration 20261208000100). A listing whose owner edits its address
// to another building keeps its reviews listed, as honest history, but those written about the
// earlier address stop counting — stars, distribution, highlights, the tabs' averages — in the
// edit's own transaction, and nothing counts them again while the listing is elsewhere: not the
// catch-up, not a post racing the move. Moving only the neighbourhood moves nothing. A listing
// that moves back makes the reviews about that address its own again: the catch-up counts them.

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/gen/db"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/testworld"
)

// kenwoodAddress is where property 1 stands in these tests; testworld.Move takes it to 500
// Somewhere Else Blvd.
const kenwoodAddress = "1407 Kenwood Avenue"

// atKenwood puts property 1 at 1407 Kenwood Avenue, Springfield 62704, with a picture (the edit
// form wants one), before any review of it, and returns its owner's token.
func (w *world) atKenwood(t *testing.T) string {
	t.Helper()
	w.Exec(t, `UPDATE properties SET address = $1, city = 'Springfield', zip_code = '62704',
		images = ARRAY['/images/demo/a.svg'] WHERE id = 1`, kenwoodAddress)
	return w.Person(t, "owner", "landlord")
}

// edit saves property 1 through its owner's edit form at address, in the neighbourhood locality,
// as testworld.Move does otherwise. A refusal is an error of the test (edit may run in a
// goroutine).
func (w *world) edit(t *testing.T, owner, address, locality string) {
	t.Helper()
	_, err := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, w.URL).UpdateProperty(context.Background(),
		testworld.As(owner, &propertyv1.UpdatePropertyRequest{Id: 1, Listing: &propertyv1.CreatePropertyRequest{
			Title: "Garden flat", Description: "A flat that moved to another street entirely.",
			Address: address, Locality: locality, City: "Springfield", ZipCode: "62704", PropertyType: "apartment",
			MonthlyRent: 900, SquareFeet: 500, Images: []string{"/images/demo/a.svg"},
		}}))
	if err != nil {
		t.Errorf("edit property 1 to %s (%s): %v", address, locality, err)
	}
}

// praise is property 1's stored tallies beside the stars: "location praise N, management praise M".
func (w *world) praise(t *testing.T) string {
	t.Helper()
	var location, management int32
	if err := w.Pool.QueryRow(context.Background(),
		`SELECT location_praise_count, management_praise_count FROM properties WHERE id = 1`).Scan(&location, &management); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("location praise %d, management praise %d", location, management)
}

// previousTypeCount is property 1's tab count of reviewType with the previous-address figure:
// "N shown, M count, K not independent, P previous address".
func (w *world) previousTypeCount(t *testing.T, reviewType string) string {
	t.Helper()
	for _, c := range w.summary(t).Types {
		if c.ReviewType == reviewType {
			return fmt.Sprintf("%d shown, %d count, %d not independent, %d previous address", c.Count, c.Counted, c.NotIndependent, c.PreviousAddress)
		}
	}
	return ""
}

// countedElsewhere is how many counted reviews are about another address than their property's
// current one: never any.
func (w *world) countedElsewhere(t *testing.T) int32 {
	t.Helper()
	return w.ID(t, `SELECT count(*)::int FROM reviews WHERE counted AND review_previous_address(property_id, address_key)`)
}

// outOfStep counts the reviews whose mark elsewhere (which keeps them out of the catch-up's
// index) is not what review_previous_address says: never any.
func (w *world) outOfStep(t *testing.T) int32 {
	t.Helper()
	return w.ID(t, `SELECT count(*)::int FROM reviews WHERE elsewhere IS DISTINCT FROM review_previous_address(property_id, address_key)`)
}

// inCatchUpIndex counts property 1's reviews in the catch-up's partial index (its predicate).
func (w *world) inCatchUpIndex(t *testing.T) int32 {
	t.Helper()
	return w.ID(t, `SELECT count(*)::int FROM reviews WHERE property_id = 1
		AND NOT counted AND NOT owner_linked AND NOT elsewhere AND status = 'published' AND user_id IS NOT NULL`)
}

// The audit's attack: a listing with counted reviews (one praising the location) moves to another
// street. Its stars, distribution and highlight counts go to nothing in the edit's transaction;
// its reviews stay listed, each saying why it does not count ("previous_address", not a new
// member's), and the tabs count them apart. A new member's review about the old address is not
// counted by the catch-up once its author is established. A review written at the new address
// counts. Editing only the neighbourhood changes nothing; moving back lets the catch-up count the
// reviews about that address again, and uncounts the one written meanwhile elsewhere.
func TestMovedListingsReviewsStopCounting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.atKenwood(t)

	d := draft("tenant_to_property")
	d.Rating, d.Title, d.Categories = 5, "Great spot near the park", []string{"Location"}
	w.create(t, w.established(t, "ivy"), d)
	d = draft("general")
	d.Rating, d.Title = 4, "Solid building"
	w.create(t, w.established(t, "jon"), d)
	fresh := w.Person(t, "newcomer", "tenant")
	d = draft("general")
	d.Rating, d.Title = 1, "Newcomer about Kenwood"
	if r := w.create(t, fresh, d); r.NotCountedReason != review.NotCountedNewMember {
		t.Fatalf("the newcomer's review: not counted %q, want %q", r.NotCountedReason, review.NotCountedNewMember)
	}
	before := "4.5 over 2 [0 0 0 1 1]"
	if got := w.stars(t, 1); got != before {
		t.Fatalf("stars at Kenwood: %s, want %s", got, before)
	}

	// The neighbourhood is a label of the same place: nothing moves.
	w.edit(t, owner, kenwoodAddress, "Near North")
	if got := w.stars(t, 1); got != before {
		t.Errorf("stars after a new neighbourhood: %s, want %s", got, before)
	}
	if got := w.standing(t, "Great spot near the park"); got != "listed, counted" {
		t.Errorf("Ivy's review after a new neighbourhood: %s, want listed, counted", got)
	}

	w.Move(t, owner, 1, "Garden flat")
	if got := w.stars(t, 1); got != "0 over 0 [0 0 0 0 0]" {
		t.Errorf("stars after the move: %s, want none", got)
	}
	if got := w.praise(t); got != "location praise 0, management praise 0" {
		t.Errorf("after the move: %s, want none", got)
	}
	for _, title := range []string{"Great spot near the park", "Solid building", "Newcomer about Kenwood"} {
		if got := w.standing(t, title); got != "listed, previous_address" {
			t.Errorf("%q after the move: %s, want listed, previous_address", title, got)
		}
	}
	if got := w.previousTypeCount(t, "general"); got != "2 shown, 0 count, 0 not independent, 2 previous address" {
		t.Errorf("general reviews after the move: %s", got)
	}
	if got := w.summary(t).Summary.GetCount(); got != 0 {
		t.Errorf("rating summary after the move counts %d reviews, want 0", got)
	}

	// Out of the catch-up's index, which no catch-up reads past any more.
	if n, stale := w.outOfStep(t), w.inCatchUpIndex(t); n != 0 || stale != 0 {
		t.Errorf("after the move: %d reviews' mark out of step, %d about the old address in the catch-up's index", n, stale)
	}

	// The newcomer is established a week later: the catch-up still leaves their review out.
	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = 'newcomer'`)
	if n := w.catchUps(t, 2); n != 0 {
		t.Errorf("the catch-up counted %d reviews about the old address, want 0", n)
	}
	if got := w.standing(t, "Newcomer about Kenwood"); got != "listed, previous_address" {
		t.Errorf("the newcomer's review after the catch-up: %s, want listed, previous_address", got)
	}

	d = draft("tenant_to_property")
	d.Rating, d.Title = 2, "Noisy new street"
	if r := w.create(t, w.established(t, "kim"), d); r.NotCountedReason != "" {
		t.Errorf("a review of the new address: not counted %q, want counted", r.NotCountedReason)
	}
	if got := w.stars(t, 1); got != "2 over 1 [0 1 0 0 0]" {
		t.Errorf("stars with a review of the new address: %s, want 2 over 1 [0 1 0 0 0]", got)
	}

	// Back at Kenwood: the reviews about it may count again (the catch-up counts them), the one
	// about Somewhere Else Blvd stops counting at once.
	w.edit(t, owner, kenwoodAddress, "")
	if got := w.standing(t, "Noisy new street"); got != "listed, previous_address" {
		t.Errorf("Kim's review once the listing moved back: %s, want listed, previous_address", got)
	}
	if n, due := w.outOfStep(t), w.inCatchUpIndex(t); n != 0 || due != 3 {
		t.Errorf("moved back: %d reviews' mark out of step, %d in the catch-up's index, want 0 and 3", n, due)
	}
	if n := w.catchUps(t, 2); n != 3 {
		t.Errorf("the catch-up counted %d reviews once the listing moved back, want 3", n)
	}
	if got := w.stars(t, 1); got != "3.3 over 3 [1 0 0 1 1]" {
		t.Errorf("stars back at Kenwood: %s, want 3.3 over 3 [1 0 0 1 1]", got)
	}
	if got := w.praise(t); got != "location praise 1, management praise 0" {
		t.Errorf("back at Kenwood: %s, want location praise 1", got)
	}
	if differ := w.recountDiffers(t); differ != 0 {
		t.Errorf("%d properties' stored stars differ from a recount", differ)
	}
	if n := w.countedElsewhere(t); n != 0 {
		t.Errorf("%d counted reviews are about another address than their property's", n)
	}
}

// A verified tenant's review stops counting with the move as well: the move revokes the tenancy
// (its label goes) and the review, although its author is established, stays out.
func TestMovedListingsVerifiedReviewsStopCounting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.atKenwood(t)
	w.established(t, "vera")
	w.tenancy(t, "vera", 1, "approved", "documents")
	d := draft("tenant_to_property")
	d.Rating, d.Title = 5, "Documented stay"
	if r := w.create(t, "token-vera", d); r.VerifiedLabel != "Verified Tenant" || r.NotCountedReason != "" {
		t.Fatalf("Vera's review: label %q, not counted %q; want Verified Tenant, counted", r.VerifiedLabel, r.NotCountedReason)
	}
	w.Move(t, owner, 1, "Garden flat")
	if got := w.standing(t, "Documented stay"); got != "listed, previous_address" {
		t.Errorf("Vera's review after the move: %s, want listed, previous_address", got)
	}
	if got := w.stars(t, 1); got != "0 over 0 [0 0 0 0 0]" {
		t.Errorf("stars after the move: %s, want none", got)
	}
	if differ := w.recountDiffers(t); differ != 0 {
		t.Errorf("%d properties' stored stars differ from a recount", differ)
	}
}

// Posts racing moves: in every round several established members post at once while the owner
// moves the listing (to 500 Somewhere Else Blvd and back). Each post and the move take turns on
// the property's lock, so no review ends up counted with an address the listing has left, no post
// fails (no deadlock between posts counted at once), and the stored stars match a recount.
func TestPostsRacingAMoveNeverCountTheOldAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.atKenwood(t)
	const rounds, posters = 6, 4
	var tokens [rounds][posters]string
	for r := range rounds {
		for p := range posters {
			tokens[r][p] = w.established(t, fmt.Sprintf("racer%d_%d", r, p))
		}
	}
	for r := range rounds {
		start := make(chan struct{})
		var wg sync.WaitGroup
		for p := range posters {
			wg.Go(func() {
				d := draft("tenant_to_property")
				d.Title = fmt.Sprintf("Round %d post %d", r, p)
				<-start
				if _, err := w.client.CreateReview(context.Background(), testworld.As(tokens[r][p], d)); err != nil {
					t.Errorf("post %d of round %d: %v", p, r, err)
				}
			})
		}
		wg.Go(func() {
			<-start
			if r%2 == 0 {
				w.Move(t, owner, 1, "Garden flat")
			} else {
				w.edit(t, owner, kenwoodAddress, "")
			}
		})
		close(start)
		wg.Wait()
		if n := w.countedElsewhere(t); n != 0 {
			t.Fatalf("round %d: %d counted reviews are about an address the listing left", r, n)
		}
		if n := w.outOfStep(t); n != 0 {
			t.Fatalf("round %d: %d reviews marked elsewhere or not against review_previous_address", r, n)
		}
	}
	if differ := w.recountDiffers(t); differ != 0 {
		t.Errorf("%d properties' stored stars differ from a recount", differ)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM reviews WHERE property_id = 1`); n != rounds*posters {
		t.Errorf("%d reviews of property 1, want %d", n, rounds*posters)
	}
}

// The reviews written before the migration are stamped with their property's address then, and
// the list of any review carries the reason: previous_address only while it does not count.
func TestReviewsAreStampedWithTheirPropertysAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.atKenwood(t)
	d := draft("general")
	created := w.create(t, w.established(t, "lee"), d)
	if n := w.ID(t, `SELECT count(*)::int FROM reviews r JOIN properties p ON p.id = r.property_id
		WHERE r.id = $1 AND r.address_key = property_address_key(p.address, p.city, p.state, p.postal_code_key, p.country)`, created.Id); n != 1 {
		t.Errorf("the review is not stamped with its property's address key")
	}
	// A statement writing a review directly is stamped too, whatever it says.
	w.Exec(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, address_key)
		SELECT 1, id, 3, 'Written directly', 'Written by a statement of its own.', 'tenant_to_property', 'elsewhere'
		FROM users WHERE username = 'lee'`)
	if n := w.ID(t, `SELECT count(*)::int FROM reviews WHERE title = 'Written directly' AND address_key = property_current_address_key(1)`); n != 1 {
		t.Errorf("a review written directly is not stamped with its property's address key")
	}
	if got := w.page(t, "", &reviewv1.ListPropertyReviewsRequest{}); len(got) != 2 {
		t.Errorf("listed %d reviews, want 2", len(got))
	}
}

// TestReviewListsReadTheStoredMark: the statements that list reviews, count them by type or show
// one read each review's stored mark (elsewhere, which outOfStep above keeps equal to
// review_previous_address) rather than looking its property's address up again for every review
// (property_current_address_key): a page of eleven reviews spent 0.51 ms that way against 0.085 ms
// for everything else.
func TestReviewListsReadTheStoredMark(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SET LOCAL track_functions = 'all'`); err != nil {
		t.Fatal(err)
	}
	var review int32
	if err := tx.QueryRow(ctx, `WITH u AS (INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('lena', 'x', 'lena@example.com', 'Lena', 'Lane', 'landlord') RETURNING id),
		p AS (INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			SELECT 'Flat', '1 Park Lane', 'Leeds', 'apartment', 900, id, 'flat' FROM u RETURNING id)
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT p.id, NULL, 4, 'Fine place ' || i, 'A fine place to live for a year or two.', 'tenant_to_property'
		FROM p, generate_series(1, 3) i RETURNING id`).Scan(&review); err != nil {
		t.Fatal(err)
	}
	lookups := func() int64 {
		t.Helper()
		var n int64
		if err := tx.QueryRow(ctx, `SELECT coalesce(pg_stat_get_xact_function_calls('property_current_address_key(integer)'::regprocedure), 0)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := lookups()
	q := db.New(tx)
	property, err := q.GetReviewDetails(ctx, db.GetReviewDetailsParams{ReviewID: review})
	if err != nil {
		t.Fatal(err)
	}
	page, err := q.ListPropertyReviews(ctx, db.ListPropertyReviewsParams{PropertyID: property.Review.PropertyID, ReviewTypes: []string{}, MaxRows: 11})
	if err != nil || len(page) != 3 {
		t.Fatalf("the property's reviews: %d, %v", len(page), err)
	}
	if _, err := q.CountPropertyReviewsByType(ctx, property.Review.PropertyID); err != nil {
		t.Fatal(err)
	}
	if n := lookups() - before; n != 0 {
		t.Errorf("reading three reviews looked their property's address up %d times, want none", n)
	}
}
