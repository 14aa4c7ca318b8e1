// Package metrics keeps the server's Prometheus metrics and serves them: requests by procedure,
// protocol and code with their latency, rate-limit refusals, background jobs, the database pools'
// use, and the verification, payment and ledger totals read from the database. The HTTP edge
// counts each request once (Request); Gatherer collects the figures the operator's own listener
// serves.
package metrics

import (
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

var (
	requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "rentproof_requests_total",
		Help: "Requests answered, by procedure (the rpc, or a route class for what is not one), protocol (connect, grpc, grpc-web, rest, web) and code (the rpc's Connect code, else the HTTP status).",
	}, []string{"procedure", "protocol", "code"})
	latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "rentproof_request_duration_seconds",
		Help:    "Time from a request's headers to the end of its answer, by procedure and protocol.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"procedure", "protocol"})
	rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "rentproof_rate_limited_total",
		Help: "Requests refused for a limit (Connect resource_exhausted: rate limits and daily quotas), by procedure.",
	}, []string{"procedure"})
)

// codeResourceExhausted is Connect's name of the code limits answer with.
const codeResourceExhausted = "resource_exhausted"

// Request counts one answered request and its duration. procedure, protocol and code must come
// from small fixed sets (rpc names, route classes, codes), never from raw paths.
func Request(procedure, protocol, code string, d time.Duration) {
	s := seriesOf(requestKey{procedure, protocol, code})
	s.count.Inc()
	s.took.Observe(d.Seconds())
	if s.limited != nil {
		s.limited.Inc()
	}
}

type requestKey struct{ procedure, protocol, code string }

// requestSeries are the series one kind of request moves, looked up once: the vectors' own
// lookup (validating and hashing the labels, twice) cost more than the rest of the edge.
type requestSeries struct {
	count, limited prometheus.Counter
	took           prometheus.Observer
}

var (
	seriesMu sync.RWMutex
	series   = map[requestKey]*requestSeries{}
)

func seriesOf(k requestKey) *requestSeries {
	seriesMu.RLock()
	s, ok := series[k]
	seriesMu.RUnlock()
	if ok {
		return s
	}
	s = &requestSeries{
		count: requests.WithLabelValues(k.procedure, k.protocol, k.code),
		took:  latency.WithLabelValues(k.procedure, k.protocol),
	}
	if k.code == codeResourceExhausted {
		s.limited = rateLimited.WithLabelValues(k.procedure)
	}
	seriesMu.Lock()
	series[k] = s
	seriesMu.Unlock()
	return s
}

// Gatherer gathers every metric: this process's requests and jobs, the Go runtime's and the
// process's figures, the use of each named pool, and the database totals read through db (nil:
// none). The server serves it with promhttp on its metrics listener.
func Gatherer(db *pgxpool.Pool, pools map[string]*pgxpool.Pool) prometheus.Gatherer {
	reg := prometheus.NewRegistry()
	reg.MustRegister(requests, latency, rateLimited, jobsCollector{},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if len(pools) > 0 {
		reg.MustRegister(poolCollector(pools))
	}
	if db != nil {
		reg.MustRegister(newTotals(db))
	}
	return reg
}
