package main

import "math"

// Author avatars.

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
