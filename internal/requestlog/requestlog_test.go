package requestlog_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/requestlog"
)

// A line logged with a request's context names its id, through loggers made With attributes too;
// a line logged outside a request has none.
func TestLinesCarryTheRequestID(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	log := slog.New(requestlog.Handler(slog.NewJSONHandler(&out, nil)))
	ctx := requestlog.With(t.Context(), &requestlog.Request{ID: "abc123"})
	log.InfoContext(ctx, "request", "status", 200)
	log.With("job", "x").WarnContext(ctx, "with attributes")
	log.InfoContext(t.Context(), "started")
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"request_id":"abc123"`) || !strings.Contains(lines[1], `"request_id":"abc123"`) ||
		strings.Contains(lines[2], "request_id") {
		t.Errorf("logged:\n%s", out.String())
	}
}

// BenchmarkLogLine is one request log line written as text, with and without the request id.
func BenchmarkLogLine(b *testing.B) {
	text := slog.NewTextHandler(io.Discard, nil) //nolint:sloglint // the line's writing is what is measured
	ctx := requestlog.With(context.Background(), &requestlog.Request{ID: "0123456789abcdef0123456789abcdef"})
	for name, h := range map[string]slog.Handler{"plain": text, "with request id": requestlog.Handler(text)} {
		b.Run(name, func(b *testing.B) {
			log := slog.New(h)
			b.ReportAllocs()
			for b.Loop() {
				log.InfoContext(ctx, "request", "method", "GET", "path", "/properties/3", "status", 200, "duration_ms", 3)
			}
		})
	}
}
