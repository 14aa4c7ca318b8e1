package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/upload"
)

// sessions finds the session of a token (account.Service).
type sessions interface {
	SessionForToken(ctx context.Context, token string) (identity.Session, error)
}

// serveUploads serves stored files under upload.URLPrefix: only names the service generates,
// main files and their narrower versions (a version never made is answered with its main file),
// with their stored content type, never sniffed, sandboxed so nothing can run as script in the
// site's origin. Who may see a file is the upload service's rule (upload.Service.Read); the
// session is looked up only for a file that is not public, so a listing's image costs no session
// query. A listing image is cached for good (names are random and never reused, and a version
// is made with its upload or never); a published review's photo is revalidated on every use, so
// its review's removal takes it down at once; a private one is never stored.
func serveUploads(uploads *upload.Service, accounts sessions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.NotFound(w, r)
			return
		}
		viewer := func(ctx context.Context) (identity.User, bool) {
			token := requestToken(r)
			if token == "" {
				return identity.User{}, false
			}
			sess, err := accounts.SessionForToken(ctx, token)
			if err != nil && !errors.Is(err, apperr.ErrUnauthenticated) {
				slog.ErrorContext(ctx, "authenticate upload", "err", err)
			}
			return sess.User, err == nil
		}
		f, ok, err := uploads.Read(r.Context(), r.URL.Path, viewer)
		if err != nil {
			slog.ErrorContext(r.Context(), "read upload", "path", r.URL.Path, "err", err)
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Content-Disposition", "inline")
		switch f.Caching {
		case upload.Forever:
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		case upload.Revalidate:
			etag := strconv.Quote(f.Key)
			h.Set("Cache-Control", "public, no-cache")
			h.Set("ETag", etag)
			if r.Header.Get("If-None-Match") == etag {
				w.WriteHeader(http.StatusNotModified)
				return
			}
		default:
			h.Set("Cache-Control", "private, no-store")
		}
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		if r.Method == http.MethodHead {
			return
		}
		if _, err := io.Copy(w, f); err != nil {
			slog.WarnContext(r.Context(), "send upload", "path", r.URL.Path, "err", err)
		}
	})
}
