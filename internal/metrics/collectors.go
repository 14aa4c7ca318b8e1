package metrics

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
)

var (
	jobRuns     = prometheus.NewDesc("rentproof_job_runs_total", "Runs of each background job.", []string{"job"}, nil)
	jobFailures = prometheus.NewDesc("rentproof_job_failures_total", "Runs of each background job that failed.", []string{"job"}, nil)
)

// jobsCollector reads the background jobs' counts (package jobs) at each scrape.
type jobsCollector struct{}

func (jobsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- jobRuns; ch <- jobFailures }

func (jobsCollector) Collect(ch chan<- prometheus.Metric) {
	jobs.Each(func(name string, runs, failures uint64) {
		ch <- prometheus.MustNewConstMetric(jobRuns, prometheus.CounterValue, float64(runs), name)
		ch <- prometheus.MustNewConstMetric(jobFailures, prometheus.CounterValue, float64(failures), name)
	})
}

func poolDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("rentproof_db_pool_"+name, help, []string{"pool"}, nil)
}

var (
	poolAcquired = poolDesc("acquired_connections", "Connections in use.")
	poolIdle     = poolDesc("idle_connections", "Connections open and free.")
	poolTotal    = poolDesc("connections", "Connections open (in use, idle or being made).")
	poolMax      = poolDesc("max_connections", "The most connections the pool opens.")
	poolAcquires = poolDesc("acquires_total", "Connections taken from the pool.")
	poolWaits    = poolDesc("waits_total", "Acquires that found no idle connection and waited for one.")
	poolWaitTime = poolDesc("wait_seconds_total", "Time acquires spent waiting for a connection.")
	poolCanceled = poolDesc("canceled_acquires_total", "Acquires given up (their context ended) while waiting.")
)

// poolCollector reads each pool's Stat at each scrape, labelled by its name.
type poolCollector map[string]*pgxpool.Pool

func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolAcquired, poolIdle, poolTotal, poolMax, poolAcquires, poolWaits, poolWaitTime, poolCanceled} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	for _, name := range slices.Sorted(maps.Keys(c)) {
		s := c[name].Stat()
		gauge := func(d *prometheus.Desc, v float64) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, name)
		}
		counter := func(d *prometheus.Desc, v float64) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, name)
		}
		gauge(poolAcquired, float64(s.AcquiredConns()))
		gauge(poolIdle, float64(s.IdleConns()))
		gauge(poolTotal, float64(s.TotalConns()))
		gauge(poolMax, float64(s.MaxConns()))
		counter(poolAcquires, float64(s.AcquireCount()))
		counter(poolWaits, float64(s.EmptyAcquireCount()))
		counter(poolWaitTime, s.EmptyAcquireWaitTime().Seconds())
		counter(poolCanceled, float64(s.CanceledAcquireCount()))
	}
}

var (
	ledgerEntries = prometheus.NewDesc("rentproof_ledger_entries", "Token ledger rows, by transaction type (read from the database).", []string{"type"}, nil)
	ledgerTokens  = prometheus.NewDesc("rentproof_ledger_tokens", "Tokens the ledger's rows add up to, by transaction type: verification_reward is the tokens awarded (read from the database).", []string{"type"}, nil)
	verifications = prometheus.NewDesc("rentproof_verification_requests", "Verification requests by status, paid checks apart (read from the database).", []string{"status", "paid_check"}, nil)
	payments      = prometheus.NewDesc("rentproof_paid_check_payments", "Paid checks by their payment's outcome: pending, processing, succeeded, failed (read from the database).", []string{"outcome"}, nil)
	decisions     = prometheus.NewDesc("rentproof_admin_decisions", "The administrators' decisions, by kind (read from the database).", []string{"decision"}, nil)
	refunds       = prometheus.NewDesc("rentproof_paid_check_refunds", "Paid checks refunded (read from the database).", nil, nil)
	refundedCents = prometheus.NewDesc("rentproof_paid_check_refunded_cents", "Cents refunded for paid checks (read from the database).", nil, nil)
)

// totalsEvery is how long database totals are kept before a scrape reads them again: each read
// is a few scans, which a scrape every few seconds should not repeat.
const totalsEvery = 30 * time.Second

// totals reads the verification, payment and ledger totals from the database. Counting them where
// they happen would mean counting inside transactions that may still roll back; the database's
// totals are exact, agree between servers and cost the requests nothing.
type totals struct {
	pool *pgxpool.Pool

	mu   sync.Mutex
	read time.Time
	last []prometheus.Metric
}

func newTotals(pool *pgxpool.Pool) *totals { return &totals{pool: pool} }

func (t *totals) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{ledgerEntries, ledgerTokens, verifications, payments, decisions, refunds, refundedCents} {
		ch <- d
	}
}

func (t *totals) Collect(ch chan<- prometheus.Metric) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if time.Since(t.read) >= totalsEvery {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		fresh, err := readTotals(ctx, db.New(t.pool))
		cancel()
		if err != nil {
			slog.Warn("metrics: reading the database totals", "err", err) // the last figures stay
		} else {
			t.last, t.read = fresh, time.Now()
		}
	}
	for _, m := range t.last {
		ch <- m
	}
}

func readTotals(ctx context.Context, q *db.Queries) ([]prometheus.Metric, error) {
	var out []prometheus.Metric
	gauge := func(d *prometheus.Desc, v int64, labels ...string) {
		out = append(out, prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), labels...))
	}
	ledger, err := q.LedgerTotals(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range ledger {
		gauge(ledgerEntries, r.Entries, r.TransactionType)
		gauge(ledgerTokens, r.Tokens, r.TransactionType)
	}
	requests, err := q.VerificationRequestTotals(ctx)
	if err != nil {
		return nil, err
	}
	byStatus, byOutcome := map[[2]string]int64{}, map[string]int64{}
	for _, r := range requests {
		byStatus[[2]string{r.Status, strconv.FormatBool(r.PaidCheck)}] += r.Requests
		if r.PaidCheck && r.PaymentStatus != "" {
			byOutcome[r.PaymentStatus] += r.Requests
		}
	}
	for k, n := range byStatus {
		gauge(verifications, n, k[0], k[1])
	}
	for outcome, n := range byOutcome {
		gauge(payments, n, outcome)
	}
	admin, err := q.AdminDecisionTotals(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range admin {
		gauge(decisions, r.Decisions, r.Decision)
	}
	refunded, err := q.RefundTotals(ctx)
	if err != nil {
		return nil, err
	}
	gauge(refunds, refunded.Refunds)
	gauge(refundedCents, refunded.Cents)
	return out, nil
}
