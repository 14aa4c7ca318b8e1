package web

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
)

// spaHandler serves the built app. A path naming a file serves that file (precompressed when
// the client accepts it, see serveStatic); a path without a file extension is a client-side
// route and gets index.html (so /properties/3 survives a reload); a missing file with an
// extension is a plain 404, so a broken image falls back in the page. Hidden files (the build's
// .vite/manifest.json, .gitkeep) are not served. With a tile server, index.html carries its
// settings and the Content-Security-Policy admits its images (maptiles.go). The page that opens
// a screen preloads that screen's code (preload.go), and the answer to its first rpc, served by
// api in process (firstload.go).
func spaHandler(dist fs.FS, tiles MapTiles, api http.Handler) http.Handler {
	return spaHandlerWithPolicy(dist, tiles, contentSecurityPolicy(tiles), api, "")
}

// spaHandlerWithPolicy is spaHandler with the pages' Content-Security-Policy given (with card
// payments it admits Stripe: payments.go) and the site's public origin (PUBLIC_URL, "" to take
// it from each request: siteOrigin).
func spaHandlerWithPolicy(dist fs.FS, tiles MapTiles, policy string, api http.Handler, public string) http.Handler {
	dist = withMapTiles(dist, tiles)
	pages, err := withScreenPreloads(dist)
	if err != nil {
		slog.Error("the app's pages will not preload their screens", "err", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if hidden(name) {
			http.NotFound(w, r)
			return
		}
		if info, err := fs.Stat(dist, name); err == nil && !info.IsDir() && name != "index.html" {
			cache := "public, max-age=3600"
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every asset name: safe to cache for a year.
				cache = "public, max-age=31536000, immutable"
			}
			serveStatic(w, r, dist, name, "", cache)
			return
		}
		if path.Ext(name) != "" && name != "index.html" {
			http.NotFound(w, r)
			return
		}
		serveIndex(w, r, pages, policy, api, public)
	})
}

// hidden reports whether a path has a segment that starts with a dot.
func hidden(name string) bool {
	for segment := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(segment, ".") && segment != "." {
			return true
		}
	}
	return false
}

// serveIndex serves the page that opens the app at r's path: its screen's page (index.html
// when the build lists no screens), with the preloads of the screen, its first rpc's answer when
// it has one, and its title, description and links for search engines and link previews
// (seo.go). A path no route matches, and a property or article that does not exist, answer 404
// (the first with the not-found page, the second with the screen's own, which says so).
func serveIndex(w http.ResponseWriter, r *http.Request, pages screenPages, policy string, api http.Handler, public string) {
	if _, err := fs.Stat(pages, "index.html"); err != nil {
		http.Error(w, "The web app is not built: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Security-Policy", policy)
	urlPath := path.Clean(r.URL.Path)
	if urlPath == "/index.html" {
		urlPath = "/" // the home page by its file's name
	}
	name, s, found := pages.screen(urlPath)
	if s.Path == "" { // a build without the screens' list: index.html as built
		serveStatic(w, r, pages, name, "text/html; charset=utf-8", "no-cache")
		return
	}
	origin := siteOrigin(r, public)
	if found && !madeForRequest(s.Path) {
		page, gz := pages.named(name, origin, staticHead(s, origin))
		servePage(w, r, http.StatusOK, page, gz, "no-cache")
		return
	}
	page, err := fs.ReadFile(pages, name)
	if err != nil {
		http.Error(w, "page unavailable", http.StatusInternalServerError)
		return
	}
	status, cache, head := http.StatusOK, "no-cache", staticHead(s, origin)
	missing := func() {
		status, head = http.StatusNotFound, pageHead{title: cmp.Or(notFoundTitles[s.Path], head.title), noindex: true}
	}
	canonical := strings.TrimSuffix(urlPath, "/")
	switch {
	case !found:
		status, page = http.StatusNotFound, notFoundPage(page, r.URL.Path)
	case s.Path == "/location/:zipcode":
		// Its skeleton names its code, and its listings come with it: the answer is the visitor's
		// own (saved flags).
		code, _ := locationCode(urlPath)
		page = locationPage(page, code)
		if head, found = locationHead(urlPath); !found {
			status = http.StatusNotFound
			break
		}
		page, _, _ = withFirstLoad(r.Context(), page, r, api)
		cache = "private, no-cache"
	default:
		if _, ok := firstLoadFor(r.URL); !ok {
			missing() // an id the app refuses: its "Not Found"
			break
		}
		// The answer is the visitor's own (it may depend on the session): never cached for others.
		var answer []byte
		var answered int
		page, answer, answered = withFirstLoad(r.Context(), page, r, api)
		cache = "private, no-cache"
		switch s.Path {
		case "/find-properties":
			head = searchHead(s, r.URL)
		case "/properties/:id":
			if named, ok := propertyHead(answer, canonical, origin); ok {
				head = named
			}
		case "/resources/:id":
			if named, ok := resourceHead(answer, canonical, origin); ok {
				head = named
			}
		}
		if answered == http.StatusNotFound {
			missing()
		}
		if skeleton := s.memberSkeleton(answer); skeleton != "" {
			page = withPrerendered(page, skeleton, false)
		}
	}
	servePage(w, r, status, withHead(page, head.html(origin)), nil, cache)
}

// madeForRequest reports whether the page of a screen is made for each request: one with a
// first rpc (firstload.go; the location page's is named after its address too).
func madeForRequest(route string) bool {
	return slices.ContainsFunc(firstRPCs, func(f firstRPCRoute) bool { return f.pattern == route })
}

// servePage sends a page made for this request, gzipped when the client accepts it (gz, when
// given, is the page gzipped already).
func servePage(w http.ResponseWriter, r *http.Request, status int, page, gz []byte, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", cacheControl)
	h.Add("Vary", "Accept-Encoding")
	if _, ok := negotiate(r.Header.Values("Accept-Encoding"), []encoding{{"gzip", ".gz"}}); ok {
		if gz == nil {
			gz = gzipped(page, gzip.DefaultCompression)
		}
		page = gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(page)))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	// G705: what a page takes from the request is escaped where it is put in (firstload.go: the
	// answers' JSON with "<" escaped, picture attributes with html.EscapeString; seo.go: every
	// value of the head with html.EscapeString, JSON-LD with "<" and ">" escaped).
	_, _ = w.Write(page) //nolint:gosec // a client that went away is not an error of ours
}

// gzipped is page compressed at level.
func gzipped(page []byte, level int) []byte {
	var compressed bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&compressed, level) // a valid level: no error
	_, _ = zw.Write(page)                            // writes to memory do not fail
	_ = zw.Close()
	return compressed.Bytes()
}
