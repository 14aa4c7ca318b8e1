package main

import (
	"fmt"
	"math"
	"strings"
)

// Resource covers.

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
