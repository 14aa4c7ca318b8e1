package savedsearch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/proto"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	savedsearchv1 "github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1"
	"github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1/savedsearchv1connect"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a test server with the clients these tests call.
type world struct {
	*testworld.World
	saved      savedsearchv1connect.SavedSearchServiceClient
	properties propertyv1connect.PropertyServiceClient
}

func newWorld(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	w := &world{World: testworld.Start(t, opts)}
	w.saved = savedsearchv1connect.NewSavedSearchServiceClient(w.Client, w.URL)
	w.properties = propertyv1connect.NewPropertyServiceClient(w.Client, w.URL)
	return w
}

// places lists one property in London (Camden, SW1A 1AA) and one in Leeds, owned by "seed", so
// the places tables know London, Camden and Leeds.
func (w *world) places(t *testing.T) {
	t.Helper()
	w.Person(t, "seed", "landlord")
	w.Exec(t, `INSERT INTO properties (title, address, locality, city, zip_code, property_type, monthly_rent, currency, landlord_id, slug)
		SELECT 'Seed flat', '1 Seed Row', 'Camden', 'London', 'SW1A 1AA', 'apartment', 1000, 'GBP', id, 'seed-london' FROM users WHERE username = 'seed'`)
	w.Exec(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, currency, landlord_id, slug)
		SELECT 'Seed house', '2 Seed Row', 'Leeds', 'house', 900, 'GBP', id, 'seed-leeds' FROM users WHERE username = 'seed'`)
}

// save saves a search as token and fails the test when it is refused.
func (w *world) save(t *testing.T, token string, req *savedsearchv1.CreateSavedSearchRequest) *savedsearchv1.SavedSearch {
	t.Helper()
	res, err := w.saved.CreateSavedSearch(context.Background(), testworld.As(token, req))
	if err != nil {
		t.Fatalf("save %q: %v", req.Name, err)
	}
	return res.Msg.SavedSearch
}

// image uploads one listing image as token and returns its URL.
func (w *world) image(t *testing.T, token string) string {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part, err := mw.CreateFormFile("images", "front.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := part.Write(testworld.SmallPNG(t)); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	status, _, body := testworld.Send(t, http.MethodPost, w.URL+"/api/upload/property-images", token, mw.FormDataContentType(), &buf)
	var out struct{ Files []string }
	if err := json.Unmarshal([]byte(body), &out); status != http.StatusOK || err != nil || len(out.Files) != 1 {
		t.Fatalf("upload: %d %s", status, body)
	}
	return out.Files[0]
}

// listing is a listing form in London, Camden, SW1A 1AA: a two-bedroom apartment at 1,500 GBP
// that allows pets, 700 sq ft.
func listing(title string, image string) *propertyv1.CreatePropertyRequest {
	return &propertyv1.CreatePropertyRequest{
		Title: title, Description: "A bright flat with tall windows on a quiet street.",
		Address: "10 Downing Lane", Locality: "Camden", City: "London", ZipCode: "SW1A 1AA", Country: "United Kingdom",
		PropertyType: "apartment", MonthlyRent: 1500, Bedrooms: 2, Bathrooms: 1, SquareFeet: 700, AreaUnit: "sqft",
		Currency: "GBP", PetsAllowed: true, Images: []string{image},
	}
}

// list creates a listing as token and returns its id.
func (w *world) list(t *testing.T, token string, l *propertyv1.CreatePropertyRequest) int32 {
	t.Helper()
	res, err := w.properties.CreateProperty(context.Background(), testworld.As(token, l))
	if err != nil {
		t.Fatalf("create %q: %v", l.Title, err)
	}
	return res.Msg.Property.Id
}

// drain runs the worker, as a server's does each poll (the test server's own runs beside it), until
// it has told every listing's matches (no job left) and sent the digests due.
func (w *world) drain(t *testing.T) {
	t.Helper()
	// Until no job is left and no digest is due: the server's own worker may hold a row this run
	// skips (SKIP LOCKED), and its writes are only seen once it commits.
	for left := int32(1); left > 0; left = w.ID(t, `SELECT ((SELECT count(*) FROM saved_search_jobs)
		+ (SELECT count(*) FROM saved_search_digests WHERE due_on <= (now() AT TIME ZONE 'UTC')::date))::int`) {
		if _, err := savedsearch.NewWorker(w.Pool).RunOnce(siteorigin.With(context.Background(), w.URL)); err != nil {
			t.Fatalf("run the saved-search worker: %v", err)
		}
	}
}

// matches counts username's saved-search notifications.
func (w *world) matches(t *testing.T, username string) int {
	t.Helper()
	n := 0
	for _, x := range w.Notifications(t, username) {
		if x.Kind == savedsearch.Kind {
			n++
		}
	}
	return n
}

// emails counts the saved-search emails in the outbox to username's address.
func (w *world) emails(t *testing.T, username string) int {
	t.Helper()
	return int(w.ID(t, `SELECT count(*)::int FROM outbox_emails o JOIN users u ON u.id = o.user_id WHERE u.username = $1 AND o.kind = $2`, username, savedsearch.Kind))
}

// setAddress gives username a fresh verified address at the test Mailpit and returns it.
func (w *world) setAddress(t *testing.T, username string) string {
	t.Helper()
	address := mailtest.Address(username)
	w.Exec(t, `UPDATE users SET email = $2, email_verified_at = now() WHERE username = $1`, username, address)
	return address
}

// noPlace is the refusal of a search with neither a place nor a map area.
const noPlace = "Choose a city, neighbourhood or postcode, or an area of the map, to save this search"

func TestSaveListDelete(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.places(t)
	ann, bob := w.Member(t, "ann", "tenant"), w.Member(t, "bob", "tenant")
	ctx := context.Background()

	city := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "London flats", Query: "London flats", MaxRent: 2000, Currency: "gbp"})
	if city.PlaceKind != "city" || city.PlaceName != "London" || city.PropertyType != "apartment" || city.Currency != "GBP" || city.MaxRent != 2000 || !city.Alerts {
		t.Errorf("a line with a city and a type word: %v", city)
	}
	hood := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Camden", City: "camden", MinBedrooms: 2, PetsAllowed: true})
	if hood.PlaceKind != "locality" || hood.PlaceName != "Camden" || hood.MinBedrooms != 2 || !hood.PetsAllowed {
		t.Errorf("a neighbourhood: %v", hood)
	}
	postal := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Near work", ZipCode: "sw1a1aa", City: "London"})
	if postal.PlaceKind != "postal_code" || postal.PlaceName != "SW1A1AA" {
		t.Errorf("a postcode with its city keeps the postcode: %v", postal)
	}
	typed := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Typed", Query: "garden sw1a 1aa"})
	if typed.PlaceKind != "postal_code" || typed.PlaceName != "SW1A 1AA" {
		t.Errorf("a postcode typed in the line: %v", typed)
	}
	firstLeeds := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Brighton", City: "Brighton"})
	if firstLeeds.PlaceKind != "city" || firstLeeds.PlaceName != "Brighton" {
		t.Errorf("a city without listings yet: %v", firstLeeds)
	}
	for _, c := range []struct {
		req  *savedsearchv1.CreateSavedSearchRequest
		want string
	}{
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Anywhere", Query: "garden"}, "invalid_argument: " + noPlace},
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Nothing"}, "invalid_argument: " + noPlace},
		{&savedsearchv1.CreateSavedSearchRequest{Name: " ", City: "London"}, "invalid_argument: Give this search a name"},
		{&savedsearchv1.CreateSavedSearchRequest{Name: strings.Repeat("n", 61), City: "London"}, "invalid_argument: The name can be at most 60 characters"},
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Rent", City: "London", MinRent: 100}, "invalid_argument: Choose the currency of the rent"},
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Type", City: "London", PropertyType: "castle"}, "invalid_argument: Unknown property type"},
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Backwards", MapArea: &propertyv1.MapArea{West: 1, South: 51, East: -1, North: 52}},
			"invalid_argument: The map area's west must be west of its east"},
		{&savedsearchv1.CreateSavedSearchRequest{Name: "Off the globe", City: "London", MapArea: &propertyv1.MapArea{West: -1, South: 51, East: 1, North: 91}},
			"invalid_argument: The map area's south must be south of its north"},
	} {
		_, err := w.saved.CreateSavedSearch(ctx, testworld.As(ann, c.req))
		if got := testworld.Failure(err); !strings.HasPrefix(got, c.want) {
			t.Errorf("save %v: %s, want %s", c.req, got, c.want)
		}
	}
	if _, err := w.saved.CreateSavedSearch(ctx, connect.NewRequest(&savedsearchv1.CreateSavedSearchRequest{Name: "x", City: "London"})); testworld.Failure(err) != "unauthenticated: Please sign in to save searches" {
		t.Errorf("signed out: %s", testworld.Failure(err))
	}

	mine, err := w.saved.ListSavedSearches(ctx, testworld.As(ann, &savedsearchv1.ListSavedSearchesRequest{}))
	if err != nil || len(mine.Msg.SavedSearches) != 5 || mine.Msg.SavedSearches[0].Name != "Brighton" {
		t.Fatalf("ann's list: %v %v", mine, err)
	}
	theirs, err := w.saved.ListSavedSearches(ctx, testworld.As(bob, &savedsearchv1.ListSavedSearchesRequest{}))
	if err != nil || len(theirs.Msg.SavedSearches) != 0 {
		t.Errorf("bob sees ann's: %v %v", theirs, err)
	}
	if _, err := w.saved.DeleteSavedSearch(ctx, testworld.As(bob, &savedsearchv1.DeleteSavedSearchRequest{Id: city.Id})); testworld.Failure(err) != "not_found: Saved search not found" {
		t.Errorf("bob deletes ann's: %s", testworld.Failure(err))
	}
	if _, err := w.saved.SetSavedSearchAlerts(ctx, testworld.As(bob, &savedsearchv1.SetSavedSearchAlertsRequest{Id: city.Id})); testworld.Failure(err) != "not_found: Saved search not found" {
		t.Errorf("bob turns ann's alerts off: %s", testworld.Failure(err))
	}
	off, err := w.saved.SetSavedSearchAlerts(ctx, testworld.As(ann, &savedsearchv1.SetSavedSearchAlertsRequest{Id: city.Id, Alerts: false}))
	if err != nil || off.Msg.SavedSearch.Alerts {
		t.Errorf("alerts off: %v %v", off, err)
	}
	if _, err := w.saved.DeleteSavedSearch(ctx, testworld.As(ann, &savedsearchv1.DeleteSavedSearchRequest{Id: city.Id})); err != nil {
		t.Fatal(err)
	}
	if _, err := w.saved.DeleteSavedSearch(ctx, testworld.As(ann, &savedsearchv1.DeleteSavedSearchRequest{Id: city.Id})); testworld.Failure(err) != "not_found: Saved search not found" {
		t.Errorf("deleted twice: %s", testworld.Failure(err))
	}
	if n := w.ID(t, `SELECT saved FROM saved_search_counts WHERE user_id = $1`, w.UserID(t, "ann")); n != 4 {
		t.Errorf("ann's count: %d, want 4", n)
	}
}

// Thirty saves at once, from parallel requests: exactly twenty are kept.
func TestLimitHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.places(t)
	ann := w.Member(t, "ann", "tenant")
	var wg sync.WaitGroup
	failures := make([]string, 30)
	for i := range failures {
		wg.Go(func() {
			_, err := w.saved.CreateSavedSearch(context.Background(), testworld.As(ann, &savedsearchv1.CreateSavedSearchRequest{Name: fmt.Sprintf("London %d", i), City: "London"}))
			failures[i] = testworld.Failure(err)
		})
	}
	wg.Wait()
	ok, full := 0, 0
	for _, f := range failures {
		switch f {
		case "ok":
			ok++
		case fmt.Sprintf("resource_exhausted: You can save up to %d searches: delete one to save another", savedsearch.MaxPerMember):
			full++
		default:
			t.Errorf("unexpected answer: %s", f)
		}
	}
	rows := w.ID(t, `SELECT count(*)::int FROM saved_searches WHERE user_id = $1`, w.UserID(t, "ann"))
	if ok != savedsearch.MaxPerMember || full != 30-savedsearch.MaxPerMember || rows != savedsearch.MaxPerMember {
		t.Fatalf("kept %d, refused %d, rows %d", ok, full, rows)
	}
	// Deleting one makes room for one.
	list, err := w.saved.ListSavedSearches(context.Background(), testworld.As(ann, &savedsearchv1.ListSavedSearchesRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.saved.DeleteSavedSearch(context.Background(), testworld.As(ann, &savedsearchv1.DeleteSavedSearchRequest{Id: list.Msg.SavedSearches[3].Id})); err != nil {
		t.Fatal(err)
	}
	w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "One more", City: "Leeds"})
}

// A new listing tells each member whose saved search it matches exactly once, never its owner,
// and no member whose search it does not match; a member's saved search is emailed once a day at
// most; an edit tells the searches it newly matches, and only those.
func TestMatching(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.places(t)
	lou := w.Member(t, "lou", "landlord")
	tokens := map[string]string{}
	for _, name := range []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"} {
		tokens[name] = w.Member(t, name, "tenant")
		if name != "gus" {
			w.VerifyEmail(t, name)
		}
	}
	w.VerifyEmail(t, "lou")
	// The listings are apartments in London, Camden, SW1A 1AA, 1,500 GBP, 2 bedrooms, pets, 700 sq ft.
	for name, req := range map[string]*savedsearchv1.CreateSavedSearchRequest{
		"ann": {Name: "Cheap London", City: "London", Currency: "GBP", MaxRent: 2000},       // matches
		"bob": {Name: "Big Camden", City: "Camden", MinBedrooms: 3},                         // not until the edit
		"cat": {Name: "Pets near work", ZipCode: "SW1A 1AA", PetsAllowed: true},             // matches
		"dan": {Name: "London houses", City: "London", PropertyType: "house"},               // type differs
		"eve": {Name: "Leeds", City: "Leeds"},                                               // place differs
		"gus": {Name: "Garden flats", Query: "london garden", MinArea: 60, AreaUnit: "sqm"}, // matches (65 m² ≥ 60), no verified address
		"hal": {Name: "Dollars", City: "London", Currency: "USD"},                           // currency differs
		"ivy": {Name: "Rich", City: "London", Currency: "GBP", MinRent: 1600},               // rent too low
		"fay": {Name: "Quiet", City: "London"},                                              // alerts off
	} {
		s := w.save(t, tokens[name], req)
		if name == "fay" {
			if _, err := w.saved.SetSavedSearchAlerts(context.Background(), testworld.As(tokens[name], &savedsearchv1.SetSavedSearchAlertsRequest{Id: s.Id})); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.save(t, lou, &savedsearchv1.CreateSavedSearchRequest{Name: "My own", City: "London"}) // the owner's own: never told

	first := w.list(t, lou, listing("Garden flat by the park", w.image(t, lou)))
	w.drain(t)
	want := map[string]int{"ann": 1, "cat": 1, "gus": 1}
	wantEmails := map[string]int{"ann": 1, "cat": 1} // gus has no verified address
	check := func(when string) {
		t.Helper()
		for _, name := range []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "lou"} {
			if got := w.matches(t, name); got != want[name] {
				t.Errorf("%s: %s has %d notifications, want %d", when, name, got, want[name])
			}
			if got := w.emails(t, name); got != wantEmails[name] {
				t.Errorf("%s: %s has %d emails, want %d", when, name, got, wantEmails[name])
			}
		}
	}
	check("first listing")
	noted := w.Notifications(t, "ann")
	if last := noted[len(noted)-1]; last.Title != "New listing for your saved search “Cheap London”" || last.Link != fmt.Sprintf("/properties/%d", first) ||
		last.Category != "saved_searches" || !strings.HasPrefix(last.Body, "Garden flat by the park · 1500 GBP a month · Camden, London") {
		t.Errorf("ann's notification: %+v", last)
	}

	// A second listing the same day: a notification each, no second email.
	second := w.list(t, lou, listing("Second flat", w.image(t, lou)))
	w.drain(t)
	want = map[string]int{"ann": 2, "cat": 2, "gus": 1}
	check("second listing")

	// An edit that changes nothing the searches ask about tells nobody.
	edit := listing("Second flat", "")
	res, err := w.properties.GetProperty(context.Background(), testworld.As(lou, &propertyv1.GetPropertyRequest{Id: second}))
	if err != nil {
		t.Fatal(err)
	}
	edit.Images = res.Msg.Property.Images
	edit.Description = "A bright flat with tall windows on a quiet street, newly painted."
	if _, err := w.properties.UpdateProperty(context.Background(), testworld.As(lou, &propertyv1.UpdatePropertyRequest{Id: second, Listing: edit})); err != nil {
		t.Fatal(err)
	}
	w.drain(t)
	check("an edit of the description")

	// An edit that moves the listing out of cat's search (no pets) and one that moves it back:
	// cat was told about this listing already, and is not told again.
	for _, pets := range []bool{false, true} {
		edit.PetsAllowed = pets
		if _, err := w.properties.UpdateProperty(context.Background(), testworld.As(lou, &propertyv1.UpdatePropertyRequest{Id: second, Listing: edit})); err != nil {
			t.Fatal(err)
		}
		w.drain(t)
	}
	check("an edit out of a search and back")

	// Three bedrooms: bob's search now matches, and only bob is told.
	edit.Bedrooms = 3
	if _, err := w.properties.UpdateProperty(context.Background(), testworld.As(lou, &propertyv1.UpdatePropertyRequest{Id: second, Listing: edit})); err != nil {
		t.Fatal(err)
	}
	w.drain(t)
	want["bob"], wantEmails["bob"] = 1, 1
	check("an edit that newly matches")
}

// Listings created at once through two servers on one database are each matched in their own
// transactions and told exactly once by the two servers' workers, racing, and each of the member's
// saved searches is emailed once. The test runs the workers itself: a server's own, running every
// second, took jobs before the test had counted them on a slow machine.
func TestMatchedOnceAcrossTwoServers(t *testing.T) {
	t.Parallel()
	a := newWorld(t, testserver.Options{OwnMatching: true})
	b := newWorld(t, testserver.Options{DatabaseURL: a.Pool.Config().ConnString(), OwnMatching: true})
	a.places(t)
	ann, lou := a.Member(t, "ann", "tenant"), a.Member(t, "lou", "landlord")
	a.VerifyEmail(t, "ann")
	a.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Camden", City: "Camden"})
	a.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "London", City: "London"})
	const n = 8
	images := make([]string, n)
	for i := range images {
		images[i] = a.image(t, lou)
	}
	var wg sync.WaitGroup
	ids := make([]int32, n)
	for i := range n {
		w := []*world{a, b}[i%2]
		wg.Go(func() { ids[i] = w.list(t, lou, listing(fmt.Sprintf("Flat number %d", i), images[i])) })
	}
	wg.Wait()
	if jobs := a.ID(t, `SELECT count(*)::int FROM saved_search_jobs WHERE cardinality(search_ids) = 2`); jobs != n {
		t.Errorf("%d listings matched both saved searches in their transactions, want %d", jobs, n)
	}
	for _, w := range []*world{a, b} {
		wg.Go(func() {
			if _, err := savedsearch.NewWorker(w.Pool).RunOnce(siteorigin.With(context.Background(), w.URL)); err != nil {
				t.Errorf("the worker of %s: %v", w.URL, err)
			}
		})
	}
	wg.Wait()
	a.drain(t)
	for _, id := range ids {
		if got := a.ID(t, `SELECT count(*)::int FROM notifications WHERE kind = $1 AND link = $2`, savedsearch.Kind, fmt.Sprintf("/properties/%d", id)); got != 2 {
			t.Errorf("listing %d: %d notifications, want 2 (one per saved search)", id, got)
		}
	}
	if got := a.matches(t, "ann"); got != 2*n {
		t.Errorf("ann: %d notifications, want %d", got, 2*n)
	}
	if got := a.emails(t, "ann"); got != 2 {
		t.Errorf("ann: %d emails, want 2 (one per saved search)", got)
	}
}

// The email reaches Mailpit with its one-click unsubscribe, which turns that saved search's alerts
// off and leaves the member's other saved searches, and their email, as they were.
func TestEmailReachesMailpit(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{Mail: true})
	w.places(t)
	ann, lou := w.Member(t, "ann", "tenant"), w.Member(t, "lou", "landlord")
	address := w.setAddress(t, "ann")
	camden := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Camden pets", City: "Camden", PetsAllowed: true})
	id := w.list(t, lou, listing("Garden flat by the park", w.image(t, lou)))
	m := w.Mailpit.Latest(t, address) // the server's worker, then its sender
	if m.Subject != "New listing for your saved search “Camden pets”" || !strings.Contains(m.Text, fmt.Sprintf("/properties/%d", id)) ||
		!strings.Contains(m.Text, "at most once a day") || !strings.Contains(m.Text, "To stop alerts for this saved search alone") ||
		m.Header("List-Unsubscribe") == "" {
		t.Fatalf("the email: %q %q %q", m.Subject, m.Text, m.Header("List-Unsubscribe"))
	}
	unsubscribe := strings.Trim(m.Header("List-Unsubscribe"), "<>")
	if status, _, body := testworld.Send(t, http.MethodGet, unsubscribe, "", "", nil); status != http.StatusOK ||
		!strings.Contains(body, "Stop alerts for your saved search “Camden pets”?") {
		t.Errorf("the unsubscribe page: %d %s", status, body)
	}
	if status, _, body := testworld.Send(t, http.MethodPost, unsubscribe, "", "application/x-www-form-urlencoded",
		strings.NewReader("List-Unsubscribe=One-Click")); status != http.StatusOK || !strings.Contains(body, "Alerts for your saved search “Camden pets” are off.") {
		t.Fatalf("unsubscribe: %d %s", status, body)
	}
	if on := w.ID(t, `SELECT count(*)::int FROM saved_searches WHERE id = $1 AND alerts`, camden.Id); on != 0 {
		t.Errorf("the search's alerts are still on")
	}
	if off := w.ID(t, `SELECT count(*)::int FROM users WHERE username = 'ann' AND notification_preferences -> 'email' ->> 'saved_searches' = 'false'`); off != 0 {
		t.Errorf("one search's link turned all saved-search email off")
	}
	// Tomorrow (the day's claim cleared), a match tells ann's other search only, by email too.
	w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "All London", City: "London"})
	w.Exec(t, `UPDATE saved_search_emails SET emailed_on = emailed_on - 1`)
	w.list(t, lou, listing("Another garden flat", w.image(t, lou)))
	w.drain(t)
	if n, e := w.matches(t, "ann"), w.emails(t, "ann"); n != 2 || e != 2 {
		t.Errorf("after unsubscribing from one search: %d notifications, %d emails, want 2 and 2", n, e)
	}
	// The link of a search deleted since says so, and changes nothing.
	if _, err := w.saved.DeleteSavedSearch(context.Background(), testworld.As(ann, &savedsearchv1.DeleteSavedSearchRequest{Id: camden.Id})); err != nil {
		t.Fatal(err)
	}
	if status, _, body := testworld.Send(t, http.MethodPost, unsubscribe, "", "application/x-www-form-urlencoded",
		strings.NewReader("List-Unsubscribe=One-Click")); status != http.StatusOK || !strings.Contains(body, "This saved search no longer exists") {
		t.Errorf("a deleted search's link: %d %s", status, body)
	}
}

// A search whose place is an area of the map, or a place and an area, is told about the
// listings placed inside it only: not those outside, nor those without a position.
func TestMapAreaSearches(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.places(t)
	ann, bob, lou := w.Member(t, "ann", "tenant"), w.Member(t, "bob", "tenant"), w.Member(t, "lou", "landlord")
	ctx := context.Background()
	central := &propertyv1.MapArea{West: -0.2, South: 51.45, East: 0, North: 51.55}
	area := w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Central", MapArea: central})
	if area.PlaceKind != "map_area" || area.PlaceName != "Map area" || !proto.Equal(area.MapArea, central) {
		t.Errorf("an area alone: %v", area)
	}
	both := w.save(t, bob, &savedsearchv1.CreateSavedSearchRequest{Name: "Camden on the map", City: "Camden", MapArea: central})
	if both.PlaceKind != "locality" || both.PlaceName != "Camden" || !proto.Equal(both.MapArea, central) {
		t.Errorf("a place and an area: %v", both)
	}
	listed, err := w.saved.ListSavedSearches(ctx, testworld.As(ann, &savedsearchv1.ListSavedSearchesRequest{}))
	if err != nil || len(listed.Msg.SavedSearches) != 1 || !proto.Equal(listed.Msg.SavedSearches[0].MapArea, central) {
		t.Errorf("ann's list keeps the area: %v %v", listed, err)
	}

	at := func(title, lat, lng string) *propertyv1.CreatePropertyRequest {
		l := listing(title, w.image(t, lou))
		l.Latitude, l.Longitude = lat, lng
		return l
	}
	w.list(t, lou, at("Inside", "51.5", "-0.1"))
	w.list(t, lou, at("On the edge", "51.55", "0")) // an area holds its edges
	w.list(t, lou, at("Outside", "51.6", "-0.1"))
	w.list(t, lou, at("Unplaced", "", ""))
	w.drain(t)
	for _, c := range []struct {
		who  string
		want []string
	}{{"ann", []string{"Inside", "On the edge"}}, {"bob", []string{"Inside", "On the edge"}}} {
		var got []string
		for _, n := range w.Notifications(t, c.who) {
			if n.Kind == savedsearch.Kind {
				got = append(got, strings.SplitN(n.Body, " · ", 2)[0])
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s was told about %v, want %v", c.who, got, c.want)
		}
	}
}

// A day's later matches of a saved search wait for the next UTC day and go out together in one
// digest, which is that day's email; a search emailed again first that day waits one day more,
// and a search switched off or a listing gone since is left out.
func TestDigest(t *testing.T) {
	t.Parallel()
	// The test moves days and switches searches off between its runs of the worker: the server's
	// own, polling beside it, could send a digest in between.
	w := newWorld(t, testserver.Options{OwnMatching: true})
	w.places(t)
	ann, bob, lou := w.Member(t, "ann", "tenant"), w.Member(t, "bob", "tenant"), w.Member(t, "lou", "landlord")
	w.VerifyEmail(t, "ann")
	w.VerifyEmail(t, "bob")
	w.save(t, ann, &savedsearchv1.CreateSavedSearchRequest{Name: "Camden", City: "Camden"})
	quiet := w.save(t, bob, &savedsearchv1.CreateSavedSearchRequest{Name: "London", City: "London"})
	digests := func(username string) []string {
		t.Helper()
		rows, err := w.Pool.Query(context.Background(), `SELECT o.content::text FROM outbox_emails o JOIN users u ON u.id = o.user_id
			WHERE u.username = $1 AND o.kind = $2 ORDER BY o.id`, username, savedsearch.DigestKind)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	yesterday := func() {
		w.Exec(t, `UPDATE saved_search_digests SET due_on = due_on - 1`)
		w.Exec(t, `UPDATE saved_search_emails SET emailed_on = emailed_on - 1`)
	}

	ids := make([]int32, 4)
	for i := range ids {
		ids[i] = w.list(t, lou, listing(fmt.Sprintf("Flat %d", i), w.image(t, lou)))
	}
	w.drain(t)
	if n, e, owed := w.matches(t, "ann"), w.emails(t, "ann"), w.ID(t, `SELECT count(*)::int FROM saved_search_digests`); n != 4 || e != 1 || owed != 6 {
		t.Fatalf("the first day: ann has %d notifications and %d emails, %d matches owed, want 4, 1 and 6 (3 each)", n, e, owed)
	}
	if d := digests("ann"); len(d) != 0 {
		t.Fatalf("a digest before the next day: %v", d)
	}

	// The next day: one digest of ann's three later listings (one of them gone inactive since);
	// bob's search was switched off, so it sends none and owes nothing any more.
	yesterday()
	w.Exec(t, `UPDATE properties SET active = false WHERE id = $1`, ids[3])
	if _, err := w.saved.SetSavedSearchAlerts(context.Background(), testworld.As(bob, &savedsearchv1.SetSavedSearchAlertsRequest{Id: quiet.Id})); err != nil {
		t.Fatal(err)
	}
	w.drain(t)
	d := digests("ann")
	if len(d) != 1 {
		t.Fatalf("ann's digests: %v", d)
	}
	var content struct {
		Heading    string
		Paragraphs []string
		Topic      int64
	}
	if err := json.Unmarshal([]byte(d[0]), &content); err != nil {
		t.Fatal(err)
	}
	if content.Heading != "2 more new listings match your saved search “Camden”" || len(content.Paragraphs) != 3 ||
		!strings.HasSuffix(content.Paragraphs[0], fmt.Sprintf("/properties/%d", ids[2])) ||
		!strings.HasSuffix(content.Paragraphs[1], fmt.Sprintf("/properties/%d", ids[1])) || content.Topic == 0 {
		t.Errorf("the digest: %+v", content)
	}
	if len(digests("bob")) != 0 || w.ID(t, `SELECT count(*)::int FROM saved_search_digests`) != 0 {
		t.Errorf("bob's switched-off search: %d digests, %d rows still owed", len(digests("bob")), w.ID(t, `SELECT count(*)::int FROM saved_search_digests`))
	}
	w.drain(t)
	if len(digests("ann")) != 1 {
		t.Errorf("the digest went twice")
	}

	// Two more listings today: the digest took today's email, so both wait for tomorrow. When a
	// match's email takes a day first, that day's digest waits one more day.
	w.list(t, lou, listing("Flat 4", w.image(t, lou)))
	w.list(t, lou, listing("Flat 5", w.image(t, lou)))
	w.drain(t)
	if owed := w.ID(t, `SELECT count(*)::int FROM saved_search_digests WHERE due_on = (now() AT TIME ZONE 'UTC')::date + 1`); owed != 2 {
		t.Fatalf("%d matches owed to tomorrow, want 2", owed)
	}
	w.Exec(t, `UPDATE saved_search_digests SET due_on = due_on - 1`) // due today, but today's email is sent
	w.drain(t)
	if len(digests("ann")) != 1 || w.ID(t, `SELECT count(*)::int FROM saved_search_digests WHERE due_on = (now() AT TIME ZONE 'UTC')::date + 1`) != 2 {
		t.Errorf("a digest due on a day already emailed: %d digests, want it postponed", len(digests("ann")))
	}
}
