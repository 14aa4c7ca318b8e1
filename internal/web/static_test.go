package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
)

// precompressedFS is a build as the web app's writes it: .br and .gz beside text files.
func precompressedFS(t *testing.T) fstest.MapFS {
	t.Helper()
	originals := map[string][]byte{
		"index.html":         []byte("<!doctype html><title>RentProof</title>" + strings.Repeat("<p>home</p>", 50)),
		"assets/app-abc1.js": []byte(strings.Repeat("console.log('RentProof');\n", 200)),
		"images/logo.svg":    []byte("<svg xmlns='http://www.w3.org/2000/svg'>" + strings.Repeat("<g/>", 100) + "</svg>"),
	}
	dist := fstest.MapFS{
		"images/photo.png":    {Data: []byte("\x89PNG\r\n\x1a\nnot compressible")},
		".vite/manifest.json": {Data: []byte("{}")},
	}
	for name, data := range originals {
		dist[name] = &fstest.MapFile{Data: data}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = zw.Write(data)
		_ = zw.Close()
		dist[name+".gz"] = &fstest.MapFile{Data: gz.Bytes()}
		if name != "images/logo.svg" { // a file may have only some of the variants
			var br bytes.Buffer
			bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
			_, _ = bw.Write(data)
			_ = bw.Close()
			dist[name+".br"] = &fstest.MapFile{Data: br.Bytes()}
		}
	}
	return dist
}

func decode(t *testing.T, encoding string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch encoding {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	case "":
	default:
		t.Fatalf("unexpected Content-Encoding %q", encoding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", encoding, err)
	}
	return out
}

func TestStaticFilesArePrecompressed(t *testing.T) {
	t.Parallel()
	dist := precompressedFS(t)
	handler := spaHandler(dist, MapTiles{}, nil)

	for _, c := range []struct {
		name, path, acceptEncoding string
		wantEncoding, wantType     string
		wantCache, original        string
		wantVary                   bool
	}{
		{"br preferred", "/assets/app-abc1.js", "gzip, deflate, br, zstd", "br", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"gzip only", "/assets/app-abc1.js", "gzip", "gzip", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"q-values", "/assets/app-abc1.js", "br;q=0.4, gzip;q=0.5", "gzip", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"q=0 refuses", "/assets/app-abc1.js", "br;q=0, gzip", "gzip", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"case and x-gzip", "/assets/app-abc1.js", "X-GZIP", "gzip", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"wildcard", "/assets/app-abc1.js", "*", "br", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"identity preferred", "/assets/app-abc1.js", "br;q=0.1, identity;q=0.5", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"identity only", "/assets/app-abc1.js", "identity", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"no header", "/assets/app-abc1.js", "", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"everything refused", "/assets/app-abc1.js", "br;q=0, gzip;q=0, *;q=0", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "assets/app-abc1.js", true},
		{"only the variants there are", "/images/logo.svg", "br, gzip;q=0.5", "gzip", "image/svg+xml", "public, max-age=3600", "images/logo.svg", true},
		{"not compressible", "/images/photo.png", "br, gzip", "", "image/png", "public, max-age=3600", "images/photo.png", false},
		{"index", "/", "br", "br", "text/html; charset=utf-8", "no-cache", "index.html", true},
		{"client route", "/about", "gzip", "gzip", "text/html; charset=utf-8", "no-cache", "index.html", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, c.path, http.NoBody)
			if c.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", c.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			h := res.Header
			if got := h.Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, c.wantEncoding)
			}
			if got := h.Get("Content-Type"); got != c.wantType {
				t.Errorf("Content-Type %q, want %q", got, c.wantType)
			}
			if got := h.Get("Cache-Control"); got != c.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, c.wantCache)
			}
			if got := h.Get("Vary") == "Accept-Encoding"; got != c.wantVary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", h.Get("Vary"), c.wantVary)
			}
			if got := h.Get("Content-Length"); got != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %q for %d bytes", got, len(body))
			}
			want := dist[c.original].Data
			if got := decode(t, c.wantEncoding, body); !bytes.Equal(got, want) {
				t.Errorf("decoded body differs from %s (%d bytes, want %d)", c.original, len(got), len(want))
			}
			if c.original == "index.html" && h.Get("Content-Security-Policy") == "" {
				t.Error("index.html without its Content-Security-Policy")
			}
		})
	}
}

func TestPrecompressedHeadAndRange(t *testing.T) {
	t.Parallel()
	dist := precompressedFS(t)
	handler := spaHandler(dist, MapTiles{}, nil)
	br := dist["assets/app-abc1.js.br"].Data

	t.Run("HEAD", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodHead, "/assets/app-abc1.js", http.NoBody)
		req.Header.Set("Accept-Encoding", "br")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
			t.Fatalf("status %d with %d body bytes", rec.Code, rec.Body.Len())
		}
		if rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Content-Length") != strconv.Itoa(len(br)) {
			t.Errorf("HEAD headers %v", rec.Header())
		}
	})

	t.Run("Range over the compressed bytes", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodGet, "/assets/app-abc1.js", http.NoBody)
		req.Header.Set("Accept-Encoding", "br")
		req.Header.Set("Range", "bytes=0-9")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusPartialContent {
			t.Fatalf("status %d", rec.Code)
		}
		if got, want := rec.Header().Get("Content-Range"), "bytes 0-9/"+strconv.Itoa(len(br)); got != want {
			t.Errorf("Content-Range %q, want %q", got, want)
		}
		if rec.Header().Get("Content-Encoding") != "br" || !bytes.Equal(rec.Body.Bytes(), br[:10]) {
			t.Errorf("range body %x, encoding %q", rec.Body.Bytes(), rec.Header().Get("Content-Encoding"))
		}
	})

	t.Run("unsatisfiable range", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodGet, "/assets/app-abc1.js", http.NoBody)
		req.Header.Set("Accept-Encoding", "gzip")
		req.Header.Set("Range", "bytes=100000-")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestedRangeNotSatisfiable || rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("status %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
		}
	})

	t.Run("hidden build files", func(t *testing.T) {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/.vite/manifest.json", http.NoBody))
		if rec.Code != http.StatusNotFound {
			t.Errorf("status %d, want 404", rec.Code)
		}
	})
}
