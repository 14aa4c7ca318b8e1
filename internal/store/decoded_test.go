package store_test

import (
	"context"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// decodings counts the rows the database driver itself decoded under a store.Decoded.
type decodings struct {
	db.DBTX
	n *atomic.Int32
}

func (c decodings) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := c.DBTX.Query(ctx, sql, args...)
	return countedRows{Rows: rows, n: c.n}, err
}

type countedRows struct {
	pgx.Rows
	n *atomic.Int32
}

func (r countedRows) Scan(dest ...any) error {
	r.n.Add(1)
	return r.Rows.Scan(dest...)
}

// listing is a row of every column type the search and review pages scan.
type listing struct {
	ID        int32
	Title     string
	Locality  *string
	Feet      *int32
	Views     int64
	Rating    float64
	Active    bool
	CreatedAt time.Time
	Amenities []string
	Position  pgtype.Point
	RevealAt  *time.Time
	From      pgtype.Date
	Responses []byte
}

func (l *listing) targets() []any {
	return []any{&l.ID, &l.Title, &l.Locality, &l.Feet, &l.Views, &l.Rating, &l.Active, &l.CreatedAt, &l.Amenities, &l.Position, &l.RevealAt, &l.From, &l.Responses}
}

const listingsSQL = `SELECT id, title, locality, feet, views, rating, active, created_at, amenities, position,
  reveal_at, from_month, responses
FROM listings ORDER BY id`

func readListings(t *testing.T, q db.DBTX) []listing {
	t.Helper()
	rows, err := q.Query(context.Background(), listingsSQL)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []listing
	for rows.Next() {
		var l listing
		if err := rows.Scan(l.targets()...); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDecodedRowsAreRememberedNeverStale: a row met a second time is remembered, and when it
// comes back unchanged again it is copied from the memory, equal to what the driver decodes, NULLs, empty and missing lists included; a row that
// changed in any column is decoded anew; and what a caller changes in what it scanned stays its
// own.
func TestDecodedRowsAreRememberedNeverStale(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `
CREATE TABLE listings (id int PRIMARY KEY, title text NOT NULL, locality text, feet int, views bigint NOT NULL,
  rating float8 NOT NULL, active bool NOT NULL, created_at timestamptz NOT NULL, amenities text[], position point NOT NULL,
  reveal_at timestamptz, from_month date, responses jsonb);
INSERT INTO listings VALUES
  (1, 'Flat', 'Soho', 700, 12, 4.5, true, '2026-11-30 05:00:00.123456+00', '{wifi,parking}', '(51.5,-0.13)',
   '2026-12-01 00:00:00+00', '2025-01-01', '[{"by":"owner"}]'),
  (2, 'House', NULL, NULL, 0, 0, false, '2026-01-01 00:00:00+00', '{}', '(0,0)', NULL, NULL, NULL),
  (3, 'Room', 'Leith', 90, 3, 3, true, '2025-06-01 12:00:00+00', NULL, '(55.97,-3.17)', NULL, '2024-02-01', '[]')`); err != nil {
		t.Fatal(err)
	}
	n := new(atomic.Int32)
	plain := decodings{DBTX: pool, n: n}
	want := readListings(t, plain)
	decoded := store.NewDecoded(plain)

	n.Store(0)
	for i := range 2 {
		if got := readListings(t, decoded); !reflect.DeepEqual(got, want) {
			t.Fatalf("read %d through the memory:\n got %+v\nwant %+v", i+1, got, want)
		}
	}
	if got := n.Load(); got != 6 {
		t.Errorf("the first two reads: the driver decoded %d rows, want 6 (met once, then remembered)", got)
	}
	n.Store(0)
	again := readListings(t, decoded)
	if !reflect.DeepEqual(again, want) {
		t.Fatalf("third read:\n got %+v\nwant %+v", again, want)
	}
	if got := n.Load(); got != 0 {
		t.Errorf("third read: the driver decoded %d rows, want 0 (all remembered)", got)
	}
	if again[1].Amenities == nil || again[2].Amenities != nil || again[1].Responses != nil || again[1].RevealAt != nil {
		t.Errorf("an empty list and NULLs: %#v, %#v, %#v, %v", again[1].Amenities, again[2].Amenities, again[1].Responses, again[1].RevealAt)
	}

	// What a caller scanned is its own: changing it changes nothing the next read sees.
	again[0].Amenities[0] = "changed"
	*again[0].Locality = "changed"
	*again[0].Feet = -1
	*again[0].RevealAt = time.Time{}
	again[0].Responses[0] = 'x'
	if got := readListings(t, decoded); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a caller changed its copy:\n got %+v\nwant %+v", got, want)
	}

	// A change to any column is another row: it is read as it is now.
	if _, err := pool.Exec(ctx, `UPDATE listings SET views = views + 1 WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	n.Store(0)
	got := readListings(t, decoded)
	if got[0].Views != want[0].Views+1 {
		t.Errorf("after an update, views %d, want %d", got[0].Views, want[0].Views+1)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("after one row changed the driver decoded %d rows, want 1", got)
	}
	if got := readListings(t, decoded); got[0].Views != want[0].Views+1 {
		t.Errorf("read again after an update, views %d, want %d", got[0].Views, want[0].Views+1)
	}
}

// TestDecodedRowsKeepToTheirStatementAndTypes: a remembered row's bytes from another statement,
// or scanned into other types, are decoded by the driver, and a type the memory does not copy is
// always decoded by it.
func TestDecodedRowsKeepToTheirStatementAndTypes(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	n := new(atomic.Int32)
	decoded := store.NewDecoded(decodings{DBTX: pool, n: n})
	scan := func(sql string, dest any) {
		t.Helper()
		rows, err := decoded.Query(ctx, sql)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		if !rows.Next() {
			t.Fatalf("%s: no row: %v", sql, rows.Err())
		}
		if err := rows.Scan(dest); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}

	var small int32
	for range 3 { // met, remembered, then copied
		scan("SELECT 7::int4", &small)
	}
	scan("SELECT '7'::text", new(string))
	scan("SELECT '7'::text", new(string))
	if got := n.Load(); got != 4 {
		t.Errorf("two statements read 3 and 2 times: the driver decoded %d rows, want 4", got)
	}
	n.Store(0)
	var wide int64
	scan("SELECT 7::int4", &wide) // the same statement and bytes into another type: the driver
	var text string
	scan("SELECT '7'::text", &text) // remembered
	var other string
	scan("SELECT '7'::text AS other", &other) // another statement, the same bytes: the driver
	if small != 7 || wide != 7 || text != "7" || other != "7" {
		t.Errorf("got %d, %d, %q, %q", small, wide, text, other)
	}
	if got := n.Load(); got != 2 {
		t.Errorf("the driver decoded %d rows, want 2", got)
	}

	n.Store(0)
	var numeric pgtype.Numeric
	for range 3 {
		scan("SELECT 1.5::numeric", &numeric)
	}
	if got := n.Load(); got != 3 {
		t.Errorf("a numeric read three times: the driver decoded %d rows, want 3", got)
	}
}

// TestDecodedRowsUnderConcurrentReadsAndWrites: readers in parallel, while a writer changes a row,
// each see one committed version of it, never a mix (and `go test -race` checks what they share).
func TestDecodedRowsUnderConcurrentReadsAndWrites(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE counters (id int PRIMARY KEY, a int NOT NULL, b text NOT NULL);
INSERT INTO counters VALUES (1, 0, '0')`); err != nil {
		t.Fatal(err)
	}
	decoded := store.NewDecoded(pool)
	stop := make(chan struct{})
	var writer sync.WaitGroup
	writer.Go(func() {
		for i := 1; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := pool.Exec(ctx, `UPDATE counters SET a = $1::int, b = $1::int::text WHERE id = 1`, i%5); err != nil {
				t.Error(err)
				return
			}
		}
	})
	var readers sync.WaitGroup
	for range 8 {
		readers.Go(func() {
			for range 200 {
				rows, err := decoded.Query(ctx, `SELECT a, b FROM counters WHERE id = 1`)
				if err != nil {
					t.Error(err)
					return
				}
				for rows.Next() {
					var a int32
					var b string
					if err := rows.Scan(&a, &b); err != nil {
						t.Error(err)
					} else if b != strconv.Itoa(int(a)) {
						t.Errorf("a mixed row: a=%d b=%q", a, b)
					}
				}
				rows.Close()
			}
		})
	}
	readers.Wait()
	close(stop)
	writer.Wait()
}

// cpuTime is the CPU this process has used, the driver's and the memory's: the round trip's
// wait, which the database's own time fills, is not in it.
func cpuTime(b *testing.B) time.Duration {
	b.Helper()
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkDecoded reads a page of twelve listings straight from the driver, through the memory
// with every row remembered (a popular page), and through it with every row new (each carries the
// time it was read, so nothing matches): the last is what the memory costs when it never helps.
//
//	go test -run xxx -bench Decoded ./internal/store
func BenchmarkDecoded(b *testing.B) {
	pool, _ := dbtest.New(b)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE listings AS SELECT i AS id, 'Bench home ' || i AS title,
  'District ' || i AS locality, 700 + i AS feet, i::bigint AS views, 4.5::float8 AS rating, true AS active,
  now() AS created_at, '{wifi,parking}'::text[] AS amenities, point(51.5, -0.13) AS position,
  NULL::timestamptz AS reveal_at, '2025-01-01'::date AS from_month, '[]'::jsonb AS responses
FROM generate_series(1, 12) i`); err != nil {
		b.Fatal(err)
	}
	page := func(b *testing.B, q db.DBTX, sql string) {
		b.Helper()
		b.ReportAllocs()
		start := cpuTime(b)
		defer func() { b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			rows, err := q.Query(ctx, sql)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
				var l listing
				var at time.Time
				if err := rows.Scan(append(l.targets(), &at)...); err != nil {
					b.Fatal(err)
				}
			}
			rows.Close()
		}
	}
	const columns = `SELECT id, title, locality, feet, views, rating, active, created_at, amenities, position, reveal_at, from_month, responses`
	const same = columns + `, created_at FROM listings`
	const fresh = columns + `, clock_timestamp() FROM listings`
	b.Run("driver", func(b *testing.B) { page(b, pool, same) })
	b.Run("remembered", func(b *testing.B) { page(b, store.NewDecoded(pool), same) })
	b.Run("driver, new rows", func(b *testing.B) { page(b, pool, fresh) })
	b.Run("new rows", func(b *testing.B) { page(b, store.NewDecoded(pool), fresh) })
}
