package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/resource"
	"github.com/rentproof/rentproof/internal/seed"
)

// sitemapDist is a build whose screens' list has fixed public pages, a private one and the
// not-found page.
var sitemapDist = fstest.MapFS{".vite/screens.json": {Data: []byte(`[
	{"path": "/", "title": "Home"},
	{"path": "/about", "title": "About Us"},
	{"path": "/properties/:id", "title": "Property", "dynamic": true},
	{"path": "/properties/:id/edit", "title": "Edit Property", "noindex": true},
	{"path": "/dashboard", "title": "Dashboard", "noindex": true},
	{"path": "*", "title": "Page Not Found", "noindex": true}
]`)}}

// demoDatabase is a new database with the demo data, and the domains the sitemap reads it through.
func demoDatabase(t *testing.T) (*pgxpool.Pool, *property.Service, *resource.Service) {
	t.Helper()
	pool, _ := dbtest.New(t)
	if err := seed.Demo(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	return pool, property.NewService(pool, pool, nil), resource.NewService(pool)
}

// get answers path from h.
func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://rentproof.test"+path, http.NoBody))
	body, _ := io.ReadAll(rec.Body)
	return rec.Code, string(body)
}

// locs lists a sitemap's addresses.
func locs(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<loc>([^<]*)</loc>`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestSitemapListsActiveProperties: against the demo data in PostgreSQL, the sitemap lists the
// fixed public pages, articles, location pages with listings and every active property, a new
// one included once the cache has expired, and leaves out a withdrawn one and private pages.
func TestSitemapListsActiveProperties(t *testing.T) {
	t.Parallel()
	pool, properties, articles := demoDatabase(t)
	q := db.New(pool)
	ctx := context.Background()
	site := newSitemaps(properties, articles, sitemapDist, "", sitemapMaxURLs)
	h := site.wrap(http.NotFoundHandler())

	status, body := get(t, h, "/sitemap.xml")
	all := strings.Join(locs(body), "\n")
	for _, want := range []string{"http://rentproof.test/\n", "http://rentproof.test/about\n", "http://rentproof.test/properties/1\n", "http://rentproof.test/resources/1\n", "http://rentproof.test/location/"} {
		if status != http.StatusOK || !strings.Contains(all+"\n", want) {
			t.Errorf("the sitemap (%d) lacks %q:\n%s", status, want, all)
		}
	}
	if strings.Contains(all, "dashboard") || strings.Contains(all, "edit") {
		t.Errorf("the sitemap lists a private page:\n%s", all)
	}

	var landlord int32
	if err := pool.QueryRow(ctx, `SELECT landlord_id FROM properties WHERE id = 1`).Scan(&landlord); err != nil {
		t.Fatal(err)
	}
	created, err := q.CreateProperty(ctx, db.CreatePropertyParams{
		Title: "A new flat", Address: "1 New Street", City: "Springfield", ZipCode: new("99999"), PropertyType: "apartment",
		MonthlyRent: 1000, Bedrooms: 1, Bathrooms: 1, Currency: "USD", LandlordID: landlord, Country: "United States", AreaUnit: "sqft",
		Amenities: []string{}, Images: []string{}, Keywords: []string{}, Slug: "a-new-flat-sitemap-test", TimeZone: "America/New_York",
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE properties SET active = false WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	// Cached: the same list until the cache expires, for every origin (one generation serves all).
	if _, again := get(t, h, "/sitemap.xml"); again != body {
		t.Error("the sitemap was made again within its cache time")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://other.test/sitemap.xml", http.NoBody))
	if other := rec.Body.String(); other != strings.ReplaceAll(body, "http://rentproof.test", "http://other.test") {
		t.Errorf("another origin got another list:\n%s", other)
	}
	site.ttl = 0
	_, body = get(t, h, "/sitemap.xml")
	all = strings.Join(locs(body), "\n") + "\n"
	if !strings.Contains(all, "/properties/"+strconv.Itoa(int(created.ID))+"\n") || !strings.Contains(all, "/location/99999\n") {
		t.Errorf("the new property or its location is not listed:\n%s", all)
	}
	if strings.Contains(all, "/properties/2\n") {
		t.Errorf("the withdrawn property is listed:\n%s", all)
	}
}

// TestSitemapIndexSplits: past the limit the sitemap is an index of numbered sitemaps, which
// together list every address once, and a number past the last is a 404.
func TestSitemapIndexSplits(t *testing.T) {
	t.Parallel()
	_, properties, articles := demoDatabase(t)
	whole := newSitemaps(properties, articles, sitemapDist, "https://rentproof.example", sitemapMaxURLs).wrap(http.NotFoundHandler())
	_, body := get(t, whole, "/sitemap.xml")
	want := locs(body)

	const limit = 4
	split := newSitemaps(properties, articles, sitemapDist, "https://rentproof.example", limit).wrap(http.NotFoundHandler())
	status, index := get(t, split, "/sitemap.xml")
	if status != http.StatusOK || !strings.Contains(index, "<sitemapindex") {
		t.Fatalf("no index (%d):\n%s", status, index)
	}
	var got []string
	for _, part := range locs(index) {
		path := strings.TrimPrefix(part, "https://rentproof.example")
		status, body := get(t, split, path)
		urls := locs(body)
		if status != http.StatusOK || len(urls) > limit || !strings.Contains(body, "<urlset") {
			t.Errorf("%s: %d with %d addresses", path, status, len(urls))
		}
		got = append(got, urls...)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the parts list\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	parts := len(locs(index))
	for _, path := range []string{"/sitemap-properties-999.xml", "/sitemap-pages-999.xml", "/sitemap-properties-0.xml"} {
		if status, _ := get(t, split, path); status != http.StatusNotFound {
			t.Errorf("%s (of %d parts): %d", path, parts, status)
		}
	}
}

// TestRobots: crawlers are kept off the API, rpc paths and the private screens (their routes as
// robots.txt paths), and told where the sitemap is.
func TestRobots(t *testing.T) {
	t.Parallel()
	site := newSitemaps(nil, nil, sitemapDist, "https://rentproof.example", sitemapMaxURLs)
	_, body := get(t, site.wrap(http.NotFoundHandler()), "/robots.txt")
	want := "User-agent: *\nDisallow: /api/\nDisallow: /rentproof.\nDisallow: /grpc.\nDisallow: /healthz\nDisallow: /readyz\n" +
		"Disallow: /properties/*/edit\nDisallow: /dashboard\nAllow: /\n\nSitemap: https://rentproof.example/sitemap.xml\n"
	if body != want {
		t.Errorf("robots.txt:\n%s\nwant\n%s", body, want)
	}
	if got := robotsPattern("/verification-payment/:id"); got != "/verification-payment/" {
		t.Errorf("robotsPattern: %q", got)
	}
}

// TestParsePublicURL: an origin is accepted, anything else refused.
func TestParsePublicURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "", "https://RentProof.example/": "https://rentproof.example", "http://localhost:8080": "http://localhost:8080"} {
		if got, err := ParsePublicURL(in); err != nil || got != want {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"rentproof.example", "ftp://x.example", "https://x.example/app", "https://x.example?a=1", "https://u@x.example", `https://x"y.example`} {
		if _, err := ParsePublicURL(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
