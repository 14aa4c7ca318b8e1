package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// discardWriter answers nothing, so a benchmark measures the edge alone.
type discardWriter struct{ header http.Header }

func (w discardWriter) Header() http.Header         { return w.header }
func (w discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w discardWriter) WriteHeader(int)             {}

// BenchmarkEdge is the cost per request of Identify and logRequests (the request id, the log line,
// the metrics) around a handler that does nothing, beside that handler alone. The log line goes
// to the test binary's default logger, which discards it: the line's own writing is not measured.
func BenchmarkEdge(b *testing.B) {
	nothing := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", nothing},
		{"identify+log", Identify(0, logRequests(nothing))},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/properties/3", http.NoBody)
			w := discardWriter{header: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.header)
				c.h.ServeHTTP(w, req)
			}
		})
	}
}
