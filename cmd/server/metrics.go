package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/rentproof/rentproof/internal/metrics"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/store"
)

// logSlowStatements reads SLOW_QUERY_MS (default 200; 0 logs none): the pools opened after it log
// each statement slower than that at WARN, with its rpc and request id.
func logSlowStatements() error {
	v := env("SLOW_QUERY_MS", "200")
	ms, err := strconv.Atoi(v)
	if err != nil || ms < 0 {
		return fmt.Errorf("SLOW_QUERY_MS must be a number of milliseconds (0: log no statement), not %q", v)
	}
	store.LogSlowStatements(time.Duration(ms) * time.Millisecond)
	return nil
}

// serveMetrics serves Prometheus metrics at /metrics on METRICS_ADDR until ctx ends, and returns
// the address it listens on. Unset (the default), nothing is served (nil): the figures are for the
// operator, on an address the public cannot reach (e.g. 127.0.0.1:9090, or a private network's),
// never on the public port.
func serveMetrics(ctx context.Context, pool *pgxpool.Pool, pools map[string]*pgxpool.Pool) (net.Addr, error) {
	addr := os.Getenv("METRICS_ADDR")
	if addr == "" {
		return nil, nil
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR: %w", err)
	}
	slog.Info("serving metrics", "url", "http://"+displayAddr(ln.Addr())+"/metrics")
	go func() {
		if err := server.Serve(ctx, ln, metricsMux(pool, pools), server.Timeouts{}); err != nil {
			slog.Error("metrics listener stopped", "err", err)
		}
	}()
	return ln.Addr(), nil
}

// metricsMux answers /metrics (the figures of the database behind pool, and of pools by name),
// Go's profiles under /debug/pprof/ (README, "Profiling"), and 404 for anything else.
func metricsMux(pool *pgxpool.Pool, pools map[string]*pgxpool.Pool) http.Handler {
	mux := http.NewServeMux()
	gatherer := metrics.Gatherer(pool, pools)
	mux.Handle("GET /metrics", promhttp.HandlerFor(gatherer, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	mux.HandleFunc("GET /debug/pprof/", pprof.Index) // heap, allocs, goroutine, block, mutex by name
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return mux
}
