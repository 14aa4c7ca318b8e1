package main

// Defaults, fallback and brand marks.

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
