package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"strings"
)

// MapTiles is the tile server of the street map on property pages (MAP_TILE_URL and
// MAP_TILE_ATTRIBUTION). The zero value has none: the pages draw their offline map.
type MapTiles struct {
	// URL is the tiles' address with {z}, {x} and {y}, and {s} for a subdomain in its first
	// label, e.g. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png.
	URL string
	// Attribution is the credit the tile provider asks for, shown on the map (HTML allowed).
	Attribution string
}

// ParseMapTiles checks a tile URL and its attribution; an empty URL means no tile server.
func ParseMapTiles(rawURL, attribution string) (MapTiles, error) {
	if rawURL == "" {
		return MapTiles{}, nil
	}
	tiles := MapTiles{URL: rawURL, Attribution: attribution}
	for _, part := range []string{"{z}", "{x}", "{y}"} {
		if !strings.Contains(rawURL, part) {
			return MapTiles{}, fmt.Errorf("MAP_TILE_URL must contain {z}, {x} and {y}, not %q", rawURL)
		}
	}
	if _, err := tiles.imageSource(); err != nil {
		return MapTiles{}, fmt.Errorf("MAP_TILE_URL %q: %w", rawURL, err)
	}
	return tiles, nil
}

var errTileHost = errors.New("must be an http or https URL whose host varies, if at all, only in its first label ({s})")

// imageSource is the Content-Security-Policy source that admits the tiles: their scheme and
// host, a first label with a placeholder ({s}) becoming the wildcard; empty without tiles.
func (t MapTiles) imageSource() (string, error) {
	if t.URL == "" {
		return "", nil
	}
	scheme, rest, ok := strings.Cut(t.URL, "://")
	if !ok || (scheme != "http" && scheme != "https") {
		return "", errTileHost
	}
	host, _, _ := strings.Cut(rest, "/")
	if first, others, found := strings.Cut(host, "."); found && strings.Contains(first, "{") {
		host = "*." + others
	}
	if strings.ContainsAny(host, "{}") {
		return "", errTileHost
	}
	if u, err := url.Parse(scheme + "://" + host); err != nil || u.Host != host || u.Hostname() == "" {
		return "", errTileHost
	}
	return scheme + "://" + host, nil
}

// contentSecurityPolicy keeps the app to its own origin: no inline or foreign scripts, and no
// foreign images but the map's tiles when a tile server is configured.
func contentSecurityPolicy(tiles MapTiles) string {
	images := "'self' data: blob:"
	if source, err := tiles.imageSource(); err == nil && source != "" {
		images += " " + source
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src " + images + "; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
		"base-uri 'self'; form-action 'self'; frame-ancestors 'none'; " +
		// blob: frames: /admin shows an ownership document in place from a local copy (the
		// server sends documents as attachments); only the app's own scripts make blob URLs.
		"frame-src 'self' blob:"
}

// withMapTiles writes the tile settings into the app's index.html as meta tags, which the page
// reads as it starts (no request, nothing to wait for). The build's compressed copies of
// index.html no longer match it and are hidden; the page is about 1 KB.
func withMapTiles(dist fs.FS, tiles MapTiles) fs.FS {
	if tiles.URL == "" || dist == nil {
		return dist
	}
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		return dist // not built: serveIndex says so
	}
	meta := `<meta name="map-tile-url" content="` + html.EscapeString(tiles.URL) + `">` +
		`<meta name="map-tile-attribution" content="` + html.EscapeString(tiles.Attribution) + `">`
	return indexOverlay{FS: dist, index: bytes.Replace(index, []byte("</head>"), []byte(meta+"</head>"), 1)}
}

// indexOverlay is dist with its own index.html and without the build's compressed copies of it.
type indexOverlay struct {
	fs.FS
	index []byte
}

func (o indexOverlay) Open(name string) (fs.File, error) {
	switch name {
	case "index.html":
		f, err := o.FS.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return nil, err
		}
		return memFile{Reader: bytes.NewReader(o.index), info: sizedInfo{FileInfo: info, size: int64(len(o.index))}}, nil
	case "index.html.br", "index.html.gz":
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return o.FS.Open(name)
}

type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (memFile) Close() error                 { return nil }

type sizedInfo struct {
	fs.FileInfo
	size int64
}

func (i sizedInfo) Size() int64 { return i.size }
