package main

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
)

// Deterministic randomness and colour helpers.

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
