package property_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/testserver"
)

// savedFixture is the search fixture (60 properties of user 1), open to registrations.
func savedFixture(t *testing.T) *testserver.Server {
	t.Helper()
	srv, _ := fixture(t)
	if _, err := srv.Pool.Exec(context.Background(), "SELECT setval(pg_get_serial_sequence('users', 'id'), 1)"); err != nil {
		t.Fatal(err)
	}
	return srv
}

// savedClient is one browser (signed in or not) speaking Connect to the server.
func savedClient(srv *testserver.Server, c *client) propertyv1connect.PropertyServiceClient {
	if c == nil {
		return propertyv1connect.NewPropertyServiceClient(http.DefaultClient, srv.URL)
	}
	return propertyv1connect.NewPropertyServiceClient(c.http, srv.URL)
}

func save(ctx context.Context, c propertyv1connect.PropertyServiceClient, id int32) (int32, error) {
	res, err := c.SaveProperty(ctx, connect.NewRequest(&propertyv1.SavePropertyRequest{PropertyId: id}))
	if err != nil {
		return 0, err
	}
	return res.Msg.GetSavedCount(), nil
}

// savedRows counts the saved_properties rows of a user (by username), or of one property of theirs.
func savedRows(t *testing.T, srv *testserver.Server, username string, propertyID int32) int {
	t.Helper()
	var n int
	err := srv.Pool.QueryRow(context.Background(), `SELECT count(*) FROM saved_properties s JOIN users u ON u.id = s.user_id
		WHERE u.username = $1 AND ($2 = 0 OR s.property_id = $2)`, username, propertyID).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// flags maps each property id of a list to its saved flag.
func flags(list []*propertyv1.Property) map[int32]bool {
	out := make(map[int32]bool, len(list))
	for _, p := range list {
		out[p.GetId()] = p.GetSaved()
	}
	return out
}

func TestSaveProperty(t *testing.T) {
	t.Parallel()
	srv := savedFixture(t)
	ctx := context.Background()
	alice := signUp(t, srv, "alice_saves", "tenant")
	aliceRPC, visitor := savedClient(srv, alice), savedClient(srv, nil)

	t.Run("signed out: unauthenticated", func(t *testing.T) {
		if _, err := save(ctx, visitor, 3); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("save: %v", err)
		}
		_, err := visitor.UnsaveProperty(ctx, connect.NewRequest(&propertyv1.UnsavePropertyRequest{PropertyId: 3}))
		if connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("unsave: %v", err)
		}
		_, err = visitor.ListSavedProperties(ctx, connect.NewRequest(&propertyv1.ListSavedPropertiesRequest{}))
		if connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("list: %v", err)
		}
	})

	t.Run("a missing or withdrawn property: not found", func(t *testing.T) {
		for _, id := range []int32{60, 999, 0, -1} { // 60 is inactive
			if _, err := save(ctx, aliceRPC, id); connect.CodeOf(err) != connect.CodeNotFound {
				t.Errorf("save %d: %v", id, err)
			}
		}
		if n := savedRows(t, srv, "alice_saves", 0); n != 0 {
			t.Errorf("%d rows after refused saves", n)
		}
	})

	t.Run("saving twice is one row", func(t *testing.T) {
		for range 2 {
			if n, err := save(ctx, aliceRPC, 3); err != nil || n != 1 {
				t.Fatalf("save: %d, %v", n, err)
			}
		}
		if n := savedRows(t, srv, "alice_saves", 3); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
	})

	t.Run("50 parallel saves of one property stay one row", func(t *testing.T) {
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for range 50 {
			wg.Go(func() {
				if n, err := save(ctx, aliceRPC, 6); err != nil || n != 2 {
					errs <- fmt.Errorf("save: %d, %w", n, err)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := savedRows(t, srv, "alice_saves", 6); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
	})

	t.Run("unsaving one not saved is no error", func(t *testing.T) {
		res, err := aliceRPC.UnsaveProperty(ctx, connect.NewRequest(&propertyv1.UnsavePropertyRequest{PropertyId: 9}))
		if err != nil || res.Msg.GetSavedCount() != 2 {
			t.Fatalf("unsave: %v, %v", res, err)
		}
	})
}

func TestSavedFlagsPerViewer(t *testing.T) {
	t.Parallel()
	srv := savedFixture(t)
	ctx := context.Background()
	alice, bob := signUp(t, srv, "alice_flags", "tenant"), signUp(t, srv, "bob_flags", "landlord")
	viewers := map[string]propertyv1connect.PropertyServiceClient{
		"alice": savedClient(srv, alice), "bob": savedClient(srv, bob), "visitor": savedClient(srv, nil),
	}
	// Austin holds the ids divisible by 3; alice saves 3 and 6 (Austin) and 4 (London), bob 9.
	mine := map[string][]int32{"alice": {3, 6, 4}, "bob": {9}, "visitor": nil}
	for who, ids := range mine {
		for _, id := range ids {
			if _, err := save(ctx, viewers[who], id); err != nil {
				t.Fatalf("%s saves %d: %v", who, id, err)
			}
		}
	}
	check := func(t *testing.T, who, what string, list []*propertyv1.Property) {
		t.Helper()
		if len(list) == 0 {
			t.Fatalf("%s: %s is empty", who, what)
		}
		for id, saved := range flags(list) {
			if want := slices.Contains(mine[who], id); saved != want {
				t.Errorf("%s: %s: property %d saved %t, want %t", who, what, id, saved, want)
			}
		}
	}
	searches := map[string]*propertyv1.SearchPropertiesRequest{
		"city, plain":         {City: "Austin", SortBy: "highestRated"},
		"city, filtered":      {City: "austin", SortBy: "newestListed", VerifiedOnly: false, PropertyType: "all", Query: "main"},
		"neighbourhood":       {City: "Riverside"},
		"postal code":         {ZipCode: "78701", SortBy: "mostReviews"},
		"text":                {Query: "Main Street", SortBy: "featured", PageSize: 50},
		"everything":          {PageSize: 50},
		"everything filtered": {PropertyType: "house", PageSize: 50},
	}
	for who, rpc := range viewers {
		t.Run(who, func(t *testing.T) {
			for name, req := range searches {
				res, err := rpc.SearchProperties(ctx, connect.NewRequest(req))
				if err != nil {
					t.Fatalf("search %s: %v", name, err)
				}
				check(t, who, "search "+name, res.Msg.GetProperties())
			}
			for _, id := range []int32{3, 4, 5, 9} {
				res, err := rpc.GetProperty(ctx, connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
				if err != nil {
					t.Fatal(err)
				}
				check(t, who, "get "+strconv.Itoa(int(id)), []*propertyv1.Property{res.Msg.GetProperty()})
			}
			batch, err := rpc.BatchGetProperties(ctx, connect.NewRequest(&propertyv1.BatchGetPropertiesRequest{Ids: []int32{3, 4, 5, 6, 9}}))
			if err != nil {
				t.Fatal(err)
			}
			var list []*propertyv1.Property
			for _, p := range batch.Msg.GetProperties() {
				list = append(list, p)
			}
			check(t, who, "batch", list)
			similar, err := rpc.ListSimilarProperties(ctx, connect.NewRequest(&propertyv1.ListSimilarPropertiesRequest{PropertyId: 12, Limit: 12}))
			if err != nil {
				t.Fatal(err)
			}
			check(t, who, "similar", similar.Msg.GetProperties())
		})
	}
	// The plain search runs on sessions that keep one generic plan: after the visitor's call,
	// alice's flags must still be hers (the viewer is an argument, never part of a cached plan).
	res, err := viewers["alice"].SearchProperties(ctx, connect.NewRequest(&propertyv1.SearchPropertiesRequest{City: "Austin", SortBy: "highestRated", PageSize: 50}))
	if err != nil {
		t.Fatal(err)
	}
	if got := flags(res.Msg.GetProperties()); !got[3] || !got[6] || got[9] {
		t.Errorf("alice's Austin flags: %v", got)
	}
}

func TestListSavedProperties(t *testing.T) {
	t.Parallel()
	srv := savedFixture(t)
	ctx := context.Background()
	alice, bob := signUp(t, srv, "alice_list", "tenant"), signUp(t, srv, "bob_list", "tenant")
	rpc := savedClient(srv, alice)
	for _, id := range []int32{5, 7, 11} {
		if _, err := save(ctx, rpc, id); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(c propertyv1connect.PropertyServiceClient, page, size int32) ([]int32, int32) {
		t.Helper()
		res, err := c.ListSavedProperties(ctx, connect.NewRequest(&propertyv1.ListSavedPropertiesRequest{Page: page, PageSize: size}))
		if err != nil {
			t.Fatal(err)
		}
		var out []int32
		for _, p := range res.Msg.GetProperties() {
			if !p.GetSaved() {
				t.Errorf("property %d in the saved list without its flag", p.GetId())
			}
			out = append(out, p.GetId())
		}
		return out, res.Msg.GetTotalCount()
	}
	if got, total := ids(rpc, 0, 0); !slices.Equal(got, []int32{11, 7, 5}) || total != 3 {
		t.Errorf("list: %v of %d, want the most recently saved first", got, total)
	}
	if got, total := ids(rpc, 2, 2); !slices.Equal(got, []int32{5}) || total != 3 {
		t.Errorf("page 2: %v of %d", got, total)
	}
	if got, total := ids(rpc, 5, 2); len(got) != 0 || total != 3 {
		t.Errorf("a page past the end: %v of %d, want none of 3", got, total)
	}
	if got, total := ids(savedClient(srv, bob), 1, 12); len(got) != 0 || total != 0 {
		t.Errorf("bob sees %v of %d: another user's saved list", got, total)
	}
	for _, bad := range []*propertyv1.ListSavedPropertiesRequest{{Page: -1}, {PageSize: property.MaxSavedPageSize + 1}, {PageSize: -3}} {
		if _, err := rpc.ListSavedProperties(ctx, connect.NewRequest(bad)); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("%v: %v", bad, err)
		}
	}

	// A withdrawn listing leaves the list and the count; unsaving takes one off.
	if _, err := srv.Pool.Exec(ctx, "UPDATE properties SET active = false WHERE id = 7"); err != nil {
		t.Fatal(err)
	}
	if got, total := ids(rpc, 1, 12); !slices.Equal(got, []int32{11, 5}) || total != 2 {
		t.Errorf("after withdrawal: %v of %d", got, total)
	}
	res, err := rpc.UnsaveProperty(ctx, connect.NewRequest(&propertyv1.UnsavePropertyRequest{PropertyId: 11}))
	if err != nil || res.Msg.GetSavedCount() != 1 {
		t.Fatalf("unsave: %v, %v", res, err)
	}
	if got, _ := ids(rpc, 1, 12); !slices.Equal(got, []int32{5}) {
		t.Errorf("after unsave: %v", got)
	}
}

func TestSavedPropertiesREST(t *testing.T) {
	t.Parallel()
	srv := savedFixture(t)
	alice := signUp(t, srv, "alice_rest", "tenant")
	if status, body := alice.json(http.MethodPut, "/api/user/saved/8", nil); status != http.StatusOK || body["savedCount"] != 1.0 {
		t.Fatalf("PUT: %d %v", status, body)
	}
	if status, body := alice.json(http.MethodPut, "/api/user/saved/999", nil); status != http.StatusNotFound || body["message"] != "Property Not Found" {
		t.Errorf("PUT missing: %d %v", status, body)
	}
	if status, _ := alice.json(http.MethodPut, "/api/user/saved/abc", nil); status != http.StatusBadRequest {
		t.Errorf("PUT abc: %d", status)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/user/saved", http.NoBody)
	res, err := alice.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []map[string]any
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil || res.StatusCode != http.StatusOK || len(list) != 1 ||
		list[0]["id"] != 8.0 || list[0]["saved"] != true || res.Header.Get("X-Total-Count") != "1" {
		t.Errorf("GET: %d %v %v (%v)", res.StatusCode, list, res.Header, err)
	}
	if status, body := alice.json(http.MethodDelete, "/api/user/saved/8", nil); status != http.StatusOK || body["savedCount"] != 0.0 {
		t.Errorf("DELETE: %d %v", status, body)
	}
	if status, _ := alice.json(http.MethodDelete, "/api/user/saved/8", nil); status != http.StatusOK {
		t.Errorf("DELETE again: %d", status)
	}
	visitor := &client{t: t, base: srv.URL, http: http.DefaultClient}
	for _, method := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		path := "/api/user/saved/8"
		if method == http.MethodGet {
			path = "/api/user/saved"
		}
		if status, _ := visitor.json(method, path, nil); status != http.StatusUnauthorized {
			t.Errorf("signed out %s: %d", method, status)
		}
	}
}

func TestSavedPropertiesLimit(t *testing.T) {
	t.Parallel()
	srv := savedFixture(t)
	ctx := context.Background()
	// The declared limit and 100 more listings, ids from 1001.
	limit := int(property.MaxSaved)
	last := int32(1000 + limit + 100)
	if _, err := srv.Pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT i, 'Flat ' || i, i || ' High Street', 'Leeds', 'apartment', 900, 1, 'flat-' || i FROM generate_series(1001, $1::int) i`, last); err != nil {
		t.Fatal(err)
	}
	carol := signUp(t, srv, "carol_limit", "tenant")
	rpc := savedClient(srv, carol)

	// limit+100 saves of different properties, 50 at a time: exactly limit get in.
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		refused   int
		unexpects []error
	)
	slots := make(chan struct{}, 50)
	for id := int32(1001); id <= last; id++ {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			_, err := save(ctx, rpc, id)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
			case connect.CodeOf(err) == connect.CodeResourceExhausted:
				refused++
			default:
				unexpects = append(unexpects, err)
			}
		})
	}
	wg.Wait()
	if len(unexpects) > 0 {
		t.Fatalf("unexpected errors: %v", unexpects)
	}
	if n := savedRows(t, srv, "carol_limit", 0); n != limit || refused != 100 {
		t.Fatalf("%d rows and %d refused, want %d and 100", n, refused, limit)
	}

	// Full: a new one is refused with the reason, one already saved is still fine.
	var saved, other int32
	if err := srv.Pool.QueryRow(ctx, `SELECT min(property_id) FROM saved_properties s JOIN users u ON u.id = s.user_id
		WHERE u.username = 'carol_limit'`).Scan(&saved); err != nil {
		t.Fatal(err)
	}
	_, err := save(ctx, rpc, 3)
	if connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Fatalf("save past the limit: %v", err)
	}
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Message() != fmt.Sprintf("You can save up to %d properties: remove one from your saved properties to save another", limit) {
		t.Errorf("message: %v", err)
	}
	if n, err := save(ctx, rpc, saved); err != nil || n != property.MaxSaved {
		t.Errorf("saving one already saved when full: %d, %v", n, err)
	}

	// Unsaving makes room for one; a withdrawn listing no longer counts.
	if _, err := rpc.UnsaveProperty(ctx, connect.NewRequest(&propertyv1.UnsavePropertyRequest{PropertyId: saved})); err != nil {
		t.Fatal(err)
	}
	if n, err := save(ctx, rpc, 3); err != nil || n != property.MaxSaved {
		t.Errorf("save after unsave: %d, %v", n, err)
	}
	if err := srv.Pool.QueryRow(ctx, `UPDATE properties SET active = false WHERE id = (
			SELECT max(property_id) FROM saved_properties s JOIN users u ON u.id = s.user_id WHERE u.username = 'carol_limit')
		RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	if n, err := save(ctx, rpc, 6); err != nil || n != property.MaxSaved {
		t.Errorf("save after %d was withdrawn: %d, %v", other, n, err)
	}
}
