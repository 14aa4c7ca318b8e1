package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// METRICS_ADDR serves /metrics (the pools' use among them) and Go's profiles, and nothing else;
// unset, no listener.
// Not parallel: it sets environment variables.
func TestMetricsAddr(t *testing.T) {
	pool, _ := dbtest.New(t)
	t.Setenv("METRICS_ADDR", "")
	if addr, err := serveMetrics(t.Context(), pool, nil); addr != nil || err != nil {
		t.Fatalf("unset METRICS_ADDR: %v, %v", addr, err)
	}
	t.Setenv("METRICS_ADDR", "127.0.0.1:0")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	addr, err := serveMetrics(ctx, pool, map[string]*pgxpool.Pool{"main": pool, "fixed_plans": pool})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string) {
		res, err := http.Get("http://" + addr.String() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	if status, body := get("/metrics"); status != http.StatusOK ||
		!strings.Contains(body, `rentproof_db_pool_max_connections{pool="fixed_plans"}`) || !strings.Contains(body, "go_goroutines") {
		t.Errorf("/metrics: %d\n%.500s", status, body)
	}
	if status, body := get("/debug/pprof/allocs?debug=1"); status != http.StatusOK || !strings.Contains(body, "heap profile") {
		t.Errorf("/debug/pprof/allocs: %d\n%.300s", status, body)
	}
	if status, _ := get("/"); status != http.StatusNotFound {
		t.Errorf("/ on the metrics address: %d", status)
	}
}

// Not parallel: it sets environment variables.
func TestSlowQueryMS(t *testing.T) {
	for _, v := range []string{"", "0", "250"} {
		t.Setenv("SLOW_QUERY_MS", v)
		if err := logSlowStatements(); err != nil {
			t.Errorf("SLOW_QUERY_MS=%q: %v", v, err)
		}
	}
	for _, v := range []string{"-1", "fast", "0.5"} {
		t.Setenv("SLOW_QUERY_MS", v)
		if err := logSlowStatements(); err == nil {
			t.Errorf("SLOW_QUERY_MS=%q accepted", v)
		}
	}
	t.Setenv("SLOW_QUERY_MS", "0")
	_ = logSlowStatements()
}
