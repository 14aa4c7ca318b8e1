package store

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rentproof/rentproof/internal/requestlog"
)

// statementTracer is the tracer of every pool Open and OpenFixedPlans make (nil: none).
var statementTracer pgx.QueryTracer

// LogSlowStatements makes the pools opened after it log statements slower than threshold
// (SlowStatements); 0 logs none. The server calls it once, before opening its pools.
func LogSlowStatements(threshold time.Duration) {
	statementTracer = nil
	if threshold > 0 {
		statementTracer = SlowStatements{Threshold: threshold}
	}
}

// SlowStatements is a pgx tracer that logs, at WARN, each statement that took longer than
// Threshold (0: every statement): its sqlc name (or the start of its text), its time, and the rpc it ran for (the
// context's requestlog.Request, whose id the log handler adds). Never its arguments: they hold
// what users wrote.
type SlowStatements struct {
	Threshold time.Duration
	// Log receives the lines (nil: slog's default logger at the time of logging).
	Log *slog.Logger
}

type startKey struct{}

// started is what TraceQueryEnd needs of the start: pgx passes the statement's text only there.
type started struct {
	at  time.Time
	sql string
}

// TraceQueryStart notes the statement and when it started.
func (s SlowStatements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, startKey{}, &started{at: time.Now(), sql: data.SQL})
}

// TraceQueryEnd logs the statement when it took longer than Threshold.
func (s SlowStatements) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryEndData) {
	start, ok := ctx.Value(startKey{}).(*started)
	if !ok {
		return
	}
	took := time.Since(start.at)
	if took <= s.Threshold {
		return
	}
	log := s.Log
	if log == nil {
		log = slog.Default()
	}
	var procedure string
	if r := requestlog.From(ctx); r != nil {
		procedure = r.Procedure
	}
	log.WarnContext(ctx, "slow statement", "statement", statementName(start.sql), "duration_ms", took.Milliseconds(),
		"procedure", procedure, "failed", data.Err != nil)
}

// statementName is the name sqlc writes on the first line ("-- name: CreateReview :one"), or the
// start of a statement written by hand.
func statementName(sql string) string {
	sql = strings.TrimSpace(sql)
	if rest, ok := strings.CutPrefix(sql, "-- name: "); ok {
		name, _, _ := strings.Cut(rest, " ")
		return name
	}
	sql = strings.Join(strings.Fields(sql), " ")
	if len(sql) > 80 {
		sql = sql[:80] + "…"
	}
	return sql
}
