package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// TestPagesPreloadTheirScreen: the page that opens a screen lists that screen's chunks, and
// only them, for the entry to fetch (#screen-code); other paths get index.html as built; the pages keep the
// Content-Security-Policy, the map settings and compression.
func TestPagesPreloadTheirScreen(t *testing.T) {
	t.Parallel()
	dist := precompressedFS(t)
	dist["index.html"] = &fstest.MapFile{Data: []byte("<!doctype html><head><title>RentProof</title></head><body></body>")}
	delete(dist, "index.html.br")
	delete(dist, "index.html.gz")
	dist[".vite/screens.json"] = &fstest.MapFile{Data: []byte(`[
		{"path": "/", "files": ["/assets/home-1.js", "/assets/card-1.js"]},
		{"path": "/properties/:id", "files": ["/assets/property-1.js", "/assets/card-1.js"]},
		{"path": "/resources/:id", "files": ["/assets/resource-1.js"]}
	]`)}
	tiles := MapTiles{URL: "https://tiles.example.com/{z}/{x}/{y}.png", Attribution: "© Tiles"}
	handler := spaHandler(dist, tiles, nil)

	get := func(path, acceptEncoding string) *httptest.ResponseRecorder {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, http.NoBody)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, rec.Code)
		}
		return rec
	}
	preloads := func(body string) []string {
		_, list, ok := strings.Cut(body, `<script type="application/json" id="screen-code">`)
		if !ok {
			return []string{}
		}
		list, _, _ = strings.Cut(list, "</script>")
		var out []string
		if err := json.Unmarshal([]byte(list), &out); err != nil {
			t.Errorf("screen-code %q: %v", list, err)
		}
		return out
	}

	for path, want := range map[string]string{
		"/":                     "[/assets/home-1.js /assets/card-1.js]",
		"/properties/3":         "[/assets/property-1.js /assets/card-1.js]",
		"/properties/3/":        "[/assets/property-1.js /assets/card-1.js]",
		"/resources/12":         "[/assets/resource-1.js]",
		"/properties":           "[]",
		"/about":                "[]",
		"/properties/3/reviews": "[]",
	} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			rec := get(path, "")
			body := rec.Body.String()
			if got := preloads(body); fmtList(got) != want {
				t.Errorf("preloads %v, want %s", got, want)
			}
			if !strings.Contains(body, `<meta name="map-tile-url"`) || !strings.HasSuffix(body, "</body>") {
				t.Errorf("the page lost the map settings or its body:\n%s", body)
			}
			cache := "no-cache"
			if path == "/properties/3" || path == "/properties/3/" || path == "/resources/12" {
				cache = "private, no-cache" // made for the visitor (firstload.go)
			}
			if h := rec.Header(); !strings.Contains(h.Get("Content-Security-Policy"), "img-src 'self' data: blob: https://tiles.example.com") ||
				h.Get("Content-Type") != "text/html; charset=utf-8" || h.Get("Cache-Control") != cache {
				t.Errorf("headers %v", h)
			}
		})
	}

	// A screen's page comes gzip-compressed to a browser that accepts it.
	rec := get("/properties/9", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("encoding %q vary %q", rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"))
	}
	if body := string(decode(t, "gzip", rec.Body.Bytes())); fmtList(preloads(body)) != "[/assets/property-1.js /assets/card-1.js]" {
		t.Errorf("compressed page: %s", body)
	}
	// The pages are not files of their own.
	req := httptest.NewRequest(http.MethodGet, "/screens/0.html", http.NoBody)
	rec = httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if body, _ := io.ReadAll(rec.Body); rec.Code != http.StatusNotFound {
		t.Errorf("/screens/0.html: %d %s", rec.Code, body)
	}
}

func fmtList(items []string) string { return "[" + strings.Join(items, " ") + "]" }
