package main

import (
	"testing"
)

func TestTrustProxy(t *testing.T) {
	for v, want := range map[string]int{"false": 0, "FALSE": 0, "true": 1, "True": 1, "0": 0, "2": 2} {
		if got, err := trustedProxies(v); err != nil || got != want {
			t.Errorf("TRUST_PROXY=%s: %d, %v; want %d", v, got, err, want)
		}
	}
	for _, v := range []string{"yes", "-1", "1.5", "loadbalancer"} {
		if _, err := trustedProxies(v); err == nil {
			t.Errorf("TRUST_PROXY=%s accepted", v)
		}
	}
}
