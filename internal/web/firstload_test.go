package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// TestPagesCarryTheirFirstAnswer: the page that opens a property or the search carries the
// answer to the screen's first rpc, called in process as the visitor, preloads the screen's
// main picture first thing in its head and shows it in the skeleton's picture slot; the answer
// cannot end its script early; a failed rpc leaves the page as built; other screens are not
// touched.
func TestPagesCarryTheirFirstAnswer(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><head><title>RentProof</title></head><body><div id="root"><!--shell--><!--/shell--></div></body>`)},
		".vite/screens.json": {Data: []byte(`[
			{"path": "/properties/:id", "files": [], "html": "<div class=\"skeleton gallery__stage\" data-picture-slot=\"\"></div><div data-picture-slot=\"\"></div>"},
			{"path": "/find-properties", "files": []},
			{"path": "/about", "files": []}
		]`)},
	}
	var (
		mu    sync.Mutex
		calls []string
	)
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		calls = append(calls, r.URL.Path+" "+string(body)+" "+r.Header.Get("Cookie"))
		mu.Unlock()
		switch {
		case strings.Contains(string(body), `"id":404`), strings.HasSuffix(r.URL.Path, "/ListSimilarProperties"):
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"code":"not_found"}`)
		case strings.HasSuffix(r.URL.Path, "/GetProperty"):
			_, _ = io.WriteString(w, `{"property":{"id":3,"title":"</script><script>alert(1)</script>","images":["","/uploads/properties/0123456789abcdef0123456789abcdef.jpg"]}}`)
		case strings.HasSuffix(r.URL.Path, "/GetRatingSummary"):
			_, _ = io.WriteString(w, `{"summary":{"average":4.5}}`)
		case strings.HasSuffix(r.URL.Path, "/ListPropertyReviews"):
			_, _ = io.WriteString(w, `{"reviews":[],"hasMore":false}`)
		default:
			_, _ = io.WriteString(w, `{"properties":[{"id":7,"images":["/images/demo/property-07-a.svg"]}],"total":1}`)
		}
	})
	handler := spaHandler(dist, MapTiles{}, api)
	getStatus := func(path string, status int) string {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, http.NoBody)
		req.Header.Set("Cookie", "rp_session=abc")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != status {
			t.Fatalf("GET %s: %d, want %d", path, rec.Code, status)
		}
		return rec.Body.String()
	}
	get := func(path string) string {
		t.Helper()
		return getStatus(path, http.StatusOK)
	}
	firstLoad := func(t *testing.T, page string) []firstLoadEntry {
		t.Helper()
		_, script, ok := strings.Cut(page, `<script type="application/json" id="first-load">`)
		if !ok {
			t.Fatalf("no first-load script:\n%s", page)
		}
		script, _, _ = strings.Cut(script, "</script>")
		var entries []firstLoadEntry
		if err := json.Unmarshal([]byte(script), &entries); err != nil {
			t.Fatalf("first-load script %q: %v", script, err)
		}
		return entries
	}

	page := get("/properties/3")
	entries := firstLoad(t, page)
	var answer struct {
		Property struct{ Title string } `json:"property"`
	}
	if len(entries) != 3 || entries[0].Procedure != "/rentproof.property.v1.PropertyService/GetProperty" ||
		json.Unmarshal(entries[0].Output, &answer) != nil || answer.Property.Title != "</script><script>alert(1)</script>" {
		t.Errorf("entries %s", mustJSON(t, entries))
	}
	// The rest of the page comes along; a call that fails (similar properties) is left out.
	if entries[1].Procedure != "/rentproof.review.v1.ReviewService/GetRatingSummary" ||
		entries[2].Procedure != "/rentproof.review.v1.ReviewService/ListPropertyReviews" || entries[2].PageParamKey != "page" {
		t.Errorf("entries %s", mustJSON(t, entries))
	}
	if strings.Contains(page, "<script>alert") {
		t.Errorf("the answer ended its script:\n%s", page)
	}
	srcset := `/uploads/properties/0123456789abcdef0123456789abcdef-w480.jpg 480w, ` +
		`/uploads/properties/0123456789abcdef0123456789abcdef-w960.jpg 960w, /uploads/properties/0123456789abcdef0123456789abcdef.jpg 2048w`
	if want := `<head><link rel="preload" as="image" fetchpriority="high" imagesrcset="` + srcset + `" ` +
		`imagesizes="(min-width: 1024px) 788px, 100vw"><title>`; !strings.Contains(page, want) {
		t.Errorf("the page does not preload the gallery's first picture before anything else:\n%s", page)
	}
	// The skeleton's first picture slot shows the picture, as the gallery will; the others stay empty.
	if want := `<div id="root"><div class="skeleton gallery__stage" data-picture-slot=""><img alt="" fetchpriority="high" width="1200" height="750" srcset="` + srcset +
		`" sizes="(min-width: 1024px) 788px, 100vw" src="/uploads/properties/0123456789abcdef0123456789abcdef.jpg"></div><div data-picture-slot=""></div></div>`; !strings.Contains(page, want) {
		t.Errorf("the skeleton does not show the picture:\n%s", page)
	}
	if want := "/rentproof.property.v1.PropertyService/GetProperty {\"id\":3} rp_session=abc"; len(calls) != 4 || !slices.Contains(calls, want) {
		t.Errorf("calls %q, want 4 with %q", calls, want)
	}

	page = get("/find-properties?city=+Chelsea+&propertyType=house&verified=true&sortBy=bogus&page=2&view=list")
	entries = firstLoad(t, page)
	var input map[string]any
	_ = json.Unmarshal(mustJSON(t, entries[0].Input), &input)
	want := map[string]any{"city": "Chelsea", "propertyType": "house", "verifiedOnly": true, "sortBy": "featured", "page": 2.0, "pageSize": 12.0}
	if !reflect.DeepEqual(input, want) {
		t.Errorf("search input %v, want %v", input, want)
	}
	if !strings.Contains(page, `<link rel="preload" as="image" fetchpriority="high" href="/images/demo/property-07-a.svg">`) {
		t.Errorf("the search page does not preload the first result's picture:\n%s", page)
	}
	if strings.Contains(page, "<img") {
		t.Errorf("a page without a picture slot got a picture:\n%s", page)
	}

	// A property that is not there is a 404, its page (which says so) without a first load.
	if page := getStatus("/properties/404", http.StatusNotFound); strings.Contains(page, "first-load") || strings.Contains(page, "preload") || strings.Contains(page, "<img") {
		t.Errorf("a failed rpc changed the page:\n%s", page)
	}
	calls = nil
	for path, status := range map[string]int{"/about": 200, "/properties/0": 404, "/properties/abc": 404, "/properties/99999999999": 404} {
		if page := getStatus(path, status); strings.Contains(page, "first-load") {
			t.Errorf("%s carries a first load:\n%s", path, page)
		}
	}
	if len(calls) != 0 {
		t.Errorf("screens without a first rpc called %q", calls)
	}
}

// TestResourceFirstRPC: an article asks for its resource and preloads its cover.
func TestResourceFirstRPC(t *testing.T) {
	t.Parallel()
	rpc, ok := resourceFirstRPC(&url.URL{Path: "/resources/8"})
	if !ok || len(rpc.calls) != 1 || rpc.calls[0].procedure != "/rentproof.resource.v1.ResourceService/GetResource" ||
		!reflect.DeepEqual(rpc.calls[0].input, map[string]any{"id": int64(8)}) {
		t.Fatalf("calls %+v", rpc.calls)
	}
	if got := rpc.picture([]byte(`{"resource":{"id":8,"coverImage":"/images/resources/rent.svg"}}`)); got != "/images/resources/rent.svg" {
		t.Errorf("picture %q", got)
	}
	if got := picturePreload("/images/resources/rent.svg", rpc.sizes); got != `<link rel="preload" as="image" fetchpriority="high" href="/images/resources/rent.svg">` {
		t.Errorf("preload %s", got)
	}
	if _, ok := resourceFirstRPC(&url.URL{Path: "/resources/x"}); ok {
		t.Error("a malformed id has a first rpc")
	}
}

// TestSearchFirstRPCDefaults: the search page without parameters asks for page 1, featured.
func TestSearchFirstRPCDefaults(t *testing.T) {
	t.Parallel()
	rpc, ok := searchFirstRPC(&url.URL{Path: "/find-properties", RawQuery: "propertyType=all&page=0"})
	want := map[string]any{"sortBy": "featured", "page": 1, "pageSize": 12}
	if !ok || len(rpc.calls) != 1 || !reflect.DeepEqual(rpc.calls[0].input, want) {
		t.Errorf("calls %v, want one with %v", rpc.calls, want)
	}
}

// TestPrerenderedScreens: a screen the build prerendered is served with its markup in place of
// the placeholder shell, marked for hydration when the app takes it over (not a skeleton, which
// the app replaces); a page without the shell's markers is unchanged.
func TestPrerenderedScreens(t *testing.T) {
	t.Parallel()
	page := []byte(`<body><div id="root"><!--shell--><header>bar</header><!--/shell--></div><script src="/a.js"></script></body>`)
	got := string(withPrerendered(page, `<h1>Home</h1>`, true))
	if want := `<body><div id="root" data-prerendered><h1>Home</h1></div><script src="/a.js"></script></body>`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	got = string(withPrerendered(page, `<div class="skeleton"></div>`, false))
	if want := `<body><div id="root"><div class="skeleton"></div></div><script src="/a.js"></script></body>`; got != want {
		t.Errorf("skeleton: got %s, want %s", got, want)
	}
	plain := []byte(`<body><div id="root"><header>bar</header></div></body>`)
	if got := string(withPrerendered(plain, `<h1>Home</h1>`, true)); got != string(plain) {
		t.Errorf("a page without markers became %s", got)
	}
}

// TestPictureSlot: the picture goes inside the first slot's tag, whatever its attributes; a
// page without a slot is unchanged.
func TestPictureSlot(t *testing.T) {
	t.Parallel()
	img := pictureImage(`/images/a "b".svg`, "100vw", 640, 420)
	if img != `<img alt="" fetchpriority="high" width="640" height="420" src="/images/a &#34;b&#34;.svg">` {
		t.Errorf("image %s", img)
	}
	page := []byte(`<div data-picture-slot="" class="a&gt;b"></div><div data-picture-slot=""></div>`)
	if got, want := string(withPicture(page, "<img>")), `<div data-picture-slot="" class="a&gt;b"><img></div><div data-picture-slot=""></div>`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := string(withPicture([]byte(`<div class="skeleton"></div>`), "<img>")); got != `<div class="skeleton"></div>` {
		t.Errorf("a page without a slot became %s", got)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLocationFirstRPC: a location page asks for its code's listings as usePropertiesByZip does
// (the code decoded and trimmed) and preloads the first card's picture; a code that cannot be a
// postal code asks nothing.
func TestLocationFirstRPC(t *testing.T) {
	t.Parallel()
	rpc, ok := locationFirstRPC(&url.URL{Path: "/location/SW1A%201AA%20"})
	want := map[string]any{"zipCode": "SW1A 1AA", "sortBy": "featured", "page": 1, "pageSize": 50}
	if !ok || len(rpc.calls) != 1 || rpc.calls[0].procedure != searchProcedure || !reflect.DeepEqual(rpc.calls[0].input, want) {
		t.Fatalf("calls %+v, want SearchProperties %v", rpc.calls, want)
	}
	if got := rpc.picture([]byte(`{"properties":[{"images":[" ","/images/demo/property-01-a.svg"]}]}`)); got != "/images/demo/property-01-a.svg" {
		t.Errorf("picture %q", got)
	}
	if rpc.sizes != cardSizes {
		t.Errorf("sizes %q, want a card's", rpc.sizes)
	}
	for _, path := range []string{"/location/%3Cscript%3E", "/location/-", "/location/%ZZ"} {
		if _, ok := locationFirstRPC(&url.URL{Path: path}); ok {
			t.Errorf("%s has a first rpc", path)
		}
	}
}

// TestMemberPagesComeWithTheirSkeleton: a member's page carries the session's answer (called in
// process with the member's cookie) and the skeleton for the member's role, or for any member,
// with the banner and their own address when it is not verified;
// a visitor not signed in, or a role the page has no skeleton for, gets the placeholder shell;
// and the page is never kept for anyone else.
func TestMemberPagesComeWithTheirSkeleton(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><head><title>RentProof</title></head><body><div id="root"><!--shell--><p>shell</p><!--/shell--></div></body>`)},
		".vite/screens.json": {Data: []byte(`[
			{"path": "/dashboard", "files": [], "noindex": true, "members": {"tenant": "<p>tenant</p>", "*": "<p>landlord</p>",
				"tenant/unverified": "<p>verify member-email@rentproof.invalid</p><p>tenant</p>", "*/unverified": "<p>verify member-email@rentproof.invalid</p><p>landlord</p>"}},
			{"path": "/admin", "files": [], "noindex": true, "members": {"admin": "<p>admin</p>", "admin/unverified": "<p>verify member-email@rentproof.invalid</p><p>admin</p>"}}
		]`)},
	}
	users := map[string]string{
		"s=tenant":   `{"role":"tenant","email":"t@example.com","emailVerified":true}`,
		"s=landlord": `{"role":"landlord","email":"l@example.com","emailVerified":true}`,
		"s=agent":    `{"role":"agent","email":"a@example.com","emailVerified":true}`,
		"s=new":      `{"role":"tenant","email":"<b>o'neil</b>@example.com"}`,
		"s=new-pm":   `{"role":"property_manager","email":"pm@example.com"}`,
	}
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != currentUserProcedure {
			_, _ = io.WriteString(w, `{}`) // the dashboard's lists: TestDashboardComesWithItsLists
			return
		}
		if user, ok := users[r.Header.Get("Cookie")]; ok {
			_, _ = io.WriteString(w, `{"user":`+user+`}`)
			return
		}
		_, _ = io.WriteString(w, `{}`)
	})
	handler := spaHandler(dist, MapTiles{}, api)
	const shell = "<!--shell--><p>shell</p><!--/shell-->"
	for _, c := range []struct{ path, cookie, want string }{
		{"/dashboard", "s=tenant", "<p>tenant</p>"},
		{"/dashboard", "s=landlord", "<p>landlord</p>"},
		{"/dashboard", "s=agent", "<p>landlord</p>"},
		// Not verified: the banner, with the member's own address, escaped.
		{"/dashboard", "s=new", "<p>verify &lt;b&gt;o&#39;neil&lt;/b&gt;@example.com</p><p>tenant</p>"},
		{"/dashboard", "s=new-pm", "<p>verify pm@example.com</p><p>landlord</p>"},
		{"/dashboard", "", shell},
		{"/admin", "s=tenant", shell},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, http.NoBody)
		if c.cookie != "" {
			req.Header.Set("Cookie", c.cookie)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		page := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(page, `<div id="root">`+c.want+`</div>`) {
			t.Errorf("GET %s as %q: %d, want the root to hold %s:\n%s", c.path, c.cookie, rec.Code, c.want, page)
		}
		if !strings.Contains(page, `<script type="application/json" id="first-load">[{"procedure":"`+currentUserProcedure+`"`) {
			t.Errorf("GET %s as %q: the page does not carry the session's answer:\n%s", c.path, c.cookie, page)
		}
		if got := rec.Header().Get("Cache-Control"); got != "private, no-cache" {
			t.Errorf("GET %s as %q: Cache-Control %q", c.path, c.cookie, got)
		}
	}
}

// TestMemberPagesComeWithTheirLists: a member's landing page carries, after who is signed in,
// what it shows as it opens for their role; a call that fails is left for the app, and a
// visitor's page (sent to sign in) and a non-administrator's /admin ask nothing more.
func TestMemberPagesComeWithTheirLists(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><head><title>RentProof</title></head><body><div id="root"></div></body>`)},
		".vite/screens.json": {Data: []byte(`[{"path": "/dashboard", "files": [], "noindex": true}, {"path": "/settings", "files": [], "noindex": true},
			{"path": "/admin", "files": [], "noindex": true}, {"path": "/gamification", "files": [], "noindex": true}]`)},
	}
	var (
		mu    sync.Mutex
		calls []string
	)
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		cookie := r.Header.Get("Cookie")
		mu.Lock()
		calls = append(calls, strings.TrimPrefix(r.URL.Path, "/rentproof.")+" "+string(body))
		mu.Unlock()
		switch {
		case r.URL.Path == currentUserProcedure && cookie != "":
			_, _ = io.WriteString(w, `{"user":{"role":"`+strings.TrimPrefix(cookie, "s=")+`"}}`)
		case r.URL.Path == currentUserProcedure:
			_, _ = io.WriteString(w, `{}`)
		case strings.HasSuffix(r.URL.Path, "/GetLandlordStats") && cookie == "s=agent":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			_, _ = io.WriteString(w, `{"n":1}`)
		}
	})
	handler := spaHandler(dist, MapTiles{}, api)
	for _, c := range []struct {
		path, cookie string
		want         []string
	}{
		{"/dashboard", "s=landlord", []string{"account.v1.AccountService/GetCurrentUser {}", "token.v1.TokenService/GetBalance {}",
			`token.v1.TokenService/ListTransactions {"pageSize":5}`, "property.v1.PropertyService/GetLandlordStats {}",
			`property.v1.PropertyService/ListMyProperties {"page":1,"pageSize":20}`}},
		{"/dashboard", "s=tenant", []string{"account.v1.AccountService/GetCurrentUser {}", "token.v1.TokenService/GetBalance {}",
			`token.v1.TokenService/ListTransactions {"pageSize":5}`, `review.v1.ReviewService/ListMyReviews {"page":1,"pageSize":10}`}},
		// The stats fail: the page goes without them and the app asks.
		{"/dashboard", "s=agent", []string{"account.v1.AccountService/GetCurrentUser {}", "token.v1.TokenService/GetBalance {}",
			`token.v1.TokenService/ListTransactions {"pageSize":5}`, `property.v1.PropertyService/ListMyProperties {"page":1,"pageSize":20}`}},
		{"/dashboard", "", []string{"account.v1.AccountService/GetCurrentUser {}"}},
		{"/gamification", "s=tenant", []string{"account.v1.AccountService/GetCurrentUser {}", "gamification.v1.GamificationService/GetProfile {}"}},
		{"/settings", "s=landlord", []string{"account.v1.AccountService/GetCurrentUser {}",
			"notification.v1.NotificationService/GetNotificationPreferences {}", "account.v1.PasskeyService/ListPasskeys {}",
			"account.v1.AccountSecurityService/ListSessions {}", "account.v1.AccountService/GetSecurityQuestions {}",
			"account.v1.AccountService/ListSecurityQuestions {}", "account.v1.DataExportService/ListDataExports {}"}},
		{"/admin", "s=admin", []string{"account.v1.AccountService/GetCurrentUser {}", `admin.v1.AdminService/ListQueue {"pageSize":100}`,
			"admin.v1.AdminService/ListTenancyQueue {}", "admin.v1.ModerationService/ListReportedReviews {}",
			"admin.v1.EnquiryReportService/ListReportedThreads {}", `admin.v1.ModerationService/ListVerifiedProperties {"page":1,"pageSize":20}`,
			`contact.v1.ContactService/ListContactMessages {"page":1,"pageSize":20}`, `admin.v1.OutboxService/ListUndeliveredEmails {"page":1,"pageSize":20}`,
			`admin.v1.AdminService/ListAnsweredRequests {"page":1,"pageSize":20}`, `admin.v1.AdminService/ListDecisions {"pageSize":20}`}},
		{"/admin", "s=landlord", []string{"account.v1.AccountService/GetCurrentUser {}"}},
	} {
		calls = nil
		req := httptest.NewRequest(http.MethodGet, c.path, http.NoBody)
		if c.cookie != "" {
			req.Header.Set("Cookie", c.cookie)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		_, script, _ := strings.Cut(rec.Body.String(), `<script type="application/json" id="first-load">`)
		script, _, _ = strings.Cut(script, "</script>")
		var entries []firstLoadEntry
		if err := json.Unmarshal([]byte(script), &entries); err != nil {
			t.Fatalf("GET %s as %q: first-load script %q: %v", c.path, c.cookie, script, err)
		}
		var carried []string
		for _, e := range entries {
			carried = append(carried, strings.TrimPrefix(e.Procedure, "/rentproof.")+" "+string(mustJSON(t, e.Input)))
		}
		if !reflect.DeepEqual(carried, c.want) {
			t.Errorf("GET %s as %q carries\n%q, want\n%q", c.path, c.cookie, carried, c.want)
		}
		if want := len(c.want); c.cookie == "s=agent" && len(calls) != want+1 || c.cookie != "s=agent" && len(calls) != want {
			t.Errorf("GET %s as %q called %q", c.path, c.cookie, calls)
		}
	}
}
