package main

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
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

// The fault settings join DATABASE_URL in either of its forms, and never replace its own.
func TestDatabaseURL(t *testing.T) {
	t.Parallel()
	const added = "connect_timeout=3&pool_health_check_period=5s&pool_ping_timeout=2s"
	for in, want := range map[string]string{
		"postgres://u@h:5432/db":                                  "postgres://u@h:5432/db?" + added,
		"postgres://u@h/db?sslmode=disable":                       "postgres://u@h/db?sslmode=disable&" + added,
		"postgresql://u@h/db?connect_timeout=10":                  "postgresql://u@h/db?connect_timeout=10&pool_health_check_period=5s&pool_ping_timeout=2s",
		"host=h dbname=db":                                        "host=h dbname=db connect_timeout=3 pool_health_check_period=5s pool_ping_timeout=2s",
		"host=h pool_health_check_period=1m pool_ping_timeout=1s": "host=h pool_health_check_period=1m pool_ping_timeout=1s connect_timeout=3",
	} {
		if got := databaseURL(in); got != want {
			t.Errorf("databaseURL(%q) = %q, want %q", in, got, want)
		}
		if _, err := pgxpool.ParseConfig(databaseURL(in)); err != nil {
			t.Errorf("%q: %v", databaseURL(in), err)
		}
	}
	cfg, err := pgxpool.ParseConfig(databaseURL("postgres://u@h/db"))
	if err != nil || cfg.ConnConfig.ConnectTimeout != 3*time.Second || cfg.HealthCheckPeriod != 5*time.Second || cfg.PingTimeout != 2*time.Second {
		t.Errorf("parsed: %+v, %v", cfg, err)
	}
}
