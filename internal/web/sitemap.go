package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/resource"
)

// The sitemap and robots.txt. /sitemap.xml lists every public page: the fixed pages of the
// screens' list (not those marked noindex, nor the search's filtered addresses), every article,
// every location page with listings and every active property. Past MaxURLs addresses it is an
// index of numbered sitemaps: /sitemap-pages-N.xml (fixed pages, articles, locations: chunks of
// one cached list) and /sitemap-properties-N.xml (the properties with ids in the Nth range of
// MaxURLs: one range scan of the primary key each, however many listings there are; the index
// needs only the highest id). Answers are kept in memory for a few minutes (a cache only: any
// server makes the same) and may be cached by clients as long.

// sitemapMaxURLs is how many addresses one sitemap may hold (sitemaps.org).
const sitemapMaxURLs = 50_000

// sitemapTTL is how long a generated sitemap is served before it is made again.
const sitemapTTL = 5 * time.Minute

// Listings is what the sitemap asks the property domain (property.Service).
type Listings interface {
	HighestID(ctx context.Context) (int64, error)
	ListedBetween(ctx context.Context, first, last int64) ([]property.Listed, error)
	PostalCodes(ctx context.Context) ([]string, error)
}

// Articles is what the sitemap asks the resource domain (resource.Service).
type Articles interface {
	Articles(ctx context.Context) ([]resource.Dated, error)
}

// sitemaps serves /sitemap.xml, its numbered parts and /robots.txt.
type sitemaps struct {
	listings Listings
	articles Articles
	public   string // PUBLIC_URL's origin, or "" (siteOrigin)
	limit    int    // addresses per sitemap
	ttl      time.Duration
	fixed    []string // the fixed public pages' paths
	disallow []string // robots.txt's Disallow lines

	mu     sync.Mutex // one generation at a time: no stampede on the database
	pages  cachedList
	files  map[string]cachedFile // by path, made with originMark
	served map[string]cachedFile // by path and origin, with its gzip copy
}

// cachedList is the list of fixed pages, articles and locations, and when it was made.
type cachedList struct {
	urls []sitemapURL
	made time.Time
}

// cachedFile is a generated sitemap and its gzip copy.
type cachedFile struct {
	body, gz []byte
	made     time.Time
}

// maxCachedSitemaps bounds the copies kept for origins (one with PUBLIC_URL; else one per host
// name the site is reached by: siteOrigin).
const maxCachedSitemaps = 256

// sitemapURL is one address in a sitemap: a path from "/" and its last change (zero: none).
type sitemapURL struct {
	path    string
	lastmod time.Time
}

// newSitemaps makes the sitemap of the app in dist (its screens' list) of properties and
// articles, with limit addresses per sitemap.
func newSitemaps(properties Listings, articles Articles, dist fs.FS, public string, limit int) *sitemaps {
	screens, err := readScreens(dist)
	if err != nil {
		slog.Error("the sitemap will list no fixed pages", "err", err)
	}
	s := &sitemaps{listings: properties, articles: articles, public: public, limit: limit, ttl: sitemapTTL, files: map[string]cachedFile{}, served: map[string]cachedFile{}}
	s.disallow = []string{"/api/", "/rentproof.", "/grpc.", "/healthz", "/readyz"}
	for _, sc := range screens {
		switch {
		case sc.Path == notFoundScreen:
		case sc.NoIndex:
			s.disallow = append(s.disallow, robotsPattern(sc.Path))
		case !strings.Contains(sc.Path, ":"):
			s.fixed = append(s.fixed, sc.Path)
		}
	}
	return s
}

// robotsPattern writes a route as a robots.txt path: each ":param" is "*", and a trailing one
// is left out (a prefix matches it).
func robotsPattern(route string) string {
	segments := strings.Split(route, "/")
	for i, seg := range segments {
		if strings.HasPrefix(seg, ":") {
			segments[i] = "*"
		}
	}
	return strings.TrimSuffix(strings.Join(segments, "/"), "*")
}

// numberedSitemap is a part of the sitemap index: its kind and number.
var numberedSitemap = regexp.MustCompile(`^/sitemap-(pages|properties)-([1-9]\d{0,6})\.xml$`)

// wrap serves the sitemap and robots.txt, and passes everything else to next.
func (s *sitemaps) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p != "/robots.txt" && p != "/sitemap.xml" && !numberedSitemap.MatchString(p) {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		origin := siteOrigin(r, s.public)
		if p == "/robots.txt" {
			s.serveRobots(w, r, origin)
			return
		}
		if origin == "" {
			http.Error(w, "unknown host", http.StatusBadRequest) // a sitemap's addresses are absolute
			return
		}
		file, ok, err := s.file(r.Context(), p, origin)
		switch {
		case err != nil:
			slog.ErrorContext(r.Context(), "sitemap", "path", p, "err", err)
			http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		case !ok:
			http.NotFound(w, r)
		default:
			h := w.Header()
			h.Set("Content-Type", "application/xml; charset=utf-8")
			h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d", int(s.ttl.Seconds())))
			h.Add("Vary", "Accept-Encoding")
			body := file.body
			if _, gz := negotiate(r.Header.Values("Accept-Encoding"), []encoding{{"gzip", ".gz"}}); gz {
				body = file.gz
				h.Set("Content-Encoding", "gzip")
			}
			h.Set("Content-Length", strconv.Itoa(len(body)))
			if r.Method == http.MethodHead {
				return
			}
			_, _ = w.Write(body)
		}
	})
}

// serveRobots writes robots.txt: public pages allowed, the API, rpc paths and private pages
// (the screens marked noindex) not, and where the sitemap is.
func (s *sitemaps) serveRobots(w http.ResponseWriter, r *http.Request, origin string) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, path := range s.disallow {
		fmt.Fprintf(&b, "Disallow: %s\n", path)
	}
	b.WriteString("Allow: /\n")
	if origin != "" {
		fmt.Fprintf(&b, "\nSitemap: %s/sitemap.xml\n", origin)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write([]byte(b.String()))
}

// originMark stands for the origin in a generated sitemap (no path of ours holds a brace: codes
// are path-escaped), so one generation serves every origin.
const originMark = "{origin}"

// file returns the sitemap at path for origin, from the cache when it is fresh; false when
// there is no such sitemap. The database is read once per path and cache time, whatever the
// origins asked for; each origin costs only its copy and its compression.
func (s *sitemaps) file(ctx context.Context, path, origin string) (cachedFile, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	made, ok := s.files[path]
	if !ok || time.Since(made.made) >= s.ttl {
		body, found, err := s.generate(ctx, path, originMark)
		if err != nil || !found {
			return cachedFile{}, found, err
		}
		made = cachedFile{body: body, made: time.Now()}
		s.files[path] = made
	}
	key := path + " " + origin
	if f, ok := s.served[key]; ok && f.made.Equal(made.made) {
		return f, true, nil
	}
	body := bytes.ReplaceAll(made.body, []byte(originMark), []byte(origin))
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed) // a valid level: no error
	_, _ = zw.Write(body)                             // writes to memory do not fail
	_ = zw.Close()
	f := cachedFile{body: body, gz: gz.Bytes(), made: made.made}
	if _, ok := s.served[key]; ok || len(s.served) < maxCachedSitemaps {
		s.served[key] = f
	}
	return f, true, nil
}

// generate makes the sitemap at path.
func (s *sitemaps) generate(ctx context.Context, path, origin string) ([]byte, bool, error) {
	pages, err := s.pageList(ctx)
	if err != nil {
		return nil, false, err
	}
	maxID, err := s.listings.HighestID(ctx)
	if err != nil {
		return nil, false, err
	}
	propertyFiles := int((maxID + int64(s.limit) - 1) / int64(s.limit))
	if path == "/sitemap.xml" {
		if int64(len(pages))+maxID > int64(s.limit) {
			return sitemapIndex(origin, (len(pages)+s.limit-1)/s.limit, propertyFiles), true, nil
		}
		properties, err := s.properties(ctx, 1, maxID)
		if err != nil {
			return nil, false, err
		}
		return urlSet(origin, slices.Concat(pages, properties)), true, nil
	}
	m := numberedSitemap.FindStringSubmatch(path)
	n, _ := strconv.Atoi(m[2]) // digits only, at most 7
	if m[1] == "pages" {
		first := (n - 1) * s.limit
		if first >= len(pages) {
			return nil, false, nil
		}
		return urlSet(origin, pages[first:min(first+s.limit, len(pages))]), true, nil
	}
	if n > propertyFiles {
		return nil, false, nil
	}
	first := int64(n-1)*int64(s.limit) + 1
	properties, err := s.properties(ctx, first, first+int64(s.limit)-1)
	if err != nil {
		return nil, false, err
	}
	return urlSet(origin, properties), true, nil
}

// properties lists the active properties with ids from first to last.
func (s *sitemaps) properties(ctx context.Context, first, last int64) ([]sitemapURL, error) {
	listed, err := s.listings.ListedBetween(ctx, first, last)
	if err != nil {
		return nil, err
	}
	urls := make([]sitemapURL, len(listed))
	for i, row := range listed {
		urls[i] = sitemapURL{path: "/properties/" + strconv.Itoa(int(row.ID)), lastmod: row.UpdatedAt}
	}
	return urls, nil
}

// pageList is the fixed pages, every article and every location with listings (cached).
func (s *sitemaps) pageList(ctx context.Context) ([]sitemapURL, error) {
	if s.pages.urls != nil && time.Since(s.pages.made) < s.ttl {
		return s.pages.urls, nil
	}
	resources, err := s.articles.Articles(ctx)
	if err != nil {
		return nil, err
	}
	locations, err := s.listings.PostalCodes(ctx)
	if err != nil {
		return nil, err
	}
	urls := make([]sitemapURL, 0, len(s.fixed)+len(resources)+len(locations))
	for _, path := range s.fixed {
		urls = append(urls, sitemapURL{path: path})
	}
	for _, row := range resources {
		urls = append(urls, sitemapURL{path: "/resources/" + strconv.Itoa(int(row.ID)), lastmod: row.UpdatedAt})
	}
	for _, code := range locations {
		if head, ok := locationHead("/location/" + url.PathEscape(code)); ok {
			urls = append(urls, sitemapURL{path: head.canonical})
		}
	}
	s.pages = cachedList{urls: urls, made: time.Now()}
	return urls, nil
}

// urlSet writes a sitemap of urls.
func urlSet(origin string, urls []sitemapURL) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, u := range urls {
		b.WriteString("<url><loc>")
		_ = xml.EscapeText(&b, []byte(origin+u.path)) // writes to memory do not fail
		b.WriteString("</loc>")
		if !u.lastmod.IsZero() {
			fmt.Fprintf(&b, "<lastmod>%s</lastmod>", u.lastmod.UTC().Format(time.RFC3339))
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// sitemapIndex writes the index of pageFiles page sitemaps and propertyFiles property sitemaps.
func sitemapIndex(origin string, pageFiles, propertyFiles int) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	write := func(kind string, n int) {
		b.WriteString("<sitemap><loc>")
		_ = xml.EscapeText(&b, fmt.Appendf(nil, "%s/sitemap-%s-%d.xml", origin, kind, n))
		b.WriteString("</loc></sitemap>\n")
	}
	for n := 1; n <= pageFiles; n++ {
		write("pages", n)
	}
	for n := 1; n <= propertyFiles; n++ {
		write("properties", n)
	}
	b.WriteString("</sitemapindex>\n")
	return b.Bytes()
}
