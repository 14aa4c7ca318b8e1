package store_test

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/store"
)

// The fault settings join DATABASE_URL in either of its forms, and never replace its own.
func TestWithFaultSettings(t *testing.T) {
	t.Parallel()
	const added = "connect_timeout=3&pool_health_check_period=5s&pool_ping_timeout=2s"
	for in, want := range map[string]string{
		"postgres://u@h:5432/db":                                  "postgres://u@h:5432/db?" + added,
		"postgres://u@h/db?sslmode=disable":                       "postgres://u@h/db?sslmode=disable&" + added,
		"postgresql://u@h/db?connect_timeout=10":                  "postgresql://u@h/db?connect_timeout=10&pool_health_check_period=5s&pool_ping_timeout=2s",
		"host=h dbname=db":                                        "host=h dbname=db connect_timeout=3 pool_health_check_period=5s pool_ping_timeout=2s",
		"host=h pool_health_check_period=1m pool_ping_timeout=1s": "host=h pool_health_check_period=1m pool_ping_timeout=1s connect_timeout=3",
	} {
		if got := store.WithFaultSettings(in); got != want {
			t.Errorf("store.WithFaultSettings(%q) = %q, want %q", in, got, want)
		}
		if _, err := pgxpool.ParseConfig(store.WithFaultSettings(in)); err != nil {
			t.Errorf("%q: %v", store.WithFaultSettings(in), err)
		}
	}
	cfg, err := pgxpool.ParseConfig(store.WithFaultSettings("postgres://u@h/db"))
	if err != nil || cfg.ConnConfig.ConnectTimeout != 3*time.Second || cfg.HealthCheckPeriod != 5*time.Second || cfg.PingTimeout != 2*time.Second {
		t.Errorf("parsed: %+v, %v", cfg, err)
	}
}
