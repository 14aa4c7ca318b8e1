package upload

import (
	"io"
	"log/slog"
	"net/http"
	"path"
	"strconv"
)

// Handler serves stored files under URLPrefix: only names the service generates, with their
// stored content type, never sniffed, sandboxed so nothing can run as script in the site's origin,
// and cached for good (names are random and never reused).
func (s *Service) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, ok := keyOf(r.URL.Path)
		if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			http.NotFound(w, r)
			return
		}
		rd, err := s.bucket.NewReader(r.Context(), key, nil)
		if err != nil {
			if !isNotFound(err) {
				slog.ErrorContext(r.Context(), "read upload", "key", key, "err", err)
			}
			http.NotFound(w, r)
			return
		}
		defer rd.Close()
		h := w.Header()
		h.Set("Content-Type", contentTypes[path.Ext(key)[1:]])
		h.Set("Content-Length", strconv.FormatInt(rd.Size(), 10))
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Content-Disposition", "inline")
		if r.Method == http.MethodHead {
			return
		}
		if _, err := io.Copy(w, rd); err != nil {
			slog.WarnContext(r.Context(), "send upload", "key", key, "err", err)
		}
	})
}
