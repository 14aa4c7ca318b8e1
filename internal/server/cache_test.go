package server_test

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

const publicCache = "public, max-age=10, stale-while-revalidate=20"

// screensSPA is a built app whose property, search and location pages are made per request, with
// their first rpcs' answers in them (internal/web).
var screensSPA = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html lang="en"><head><title>RentProof</title></head><body><div id="root"></div></body></html>`)},
	".vite/screens.json": {Data: []byte(`[
		{"path": "/", "files": [], "title": "Find and Rate Rental Properties"},
		{"path": "/find-properties", "files": [], "title": "Find Properties", "dynamic": true},
		{"path": "/properties/:id", "files": [], "title": "Property Details", "dynamic": true},
		{"path": "/location/:zipcode", "files": [], "title": "Properties by Location", "dynamic": true},
		{"path": "*", "files": [], "title": "Page Not Found", "noindex": true}
	]`)},
}

// connectGet is the address of a Connect GET of procedure with the JSON message msg.
func connectGet(base, procedure, msg string) string {
	return base + procedure + "?connect=v1&encoding=json&message=" + url.QueryEscape(msg)
}

// answer is what a plain GET was answered.
type answer struct {
	StatusCode int
	Header     http.Header
}

// get sends a GET of u with the header's name and value pairs (testworld.Send).
func get(t *testing.T, u string, header ...string) (answer, string) {
	t.Helper()
	status, h, body := testworld.Send(t, http.MethodGet, u, "", "", nil, header...)
	return answer{status, h}, body
}

// TestPublicAnswersCarryCacheHeaders: the public reads answer an anonymous GET with a shared
// Cache-Control, Vary: Cookie, Authorization and an ETag that If-None-Match turns into a 304,
// over Connect GET, REST and the pages; the same requests with a session cookie or a bearer
// token are private and untagged, and a write is never public.
func TestPublicAnswersCarryCacheHeaders(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{SPA: screensSPA})
	w.Person(t, "lena", "landlord")
	member := w.Person(t, "mia", "tenant")
	id := w.Property(t, "lena", "Cached Flat")

	publicReads := []string{
		connectGet(w.URL, "/rentproof.property.v1.PropertyService/GetProperty", fmt.Sprintf(`{"id":%d}`, id)),
		connectGet(w.URL, "/rentproof.property.v1.PropertyService/SearchProperties", `{"city":"Leeds"}`),
		connectGet(w.URL, "/rentproof.review.v1.ReviewService/ListPropertyReviews", fmt.Sprintf(`{"propertyId":%d}`, id)),
		connectGet(w.URL, "/rentproof.resource.v1.ResourceService/ListResources", `{}`),
		connectGet(w.URL, "/rentproof.statistics.v1.StatisticsService/GetStatistics", `{}`), // any NO_SIDE_EFFECTS rpc
		w.URL + "/api/properties?city=Leeds",
		w.URL + "/api/properties/" + strconv.Itoa(int(id)),
		w.URL + "/api/properties/" + strconv.Itoa(int(id)) + "/reviews",
		w.URL + "/api/resources",
		w.URL + "/properties/" + strconv.Itoa(int(id)),
		w.URL + "/find-properties?city=Leeds",
		w.URL + "/location/62704",
	}
	for _, u := range publicReads {
		res, body := get(t, u)
		etag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != publicCache || etag == "" ||
			!strings.Contains(strings.Join(res.Header.Values("Vary"), ", "), "Cookie, Authorization") ||
			!strings.Contains(strings.Join(res.Header.Values("Vary"), ", "), "Accept-Encoding") {
			t.Errorf("anonymous GET %s: %d, Cache-Control %q, ETag %q, Vary %q", u, res.StatusCode,
				res.Header.Get("Cache-Control"), etag, res.Header.Values("Vary"))
			continue
		}
		again, rest := get(t, u, "If-None-Match", `"other", `+etag)
		if again.StatusCode != http.StatusNotModified || rest != "" || again.Header.Get("ETag") != etag {
			t.Errorf("GET %s with its ETag: %d %q (want 304, no body)", u, again.StatusCode, rest)
		}
		if stale, _ := get(t, u, "If-None-Match", `"other"`); stale.StatusCode != http.StatusOK {
			t.Errorf("GET %s with another ETag: %d, want 200", u, stale.StatusCode)
		}
		for _, who := range [][]string{
			{"Cookie", identity.SessionCookie + "=" + member},
			{"Cookie", identity.SessionCookie + "=a-session-that-ended"},
			{"Authorization", "Bearer " + member},
		} {
			res, _ := get(t, u, who...)
			if cc := res.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "private") || strings.Contains(cc, "public") || res.Header.Get("ETag") != "" {
				t.Errorf("GET %s with %s: Cache-Control %q, ETag %q: want private, untagged", u, who[0], cc, res.Header.Get("ETag"))
			}
		}
		if body == "" {
			t.Errorf("GET %s: empty answer", u)
		}
	}

	// A personal read, a failure and a write are never public.
	for _, c := range []struct {
		method, url string
	}{
		{http.MethodGet, connectGet(w.URL, "/rentproof.token.v1.TokenService/GetBalance", `{}`)}, // refused: signed out
		{http.MethodGet, w.URL + "/api/properties/999999"},
		{http.MethodPost, w.URL + "/rentproof.property.v1.PropertyService/SaveProperty"},
	} {
		status, h, _ := testworld.Send(t, c.method, c.url, "", "application/json", strings.NewReader(fmt.Sprintf(`{"propertyId":%d}`, id)))
		if strings.Contains(h.Get("Cache-Control"), "public") || h.Get("ETag") != "" {
			t.Errorf("%s %s: %d with Cache-Control %q, ETag %q", c.method, c.url, status, h.Get("Cache-Control"), h.Get("ETag"))
		}
	}
}

// sharedCache is a CDN in miniature: it keeps what an answer's Cache-Control lets a shared cache
// keep (public, max-age) under its URL and the request's values of the headers its Vary names,
// and answers from it while fresh.
type sharedCache struct {
	origin string
	mu     sync.Mutex
	kept   map[string]keptAnswer
	vary   map[string][]string // URL → the Vary of the answer kept for it
	hits   int
}

type keptAnswer struct {
	until  time.Time
	header http.Header
	body   []byte
}

func (c *sharedCache) key(r *http.Request, vary []string) string {
	key := r.URL.String()
	for _, name := range vary {
		key += "\x00" + name + "=" + strings.Join(r.Header.Values(name), ";")
	}
	return key
}

func (c *sharedCache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	kept, ok := c.kept[c.key(r, c.vary[r.URL.String()])]
	if ok && time.Now().Before(kept.until) {
		c.hits++
		c.mu.Unlock()
		maps.Copy(w.Header(), kept.header)
		_, _ = w.Write(kept.body)
		return
	}
	c.mu.Unlock()
	req, _ := http.NewRequestWithContext(r.Context(), r.Method, c.origin+r.URL.String(), http.NoBody)
	req.Header = r.Header.Clone()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	cc := res.Header.Get("Cache-Control")
	if maxAge, found := strings.CutPrefix(cc, "public, max-age="); found && res.StatusCode == http.StatusOK {
		seconds, _ := strconv.Atoi(strings.SplitN(maxAge, ",", 2)[0])
		var vary []string
		for _, v := range res.Header.Values("Vary") {
			for name := range strings.SplitSeq(v, ",") {
				vary = append(vary, http.CanonicalHeaderKey(strings.TrimSpace(name)))
			}
		}
		c.mu.Lock()
		c.vary[r.URL.String()] = vary
		c.kept[c.key(r, vary)] = keptAnswer{until: time.Now().Add(time.Duration(seconds) * time.Second), header: res.Header.Clone(), body: body}
		c.mu.Unlock()
	}
	maps.Copy(w.Header(), res.Header)
	w.WriteHeader(res.StatusCode)
	_, _ = w.Write(body)
}

// TestSharedCacheNeverSharesAMembersAnswer: behind a shared cache that obeys Cache-Control and
// Vary, two members and a visitor read the same property and search: each member sees their own
// saved flag whoever asked first, the visitor sees none, and the visitor's repeat is a hit.
func TestSharedCacheNeverSharesAMembersAnswer(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{SPA: screensSPA})
	w.Person(t, "lena", "landlord")
	alice, bob := w.Person(t, "alice", "tenant"), w.Person(t, "bob", "tenant")
	id := w.Property(t, "lena", "Shared Flat")
	w.Exec(t, `INSERT INTO saved_properties (user_id, property_id) SELECT id, $1 FROM users WHERE username = 'alice'`, id)

	cache := &sharedCache{origin: w.URL, kept: map[string]keptAnswer{}, vary: map[string][]string{}}
	front := httptest.NewServer(cache)
	t.Cleanup(front.Close)
	reads := []string{
		connectGet(front.URL, "/rentproof.property.v1.PropertyService/GetProperty", fmt.Sprintf(`{"id":%d}`, id)),
		connectGet(front.URL, "/rentproof.property.v1.PropertyService/SearchProperties", `{"city":"Leeds"}`),
		front.URL + "/api/properties/" + strconv.Itoa(int(id)),
		front.URL + "/api/properties?city=Leeds",
		front.URL + "/properties/" + strconv.Itoa(int(id)), // the page, with the answers in it
		front.URL + "/find-properties?city=Leeds",
	}
	saved := func(who, u string, header ...string) bool {
		t.Helper()
		res, body := get(t, u, header...)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, "Shared Flat") {
			t.Fatalf("%s GET %s: %d %s", who, u, res.StatusCode, body)
		}
		return strings.Contains(body, `"saved":true`)
	}
	cookie := func(token string) []string { return []string{"Cookie", identity.SessionCookie + "=" + token} }
	for _, u := range reads {
		// The visitor first, so the cache holds a public answer when the members come.
		if saved("visitor", u) {
			t.Errorf("visitor sees a saved flag at %s", u)
		}
		if !saved("alice", u, cookie(alice)...) {
			t.Errorf("alice is handed an answer without her saved flag at %s", u)
		}
		if saved("bob", u, cookie(bob)...) {
			t.Errorf("bob is handed alice's saved flag at %s", u)
		}
		// (A page is made with the visitor's cookies only: a bearer token is for the API.)
		if api := strings.Contains(u, "/api/") || strings.Contains(u, "Service/"); api &&
			!saved("alice by token", u, "Authorization", "Bearer "+alice) {
			t.Errorf("alice's bearer call is handed a shared answer at %s", u)
		}
		if saved("visitor again", u) {
			t.Errorf("the visitor is handed a member's answer at %s", u)
		}
	}
	// Then the members first: what they were answered is never kept for anyone else.
	cache.mu.Lock()
	clear(cache.kept)
	cache.mu.Unlock()
	for _, u := range reads {
		if !saved("alice", u, cookie(alice)...) {
			t.Errorf("alice is handed an answer without her saved flag at %s", u)
		}
		if saved("bob", u, cookie(bob)...) {
			t.Errorf("bob is handed alice's answer at %s", u)
		}
		for _, who := range []string{"visitor", "visitor again"} {
			if saved(who, u) {
				t.Errorf("the %s is handed a member's answer at %s", who, u)
			}
		}
	}
	if cache.hits != 2*len(reads) {
		t.Errorf("cache hits: %d, want %d (each visitor's repeat, and nothing else)", cache.hits, 2*len(reads))
	}
}

// TestSearchPagesAreNeverStale: a city's page and a property's reviews, read again and again,
// have their rows remembered (store.Decoded), yet a change to a listing or a review shows on the
// very next read, and a member's saved flag is theirs alone.
func TestSearchPagesAreNeverStale(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	w.Person(t, "lena", "landlord")
	member := w.Person(t, "mia", "tenant")
	id := w.Property(t, "lena", "Remembered Flat")
	page := func(header ...string) string {
		t.Helper()
		_, body := get(t, w.URL+"/api/properties?city=Leeds", header...)
		return body
	}
	for range 3 {
		if body := page(); !strings.Contains(body, `"title":"Remembered Flat"`) || !strings.Contains(body, `"saved":false`) {
			t.Fatalf("the city's page: %s", body)
		}
	}
	w.Exec(t, `UPDATE properties SET title = 'Renamed Flat', rating5_count = 1 WHERE id = $1`, id)
	if body := page(); !strings.Contains(body, `"title":"Renamed Flat"`) || !strings.Contains(body, `"distribution":[0,0,0,0,1]`) {
		t.Errorf("the page after the listing changed: %s", body)
	}
	w.Exec(t, `INSERT INTO saved_properties (user_id, property_id) VALUES ($1, $2)`, w.UserID(t, "mia"), id)
	for range 3 {
		if body := page("Cookie", identity.SessionCookie+"="+member); !strings.Contains(body, `"saved":true`) {
			t.Fatalf("the member's page: %s", body)
		}
	}
	if body := page(); !strings.Contains(body, `"saved":false`) {
		t.Errorf("a visitor's page after the member's: %s", body)
	}

	review := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 4, 'Fine place', 'A fine place to live for a year or two.', 'tenant_to_property') RETURNING id`,
		id, w.UserID(t, "mia"))
	reviews := func() string {
		t.Helper()
		_, body := get(t, w.URL+"/api/properties/"+strconv.Itoa(int(id))+"/reviews")
		return body
	}
	for range 3 {
		if body := reviews(); !strings.Contains(body, `"title":"Fine place"`) || !strings.Contains(body, `"helpful":0`) {
			t.Fatalf("the property's reviews: %s", body)
		}
	}
	w.Exec(t, `UPDATE reviews SET helpful = 3 WHERE id = $1`, review)
	if body := reviews(); !strings.Contains(body, `"helpful":3`) {
		t.Errorf("the reviews after one was found helpful: %s", body)
	}
}
