package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
)

// spaHandler serves the built app. A path naming a file serves that file (precompressed when
// the client accepts it, see serveStatic); a path without a file extension is a client-side
// route and gets index.html (so /properties/3 survives a reload); a missing file with an
// extension is a plain 404, so a broken image falls back in the page. Hidden files (the build's
// .vite/manifest.json, .gitkeep) are not served. With a tile server, index.html carries its
// settings and the Content-Security-Policy admits its images (maptiles.go). The page that opens
// a screen preloads that screen's code (preload.go).
func spaHandler(dist fs.FS, tiles MapTiles) http.Handler {
	dist = withMapTiles(dist, tiles)
	pages, err := withScreenPreloads(dist)
	if err != nil {
		slog.Error("the app's pages will not preload their screens", "err", err)
	}
	policy := contentSecurityPolicy(tiles)
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
		serveIndex(w, r, pages, policy)
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
// the screen at that path when there is one.
func serveIndex(w http.ResponseWriter, r *http.Request, pages screenPages, policy string) {
	if _, err := fs.Stat(pages, "index.html"); err != nil {
		http.Error(w, "The web app is not built: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Security-Policy", policy)
	serveStatic(w, r, pages, pages.page(path.Clean(r.URL.Path)), "text/html; charset=utf-8", "no-cache")
}
