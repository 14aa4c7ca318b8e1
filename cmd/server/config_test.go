package main

import (
	"testing"
	"time"
)

func TestTrustProxy(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]int{"false": 0, "FALSE": 0, "true": 1, "True": 1, "0": 0, "2": 2} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			if got, err := trustedProxies(v); err != nil || got != want {
				t.Errorf("TRUST_PROXY=%s: %d, %v; want %d", v, got, err, want)
			}
		})
	}
	for _, v := range []string{"yes", "-1", "1.5", "loadbalancer"} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			if _, err := trustedProxies(v); err == nil {
				t.Errorf("TRUST_PROXY=%s accepted", v)
			}
		})
	}
}

// Not parallel: it sets environment variables (t.Setenv), which are the process's.
func TestTimeoutsFromEnv(t *testing.T) {
	t.Setenv("READ_TIMEOUT", "5s")
	t.Setenv("UPLOAD_MIN_RATE", "50000")
	got, err := timeoutsFromEnv()
	if err != nil || got.Read != 5*time.Second || got.UploadRate != 50000 || got.Write != 0 {
		t.Errorf("got %+v, %v", got, err)
	}
	t.Setenv("UPLOAD_MIN_RATE", "fast")
	if _, err := timeoutsFromEnv(); err == nil {
		t.Error("a rate that is no number was accepted")
	}
	t.Setenv("UPLOAD_MIN_RATE", "")
	t.Setenv("WRITE_TIMEOUT", "60")
	if _, err := timeoutsFromEnv(); err == nil {
		t.Error("a duration without unit was accepted")
	}
}
