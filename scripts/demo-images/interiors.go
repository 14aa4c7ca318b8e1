package main

import (
	"fmt"
	"math"
)

// Interiors.

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
