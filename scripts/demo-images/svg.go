package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SVG building blocks.

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
