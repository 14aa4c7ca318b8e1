package store

import (
	"context"
	"encoding/binary"
	"hash/maphash"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/rentproof/rentproof/gen/db"
)

// Decoded is a db.DBTX that remembers how its statements' rows decoded. Decoding is a pure
// function of a statement and its row's bytes, so a row that comes back byte for byte as before
// (the same listing on a popular page, nothing about it changed) is copied from the memory
// instead of decoded again: the statement still runs every time, so nothing read is ever stale.
// A row whose bytes differ in anything, a count or a flag, is another row and decodes anew. A row
// is remembered the second time it is met, so rows read once cost a hash, not a copy.
//
// Values are handed out as copies: strings (immutable) are shared, every slice and pointer is
// new, so a caller that changes what it scanned changes only its own. The memory holds at most
// two generations of generationRows rows met (a remembered listing is about 2.5 KB, so 20 MB at
// most); the older is dropped when the newer fills.
type Decoded struct {
	inner db.DBTX
	seed  maphash.Seed

	mu        sync.Mutex
	cur, prev map[uint64]*decodedRow // by the hash of the statement and the row's bytes
}

// decodedRow is a remembered row: its bytes, and the values they decoded to.
type decodedRow struct {
	key    string
	values []any
}

// generationRows is how many rows one generation remembers.
const generationRows = 4096

// NewDecoded returns inner with its rows' decoding remembered.
func NewDecoded(inner db.DBTX) *Decoded {
	return &Decoded{inner: inner, seed: maphash.MakeSeed(), cur: make(map[uint64]*decodedRow)}
}

// Exec runs a write: it has no rows to remember.
func (d *Decoded) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return d.inner.Exec(ctx, sql, args...)
}

// QueryRow runs a one-row statement, decoded as always (a page's rows are the ones that recur).
func (d *Decoded) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return d.inner.QueryRow(ctx, sql, args...)
}

// Query runs a statement whose rows are scanned from the memory when they recur.
func (d *Decoded) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := d.inner.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	r := &decodedRows{Rows: rows, memory: d}
	r.key = binary.LittleEndian.AppendUint64(r.key[:0], maphash.String(d.seed, sql))
	return r, nil
}

// decodedRows are one statement's rows, scanned from the memory when it has them.
type decodedRows struct {
	pgx.Rows
	memory *Decoded
	key    []byte // the statement's hash, then the current row's bytes
}

func (r *decodedRows) Scan(dest ...any) error {
	r.key = r.key[:8]
	for _, v := range r.RawValues() {
		if v == nil {
			r.key = binary.LittleEndian.AppendUint32(r.key, 1<<31)
			continue
		}
		r.key = binary.LittleEndian.AppendUint32(r.key, uint32(len(v)))
		r.key = append(r.key, v...)
	}
	d := r.memory
	hash := maphash.Bytes(d.seed, r.key)
	d.mu.Lock()
	row, met := d.cur[hash]
	if !met {
		if row, met = d.prev[hash]; met {
			d.remember(hash, row)
		}
	}
	d.mu.Unlock()
	if row != nil && row.key == string(r.key) && copyInto(dest, row.values) {
		return nil
	}
	if err := r.Rows.Scan(dest...); err != nil {
		return err
	}
	row = nil
	if met {
		values, ok := copyOf(dest)
		if !ok {
			return nil
		}
		row = &decodedRow{key: string(r.key), values: values}
	}
	d.mu.Lock()
	d.remember(hash, row)
	d.mu.Unlock()
	return nil
}

// remember keeps a row in the current generation (nil: met once); d.mu is held.
func (d *Decoded) remember(hash uint64, row *decodedRow) {
	if len(d.cur) >= generationRows {
		d.prev, d.cur = d.cur, make(map[uint64]*decodedRow, generationRows)
	}
	d.cur[hash] = row
}

// copyOf returns what dest's pointers hold after a scan, or false when one of them is of a type
// the memory does not copy (that row is then simply not remembered).
func copyOf(dest []any) ([]any, bool) {
	values := make([]any, len(dest))
	for i, p := range dest {
		switch p := p.(type) {
		case *int32:
			values[i] = *p
		case *int64:
			values[i] = *p
		case *bool:
			values[i] = *p
		case *float64:
			values[i] = *p
		case *string:
			values[i] = *p
		case *time.Time:
			values[i] = *p
		case *pgtype.Point:
			values[i] = *p
		case *pgtype.Date:
			values[i] = *p
		case **string:
			values[i] = nullable(*p)
		case **int32:
			values[i] = nullable(*p)
		case **time.Time:
			values[i] = nullable(*p)
		case *[]string:
			values[i] = slices.Clone(*p)
		case *[]byte:
			values[i] = slices.Clone(*p)
		default:
			return nil, false
		}
	}
	return values, true
}

// nullable is a NULL column's remembered value: nil, or a copy of what its pointer held.
func nullable[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// copyInto sets dest's pointers from a remembered row; it reports false, having set nothing
// that matters, when a pointer's type does not match what the row remembered.
func copyInto(dest []any, values []any) bool {
	if len(dest) != len(values) {
		return false
	}
	for i, p := range dest {
		v := values[i]
		var ok bool
		switch p := p.(type) {
		case *int32:
			*p, ok = v.(int32)
		case *int64:
			*p, ok = v.(int64)
		case *bool:
			*p, ok = v.(bool)
		case *float64:
			*p, ok = v.(float64)
		case *string:
			*p, ok = v.(string)
		case *time.Time:
			*p, ok = v.(time.Time)
		case *pgtype.Point:
			*p, ok = v.(pgtype.Point)
		case *pgtype.Date:
			*p, ok = v.(pgtype.Date)
		case **string:
			*p, ok = pointerTo[string](v)
		case **int32:
			*p, ok = pointerTo[int32](v)
		case **time.Time:
			*p, ok = pointerTo[time.Time](v)
		case *[]string:
			var s []string
			s, ok = v.([]string)
			*p = slices.Clone(s)
		case *[]byte:
			var b []byte
			b, ok = v.([]byte)
			*p = slices.Clone(b)
		}
		if !ok {
			return false
		}
	}
	return true
}

// pointerTo returns a new pointer to a remembered nullable value (nil for NULL).
func pointerTo[T any](v any) (*T, bool) {
	if v == nil {
		return nil, true
	}
	t, ok := v.(T)
	return &t, ok
}
