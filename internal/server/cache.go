package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"sync"

	"github.com/rentproof/rentproof/internal/identity"
)

// publicCacheControl is what a public, anonymous answer carries: fresh for 10 seconds (SPEC:
// search data is fresh for 10 seconds), and for 20 more a cache may answer with it while it asks
// the server again, so a busy page never waits on the server.
const publicCacheControl = "public, max-age=10, stale-while-revalidate=20"

// maxTaggedBytes is the largest answer held back to give it an ETag; a larger one (a big
// sitemap) streams without one.
const maxTaggedBytes = 1 << 20

// cacheAnswers says who may keep an answer. An answer to a request with a session cookie or an
// Authorization header is private, whatever the handler said (a content-addressed immutable
// file excepted: the same bytes for everyone by its name). A successful GET of a public read
// (publicRead, or a Connect GET of a NO_SIDE_EFFECTS rpc) without either, which sets no cookie,
// is public (publicCacheControl unless its handler made it public already), varies by Cookie and
// Authorization, so a shared cache never hands it to a signed-in member, and has an ETag, which
// If-None-Match answers with 304.
func cacheAnswers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hasBearer(r) || hasSession(r) {
			next.ServeHTTP(&privateAnswer{ResponseWriter: w}, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead || !publicRead(r) && !readOnlyProcedures[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		a, ok := publicAnswers.Get().(*publicAnswer)
		if !ok {
			a = new(publicAnswer)
		}
		a.ResponseWriter, a.r, a.status, a.streaming = w, r, http.StatusOK, false
		a.body.Reset()
		next.ServeHTTP(a, r)
		a.finish()
		// Nothing holds a once the handler has returned. A panic skips this: that one is not reused.
		a.ResponseWriter, a.r = nil, nil
		if a.body.Cap() <= 256<<10 {
			publicAnswers.Put(a)
		}
	})
}

// publicAnswers keeps publicAnswer's buffers between requests: growing a fresh one for each
// public read was a tenth of a search's garbage (make bench's profile).
var publicAnswers = sync.Pool{New: func() any { return new(publicAnswer) }}

func hasSession(r *http.Request) bool {
	_, err := r.Cookie(identity.SessionCookie)
	return err == nil
}

// privateAnswer makes the Cache-Control of every answer it writes private.
type privateAnswer struct {
	http.ResponseWriter
	wrote bool
}

func (p *privateAnswer) WriteHeader(status int) {
	if !p.wrote {
		p.wrote = true
		h := p.Header()
		h.Set("Cache-Control", privateCacheControl(h.Get("Cache-Control")))
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *privateAnswer) Write(b []byte) (int, error) {
	if !p.wrote {
		p.WriteHeader(http.StatusOK)
	}
	return p.ResponseWriter.Write(b)
}

func (p *privateAnswer) Flush() {
	if !p.wrote {
		p.WriteHeader(http.StatusOK)
	}
	if f, ok := p.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (p *privateAnswer) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// privateCacheControl is cc made private: "public" becomes "private" (immutable files keep it),
// and any other directive gains "private"; none at all becomes "private, no-cache".
func privateCacheControl(cc string) string {
	switch {
	case cc == "":
		return "private, no-cache"
	case strings.Contains(cc, "immutable"), strings.Contains(cc, "private"):
		return cc
	case strings.Contains(cc, "public"):
		return strings.Replace(cc, "public", "private", 1)
	}
	return "private, " + cc
}

// publicAnswer holds back a public read's answer to tag it (cacheAnswers), up to maxTaggedBytes.
type publicAnswer struct {
	http.ResponseWriter
	r         *http.Request
	status    int
	body      bytes.Buffer
	streaming bool // too large to tag: headers sent, the rest passes through
}

func (a *publicAnswer) WriteHeader(status int) {
	if a.streaming {
		return
	}
	a.status = status
}

func (a *publicAnswer) Write(b []byte) (int, error) {
	if a.streaming {
		return a.ResponseWriter.Write(b)
	}
	if a.body.Len()+len(b) <= maxTaggedBytes {
		return a.body.Write(b)
	}
	a.streaming = true
	a.mark()
	a.ResponseWriter.WriteHeader(a.status)
	if _, err := a.ResponseWriter.Write(a.body.Bytes()); err != nil {
		return 0, err
	}
	return a.ResponseWriter.Write(b)
}

// Flush is a no-op until the answer is complete: a public read is never a stream.
func (a *publicAnswer) Flush() {}

func (a *publicAnswer) Unwrap() http.ResponseWriter { return a.ResponseWriter }

// shared reports whether the answer may be kept by a shared cache: a success that sets no cookie.
func (a *publicAnswer) shared() bool {
	return a.status == http.StatusOK && len(a.Header().Values("Set-Cookie")) == 0
}

// mark sets a shared answer's Cache-Control and Vary (a shared cache must not hand a gzipped
// answer to a client that does not take gzip either).
func (a *publicAnswer) mark() {
	if !a.shared() {
		return
	}
	h := a.Header()
	if !strings.HasPrefix(h.Get("Cache-Control"), "public") {
		h.Set("Cache-Control", publicCacheControl)
	}
	if !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Encoding") {
		h.Add("Vary", "Accept-Encoding") // Connect compresses by it without saying so
	}
	h.Add("Vary", "Cookie, Authorization")
}

func (a *publicAnswer) finish() {
	if a.streaming {
		return
	}
	a.mark()
	h := a.Header()
	if a.shared() && a.r.Method == http.MethodGet {
		sum := sha256.Sum256(a.body.Bytes())
		etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
		h.Set("ETag", etag)
		if matches(a.r.Header.Values("If-None-Match"), etag) {
			for _, name := range []string{"Content-Length", "Content-Type", "Content-Encoding"} {
				h.Del(name)
			}
			a.ResponseWriter.WriteHeader(http.StatusNotModified)
			return
		}
	}
	a.ResponseWriter.WriteHeader(a.status)
	_, _ = a.ResponseWriter.Write(a.body.Bytes()) // a client that went away is not an error of ours
}

// matches reports whether an If-None-Match header lists etag (weak comparison, RFC 9110 13.1.2).
func matches(ifNoneMatch []string, etag string) bool {
	for _, v := range ifNoneMatch {
		for tag := range strings.SplitSeq(v, ",") {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			if tag == "*" || tag == etag {
				return true
			}
		}
	}
	return false
}
