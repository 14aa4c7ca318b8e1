package metrics_test

import (
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/metrics"
)

// BenchmarkRequest is the cost of counting one request.
func BenchmarkRequest(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		metrics.Request("/rentproof.property.v1.PropertyService/SearchProperties", "connect", "ok", 3*time.Millisecond)
	}
}
