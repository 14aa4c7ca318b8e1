package main

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/internal/store"
)

// floor measures, like the ceiling, a server that answers the city search the cheapest way the
// stack allows: net/http in, the server's statement on a pool with the server's plan mode, and the
// rows' raw bytes out, with no decoding, no JSON and no middleware. No server built on net/http
// and pgx gets past it on this machine, so it says how much of the gap to pgbench is the stack's.
// It runs inside this process while the real server idles; wrk drives it from outside.
func floor(ctx context.Context, dbURL, city string, d time.Duration) (ceilingResult, error) {
	statement, err := searchStatement("$1", "$2", "$3")
	if err != nil {
		return ceilingResult{}, err
	}
	pool, err := store.OpenFixedPlans(ctx, dbURL)
	if err != nil {
		return ceilingResult{}, err
	}
	defer pool.Close()
	params := [][]byte{[]byte(strings.ToLower(city)), []byte("12"), []byte("0")}

	search := func(w http.ResponseWriter, r *http.Request) {
		conn, err := pool.Acquire(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		defer conn.Release()
		// Prepare is answered from the connection's own cache after the first call.
		if _, err := conn.Conn().Prepare(r.Context(), "floor", statement); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		rows := conn.Conn().PgConn().ExecPrepared(r.Context(), "floor", params, nil, nil)
		body := make([]byte, 0, 16<<10)
		for rows.NextRow() {
			for _, v := range rows.Values() {
				body = append(body, v...)
			}
		}
		if _, err := rows.Close(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	}

	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return ceilingResult{}, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(search), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	return ceiling(ctx, "http://"+ln.Addr().String()+"/", d)
}
