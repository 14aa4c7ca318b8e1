package main

import (
	"fmt"
	"math"
	"strings"
)

// Property illustrations.

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
