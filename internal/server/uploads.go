package server

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/rentproof/rentproof/internal/upload"
)

// serveUploads serves stored files under upload.URLPrefix: only names the service generates,
// main files and their narrower versions (a version never made is answered with its main file),
// with their stored content type, never sniffed, sandboxed so nothing can run as script in the
// site's origin, and cached for good (names are random and never reused, and a version is made
// with its upload or never).
func serveUploads(uploads *upload.Service) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.NotFound(w, r)
			return
		}
		f, ok, err := uploads.Read(r.Context(), r.URL.Path)
		if err != nil {
			slog.ErrorContext(r.Context(), "read upload", "path", r.URL.Path, "err", err)
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Content-Disposition", "inline")
		if r.Method == http.MethodHead {
			return
		}
		if _, err := io.Copy(w, f); err != nil {
			slog.WarnContext(r.Context(), "send upload", "path", r.URL.Path, "err", err)
		}
	})
}
