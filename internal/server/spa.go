package server

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
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
	return spaHandlerWithPolicy(dist, tiles, contentSecurityPolicy(tiles), api)
}

// spaHandlerWithPolicy is spaHandler with the pages' Content-Security-Policy given (with card
// payments it admits Stripe: payments.go).
func spaHandlerWithPolicy(dist fs.FS, tiles MapTiles, policy string, api http.Handler) http.Handler {
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
		serveIndex(w, r, pages, policy, api)
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

// serveIndex serves the page that opens the app at r's path: index.html, with the preloads of
// the screen at that path when there is one, and its first rpc's answer when it has one.
func serveIndex(w http.ResponseWriter, r *http.Request, pages screenPages, policy string, api http.Handler) {
	if _, err := fs.Stat(pages, "index.html"); err != nil {
		http.Error(w, "The web app is not built: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Security-Policy", policy)
	name := pages.page(path.Clean(r.URL.Path))
	if _, ok := firstLoadFor(r.URL); !ok || r.Method != http.MethodGet {
		serveStatic(w, r, pages, name, "text/html; charset=utf-8", "no-cache")
		return
	}
	page, err := fs.ReadFile(pages, name)
	if err != nil {
		http.Error(w, "page unavailable", http.StatusInternalServerError)
		return
	}
	// The answer is the visitor's own (it may depend on the session): never cached for others.
	servePage(w, r, withFirstLoad(r.Context(), page, r, api), "private, no-cache")
}

// servePage sends a page made for this request, gzipped when the client accepts it.
func servePage(w http.ResponseWriter, r *http.Request, page []byte, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", cacheControl)
	h.Add("Vary", "Accept-Encoding")
	if _, ok := negotiate(r.Header.Values("Accept-Encoding"), []encoding{{"gzip", ".gz"}}); ok {
		var compressed bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&compressed, gzip.DefaultCompression) // a valid level: no error
		_, _ = zw.Write(page)                                              // writes to memory do not fail
		_ = zw.Close()
		page = compressed.Bytes()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(page)))
	w.WriteHeader(http.StatusOK)
	// G705: what a page takes from the request is escaped where it is put in (firstload.go: the
	// answers' JSON with "<" escaped, picture attributes with html.EscapeString).
	_, _ = w.Write(page) //nolint:gosec // a client that went away is not an error of ours
}
