package store_test

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/requestlog"
	"github.com/rentproof/rentproof/internal/store"
)

// warnings keeps the WARN records logged, with their attributes.
type warnings struct {
	mu   sync.Mutex
	list []map[string]string
}

func (w *warnings) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (w *warnings) WithAttrs([]slog.Attr) slog.Handler           { return w }
func (w *warnings) WithGroup(string) slog.Handler                { return w }

func (w *warnings) Handle(_ context.Context, r slog.Record) error {
	rec := map[string]string{"msg": r.Message}
	r.Attrs(func(a slog.Attr) bool {
		rec[a.Key] = a.Value.String()
		return true
	})
	w.mu.Lock()
	w.list = append(w.list, rec)
	w.mu.Unlock()
	return nil
}

// A statement slower than the threshold is logged at WARN with the rpc it ran for and its
// request's id (the server's log handler adds it), by the pools Open makes once the server called
// LogSlowStatements; quick ones are not. Not parallel: it sets the process's default logger and
// the store's tracer, which parallel tests would read. The threshold is half a second and the quick
// statement runs once before the test watches: a fresh connection's first statement loads the
// catalog, which took 127 ms on a busy CI machine.
func TestSlowStatementsAreLoggedWithTheirProcedure(t *testing.T) { //nolint:paralleltest // see above
	_, url := dbtest.New(t)
	logged := &warnings{}
	defaultLogger := slog.Default()
	slog.SetDefault(slog.New(requestlog.Handler(logged)))
	store.LogSlowStatements(500 * time.Millisecond)
	t.Cleanup(func() {
		store.LogSlowStatements(0)
		slog.SetDefault(defaultLogger)
	})
	pool, err := store.Open(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	ctx := requestlog.With(t.Context(), &requestlog.Request{ID: "req-42", Procedure: "/rentproof.review.v1.ReviewService/CreateReview"})
	if _, err := db.New(pool).RefundTotals(ctx); err != nil { // warms the connection
		t.Fatal(err)
	}
	logged.mu.Lock()
	logged.list = nil
	logged.mu.Unlock()
	if _, err := db.New(pool).RefundTotals(ctx); err != nil { // quick
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "SELECT pg_sleep(0.6)"); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(context.Background(), "SELECT pg_sleep(0.6) -- outside a request"); err != nil {
		t.Fatal(err)
	}

	logged.mu.Lock()
	defer logged.mu.Unlock()
	if len(logged.list) != 2 {
		t.Fatalf("logged %v, want the two slow statements", logged.list)
	}
	got := logged.list[0]
	if ms, err := strconv.Atoi(got["duration_ms"]); err != nil || ms < 600 {
		t.Errorf("took %q ms", got["duration_ms"])
	}
	if got["msg"] != "slow statement" || got["statement"] != "SELECT pg_sleep(0.6)" || got["request_id"] != "req-42" ||
		got["procedure"] != "/rentproof.review.v1.ReviewService/CreateReview" {
		t.Errorf("the slow statement of a request: %v", got)
	}
	if other := logged.list[1]; other["procedure"] != "" || other["request_id"] != "" {
		t.Errorf("a slow statement outside a request: %v", other)
	}
}

// A statement sqlc wrote is named by its name, never by its text or arguments.
func TestSlowStatementNames(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	logged := &warnings{}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = store.SlowStatements{Threshold: 0, Log: slog.New(logged)} // every statement
	pool, err := pgxpool.NewWithConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := db.New(pool).RefundTotals(t.Context()); err != nil {
		t.Fatal(err)
	}
	logged.mu.Lock()
	defer logged.mu.Unlock()
	if len(logged.list) != 1 || logged.list[0]["statement"] != "RefundTotals" {
		t.Errorf("logged %v", logged.list)
	}
}
