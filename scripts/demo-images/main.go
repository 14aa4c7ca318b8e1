// Command demo-images draws RentProof's own demo illustrations as SVG files.
//
// It reads the seed data in internal/seed/data and writes, under ui/public/images:
//
//	demo/property-NN-x.svg   every image path referenced by properties.json
//	                          (suffix a is the exterior, b a living room,
//	                          c a kitchen, d a bedroom)
//	resources/<slug>.svg     a cover for every resource in resources.json
//	authors/<name>.svg       an avatar for every authorImage in resources.json
//	default-property.svg, image-fallback.svg, default-resource.svg,
//	logo.svg, favicon.svg
//
// The output is deterministic: every random choice comes from a generator
// seeded with the file name, so the same data always produces the same bytes.
// The SVGs contain only shapes, gradients and patterns: no scripts, no
// external references and no foreignObject.
//
// It is its own module, outside the server's package list (it only matters when the seed data
// gains images). Run it from the repository root:
//
//	make demo-images        # or: go -C scripts/demo-images run .
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// maxBytes is the size budget of one illustration; larger files are reported.
const maxBytes = 15 * 1024

func main() {
	dataDir := flag.String("data", "../../internal/seed/data", "folder holding the seed JSON files")
	outDir := flag.String("out", "../../ui/public/images", "folder the images are written to (served as /images)")
	flag.Parse()

	w := &writer{root: *outDir}

	var props []propertyRecord
	readJSON(filepath.Join(*dataDir, "properties.json"), &props)
	for _, p := range props {
		for _, img := range p.Images {
			rel, ok := strings.CutPrefix(img, "/images/")
			if !ok || !strings.HasPrefix(rel, "demo/") {
				log.Fatalf("property %d: image %q is not under /images/demo/", p.ID, img)
			}
			kind := strings.TrimSuffix(path.Base(rel), ".svg")
			w.refs = append(w.refs, rel)
			w.write(rel, propertyImage(p, kind[len(kind)-1:], kind))
		}
	}

	var res []resourceRecord
	readJSON(filepath.Join(*dataDir, "resources.json"), &res)
	authors := map[string]string{}
	for _, r := range res {
		rel, ok := strings.CutPrefix(r.CoverImage, "/images/")
		if !ok || !strings.HasPrefix(rel, "resources/") {
			log.Fatalf("resource %s: cover %q is not under /images/resources/", r.Slug, r.CoverImage)
		}
		w.refs = append(w.refs, rel)
		w.write(rel, resourceCover(r))
		if r.AuthorImage != "" {
			rel, ok := strings.CutPrefix(r.AuthorImage, "/images/")
			if !ok || !strings.HasPrefix(rel, "authors/") {
				log.Fatalf("resource %s: author image %q is not under /images/authors/", r.Slug, r.AuthorImage)
			}
			authors[rel] = r.AuthorName
			w.refs = append(w.refs, rel)
		}
	}
	rels := make([]string, 0, len(authors))
	for rel := range authors {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for i, rel := range rels {
		w.write(rel, avatar(authors[rel], rel, i))
	}

	w.refs = append(w.refs, "default-property.svg", "image-fallback.svg", "default-resource.svg", "logo.svg", "favicon.svg")
	w.write("default-property.svg", defaultProperty())
	w.write("image-fallback.svg", imageFallback())
	w.write("default-resource.svg", defaultResource())
	w.write("logo.svg", logo("RentProof logo", false))
	w.write("favicon.svg", logo("RentProof", true))

	fmt.Printf("wrote %d files to %s\n", w.count, w.root)
	if err := w.verify(); err != nil {
		log.Fatal(err)
	}
	if w.tooBig > 0 {
		log.Fatalf("%d files are larger than %d bytes", w.tooBig, maxBytes)
	}
}

type propertyRecord struct {
	ID           int      `json:"id"`
	Title        string   `json:"title"`
	City         string   `json:"city"`
	PropertyType string   `json:"propertyType"`
	YearBuilt    int      `json:"yearBuilt"`
	Images       []string `json:"images"`
}

type resourceRecord struct {
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Category    string `json:"category"`
	AuthorName  string `json:"authorName"`
	AuthorImage string `json:"authorImage"`
	CoverImage  string `json:"coverImage"`
}

func readJSON(file string, v any) {
	b, err := os.ReadFile(file)
	if err != nil {
		log.Fatalf("read seed data: %v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		log.Fatalf("parse %s: %v", file, err)
	}
}

var safeRel = regexp.MustCompile(`^[a-z0-9][a-z0-9/_-]*\.svg$`)

type writer struct {
	root   string
	count  int
	tooBig int
	refs   []string // every image path the data and the UI refer to, relative to root
}

// forbidden are fragments an image served to browsers must never contain.
var forbidden = []string{"<script", "foreignobject", "href", "http:", "https:", "javascript:", "<image", "<style", "@import", "url(data:"}

// eventAttr matches an event-handler attribute such as onload=.
var eventAttr = regexp.MustCompile(`\son[a-z]+\s*=`)

// verify re-reads every referenced image from disk and checks that it exists, has a
// title, stays within the size budget and holds nothing active or external.
func (w *writer) verify() error {
	for _, rel := range w.refs {
		b, err := os.ReadFile(filepath.Join(w.root, filepath.FromSlash(rel)))
		if err != nil {
			return fmt.Errorf("referenced image /images/%s: %w", rel, err)
		}
		s := strings.ToLower(strings.Replace(string(b), `xmlns="http://www.w3.org/2000/svg"`, "", 1))
		for _, bad := range forbidden {
			if strings.Contains(s, bad) {
				return fmt.Errorf("/images/%s contains %q", rel, bad)
			}
		}
		if eventAttr.MatchString(s) {
			return fmt.Errorf("/images/%s has an event handler attribute", rel)
		}
		if !strings.Contains(s, "<title") {
			return fmt.Errorf("/images/%s has no <title>", rel)
		}
		if len(b) > maxBytes {
			return fmt.Errorf("/images/%s is %d bytes, over %d", rel, len(b), maxBytes)
		}
	}
	fmt.Printf("verified %d referenced images\n", len(w.refs))
	return nil
}

func (w *writer) write(rel, svg string) {
	if !safeRel.MatchString(rel) || strings.Contains(rel, "..") {
		log.Fatalf("refusing to write unsafe path %q", rel)
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		log.Fatalf("create folder: %v", err)
	}
	if err := os.WriteFile(full, []byte(svg), 0o644); err != nil {
		log.Fatalf("write %s: %v", full, err)
	}
	w.count++
	if len(svg) > maxBytes {
		w.tooBig++
		log.Printf("warning: %s is %d bytes", rel, len(svg))
	}
}

// ---------------------------------------------------------------------------
// SVG building blocks

type canvas struct {
	w, h  int
	title string
	defs  strings.Builder
	body  strings.Builder
	ids   int
}

func newCanvas(w, h int, title string) *canvas {
	return &canvas{w: w, h: h, title: title}
}

// n formats a coordinate with at most one decimal.
func n(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func attrValue(v any) string {
	switch t := v.(type) {
	case float64:
		return n(t)
	case int:
		return strconv.Itoa(t)
	case string:
		return escape(t)
	default:
		panic(fmt.Sprintf("unsupported attribute type %T", v))
	}
}

func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

func writeAttrs(b *strings.Builder, kv []any) {
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteByte(' ')
		b.WriteString(kv[i].(string))
		b.WriteString(`="`)
		b.WriteString(attrValue(kv[i+1]))
		b.WriteByte('"')
	}
}

// el writes a self-closing element into the body.
func (c *canvas) el(name string, kv ...any) {
	c.body.WriteByte('<')
	c.body.WriteString(name)
	writeAttrs(&c.body, kv)
	c.body.WriteString("/>")
}

func (c *canvas) open(name string, kv ...any) {
	c.body.WriteByte('<')
	c.body.WriteString(name)
	writeAttrs(&c.body, kv)
	c.body.WriteByte('>')
}

func (c *canvas) close(name string) {
	c.body.WriteString("</" + name + ">")
}

func (c *canvas) rect(x, y, w, h float64, fill string, kv ...any) {
	c.el("rect", append([]any{"x", x, "y", y, "width", w, "height", h, "fill", fill}, kv...)...)
}

func (c *canvas) rrect(x, y, w, h, r float64, fill string, kv ...any) {
	c.el("rect", append([]any{"x", x, "y", y, "width", w, "height", h, "rx", r, "fill", fill}, kv...)...)
}

func (c *canvas) circle(cx, cy, r float64, fill string, kv ...any) {
	c.el("circle", append([]any{"cx", cx, "cy", cy, "r", r, "fill", fill}, kv...)...)
}

func (c *canvas) ellipse(cx, cy, rx, ry float64, fill string, kv ...any) {
	c.el("ellipse", append([]any{"cx", cx, "cy", cy, "rx", rx, "ry", ry, "fill", fill}, kv...)...)
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke string, width float64, kv ...any) {
	c.el("line", append([]any{"x1", x1, "y1", y1, "x2", x2, "y2", y2, "stroke", stroke, "stroke-width", width}, kv...)...)
}

func (c *canvas) path(d string, fill string, kv ...any) {
	c.el("path", append([]any{"d", d, "fill", fill}, kv...)...)
}

// poly draws a closed polygon through the given x,y pairs.
func (c *canvas) poly(fill string, pts ...float64) { c.polyOp(fill, 1, pts...) }

// polyOp draws a closed polygon with the given opacity.
func (c *canvas) polyOp(fill string, opacity float64, pts ...float64) {
	var b strings.Builder
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(n(pts[i]) + "," + n(pts[i+1]))
	}
	if opacity < 1 {
		c.el("polygon", "points", b.String(), "fill", fill, "opacity", opacity)
		return
	}
	c.el("polygon", "points", b.String(), "fill", fill)
}

// text writes a text element.
func (c *canvas) text(s string, kv ...any) {
	c.open("text", kv...)
	c.body.WriteString(escape(s))
	c.close("text")
}

// id returns a fresh id for a definition.
func (c *canvas) id(prefix string) string {
	c.ids++
	return prefix + strconv.Itoa(c.ids)
}

// linear defines a linear gradient (coordinates as fractions) and returns its url.
func (c *canvas) linear(x1, y1, x2, y2 float64, stops ...string) string {
	id := c.id("g")
	fmt.Fprintf(&c.defs, `<linearGradient id="%s" x1="%s" y1="%s" x2="%s" y2="%s">`, id, n(x1), n(y1), n(x2), n(y2))
	for i, s := range stops {
		off := 0.0
		if len(stops) > 1 {
			off = float64(i) / float64(len(stops)-1)
		}
		fmt.Fprintf(&c.defs, `<stop offset="%s" stop-color="%s"/>`, n(off), s)
	}
	c.defs.WriteString("</linearGradient>")
	return "url(#" + id + ")"
}

// pattern defines a user-space tile whose content is drawn by fn, and returns its url.
func (c *canvas) pattern(w, h float64, fn func(p *canvas)) string {
	return c.patternAt(0, 0, w, h, fn)
}

// patternAt is pattern with the tile grid starting at x, y.
func (c *canvas) patternAt(x, y, w, h float64, fn func(p *canvas)) string {
	id := c.id("p")
	inner := &canvas{}
	fn(inner)
	fmt.Fprintf(&c.defs, `<pattern id="%s" x="%s" y="%s" width="%s" height="%s" patternUnits="userSpaceOnUse">%s</pattern>`, id, n(x), n(y), n(w), n(h), inner.body.String())
	return "url(#" + id + ")"
}

func (c *canvas) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="title">`, c.w, c.h, c.w, c.h)
	b.WriteString(`<title id="title">` + escape(c.title) + `</title>`)
	if c.defs.Len() > 0 {
		b.WriteString("<defs>" + c.defs.String() + "</defs>")
	}
	b.WriteString(c.body.String())
	b.WriteString("</svg>\n")
	return b.String()
}

// ---------------------------------------------------------------------------
// Deterministic randomness and colour helpers

type rng struct{ s uint64 }

func newRNG(seed string) *rng {
	h := fnv.New64a()
	h.Write([]byte(seed))
	s := h.Sum64()
	if s == 0 {
		s = 0x9e3779b97f4a7c15
	}
	r := &rng{s}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

func (r *rng) float() float64               { return float64(r.next()>>11) / (1 << 53) }
func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.float() }
func (r *rng) intn(k int) int               { return int(r.next() % uint64(k)) }
func (r *rng) chance(p float64) bool        { return r.float() < p }

func pick[T any](r *rng, xs []T) T { return xs[r.intn(len(xs))] }

func parseHex(s string) (float64, float64, float64) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil {
		panic("bad colour " + s)
	}
	return float64(v >> 16 & 255), float64(v >> 8 & 255), float64(v & 255)
}

// mix blends colour a towards b by t (0..1).
func mix(a, b string, t float64) string {
	r1, g1, b1 := parseHex(a)
	r2, g2, b2 := parseHex(b)
	f := func(x, y float64) int { return int(math.Round(x + (y-x)*t)) }
	return fmt.Sprintf("#%02x%02x%02x", f(r1, r2), f(g1, g2), f(b1, b2))
}

func darken(c string, t float64) string  { return mix(c, "#000000", t) }
func lighten(c string, t float64) string { return mix(c, "#ffffff", t) }

// ---------------------------------------------------------------------------
// Property illustrations

type facade struct {
	wall, trim, roof, door, glass string
}

var facades = []facade{
	{"#e9d8c4", "#fffaf2", "#7b4b3a", "#2f4858", "#9fd3e6"},
	{"#c8553d", "#f3e9dc", "#4a3b35", "#283d3b", "#a7d3df"},
	{"#f2efe6", "#ffffff", "#5b6c7d", "#b5523b", "#9cc9dd"},
	{"#8fb8a8", "#f5f5ef", "#3c4f57", "#f2c14e", "#cfe8ef"},
	{"#f4c095", "#fff8ee", "#6d4c41", "#1d3557", "#a8dadc"},
	{"#6b7b8c", "#e8edf1", "#2b333b", "#e76f51", "#b9e0f0"},
	{"#d9b26f", "#fff6e5", "#5a4632", "#355c7d", "#bfe3ec"},
	{"#b7c4d6", "#ffffff", "#384a63", "#c0392b", "#dff1fa"},
}

var bricks = []string{"#b5543c", "#a0493a", "#c46a4a", "#8e4a3b", "#b86b4b"}

type skyTone struct{ top, bottom, sun string }

var skies = []skyTone{
	{"#6cb8ea", "#dff2fb", "#fff3b0"},
	{"#f29e7a", "#fde3c8", "#fff1c1"},
	{"#7a6bb0", "#f6b89c", "#ffd59e"},
	{"#9fd2ef", "#f6f1dc", "#fff8cf"},
	{"#4f9bd9", "#cdeaf7", "#fffbe0"},
}

var greens = []string{"#5a9e6f", "#4f8f63", "#6aa56b", "#3f7f5a", "#7bb174"}

const horizon = 640.0

func propertyImage(p propertyRecord, suffix, name string) string {
	r := newRNG(name)
	switch suffix {
	case "b":
		return livingRoom(p, r)
	case "c":
		return kitchen(p, r)
	case "d":
		return bedroom(p, r)
	default:
		return exterior(p, r)
	}
}

func exterior(p propertyRecord, r *rng) string {
	c := newCanvas(1200, 800, fmt.Sprintf("Illustration of the exterior of %s, %s", p.Title, p.City))
	sky := skies[(p.ID+r.intn(2))%len(skies)]
	f := facades[(p.ID*3+r.intn(3))%len(facades)]
	urban := true
	switch p.PropertyType {
	case "house", "villa", "cottage", "bungalow", "farmhouse", "mansion", "chalet":
		urban = false
	}
	drawSky(c, r, sky, urban)
	drawGround(c, r, urban)
	old := p.YearBuilt > 0 && p.YearBuilt < 1935
	switch p.PropertyType {
	case "condo", "penthouse":
		if old {
			// a stone three-flat rather than a tower
			drawBlock(c, r, f, blockOpts{stone: "#a9a59c", ornate: true, floors: 4, cols: 3, width: 460})
		} else {
			drawTower(c, r, f)
		}
	case "house", "cottage", "bungalow", "farmhouse", "chalet":
		drawHouse(c, r, f, p.YearBuilt >= 1990)
	case "villa", "mansion":
		drawVilla(c, r, f)
	case "townhouse":
		drawTerrace(c, r)
	case "duplex":
		drawPlex(c, r, f)
	case "student_housing":
		o := blockOpts{brick: true, bikes: true, ornate: old, floors: 4 + r.intn(2), cols: 8, width: 780}
		if p.YearBuilt > 0 && p.YearBuilt < 1900 {
			o = blockOpts{stone: "#c4ad85", bikes: true, ornate: true, floors: 5, cols: 6, width: 660}
		}
		drawBlock(c, r, f, o)
	case "studio":
		drawBlock(c, r, f, blockOpts{modern: true, floors: 5, cols: 5, width: 560})
	case "loft":
		drawLoft(c, r)
	default:
		o := blockOpts{floors: 5 + r.intn(2), cols: 5 + r.intn(2), width: 600 + r.between(0, 80), balconies: !old && r.chance(0.6), ornate: old}
		if p.YearBuilt > 0 && p.YearBuilt < 1900 {
			o.brick = true
		}
		drawBlock(c, r, f, o)
	}
	drawForeground(c, r, urban)
	return c.String()
}

func drawSky(c *canvas, r *rng, s skyTone, urban bool) {
	c.rect(0, 0, 1200, horizon, c.linear(0, 0, 0, 1, s.top, s.bottom))
	sx, sy := r.between(120, 1080), r.between(90, 180)
	c.circle(sx, sy, 110, s.sun, "opacity", 0.25)
	c.circle(sx, sy, 62, s.sun)
	for i := 0; i < 3; i++ {
		cloud(c, r.between(60, 1140), r.between(70, 260), r.between(0.7, 1.3))
	}
	if urban {
		// distant skyline
		col := mix(s.bottom, s.top, 0.45)
		x := -20.0
		for x < 1220 {
			w := r.between(50, 120)
			h := r.between(120, 300)
			c.rect(x, horizon-h, w, h, col, "opacity", 0.55)
			x += w + r.between(-10, 20)
		}
	} else {
		hill := mix(pick(r, greens), s.bottom, 0.45)
		c.path(fmt.Sprintf("M0 %s Q300 %s 600 %s T1200 %s V%s H0Z", n(horizon-90), n(horizon-200), n(horizon-100), n(horizon-120), n(horizon)), hill)
	}
}

func cloud(c *canvas, x, y, s float64) {
	c.open("g", "fill", "#ffffff", "opacity", 0.85)
	c.ellipse(x, y, 60*s, 20*s, "#ffffff")
	c.circle(x-22*s, y-12*s, 24*s, "#ffffff")
	c.circle(x+14*s, y-18*s, 30*s, "#ffffff")
	c.close("g")
}

func drawGround(c *canvas, r *rng, urban bool) {
	if urban {
		c.rect(0, horizon, 1200, 40, "#d9d4cc")
		c.rect(0, horizon+40, 1200, 120, "#5d6470")
		c.line(0, horizon+100, 1200, horizon+100, "#f1e7c8", 5, "stroke-dasharray", "50 40")
		c.rect(0, horizon+36, 1200, 6, "#b8b1a6")
	} else {
		g := pick(r, greens)
		c.rect(0, horizon, 1200, 160, c.linear(0, 0, 0, 1, lighten(g, 0.1), darken(g, 0.15)))
	}
}

func window(c *canvas, x, y, w, h float64, f facade, frame string) {
	c.rect(x-4, y-4, w+8, h+8, frame)
	c.rect(x, y, w, h, f.glass)
	c.polyOp("#ffffff", 0.35, x+w*0.15, y+h, x+w*0.55, y, x+w*0.8, y, x+w*0.4, y+h)
}

type blockOpts struct {
	floors    int
	cols      int
	width     float64
	brick     bool
	stone     string // stone colour; empty for render, brick or cladding
	modern    bool
	ornate    bool
	balconies bool
	bikes     bool
}

// brickFill returns a brick-bond pattern in the given colour.
func brickFill(c *canvas, wall string) string {
	mortar := darken(wall, 0.2)
	return c.pattern(48, 24, func(p *canvas) {
		p.rect(0, 0, 48, 24, wall)
		p.line(0, 11.5, 48, 11.5, mortar, 1.5)
		p.line(0, 23.5, 48, 23.5, mortar, 1.5)
		p.line(24, 0, 24, 11.5, mortar, 1.5)
		p.line(0.5, 12, 0.5, 24, mortar, 1.5)
	})
}

func drawNeighbours(c *canvas, r *rng, left, right float64) {
	for _, side := range []float64{-1, 1} {
		h := r.between(260, 420)
		w := 300.0
		x := left - w + 20
		if side > 0 {
			x = right - 20
		}
		col := mix(pick(r, facades).wall, "#c9d2dc", 0.45)
		win := lighten(col, 0.45)
		grid := c.patternAt(x+30, horizon-h+40, 64, 70, func(p *canvas) {
			p.rect(0, 0, 34, 44, win)
		})
		c.rect(x, horizon-h, w, h, col)
		c.rect(x+30, horizon-h+40, w-60, h-110, grid)
		c.rect(x, horizon-h, w, 14, darken(col, 0.15))
	}
}

func drawBlock(c *canvas, r *rng, f facade, o blockOpts) {
	wall := f.wall
	switch {
	case o.brick:
		wall = pick(r, bricks)
	case o.stone != "":
		wall = o.stone
	case o.modern:
		wall = "#eef0f2"
	}
	w := o.width
	x := 600 - w/2
	floorH := math.Min(440/float64(o.floors), 92)
	groundH := floorH + 10
	top := horizon - groundH - floorH*float64(o.floors-1) - 30
	drawNeighbours(c, r, x, x+w)
	fill := wall
	if o.brick {
		fill = brickFill(c, wall)
	}
	if o.stone != "" {
		fill = c.pattern(80, 30, func(p *canvas) {
			p.rect(0, 0, 80, 30, wall)
			p.line(0, 29, 80, 29, darken(wall, 0.12), 2)
			p.line(40, 0, 40, 29, darken(wall, 0.12), 2)
		})
	}
	c.rect(x, top, w, horizon-top, fill)
	c.rect(x+w-26, top, 26, horizon-top, "#000000", "opacity", 0.08)
	c.rect(x-12, top-18, w+24, 24, f.trim)
	c.rect(x-12, top+6, w+24, 6, "#000000", "opacity", 0.1)
	if o.ornate {
		// cornice brackets
		for bx := x; bx <= x+w-12; bx += 40 {
			c.rect(bx, top+6, 12, 16, f.trim)
		}
	}
	if o.modern {
		c.rect(x+w*0.62, top, w*0.38, horizon-top-groundH, "#c98f5a")
		c.line(x+10, top-40, x+w-10, top-40, "#4b5563", 3)
		c.line(x+10, top-29, x+w-10, top-29, "#4b5563", 22, "stroke-dasharray", "3 27")
	}
	frame := f.trim
	if o.brick || o.stone != "" {
		frame = "#efe6d8"
	}
	colW := w / float64(o.cols)
	winW := colW * 0.5
	if o.modern {
		winW = colW * 0.72
	}
	winH := floorH * 0.55
	if o.ornate {
		winH = floorH * 0.6
	}
	// one pattern tile per window: frame, glass, highlight and, on old
	// buildings, a moulded pediment
	wx0 := (colW - winW) / 2
	grid := c.patternAt(x, top+12, colW, floorH, func(p *canvas) {
		if o.ornate {
			p.poly(frame, wx0-10, 16, wx0+winW/2, 2, wx0+winW+10, 16)
			p.rect(wx0-10, 12, winW+20, 6, darken(frame, 0.08))
		}
		p.rect(wx0-4, 18-4, winW+8, winH+8, frame)
		p.rect(wx0, 18, winW, winH, f.glass)
		p.polyOp("#ffffff", 0.35, wx0+winW*0.15, 18+winH, wx0+winW*0.55, 18, wx0+winW*0.8, 18, wx0+winW*0.4, 18+winH)
		if o.ornate {
			p.line(wx0+winW/2, 18, wx0+winW/2, 18+winH, frame, 3)
			p.rect(wx0-8, 18+winH+4, winW+16, 6, frame)
		}
	})
	c.rect(x, top+12, w, floorH*float64(o.floors-1), grid)
	if o.balconies {
		for fl := 1; fl < o.floors-1; fl += 2 {
			by := top + 12 + float64(fl)*floorH + 18 + winH + 4
			for i := 0; i+1 < o.cols; i += 2 {
				bx := x + colW*float64(i) + 10
				bw := colW*2 - 20
				c.line(bx, by-14, bx+bw, by-14, darken(f.roof, 0.1), 28, "stroke-dasharray", "3 9")
				c.rect(bx-4, by-32, bw+8, 6, darken(f.roof, 0.1))
				c.rect(bx-4, by, bw+8, 8, f.trim)
			}
		}
	}
	// ground floor
	gy := horizon - groundH
	c.rect(x, gy, w, groundH, darken(wall, 0.12))
	c.rect(x, gy, w, 8, f.trim)
	dw := math.Min(colW*0.8, 90)
	dx := 600 - dw/2
	c.rect(dx-14, gy+14, dw+28, 14, f.roof)
	c.rect(dx, gy+30, dw, groundH-30, f.door)
	c.rect(dx+dw/2-1, gy+30, 2, groundH-30, lighten(f.door, 0.3))
	c.circle(dx+dw/2-10, gy+30+(groundH-30)*0.55, 3, "#f5d77a")
	c.circle(dx+dw/2+10, gy+30+(groundH-30)*0.55, 3, "#f5d77a")
	for i := 0; i < o.cols; i++ {
		wx := x + colW*float64(i) + (colW-winW)/2
		if wx+winW > dx-20 && wx < dx+dw+20 {
			continue
		}
		c.rect(wx-3, gy+22, winW+6, groundH-30, frame)
		c.rect(wx, gy+25, winW, groundH-36, lighten(f.glass, 0.15))
	}
	if o.bikes {
		// bike rack
		for i := 0; i < 3; i++ {
			bike(c, x+40+float64(i)*70, horizon+20)
		}
	}
}

func bike(c *canvas, x, y float64) {
	c.open("g", "fill", "none", "stroke", "#2f3640", "stroke-width", 3)
	c.el("circle", "cx", x, "cy", y, "r", 13)
	c.el("circle", "cx", x+40, "cy", y, "r", 13)
	c.el("path", "d", fmt.Sprintf("M%s %sL%s %sL%s %sL%s %sZM%s %sL%s %s", n(x), n(y), n(x+16), n(y-20), n(x+34), n(y-20), n(x+20), n(y), n(x+34), n(y-20), n(x+40), n(y)))
	c.close("g")
}

func drawTower(c *canvas, r *rng, f facade) {
	// background towers
	for _, bx := range []float64{170, 900} {
		h := r.between(380, 480)
		col := mix("#8aa2b8", f.wall, 0.2)
		c.rect(bx, horizon-h, 150, h, col)
		for y := horizon - h + 20; y < horizon-30; y += 26 {
			c.rect(bx+12, y, 126, 12, lighten(col, 0.35))
		}
	}
	w := 380.0
	x := 600 - w/2
	top := 70.0
	glass := c.linear(0, 0, 1, 1, "#bfe3f5", "#6fa8cf", "#3f6f99")
	c.rect(x, top, w, horizon-top, glass)
	// floor bands
	band := c.pattern(10, 34, func(p *canvas) {
		p.rect(0, 28, 10, 6, "#e9eef2")
	})
	c.rect(x, top+20, w, horizon-top-110, band)
	// mullions
	for mx := x + 76; mx < x+w; mx += 76 {
		c.line(mx, top+20, mx, horizon-90, "#e9eef2", 3, "opacity", 0.7)
	}
	c.polyOp("#ffffff", 0.2, x, top+40, x+120, top, x+200, top, x, top+260)
	// balconies on the right
	for y := top + 60; y < horizon-120; y += 68 {
		c.rect(x+w-8, y, 60, 5, "#f2f4f6")
		c.rect(x+w-8, y-26, 60, 26, "#ffffff", "opacity", 0.3)
		c.line(x+w+50, y-26, x+w+50, y, "#f2f4f6", 3)
	}
	// crown and podium
	c.rect(x-10, top-16, w+20, 22, f.trim)
	c.rect(x+w*0.3, top-56, w*0.4, 40, darken(f.trim, 0.1))
	c.rect(x-60, horizon-90, w+120, 90, mix(f.wall, "#9aa5b1", 0.4))
	c.rect(x-60, horizon-96, w+120, 10, f.trim)
	c.rect(x+w/2-90, horizon-74, 180, 74, "#d8eef8")
	c.line(600, horizon-74, 600, horizon, "#8aa2b8", 3)
	c.rect(x+w/2-110, horizon-86, 220, 12, f.roof)
	// small trees in planters
	for _, tx := range []float64{x - 30, x + w + 30} {
		c.rect(tx-30, horizon-24, 60, 24, "#8d8d8d")
		c.circle(tx, horizon-50, 34, pick(r, greens))
	}
}

func drawHouse(c *canvas, r *rng, f facade, modern bool) {
	two := modern || r.chance(0.55)
	w := r.between(500, 580)
	h := 210.0
	if two {
		h = 320
	}
	x := 600 - w/2
	top := horizon - h
	// garage or side wing
	if r.chance(0.6) {
		gw := 200.0
		gx := x + w - 10
		c.rect(gx, horizon-150, gw, 150, darken(f.wall, 0.06))
		c.poly(f.roof, gx-10, horizon-150, gx+gw+20, horizon-150, gx+gw+20, horizon-175, gx+10, horizon-190)
		gd := c.pattern(10, 24, func(p *canvas) {
			p.rect(0, 0, 10, 24, "#f4f1ec")
			p.rect(0, 20, 10, 4, "#d8d2c8")
		})
		c.rect(gx+25, horizon-120, gw-50, 120, gd)
	}
	if modern {
		// two-storey house with a shallow roof and horizontal siding
		siding := c.pattern(20, 22, func(p *canvas) {
			p.rect(0, 0, 20, 22, f.wall)
			p.rect(0, 19, 20, 3, darken(f.wall, 0.1))
		})
		c.rect(x, top, w, h, siding)
		c.rect(x+w-22, top, 22, h, "#000000", "opacity", 0.07)
		c.poly(f.roof, x-30, top+10, x-30, top-6, x+w+30, top-60, x+w+30, top+10)
		c.rect(x+w*0.58, top+36, w*0.34, 110, "#ffffff")
		c.rect(x+w*0.58+8, top+44, w*0.34-16, 94, f.glass)
		c.polyOp("#ffffff", 0.35, x+w*0.6+8, top+138, x+w*0.7, top+44, x+w*0.76, top+44, x+w*0.66, top+138)
	} else {
		// chimney
		c.rect(x+w*0.72, top-150, 44, 120, darken(f.roof, 0.05))
		c.rect(x+w*0.72-6, top-158, 56, 12, darken(f.roof, 0.2))
		c.rect(x, top, w, h, f.wall)
		c.rect(x+w-22, top, 22, h, "#000000", "opacity", 0.07)
		// roof
		c.poly(f.roof, x-40, top+6, x+w/2, top-170, x+w+40, top+6)
		c.poly(darken(f.roof, 0.2), x-40, top+6, x+w+40, top+6, x+w+40, top+20, x-40, top+20)
		// attic window
		c.circle(x+w/2, top-60, 30, f.trim)
		c.circle(x+w/2, top-60, 23, f.glass)
	}
	// door and porch
	dx := x + w/2 - 40
	c.rect(dx-30, horizon-16, 140, 16, "#c9c2b6")
	c.rect(dx, horizon-150, 80, 134, f.door)
	c.rect(dx+12, horizon-138, 56, 40, lighten(f.door, 0.25))
	c.circle(dx+66, horizon-80, 4, "#f5d77a")
	c.poly(f.trim, dx-26, horizon-150, dx+40, horizon-196, dx+106, horizon-150)
	// windows with shutters
	shutter := darken(f.door, 0.05)
	rows := []float64{horizon - 150}
	if two {
		rows = append(rows, top+36)
	}
	for ri, wy := range rows {
		for k, wx := range []float64{x + 60, x + w - 160} {
			if modern && ri == 1 && k == 1 {
				continue
			}
			if !modern {
				c.rect(wx-22, wy, 18, 100, shutter)
				c.rect(wx+104, wy, 18, 100, shutter)
			}
			window(c, wx, wy, 100, 100, f, f.trim)
			c.line(wx+50, wy, wx+50, wy+100, f.trim, 5)
			c.line(wx, wy+50, wx+100, wy+50, f.trim, 5)
			if ri == 0 {
				c.rect(wx-6, wy+104, 112, 16, "#7a5a43")
				for k := 0; k < 5; k++ {
					c.circle(wx+8+float64(k)*22, wy+102, 10, pick(r, []string{"#e76f51", "#f4a261", "#e9c46a", "#f28482"}))
				}
			}
		}
		if two && ri == 1 && !modern {
			window(c, x+w/2-45, wy, 90, 100, f, f.trim)
		}
	}
	// path and fence
	c.poly("#d8cfc0", dx+10, horizon, dx+70, horizon, dx+160, 800, dx-80, 800)
	fence := "#f7f3ec"
	c.line(0, 730, dx-60, 730, fence, 6)
	c.line(dx+190, 730, 1200, 730, fence, 6)
	c.line(0, 745, dx-70, 745, fence, 70, "stroke-dasharray", "10 16", "opacity", 0.9)
	c.line(dx+200, 745, 1200, 745, fence, 70, "stroke-dasharray", "10 16", "opacity", 0.9)
	// bushes
	for _, bx := range []float64{x + 20, x + w - 30} {
		g := pick(r, greens)
		c.ellipse(bx, horizon-10, 60, 34, darken(g, 0.1))
		c.ellipse(bx+30, horizon-20, 40, 30, g)
	}
}

func drawVilla(c *canvas, r *rng, f facade) {
	w := 860.0
	x := 600 - w/2
	h := 230.0
	top := horizon - 60 - h
	// hedge behind
	c.rect(0, horizon-90, 1200, 90, darken(pick(r, greens), 0.2))
	// main volume
	c.rect(x, top, w, h+60, "#f7f4ee")
	stone := c.pattern(60, 30, func(p *canvas) {
		p.rect(0, 0, 60, 30, "#c9b79c")
		p.rect(2, 2, 26, 12, "#d8c8ae")
		p.rect(32, 2, 26, 12, "#bfa98a")
		p.rect(16, 17, 28, 11, "#d1bea2")
	})
	c.rect(x, top, 200, h+60, stone)
	c.rect(x-40, top-24, w+80, 28, f.trim)
	c.rect(x-40, top+4, w+80, 8, "#000000", "opacity", 0.1)
	// glass wall
	gx := x + 230
	c.rect(gx, top+40, w-270, h-20+60, "#2f3a45")
	for i := 0; i < 4; i++ {
		pw := (w - 290) / 4
		px := gx + 10 + float64(i)*pw
		c.rect(px, top+50, pw-10, h+20, c.linear(0, 0, 1, 1, "#cdebf6", "#7fb6d2"))
	}
	c.polyOp("#ffffff", 0.25, gx+40, top+250, gx+180, top+50, gx+240, top+50, gx+100, top+250)
	// pool deck and pool
	c.rect(0, horizon, 1200, 160, "#e8dfd0")
	c.rect(150, horizon+40, 900, 100, c.linear(0, 0, 0, 1, "#5ec4e0", "#2b8fb8"))
	c.path(fmt.Sprintf("M190 %s q30 -10 60 0 t60 0 t60 0M520 %s q30 -10 60 0 t60 0 t60 0M800 %s q30 -10 60 0 t60 0", n(horizon+80), n(horizon+110), n(horizon+70)), "none", "stroke", "#ffffff", "stroke-width", 4, "opacity", 0.7)
	// loungers
	for _, lx := range []float64{240, 420} {
		c.poly("#ffffff", lx, horizon+30, lx+110, horizon+30, lx+130, horizon+8, lx+120, horizon+6, lx+100, horizon+22, lx, horizon+22)
	}
	// palms
	for _, px := range []float64{90, 1110} {
		palm(c, px, horizon+30, r.between(300, 360))
	}
}

func palm(c *canvas, x, base, h float64) {
	c.path(fmt.Sprintf("M%s %s Q%s %s %s %s", n(x-8), n(base), n(x+30), n(base-h/2), n(x+10), n(base-h)), "none", "stroke", "#8a6a4a", "stroke-width", 16, "stroke-linecap", "round")
	tx, ty := x+10, base-h
	for i := 0; i < 6; i++ {
		a := float64(i)*math.Pi/3 + 0.3
		ex, ey := tx+math.Cos(a)*110, ty+math.Sin(a)*60+20
		cx, cy := tx+math.Cos(a)*60, ty-40
		c.path(fmt.Sprintf("M%s %sQ%s %s %s %sQ%s %s %s %sZ", n(tx), n(ty), n(cx), n(cy), n(ex), n(ey), n(cx), n(cy+22), n(tx), n(ty)), "#3f8f5a")
	}
}

func drawTerrace(c *canvas, r *rng) {
	colours := []string{"#f3e3c3", "#c7dbe6", "#e7b7a3", "#d6e2c8", "#f2d0a4", "#b9c7e3"}
	off := r.intn(len(colours))
	uw := 250.0
	h := 380.0
	x0 := 600 - uw*2
	top := horizon - h
	for i := 0; i < 4; i++ {
		x := x0 + float64(i)*uw
		col := colours[(off+i)%len(colours)]
		c.rect(x, top, uw, h, col)
		c.rect(x, top-34, uw, 40, lighten(col, 0.35))
		c.rect(x-4, top-40, uw+8, 10, darken(col, 0.25))
		c.line(x, top, x, horizon, darken(col, 0.2), 3)
		// upper windows
		for _, wx := range []float64{x + 40, x + 140} {
			c.rect(wx-5, top+30, 80, 120, "#ffffff")
			c.rect(wx, top+35, 70, 110, "#9cc9dd")
			c.line(wx, top+90, wx+70, top+90, "#ffffff", 5)
		}
		// iron-lace balcony
		by := top + 170
		c.rect(x+10, by, uw-20, 8, "#2b2d33")
		c.rect(x+10, by+62, uw-20, 8, "#2b2d33")
		c.line(x+10, by+35, x+uw-10, by+35, "#2b2d33", 54, "stroke-dasharray", "2 8")
		c.path(fmt.Sprintf("M%s %s", n(x+10), n(by+70))+strings.Repeat(" q12 18 24 0", int((uw-20)/24)), "none", "stroke", "#2b2d33", "stroke-width", 3)
		c.rect(x+10, by-60, 6, 60, "#2b2d33")
		c.rect(x+uw-16, by-60, 6, 60, "#2b2d33")
		c.poly(darken(col, 0.35), x+4, by-60, x+uw-4, by-60, x+uw-20, by-80, x+20, by-80)
		// ground floor: door and bay window
		dx := x + 24
		c.rect(dx, horizon-140, 64, 124, pick(r, []string{"#1d3557", "#2f4858", "#7b2d26", "#264d3a"}))
		c.rect(dx-6, horizon-152, 76, 12, "#ffffff")
		c.rect(dx-14, horizon-16, 92, 16, "#bdb6aa")
		c.rect(x+110, horizon-140, 120, 110, "#ffffff")
		c.rect(x+118, horizon-132, 104, 94, "#a9d2e0")
		c.line(x+170, horizon-132, x+170, horizon-38, "#ffffff", 5)
		c.rect(x+104, horizon-30, 132, 14, "#ffffff")
	}
}

func drawPlex(c *canvas, r *rng, f facade) {
	wall := pick(r, bricks)
	w := 620.0
	x := 600 - w/2
	h := 360.0
	top := horizon - h
	drawNeighbours(c, r, x, x+w)
	c.rect(x, top, w, h, brickFill(c, wall))
	// decorative parapet
	c.rect(x-10, top-50, w+20, 56, darken(wall, 0.15))
	c.rect(x-14, top-56, w+28, 12, "#e8e2d6")
	c.rect(x+w/2-80, top-80, 160, 32, darken(wall, 0.15))
	c.rect(x+w/2-86, top-86, 172, 10, "#e8e2d6")
	for fl := 0; fl < 2; fl++ {
		y := top + 30 + float64(fl)*170
		for _, wx := range []float64{x + 50, x + 200, x + 470} {
			c.rect(wx-6, y-14, 102, 12, "#e8e2d6")
			window(c, wx, y, 90, 120, f, "#f7f3ec")
		}
		// doors (upper and lower unit)
		c.rect(x+350, y, 80, 150, f.door)
		c.rect(x+360, y+12, 60, 60, lighten(f.door, 0.3))
	}
	// upper balcony and the outdoor staircase
	by := top + 200
	c.rect(x-20, by-6, w+40, 12, "#3a3d44")
	c.line(x-20, by-30, x+w+20, by-30, "#3a3d44", 48, "stroke-dasharray", "3 11")
	c.rect(x-20, by-56, w+40, 6, "#3a3d44")
	// the classic outdoor staircase, curving from the sidewalk up to the balcony
	p0x, p0y := x+60, horizon
	p1x, p1y := x+250, horizon-10
	p2x, p2y := x+170, by+40
	p3x, p3y := x+330, by
	curve := func(dy float64) string {
		return fmt.Sprintf("M%s %sC%s %s %s %s %s %s", n(p0x), n(p0y+dy), n(p1x), n(p1y+dy), n(p2x), n(p2y+dy), n(p3x), n(p3y+dy))
	}
	for i := 1; i < 16; i++ {
		t := float64(i) / 16
		px, py := bez(t, p0x, p1x, p2x, p3x), bez(t, p0y, p1y, p2y, p3y)
		c.rect(px-26, py-3, 52, 7, "#2b2d33")
		c.line(px, py, px, py-44, "#2b2d33", 2)
	}
	c.path(curve(0), "none", "stroke", "#2b2d33", "stroke-width", 5)
	c.path(curve(-46), "none", "stroke", "#2b2d33", "stroke-width", 5)
	tree(c, r, 1080, horizon+30, 1.0)
}

func bez(t, a, b, c, d float64) float64 {
	u := 1 - t
	return u*u*u*a + 3*u*u*t*b + 3*u*t*t*c + t*t*t*d
}

func drawLoft(c *canvas, r *rng) {
	wall := pick(r, bricks)
	w := 780.0
	x := 600 - w/2
	h := 430.0
	top := horizon - h
	br := brickFill(c, wall)
	if r.chance(0.5) {
		// mill chimney
		c.poly(darken(wall, 0.1), x+w-120, top, x+w-70, top, x+w-80, top-230, x+w-110, top-230)
		c.rect(x+w-116, top-240, 42, 14, darken(wall, 0.3))
	} else {
		// rooftop water tower
		tx := x + 140
		c.line(tx-40, top, tx-30, top-70, "#3a3d44", 6)
		c.line(tx+40, top, tx+30, top-70, "#3a3d44", 6)
		c.rect(tx-50, top-170, 100, 100, "#8b6b4e")
		c.line(tx-50, top-140, tx+50, top-140, "#5a4332", 4)
		c.line(tx-50, top-100, tx+50, top-100, "#5a4332", 4)
		c.poly("#5a4332", tx-58, top-170, tx, top-215, tx+58, top-170)
	}
	c.rect(x, top, w, h, br)
	c.rect(x-8, top-14, w+16, 18, darken(wall, 0.3))
	cols := 6
	colW := w / float64(cols)
	for fl := 0; fl < 3; fl++ {
		y := top + 40 + float64(fl)*110
		for i := 0; i < cols; i++ {
			wx := x + colW*float64(i) + colW*0.2
			ww := colW * 0.6
			c.path(fmt.Sprintf("M%s %sV%sA%s %s 0 0 1 %s %sV%sZ", n(wx-5), n(y+85), n(y+20), n(ww/2+5), n(ww/2+5), n(wx+ww+5), n(y+20), n(y+85)), "#e7dfd2")
			c.path(fmt.Sprintf("M%s %sV%sA%s %s 0 0 1 %s %sV%sZ", n(wx), n(y+80), n(y+20), n(ww/2), n(ww/2), n(wx+ww), n(y+20), n(y+80)), "#2e3b47")
			c.line(wx+ww/2, y-5, wx+ww/2, y+80, "#e7dfd2", 3)
			c.line(wx, y+45, wx+ww, y+45, "#e7dfd2", 3)
			c.polyOp("#ffffff", 0.15, wx+8, y+80, wx+ww*0.5, y+10, wx+ww*0.7, y+10, wx+20, y+80)
		}
	}
	// loading doors
	for _, dx := range []float64{x + 80, x + w - 220} {
		c.rect(dx, horizon-100, 140, 100, "#4b5d4a")
		c.line(dx+70, horizon-100, dx+70, horizon, "#2f3b2e", 4)
		c.path(fmt.Sprintf("M%s %sL%s %sM%s %sL%s %s", n(dx), n(horizon-100), n(dx+70), n(horizon), n(dx+140), n(horizon-100), n(dx+70), n(horizon)), "none", "stroke", "#2f3b2e", "stroke-width", 4)
	}
	c.rect(x+w/2-50, horizon-120, 100, 120, "#1f2a33")
	c.rect(x+w/2-70, horizon-134, 140, 14, "#3a3d44")
	c.rect(x, horizon-20, w, 20, "#cfc7ba")
}

func tree(c *canvas, r *rng, x, base, s float64) {
	g := pick(r, greens)
	c.rect(x-9*s, base-110*s, 18*s, 110*s, "#7a5a43")
	c.circle(x, base-170*s, 70*s, darken(g, 0.1))
	c.circle(x-40*s, base-140*s, 48*s, g)
	c.circle(x+40*s, base-145*s, 52*s, lighten(g, 0.08))
	c.circle(x+10*s, base-200*s, 44*s, lighten(g, 0.15))
}

func drawForeground(c *canvas, r *rng, urban bool) {
	if !urban {
		tree(c, r, 70, 790, 1.2)
		return
	}
	// street lamp and a tree on the sidewalk
	lx := pick(r, []float64{300, 900})
	c.rect(lx-4, horizon-230, 8, 262, "#3a3d44")
	c.rect(lx-24, horizon-244, 48, 16, "#3a3d44")
	c.ellipse(lx, horizon-226, 16, 6, "#fff3b0")
	tx := 1200 - lx
	if tx < 600 {
		tx = 110
	} else {
		tx = 1090
	}
	tree(c, r, tx, horizon+34, 0.9)
}

// ---------------------------------------------------------------------------
// Interiors

var wallTones = []string{"#f3ede2", "#e4ebe1", "#e3e9f0", "#f4e4dc", "#ece8f1", "#f6efd9"}
var fabricTones = []string{"#2a9d8f", "#e9c46a", "#d1795b", "#3d5a80", "#6b8f71", "#b56576", "#577590"}
var woodTones = []string{"#c8a27a", "#b08462", "#d9b98f", "#a47551", "#caa683"}

type room struct {
	c                   *canvas
	r                   *rng
	wall, floor, accent string
}

func newRoom(p propertyRecord, r *rng, what string) *room {
	c := newCanvas(1200, 800, fmt.Sprintf("Illustration of the %s of %s, %s", what, p.Title, p.City))
	rm := &room{c: c, r: r, wall: pick(r, wallTones), floor: pick(r, woodTones), accent: pick(r, fabricTones)}
	c.rect(0, 0, 1200, 600, rm.wall)
	c.rect(0, 0, 1200, 600, c.linear(0, 0, 0, 1, "#ffffff", rm.wall), "opacity", 0.4)
	planks := c.pattern(240, 40, func(p *canvas) {
		p.rect(0, 0, 240, 40, rm.floor)
		p.line(0, 39, 240, 39, darken(rm.floor, 0.15), 2)
		p.line(160, 0, 160, 20, darken(rm.floor, 0.15), 2)
		p.line(60, 20, 60, 40, darken(rm.floor, 0.15), 2)
		p.rect(0, 0, 240, 20, "#ffffff", "opacity", 0.06)
	})
	c.rect(0, 600, 1200, 200, planks)
	c.rect(0, 586, 1200, 16, lighten(rm.wall, 0.5))
	c.rect(0, 600, 1200, 4, "#000000", "opacity", 0.08)
	return rm
}

// view draws a window with an outside view and curtains.
func (rm *room) view(x, y, w, h float64, curtains bool) {
	c, r := rm.c, rm.r
	c.rect(x-14, y-14, w+28, h+28, "#ffffff")
	c.rect(x, y, w, h, c.linear(0, 0, 0, 1, "#8ccbef", "#e6f5fb"))
	if r.chance(0.5) {
		for bx := x; bx < x+w; bx += 46 {
			bh := r.between(h*0.2, h*0.55)
			c.rect(bx, y+h-bh, 40, bh, "#b9cbd9")
		}
	} else {
		c.circle(x+w*0.3, y+h*0.75, h*0.3, "#9cc99a")
		c.circle(x+w*0.7, y+h*0.85, h*0.35, "#86b985")
	}
	c.line(x+w/2, y, x+w/2, y+h, "#ffffff", 8)
	c.line(x, y+h*0.45, x+w, y+h*0.45, "#ffffff", 8)
	c.rect(x-26, y+h+10, w+52, 14, "#ffffff")
	c.rect(x-26, y+h+24, w+52, 4, "#000000", "opacity", 0.08)
	if curtains {
		cc := lighten(rm.accent, 0.45)
		c.rect(x-60, y-40, w+120, 8, "#5b5b5b")
		c.path(fmt.Sprintf("M%s %sH%sQ%s %s %s %sH%sZ", n(x-56), n(y-32), n(x+20), n(x), n(y+h/2), n(x+10), n(y+h+30), n(x-56)), cc)
		c.path(fmt.Sprintf("M%s %sH%sQ%s %s %s %sH%sZ", n(x+w+56), n(y-32), n(x+w-20), n(x+w), n(y+h/2), n(x+w-10), n(y+h+30), n(x+w+56)), cc)
	}
}

func (rm *room) plant(x, base, s float64) {
	c := rm.c
	pot := pick(rm.r, []string{"#d1795b", "#f1ede4", "#3d5a80", "#e9c46a"})
	leaf := pick(rm.r, greens)
	for i := 0; i < 7; i++ {
		a := -math.Pi/2 + (float64(i)-3)*0.32
		lx, ly := x+math.Cos(a)*70*s, base-60*s+math.Sin(a)*90*s
		c.path(fmt.Sprintf("M%s %sQ%s %s %s %sQ%s %s %s %sZ", n(x), n(base-60*s), n(lx-18*s), n((ly+base-60*s)/2), n(lx), n(ly), n(lx+18*s), n((ly+base-60*s)/2), n(x), n(base-60*s)), mix(leaf, "#1b4332", float64(i%3)*0.15))
	}
	c.poly(pot, x-34*s, base-64*s, x+34*s, base-64*s, x+26*s, base, x-26*s, base)
}

func (rm *room) art(x, y, w, h float64) {
	c, r := rm.c, rm.r
	c.rect(x-8, y-8, w+16, h+16, "#3b3b3b")
	c.rect(x, y, w, h, "#fbf8f2")
	switch r.intn(3) {
	case 0:
		c.circle(x+w*0.4, y+h*0.45, math.Min(w, h)*0.28, pick(r, fabricTones))
		c.rect(x+w*0.45, y+h*0.5, w*0.4, h*0.35, pick(r, fabricTones), "opacity", 0.8)
	case 1:
		c.path(fmt.Sprintf("M%s %sL%s %sL%s %sL%s %sL%s %sZ", n(x), n(y+h), n(x+w*0.35), n(y+h*0.4), n(x+w*0.55), n(y+h*0.7), n(x+w*0.75), n(y+h*0.3), n(x+w), n(y+h)), pick(r, fabricTones))
		c.circle(x+w*0.8, y+h*0.22, math.Min(w, h)*0.1, "#e9c46a")
	default:
		for i := 0; i < 3; i++ {
			c.rect(x+w*0.12+float64(i)*w*0.27, y+h*0.2, w*0.2, h*0.6, pick(r, fabricTones))
		}
	}
}

func (rm *room) rug(cx, cy, rx, ry float64) {
	c := rm.c
	col := lighten(pick(rm.r, fabricTones), 0.35)
	c.ellipse(cx, cy, rx, ry, col)
	c.ellipse(cx, cy, rx-24, ry-12, "none", "stroke", "#ffffff", "stroke-width", 4, "opacity", 0.6)
}

func livingRoom(p propertyRecord, r *rng) string {
	rm := newRoom(p, r, "living room")
	c := rm.c
	winLeft := r.chance(0.5)
	wx := 120.0
	if !winLeft {
		wx = 760
	}
	rm.view(wx, 120, 320, 330, true)
	// shelf with books on the other side
	sx := 840.0
	if !winLeft {
		sx = 110
	}
	for k := 0; k < 2; k++ {
		sy := 150 + float64(k)*100
		c.rect(sx, sy, 240, 10, darken(rm.floor, 0.2))
		bx := sx + 10
		for bx < sx+200 {
			bw := r.between(14, 26)
			bh := r.between(50, 80)
			if r.chance(0.15) {
				c.rect(bx, sy-bh*0.6, bh, bw, pick(r, fabricTones))
				bx += bh + 6
				continue
			}
			c.rect(bx, sy-bh, bw, bh, pick(r, append([]string{"#f1ede4", "#264653"}, fabricTones...)))
			bx += bw + 2
		}
	}
	rm.art(480, 150, 220, 160)
	// rug, sofa, table
	rm.rug(600, 700, 420, 70)
	sofa := rm.accent
	c.rrect(330, 430, 540, 150, 30, darken(sofa, 0.1))
	c.rrect(300, 500, 600, 110, 24, sofa)
	c.rrect(280, 470, 80, 150, 26, darken(sofa, 0.15))
	c.rrect(840, 470, 80, 150, 26, darken(sofa, 0.15))
	c.rrect(370, 490, 225, 40, 16, lighten(sofa, 0.12))
	c.rrect(605, 490, 225, 40, 16, lighten(sofa, 0.12))
	c.rect(320, 610, 14, 26, "#3b3b3b")
	c.rect(866, 610, 14, 26, "#3b3b3b")
	c.rrect(390, 450, 90, 70, 18, lighten(pick(r, fabricTones), 0.2))
	c.rrect(730, 450, 90, 70, 18, lighten(pick(r, fabricTones), 0.2))
	c.rrect(470, 660, 260, 22, 10, darken(rm.floor, 0.25))
	c.rect(490, 682, 12, 50, darken(rm.floor, 0.35))
	c.rect(698, 682, 12, 50, darken(rm.floor, 0.35))
	c.rect(560, 632, 40, 28, "#f1ede4")
	c.ellipse(650, 652, 34, 8, "#2f3b47")
	// floor lamp and plant
	lx := 1020.0
	if !winLeft {
		lx = 180
	}
	c.rect(lx-3, 370, 6, 260, "#3b3b3b")
	c.ellipse(lx, 632, 40, 10, "#3b3b3b")
	c.poly("#f6e7c1", lx-50, 380, lx+50, 380, lx+34, 300, lx-34, 300)
	c.circle(lx, 350, 90, "#fff3c4", "opacity", 0.2)
	px := 180.0
	if !winLeft {
		px = 1030
	}
	rm.plant(px, 640, 1.2)
	return c.String()
}

func kitchen(p propertyRecord, r *rng) string {
	rm := newRoom(p, r, "kitchen")
	c := rm.c
	cab := pick(r, []string{"#ffffff", "#2f4858", "#6b8f71", "#e8dcc8", "#3d5a80", "#c9d6df"})
	counter := pick(r, []string{"#f1ede4", "#3b3b3b", "#d8d2c8", "#b08462"})
	tile := c.pattern(40, 40, func(t *canvas) {
		t.rect(0, 0, 40, 40, "#ffffff")
		t.rect(1, 1, 38, 18, lighten(rm.accent, 0.75))
		t.rect(21, 21, 38, 18, lighten(rm.accent, 0.75))
		t.rect(-19, 21, 38, 18, lighten(rm.accent, 0.75))
	})
	c.rect(60, 250, 1080, 170, tile)
	// window over the sink
	rm.view(460, 260, 280, 130, false)
	// upper cabinets
	for _, ux := range []float64{60, 820} {
		for k := 0; k < 2; k++ {
			x := ux + float64(k)*160
			c.rect(x, 70, 156, 170, cab)
			c.rect(x+12, 82, 132, 146, "#000000", "opacity", 0.05)
			c.rect(x+68, 200, 20, 5, "#8a8a8a")
		}
	}
	// hood above the stove
	c.poly("#c0c4c8", 880, 240, 1040, 240, 1010, 170, 910, 170)
	c.rect(930, 40, 60, 130, "#c0c4c8")
	// lower cabinets and counter
	c.rect(60, 440, 1080, 150, cab)
	for x := 60.0; x < 1140; x += 135 {
		c.line(x, 440, x, 590, darken(cab, 0.15), 3)
		c.rect(x+50, 460, 36, 5, "#8a8a8a")
	}
	c.rect(40, 420, 1120, 24, counter)
	c.rect(40, 444, 1120, 5, "#000000", "opacity", 0.1)
	// stove
	c.rect(860, 440, 200, 150, "#d5d8dc")
	c.rrect(880, 470, 160, 100, 6, "#2b2d33")
	for _, bx := range []float64{895, 955, 1015} {
		c.circle(bx, 452, 6, "#2b2d33")
	}
	c.ellipse(910, 416, 40, 7, "#2b2d33")
	c.ellipse(1010, 416, 40, 7, "#2b2d33")
	c.rrect(880, 380, 70, 40, 8, pick(r, []string{"#d1795b", "#2a9d8f", "#e9c46a"}))
	c.rect(872, 392, 10, 8, "#2b2d33")
	// sink and tap
	c.rrect(530, 412, 140, 14, 5, "#9aa1a8")
	c.path("M600 412V350a24 24 0 0 1 48 0v10", "none", "stroke", "#9aa1a8", "stroke-width", 8)
	// fridge at the left end
	c.rrect(60, 200, 170, 390, 10, "#e4e7ea")
	c.line(60, 330, 230, 330, "#c0c4c8", 4)
	c.rect(205, 230, 8, 70, "#9aa1a8")
	c.rect(205, 350, 8, 110, "#9aa1a8")
	// fruit bowl and a small plant
	c.path("M300 420a50 30 0 0 0 100 0Z", "#f1ede4")
	for i, col := range []string{"#e76f51", "#e9c46a", "#8ab17d"} {
		c.circle(322+float64(i)*28, 408, 16, col)
	}
	rm.plant(770, 420, 0.55)
	// pendant lights
	for _, lx := range []float64{400, 600, 800} {
		c.line(lx, 0, lx, 90, "#3b3b3b", 3)
		c.path(fmt.Sprintf("M%s 130a40 40 0 0 1 80 0Z", n(lx-40)), pick(r, []string{"#3b3b3b", "#2a9d8f", "#e9c46a", "#f1ede4"}))
		c.ellipse(lx, 132, 22, 6, "#fff3c4")
	}
	// island with stools
	c.rect(330, 630, 540, 24, counter)
	c.rect(350, 654, 500, 130, darken(cab, 0.08))
	for _, sx := range []float64{420, 600, 780} {
		c.rrect(sx-40, 690, 80, 16, 8, darken(rm.floor, 0.4))
		c.line(sx-26, 706, sx-34, 800, darken(rm.floor, 0.4), 6)
		c.line(sx+26, 706, sx+34, 800, darken(rm.floor, 0.4), 6)
	}
	return c.String()
}

func bedroom(p propertyRecord, r *rng) string {
	rm := newRoom(p, r, "bedroom")
	c := rm.c
	wx := pick(r, []float64{90, 870})
	rm.view(wx, 130, 240, 300, true)
	bx := 600.0
	if wx < 600 {
		bx = 700
	} else {
		bx = 500
	}
	rm.art(bx-140, 120, 280, 150)
	// headboard, bed, pillows, duvet
	head := darken(rm.accent, 0.15)
	c.rrect(bx-250, 320, 500, 240, 24, head)
	c.rect(bx-270, 500, 540, 110, "#f4f1ec")
	c.rrect(bx-220, 430, 190, 70, 24, "#ffffff")
	c.rrect(bx+30, 430, 190, 70, 24, "#ffffff")
	duvet := lighten(rm.accent, 0.35)
	c.path(fmt.Sprintf("M%s 500H%sV640Q%s 660 %s 640Z", n(bx-280), n(bx+280), n(bx), n(bx-280)), duvet)
	c.rect(bx-280, 500, 560, 34, lighten(duvet, 0.4))
	c.rect(bx-290, 640, 20, 30, darken(rm.floor, 0.4))
	c.rect(bx+270, 640, 20, 30, darken(rm.floor, 0.4))
	// nightstands with lamps
	for _, nx := range []float64{bx - 370, bx + 290} {
		c.rect(nx, 500, 80, 100, darken(rm.floor, 0.2))
		c.line(nx, 550, nx+80, 550, darken(rm.floor, 0.35), 3)
		c.rect(nx+36, 440, 8, 60, "#3b3b3b")
		c.poly("#f6e7c1", nx+10, 440, nx+70, 440, nx+58, 395, nx+22, 395)
		c.circle(nx+40, 420, 60, "#fff3c4", "opacity", 0.2)
	}
	rm.rug(bx, 720, 360, 50)
	rm.plant(pick(r, []float64{60, 1140}), 640, 1)
	return c.String()
}

// ---------------------------------------------------------------------------
// Resource covers

type categoryStyle struct{ from, to, accent string }

var categoryStyles = map[string]categoryStyle{
	"tenant":             {"#0f766e", "#2dd4bf", "#ccfbf1"},
	"landlord":           {"#3730a3", "#818cf8", "#e0e7ff"},
	"market_trends":      {"#b45309", "#fbbf24", "#fef3c7"},
	"legal":              {"#6b21a8", "#c084fc", "#f3e8ff"},
	"moving_guide":       {"#0369a1", "#38bdf8", "#e0f2fe"},
	"sustainability":     {"#15803d", "#86efac", "#dcfce7"},
	"neighborhood_guide": {"#be123c", "#fb7185", "#ffe4e6"},
}

var defaultStyle = categoryStyle{"#334155", "#94a3b8", "#f1f5f9"}

func resourceCover(res resourceRecord) string {
	st, ok := categoryStyles[res.Category]
	if !ok {
		st = defaultStyle
	}
	c := newCanvas(1200, 630, "Cover illustration for "+res.Title)
	r := newRNG(res.Slug)
	coverBackground(c, r, st)
	icon := iconFor(res)
	c.open("g", "transform", "translate(600 315) scale(0.88)")
	drawIcon(c, icon, st)
	c.close("g")
	return c.String()
}

func coverBackground(c *canvas, r *rng, st categoryStyle) {
	c.rect(0, 0, 1200, 630, c.linear(0, 0, 1, 1, st.from, st.to))
	dots := c.pattern(36, 36, func(p *canvas) {
		p.circle(4, 4, 2.5, "#ffffff", "opacity", 0.25)
	})
	c.rect(0, 0, 420, 630, dots)
	c.circle(r.between(950, 1150), r.between(60, 160), r.between(120, 190), "#ffffff", "opacity", 0.12)
	c.circle(r.between(60, 220), r.between(480, 600), r.between(110, 170), "#ffffff", "opacity", 0.1)
	c.path(fmt.Sprintf("M0 %s Q300 %s 600 %s T1200 %s V630H0Z", n(r.between(520, 560)), n(r.between(460, 500)), n(r.between(530, 560)), n(r.between(480, 520))), "#ffffff", "opacity", 0.12)
	// card behind the icon
	c.rrect(360, 95, 480, 440, 48, "#000000", "opacity", 0.12, "transform", "translate(10 14)")
	c.rrect(360, 95, 480, 440, 48, "#ffffff", "opacity", 0.95)
}

func iconFor(res resourceRecord) string {
	s := res.Slug
	rules := []struct{ key, icon string }{
		{"inspect", "magnifier"}, {"move-in", "clipboard"}, {"document", "clipboard"},
		{"deposit", "coins"}, {"review", "bubble"}, {"screen", "idcard"},
		{"rent-competitively", "tag"}, {"pricing", "tag"}, {"maintenance", "wrench"},
		{"trend", "chart"}, {"season", "sun"}, {"comparing", "globe"}, {"cities", "globe"},
		{"clause", "document"}, {"lease", "document"}, {"rights", "scale"},
		{"ending", "door"}, {"moving", "boxes"}, {"energy", "bulb"},
	}
	for _, rule := range rules {
		if strings.Contains(s, rule.key) {
			if rule.icon == "document" && strings.Contains(s, "ending") {
				return "door"
			}
			return rule.icon
		}
	}
	switch res.Category {
	case "tenant":
		return "key"
	case "landlord":
		return "house"
	case "market_trends":
		return "chart"
	case "legal":
		return "scale"
	}
	return "document"
}

// drawIcon draws a topical pictogram centred on the origin, about 300 units wide.
func drawIcon(c *canvas, icon string, st categoryStyle) {
	dark, light, soft := st.from, st.to, st.accent
	switch icon {
	case "magnifier":
		houseShape(c, -40, 30, 1.1, soft, dark)
		c.circle(10, -10, 110, "none", "stroke", dark, "stroke-width", 26)
		c.circle(10, -10, 96, "#ffffff", "opacity", 0.35)
		c.line(92, 72, 160, 140, dark, 34, "stroke-linecap", "round")
	case "clipboard":
		c.rrect(-120, -150, 240, 310, 22, dark)
		c.rrect(-100, -120, 200, 265, 12, "#ffffff")
		c.rrect(-50, -170, 100, 46, 14, light)
		for i := 0; i < 4; i++ {
			y := -70 + float64(i)*55
			c.path(fmt.Sprintf("M-78 %sl12 12 22 -24", n(y)), "none", "stroke", light, "stroke-width", 8, "stroke-linecap", "round", "stroke-linejoin", "round")
			c.rrect(-30, y-6, 110, 14, 7, soft)
		}
	case "coins":
		keyShape(c, -40, -40, dark)
		for i := 0; i < 4; i++ {
			y := 120 - float64(i)*26
			c.ellipse(90, y+10, 70, 22, darken(light, 0.15))
			c.ellipse(90, y, 70, 22, light)
			c.ellipse(90, y, 48, 13, "none", "stroke", "#ffffff", "stroke-width", 4, "opacity", 0.7)
		}
	case "bubble":
		c.path("M-150 -120h300a30 30 0 0 1 30 30v150a30 30 0 0 1-30 30h-170l-70 60v-60h-60a30 30 0 0 1-30-30v-150a30 30 0 0 1 30-30Z", dark)
		for i := 0; i < 5; i++ {
			fill := "#fbbf24"
			if i == 4 {
				fill = soft
			}
			starShape(c, -100+float64(i)*50, -30, 22, fill)
		}
		c.rrect(-120, 30, 240, 14, 7, light)
	case "idcard":
		c.rrect(-170, -110, 340, 220, 24, dark)
		c.circle(-90, -20, 40, soft)
		c.path("M-150 70a60 50 0 0 1 120 0Z", soft)
		for i := 0; i < 3; i++ {
			c.rrect(0, -50+float64(i)*40, 130-float64(i)*30, 16, 8, light)
		}
		c.circle(130, 100, 50, "#22c55e")
		c.path("M105 100l18 18 32-36", "none", "stroke", "#ffffff", "stroke-width", 12, "stroke-linecap", "round", "stroke-linejoin", "round")
	case "tag":
		houseShape(c, -70, 20, 0.9, soft, dark)
		c.open("g", "transform", "rotate(-20 90 -20)")
		c.path("M20 -90h120l50 70-50 70h-120Z", light)
		c.circle(150, -20, 12, "#ffffff")
		c.rrect(40, -40, 70, 14, 7, "#ffffff")
		c.rrect(40, -10, 50, 14, 7, "#ffffff")
		c.close("g")
	case "wrench":
		c.rrect(-150, -130, 260, 250, 22, "#ffffff", "stroke", dark, "stroke-width", 12)
		c.rect(-150, -130, 260, 60, dark)
		for _, x := range []float64{-100, 50} {
			c.rrect(x-8, -160, 16, 50, 8, light)
		}
		for row := 0; row < 3; row++ {
			for col := 0; col < 4; col++ {
				fill := soft
				if row == 1 && col == 2 {
					fill = light
				}
				c.rrect(-130+float64(col)*58, -50+float64(row)*52, 44, 38, 6, fill)
			}
		}
		c.open("g", "transform", "translate(110 90) rotate(45)")
		c.rrect(-14, -10, 28, 120, 14, darken(dark, 0.1))
		c.path("M-40 -40a40 40 0 1 0 80 0l-16 0 0 22-48 0 0-22Z", darken(dark, 0.1))
		c.close("g")
	case "chart":
		c.line(-170, 140, 170, 140, dark, 8, "stroke-linecap", "round")
		c.line(-170, 140, -170, -140, dark, 8, "stroke-linecap", "round")
		hs := []float64{70, 110, 90, 160, 210}
		for i, h := range hs {
			c.rrect(-140+float64(i)*62, 130-h, 42, h, 8, soft)
		}
		c.path("M-140 60L-78 10L-16 40L46 -50L120 -110", "none", "stroke", dark, "stroke-width", 12, "stroke-linecap", "round", "stroke-linejoin", "round")
		c.path("M90 -124l40 4-8 38Z", dark)
	case "sun":
		c.rrect(-150, -110, 220, 230, 20, "#ffffff", "stroke", dark, "stroke-width", 12)
		c.rect(-150, -110, 220, 54, dark)
		for row := 0; row < 3; row++ {
			for col := 0; col < 3; col++ {
				c.rrect(-130+float64(col)*66, -36+float64(row)*50, 48, 36, 6, soft)
			}
		}
		c.circle(110, -90, 56, "#fbbf24")
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			c.line(110+math.Cos(a)*70, -90+math.Sin(a)*70, 110+math.Cos(a)*92, -90+math.Sin(a)*92, "#f59e0b", 10, "stroke-linecap", "round")
		}
		snowflake(c, 110, 90, 50, light)
	case "globe":
		c.circle(-30, 0, 140, soft)
		c.circle(-30, 0, 140, "none", "stroke", dark, "stroke-width", 10)
		c.ellipse(-30, 0, 60, 140, "none", "stroke", dark, "stroke-width", 6)
		c.line(-170, 0, 110, 0, dark, 6)
		c.path("M-150 -70h240M-150 70h240", "none", "stroke", dark, "stroke-width", 6)
		for i, h := range []float64{80, 130, 180} {
			c.rrect(70+float64(i)*44, 150-h, 34, h, 6, light)
		}
	case "document":
		c.path("M-120 -160h170l70 70v250h-240Z", "#ffffff", "stroke", dark, "stroke-width", 10, "stroke-linejoin", "round")
		c.path("M50 -160v70h70", soft, "stroke", dark, "stroke-width", 10, "stroke-linejoin", "round")
		for i := 0; i < 5; i++ {
			w := 180.0
			if i%2 == 1 {
				w = 140
			}
			c.rrect(-90, -90+float64(i)*38, w, 14, 7, soft)
		}
		c.path("M-80 120c20-30 30 10 50-10s30 20 60 0", "none", "stroke", light, "stroke-width", 8, "stroke-linecap", "round")
		c.line(-90, 140, 60, 140, dark, 4)
	case "scale":
		c.rect(-8, -140, 16, 260, dark)
		c.rrect(-90, 110, 180, 28, 12, dark)
		c.circle(0, -150, 18, light)
		c.line(-150, -110, 150, -110, dark, 12, "stroke-linecap", "round")
		for _, x := range []float64{-150, 150} {
			c.path(fmt.Sprintf("M%s -110L%s 10M%s -110L%s 10", n(x), n(x-55), n(x), n(x+55)), "none", "stroke", dark, "stroke-width", 4)
			c.path(fmt.Sprintf("M%s 10h130a65 40 0 0 1-130 0Z", n(x-65)), light)
		}
	case "door":
		c.rect(-110, -160, 180, 320, dark)
		c.poly(light, -100, -150, 20, -120, 20, 150, -100, 150)
		c.circle(-5, 10, 9, "#fbbf24")
		c.path("M60 0h100M120 -40l40 40-40 40", "none", "stroke", light, "stroke-width", 16, "stroke-linecap", "round", "stroke-linejoin", "round")
	case "boxes":
		box := func(x, y, w, h float64, col string) {
			c.rect(x, y, w, h, col)
			c.rect(x+w/2-14, y, 28, h*0.35, lighten(col, 0.4))
			c.line(x, y+4, x+w, y+4, darken(col, 0.15), 8)
		}
		box(-170, 10, 190, 140, light)
		box(20, 40, 150, 110, darken(light, 0.1))
		box(-120, -120, 160, 130, dark)
		houseShape(c, 110, -30, 0.45, soft, dark)
	case "bulb":
		c.circle(-40, -50, 100, "#fde68a")
		c.circle(-40, -50, 100, "none", "stroke", dark, "stroke-width", 10)
		c.rrect(-85, 50, 90, 60, 10, dark)
		c.line(-85, 70, 5, 70, light, 6)
		c.line(-85, 90, 5, 90, light, 6)
		c.path("M-70 -50l20 40h20l20-40", "none", "stroke", "#f59e0b", "stroke-width", 8, "stroke-linecap", "round", "stroke-linejoin", "round")
		c.path("M40 140C40 20 120 -40 190 -60C190 40 140 120 40 140Z", light)
		c.path("M40 140C80 70 120 20 170 -40", "none", "stroke", dark, "stroke-width", 6, "stroke-linecap", "round")
	case "house":
		houseShape(c, 0, 40, 1.5, soft, dark)
	default: // key
		keyShape(c, 0, 0, dark)
	}
}

func houseShape(c *canvas, x, y, s float64, fill, stroke string) {
	c.open("g", "transform", fmt.Sprintf("translate(%s %s) scale(%s)", n(x), n(y), n(s)))
	c.path("M-100 -20L0 -110L100 -20V100H-100Z", fill, "stroke", stroke, "stroke-width", 12, "stroke-linejoin", "round")
	c.rect(-25, 30, 50, 70, stroke)
	c.rect(-75, -5, 36, 36, stroke, "opacity", 0.5)
	c.rect(39, -5, 36, 36, stroke, "opacity", 0.5)
	c.close("g")
}

func keyShape(c *canvas, x, y float64, col string) {
	c.open("g", "transform", fmt.Sprintf("translate(%s %s) rotate(-35)", n(x), n(y)))
	c.circle(-90, 0, 60, col)
	c.circle(-90, 0, 24, "#ffffff")
	c.rrect(-40, -14, 200, 28, 10, col)
	c.rect(110, 10, 18, 40, col)
	c.rect(70, 10, 18, 30, col)
	c.close("g")
}

func starShape(c *canvas, cx, cy, r float64, fill string) {
	var b strings.Builder
	for i := 0; i < 10; i++ {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(n(cx+math.Cos(a)*rad) + "," + n(cy+math.Sin(a)*rad))
	}
	c.el("polygon", "points", b.String(), "fill", fill)
}

func snowflake(c *canvas, cx, cy, r float64, col string) {
	for i := 0; i < 3; i++ {
		a := float64(i) * math.Pi / 3
		c.line(cx-math.Cos(a)*r, cy-math.Sin(a)*r, cx+math.Cos(a)*r, cy+math.Sin(a)*r, col, 10, "stroke-linecap", "round")
	}
}

// ---------------------------------------------------------------------------
// Author avatars

var skinTones = []string{"#f6d5b8", "#e8b48f", "#c98e63", "#a86d44", "#7c4a2d", "#f1c7a1"}
var hairTones = []string{"#2b1d16", "#4a3123", "#7a4a2a", "#c08a4d", "#1c1c1c", "#8d8d8d", "#a0522d"}
var avatarBacks = []string{"#c7d2fe", "#bbf7d0", "#fde68a", "#fecaca", "#bae6fd", "#e9d5ff", "#fed7aa"}

// avatar draws a friendly portrait; style picks the hair style so that
// neighbouring authors look different.
func avatar(name, seed string, style int) string {
	c := newCanvas(256, 256, "Portrait illustration of "+name)
	r := newRNG(seed)
	back := pick(r, avatarBacks)
	skin := pick(r, skinTones)
	hair := pick(r, hairTones)
	shirt := pick(r, fabricTones)
	style %= 4
	c.circle(128, 128, 128, back)
	c.circle(128, 128, 128, c.linear(0, 0, 0, 1, "#ffffff", back), "opacity", 0.35)
	if style == 1 { // long hair behind the shoulders
		c.path("M66 120Q62 52 128 46Q194 52 190 120V210H66Z", hair)
	}
	// shoulders and neck
	c.path("M36 256Q40 186 128 180Q216 186 220 256Z", shirt)
	c.path("M104 160h48v30q-24 18-48 0Z", darken(skin, 0.08))
	c.path("M104 186q24 22 48 0l8 6q-32 30-64 0Z", lighten(shirt, 0.25))
	// head
	c.ellipse(128, 118, 50, 58, skin)
	c.ellipse(78, 122, 9, 14, darken(skin, 0.05))
	c.ellipse(178, 122, 9, 14, darken(skin, 0.05))
	switch style {
	case 0: // short
		c.path("M76 112Q74 58 128 56Q184 58 180 112Q170 84 128 82Q92 84 76 112Z", hair)
	case 1: // long, parted
		c.path("M74 130Q70 58 128 56Q186 58 182 130Q176 86 138 78Q110 96 74 130Z", hair)
	case 2: // bun
		c.circle(128, 52, 24, hair)
		c.path("M76 110Q76 60 128 60Q180 60 180 110Q160 80 128 80Q96 80 76 110Z", hair)
	default: // curly
		for i := 0; i < 9; i++ {
			a := math.Pi + float64(i)*math.Pi/8
			c.circle(128+math.Cos(a)*50, 100+math.Sin(a)*46, 20, hair)
		}
		c.path("M80 108Q84 70 128 68Q172 70 176 108Q160 86 128 86Q96 86 80 108Z", hair)
	}
	// face
	c.circle(108, 120, 5, "#2b2b2b")
	c.circle(148, 120, 5, "#2b2b2b")
	c.path("M98 104q10-6 20 0M138 104q10-6 20 0", "none", "stroke", darken(hair, 0.1), "stroke-width", 4, "stroke-linecap", "round")
	c.path("M112 148q16 12 32 0", "none", "stroke", "#8a3b2e", "stroke-width", 4, "stroke-linecap", "round")
	c.circle(98, 138, 8, "#f08a7a", "opacity", 0.25)
	c.circle(158, 138, 8, "#f08a7a", "opacity", 0.25)
	if r.chance(0.3) {
		c.open("g", "fill", "none", "stroke", "#2b2b2b", "stroke-width", 3)
		c.el("circle", "cx", 108, "cy", 120, "r", 15)
		c.el("circle", "cx", 148, "cy", 120, "r", 15)
		c.el("path", "d", "M123 120h10")
		c.close("g")
	}
	return c.String()
}

// ---------------------------------------------------------------------------
// Defaults, fallback and brand marks

func defaultProperty() string {
	c := newCanvas(1200, 800, "Illustration of a rental home (no photo provided)")
	c.rect(0, 0, 1200, 800, c.linear(0, 0, 0, 1, "#dbe7f3", "#f4f7fb"))
	c.circle(960, 170, 70, "#ffffff", "opacity", 0.8)
	cloud(c, 260, 170, 1.2)
	cloud(c, 780, 120, 0.9)
	c.path("M0 560Q300 470 600 540T1200 520V800H0Z", "#c9d8e6")
	c.rect(0, 640, 1200, 160, "#b6c8d9")
	// a calm house silhouette
	c.rect(420, 380, 360, 260, "#eef3f8")
	c.poly("#7f95ab", 380, 390, 600, 220, 820, 390)
	c.rect(660, 250, 40, 90, "#7f95ab")
	c.rect(560, 500, 80, 140, "#7f95ab")
	c.rect(460, 430, 70, 70, "#b6c8d9")
	c.rect(670, 430, 70, 70, "#b6c8d9")
	c.circle(1010, 580, 70, "#9fb6cc")
	c.rect(1002, 600, 16, 60, "#7f95ab")
	c.circle(180, 590, 56, "#9fb6cc")
	c.rect(172, 610, 16, 50, "#7f95ab")
	return c.String()
}

func imageFallback() string {
	c := newCanvas(1200, 800, "Image unavailable")
	c.rect(0, 0, 1200, 800, "#eef1f5")
	c.rrect(450, 270, 300, 230, 24, "#ffffff", "stroke", "#c3cbd6", "stroke-width", 8)
	c.circle(530, 340, 26, "#c3cbd6")
	c.path("M470 470L560 380L620 440L660 400L730 470Z", "#c3cbd6")
	c.line(460, 520, 740, 250, "#eef1f5", 24)
	c.line(460, 520, 740, 250, "#9aa6b5", 8, "stroke-linecap", "round")
	c.text("Image unavailable", "x", 600, "y", 580, "text-anchor", "middle", "font-family", "system-ui, sans-serif", "font-size", 36, "fill", "#6b7785")
	return c.String()
}

func defaultResource() string {
	c := newCanvas(1200, 630, "Housing resource cover")
	r := newRNG("default-resource")
	coverBackground(c, r, defaultStyle)
	c.open("g", "transform", "translate(600 315)")
	// an open book
	c.path("M-170 -110Q-90 -140 0 -100V140Q-90 100 -170 130Z", "#e2e8f0", "stroke", "#334155", "stroke-width", 8, "stroke-linejoin", "round")
	c.path("M170 -110Q90 -140 0 -100V140Q90 100 170 130Z", "#f8fafc", "stroke", "#334155", "stroke-width", 8, "stroke-linejoin", "round")
	for i := 0; i < 4; i++ {
		y := -60 + float64(i)*40
		c.line(-140, y+5, -30, y-5, "#94a3b8", 8, "stroke-linecap", "round")
		c.line(30, y-5, 140, y+5, "#94a3b8", 8, "stroke-linecap", "round")
	}
	c.close("g")
	return c.String()
}

func logo(title string, favicon bool) string {
	c := newCanvas(64, 64, title)
	bg := c.linear(0, 0, 1, 1, "#0f766e", "#2563eb")
	if favicon {
		c.rrect(0, 0, 64, 64, 14, bg)
	} else {
		c.rrect(2, 2, 60, 60, 14, bg)
	}
	// house outline
	c.path("M14 31L32 15L50 31V50H14Z", "none", "stroke", "#ffffff", "stroke-width", 4.5, "stroke-linejoin", "round")
	// check mark
	c.path("M23 37l6 6 12-13", "none", "stroke", "#a7f3d0", "stroke-width", 5, "stroke-linecap", "round", "stroke-linejoin", "round")
	return c.String()
}
