package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// imgSrc is the img-src directive of a Content-Security-Policy.
func imgSrc(policy string) string {
	for d := range strings.SplitSeq(policy, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "img-src ") {
			return d
		}
	}
	return ""
}

func TestIndexAdmitsTheMapTilesOnlyWhenConfigured(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html":    {Data: []byte("<!doctype html><html><head><title>RentProof</title></head><body></body></html>")},
		"index.html.gz": {Data: []byte("stale gzip of the page without the tiles")},
	}
	get := func(t *testing.T, tiles MapTiles) (http.Header, string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, "/about", http.NoBody)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		spaHandler(dist, tiles, nil).ServeHTTP(rec, req)
		return rec.Header(), rec.Body.String()
	}

	t.Run("without a tile server", func(t *testing.T) {
		t.Parallel()
		header, body := get(t, MapTiles{})
		if got, want := imgSrc(header.Get("Content-Security-Policy")), "img-src 'self' data: blob:"; got != want {
			t.Errorf("%s; want %s", got, want)
		}
		if strings.Contains(body, "map-tile") || header.Get("Content-Encoding") != "gzip" {
			t.Errorf("the page changed without tiles: %q, encoding %q", body, header.Get("Content-Encoding"))
		}
	})

	t.Run("with a tile server", func(t *testing.T) {
		t.Parallel()
		tiles, err := ParseMapTiles("https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=a&b", `&copy; <a href="https://example.com">Example</a>`)
		if err != nil {
			t.Fatal(err)
		}
		header, body := get(t, tiles)
		if got, want := imgSrc(header.Get("Content-Security-Policy")), "img-src 'self' data: blob: https://*.tiles.example.com"; got != want {
			t.Errorf("%s; want %s", got, want)
		}
		for _, meta := range []string{
			`<meta name="map-tile-url" content="https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=a&amp;b">`,
			`<meta name="map-tile-attribution" content="&amp;copy; &lt;a href=&#34;https://example.com&#34;&gt;Example&lt;/a&gt;">`,
		} {
			if !strings.Contains(body, meta) {
				t.Errorf("the page lacks %s:\n%s", meta, body)
			}
		}
		// The build's compressed page lacks the settings: the page goes as it is.
		if enc := header.Get("Content-Encoding"); enc != "" {
			t.Errorf("Content-Encoding %q: the build's stale copy", enc)
		}
	})
}

func TestParseMapTiles(t *testing.T) {
	t.Parallel()
	for raw, source := range map[string]string{
		"": "",
		"https://tile.openstreetmap.org/{z}/{x}/{y}.png":  "https://tile.openstreetmap.org",
		"http://127.0.0.1:8088/tiles/{z}/{x}/{y}.png":     "http://127.0.0.1:8088",
		"https://{s}.basemaps.example/{z}/{x}/{y}@2x.png": "https://*.basemaps.example",
	} {
		tiles, err := ParseMapTiles(raw, "")
		if err != nil {
			t.Errorf("%q: %v", raw, err)
			continue
		}
		if got, _ := tiles.imageSource(); got != source {
			t.Errorf("%q admits %q; want %q", raw, got, source)
		}
	}
	for _, raw := range []string{
		"tile.openstreetmap.org/{z}/{x}/{y}.png",
		"ftp://tiles.example/{z}/{x}/{y}.png",
		"https://tiles.example/{z}/{x}.png",
		"https://tiles.{s}.example/{z}/{x}/{y}.png",
		"https:///{z}/{x}/{y}.png",
		"https://tiles.example;img-src */{z}/{x}/{y}.png",
	} {
		if _, err := ParseMapTiles(raw, ""); err == nil {
			t.Errorf("%q accepted", raw)
		}
	}
}
