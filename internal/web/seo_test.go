package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rentproof/rentproof/internal/testserver"
)

// seoSPA is a build as the real one is made: index.html with its own title and description, and
// the screens' list with their titles (from page-meta.json) and the not-found page, prerendered
// at the address the server replaces.
var seoSPA = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html lang="en"><head><meta charset="UTF-8" />` +
		`<meta name="description" content="Find and rate your perfect property." />` +
		`<title>RentProof</title></head><body><div id="root"><!--shell--><header></header><!--/shell--></div></body></html>`)},
	"images/logo.svg": {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
	".vite/screens.json": {Data: []byte(`[
		{"path": "/", "files": [], "title": "Find and Rate Rental Properties", "description": "Honest reviews."},
		{"path": "/about", "files": [], "title": "About Us", "description": "Who we are.", "html": "<h1>About Us</h1>", "hydrate": true},
		{"path": "/find-properties", "files": [], "title": "Find Properties", "description": "Search rentals.", "dynamic": true},
		{"path": "/properties/:id", "files": [], "title": "Property Details", "description": "A property.", "dynamic": true},
		{"path": "/resources/:id", "files": [], "title": "Resources", "description": "A guide.", "dynamic": true},
		{"path": "/location/:zipcode", "files": [], "title": "Properties by Location", "dynamic": true,
		 "html": "<h1>Properties in RP0CODE0</h1><ul><li><div data-picture-slot=\"\"></div></li></ul>"},
		{"path": "/dashboard", "files": [], "title": "Dashboard", "noindex": true},
		{"path": "*", "files": [], "title": "Page Not Found", "noindex": true,
		 "html": "<h1>404 Page Not Found</h1><p>There is no page at <code>/rentproof-not-found</code>.</p>"}
	]`)},
}

// page GETs path with a plain HTTP client (no JavaScript runs) and returns its status and body.
func page(t *testing.T, base, path string) (int, string) {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// head is the page's <head>.
func head(body string) string {
	h, _, _ := strings.Cut(body, "</head>")
	return h
}

// jsonLD decodes the page's JSON-LD scripts.
func jsonLD(t *testing.T, body string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(body, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD %s: %v", m[1], err)
		}
		out = append(out, v)
	}
	return out
}

// TestPagesAreNamedWithoutJavaScript: a plain GET of a property carries its title, the shared
// link's title and description (SPEC §9), its picture and canonical address (absolute, on the
// public origin), and its breadcrumb as JSON-LD; a fixed page its own title from the screens'
// list; a private page "noindex"; a city search the city's title and the city-only canonical.
func TestPagesAreNamedWithoutJavaScript(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: seoSPA, PublicURL: "https://rentproof.example"})
	var title, city string
	var beds, baths, rent int
	if err := srv.Pool.QueryRow(context.Background(),
		`SELECT title, city, bedrooms, bathrooms, monthly_rent FROM properties WHERE id = 1 AND currency = 'USD'`).
		Scan(&title, &city, &beds, &baths, &rent); err != nil {
		t.Fatal(err)
	}

	status, body := page(t, srv.URL, "/properties/1")
	h := head(body)
	want := []string{
		"<title>" + title + " | RentProof</title>",
		`<meta property="og:title" content="Check out ` + title + ` on RentProof">`,
		`<link rel="canonical" href="https://rentproof.example/properties/1">`,
		`<meta property="og:url" content="https://rentproof.example/properties/1">`,
		// The demo's pictures are drawings (SVG), which link previews do not show: the product's card.
		`<meta property="og:image" content="https://rentproof.example/images/share.jpg">`,
		`<meta name="twitter:card" content="summary_large_image">`,
	}
	if status != http.StatusOK {
		t.Errorf("GET /properties/1: %d", status)
	}
	for _, w := range want {
		if !strings.Contains(h, w) {
			t.Errorf("the head lacks %s:\n%s", w, h)
		}
	}
	if !regexp.MustCompile(`<meta name="description" content="` + itoa(beds) + ` bed, ` + itoa(baths) + ` bath property in ` +
		regexp.QuoteMeta(city) + ` for \$[0-9,]+/month">`).MatchString(h) {
		t.Errorf("the head lacks the shared link's description:\n%s", h)
	}
	if strings.Count(h, "<title>") != 1 || strings.Count(h, `name="description"`) != 1 {
		t.Errorf("the built title or description is still there:\n%s", h)
	}
	ld := jsonLD(t, body)
	if len(ld) != 2 || ld[0]["@type"] != "BreadcrumbList" || ld[1]["@type"] != "Accommodation" || ld[1]["name"] != title {
		t.Errorf("JSON-LD %v", ld)
	}
	if _, rated := ld[1]["aggregateRating"]; rated {
		t.Error("a property carries an aggregate rating, which search engines do not accept for it")
	}

	for path, want := range map[string][]string{
		"/":          {"<title>Find and Rate Rental Properties | RentProof</title>", `<link rel="canonical" href="https://rentproof.example/">`},
		"/about":     {"<title>About Us | RentProof</title>", `<meta property="og:image" content="https://rentproof.example/images/share.jpg"><meta property="og:image:width" content="1200">`, `<meta name="description" content="Who we are.">`, `<link rel="canonical" href="https://rentproof.example/about">`, `<div id="root" data-prerendered><h1>About Us</h1>`},
		"/dashboard": {"<title>Dashboard | RentProof</title>", `<meta name="robots" content="noindex">`},
		"/find-properties?city=Austin&sortBy=newestListed&page=2": {
			"<title>Properties in Austin | RentProof</title>",
			`<link rel="canonical" href="https://rentproof.example/find-properties?city=Austin">`,
		},
		"/find-properties?propertyType=house": {"<title>Find Properties | RentProof</title>", `<link rel="canonical" href="https://rentproof.example/find-properties">`},
		"/location/SW1A%201AA":                {"<title>Properties in SW1A 1AA | RentProof</title>", `<link rel="canonical" href="https://rentproof.example/location/SW1A%201AA">`},
	} {
		status, body := page(t, srv.URL, path)
		if status != http.StatusOK {
			t.Errorf("GET %s: %d", path, status)
		}
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s lacks %s:\n%s", path, w, head(body))
			}
		}
		if strings.Contains(path, "dashboard") == strings.Contains(body, "canonical") {
			t.Errorf("GET %s: a canonical link on a private page, or none on a public one", path)
		}
	}

	// The home page names the site and its owner.
	_, body = page(t, srv.URL, "/")
	if ld := jsonLD(t, body); len(ld) != 2 || ld[0]["@type"] != "WebSite" || ld[0]["url"] != "https://rentproof.example/" || ld[1]["@type"] != "Organization" {
		t.Errorf("home JSON-LD %v", ld)
	}

	// An article: Article JSON-LD with its headline, and its breadcrumb.
	var resourceTitle string
	if err := srv.Pool.QueryRow(context.Background(), `SELECT title FROM resources ORDER BY id LIMIT 1`).Scan(&resourceTitle); err != nil {
		t.Fatal(err)
	}
	_, body = page(t, srv.URL, "/resources/1")
	if ld := jsonLD(t, body); len(ld) != 2 || ld[1]["@type"] != "Article" || ld[1]["headline"] == "" ||
		!strings.Contains(body, `<meta property="og:type" content="article">`) {
		t.Errorf("article JSON-LD %v:\n%s", ld, head(body))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestHostileTitlesAreEscaped: a property titled to break out of the title element and of the
// JSON-LD's script is written as text in both.
func TestHostileTitlesAreEscaped(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: seoSPA})
	const hostile = `</title><script>alert(1)</script><!-- "x" & 'y'`
	if _, err := srv.Pool.Exec(context.Background(), `UPDATE properties SET title = $1, city = $1 WHERE id = 2`, hostile); err != nil {
		t.Fatal(err)
	}
	status, body := page(t, srv.URL, "/properties/2")
	if status != http.StatusOK {
		t.Fatalf("GET /properties/2: %d", status)
	}
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "</title><script>") || strings.Contains(body, "<!-- \"x\"") {
		t.Errorf("the hostile title broke out:\n%s", body)
	}
	if !strings.Contains(body, `<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#34;x&#34; &amp; &#39;y&#39; | RentProof</title>`) {
		t.Errorf("the title is not the escaped text:\n%s", head(body))
	}
	ld := jsonLD(t, body) // the scripts still end where they should, and decode to the title
	if len(ld) != 2 || ld[1]["name"] != hostile {
		t.Errorf("JSON-LD %v", ld)
	}
	// A city from the address: NUL, invalid UTF-8 and markup become text, and a long one is cut.
	_, body = page(t, srv.URL, "/find-properties?city=%00Bo%FFston%3C%2Ftitle%3E&page=2")
	if !strings.Contains(body, "<title>Properties in Boston&lt;/title&gt; | RentProof</title>") {
		t.Errorf("a hostile city:\n%s", head(body))
	}
	if _, body = page(t, srv.URL, "/find-properties?city="+strings.Repeat("x", 5000)); len(head(body)) > 3000 {
		t.Errorf("a 5,000-character city made a %d-byte head", len(head(body)))
	}
	if status, body := page(t, srv.URL, "/index.html"); status != http.StatusOK || !strings.Contains(body, "<title>Find and Rate Rental Properties | RentProof</title>") {
		t.Errorf("/index.html: %d\n%s", status, head(body))
	}
	// The origin comes from a Host header only when it is a host name.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/about", http.NoBody)
	req.Host = `evil"><script>x</script>`
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(got), "evil") {
		t.Errorf("a made-up Host reached the page:\n%s", head(string(got)))
	}
}

// TestMissingPagesAre404: a route the app does not have answers 404 with the not-found page
// (the address asked for escaped in it); a property or article that does not exist, or an id the
// app refuses, 404 with the screen's page named "… Not Found", kept out of search engines; the
// probes, the API and files are untouched.
func TestMissingPagesAre404(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: seoSPA})
	for path, want := range map[string]string{
		"/no-such-page":          "<title>Page Not Found | RentProof</title>",
		"/properties/999999":     "<title>Property Not Found | RentProof</title>",
		"/properties/abc":        "<title>Property Not Found | RentProof</title>",
		"/properties/1/reviews":  "<title>Page Not Found | RentProof</title>",
		"/resources/999999":      "<title>Resource Not Found | RentProof</title>",
		"/location/%21%21%21%21": "<title>Location Not Found | RentProof</title>",
	} {
		status, body := page(t, srv.URL, path)
		if status != http.StatusNotFound || !strings.Contains(body, want) || !strings.Contains(body, `<meta name="robots" content="noindex">`) {
			t.Errorf("GET %s: %d\n%s", path, status, head(body))
		}
	}
	// A withdrawn listing is gone too.
	if _, err := srv.Pool.Exec(context.Background(), `UPDATE properties SET active = false WHERE id = 3`); err != nil {
		t.Fatal(err)
	}
	if status, body := page(t, srv.URL, "/properties/3"); status != http.StatusNotFound || !strings.Contains(body, "<title>Property Not Found | RentProof</title>") {
		t.Errorf("a withdrawn property: %d\n%s", status, head(body))
	}
	status, body := page(t, srv.URL, "/no-such-page/%3Cscript%3E")
	if status != http.StatusNotFound || !strings.Contains(body, "<h1>404 Page Not Found</h1><p>There is no page at <code>/no-such-page/&lt;script&gt;</code>.</p>") {
		t.Errorf("the not-found page: %d\n%s", status, body)
	}
	if status, body := page(t, srv.URL, "/properties/1"); status != http.StatusOK || !strings.Contains(body, "first-load") {
		t.Errorf("an existing property: %d", status)
	}
	for path, want := range map[string]int{"/healthz": 200, "/api/properties/1": 200, "/images/logo.svg": 200, "/images/none.png": 404} {
		if status, _ := page(t, srv.URL, path); status != want {
			t.Errorf("GET %s: %d, want %d", path, status, want)
		}
	}
}

// TestSitemapAndRobots: the real server's sitemap names public pages on the public origin, and
// robots.txt keeps crawlers off the API, rpc paths and private pages, and names the sitemap.
func TestSitemapAndRobots(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: seoSPA, PublicURL: "https://rentproof.example"})
	status, body := page(t, srv.URL, "/sitemap.xml")
	for _, w := range []string{
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
		"<url><loc>https://rentproof.example/</loc></url>",
		"<url><loc>https://rentproof.example/about</loc></url>",
		"<url><loc>https://rentproof.example/find-properties</loc></url>",
		"<url><loc>https://rentproof.example/properties/1</loc><lastmod>",
		"<url><loc>https://rentproof.example/resources/1</loc><lastmod>",
		"<url><loc>https://rentproof.example/location/",
	} {
		if status != http.StatusOK || !strings.Contains(body, w) {
			t.Errorf("sitemap (%d) lacks %s:\n%.2000s", status, w, body)
		}
	}
	if strings.Contains(body, "dashboard") || strings.Contains(body, "city=") {
		t.Errorf("the sitemap lists a private or a search page:\n%.2000s", body)
	}
	status, body = page(t, srv.URL, "/robots.txt")
	for _, w := range []string{"User-agent: *\n", "Disallow: /api/\n", "Disallow: /dashboard\n", "Disallow: /rentproof.\n", "Allow: /\n", "Sitemap: https://rentproof.example/sitemap.xml\n"} {
		if status != http.StatusOK || !strings.Contains(body, w) {
			t.Errorf("robots.txt (%d) lacks %q:\n%s", status, w, body)
		}
	}
}

// A location page's prerendered skeleton names the page's own code, escaped, and shows the first
// listing's picture; its listings come with it.
func TestLocationPageNamesItsCode(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, SPA: seoSPA})
	status, body := page(t, srv.URL, "/location/10001")
	if status != http.StatusOK || !strings.Contains(body, "<h1>Properties in 10001</h1>") || strings.Contains(body, "RP0CODE0") ||
		!strings.Contains(body, `<div data-picture-slot=""><img alt="" fetchpriority="high" width="480" height="300" src="/images/demo/`) ||
		!strings.Contains(body, `<script type="application/json" id="first-load">[{"procedure":"/rentproof.property.v1.PropertyService/SearchProperties","input":{"page":1,"pageSize":50,"sortBy":"featured","zipCode":"10001"}`) {
		t.Errorf("GET /location/10001: %d\n%s", status, body)
	}
	status, body = page(t, srv.URL, "/location/%3Cb%3E")
	if status != http.StatusNotFound || !strings.Contains(body, "<h1>Properties in &lt;b&gt;</h1>") || strings.Contains(body, "first-load") {
		t.Errorf("GET /location/<b>: %d\n%s", status, body)
	}
}
