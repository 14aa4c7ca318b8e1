package notify_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/store"
)

// BenchmarkSend is what notify.Send adds to the transaction of the write it rides on: the same
// small transaction (one update of the member's row, as an approval or review post touches it)
// with and without Send, in-app only and with the email, reporting each one's p50 and p99
// (go test -run '^$' -bench Send -benchtime 2000x ./internal/notify).
func BenchmarkSend(b *testing.B) {
	pool, _ := dbtest.New(b)
	ctx := context.Background()
	var quiet, emailed int32
	if err := pool.QueryRow(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('quiet', 'x', 'quiet@example.com', 'A', 'B', 'tenant') RETURNING id`).Scan(&quiet); err != nil {
		b.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role, email_verified_at)
		VALUES ('emailed', 'x', 'emailed@example.com', 'A', 'B', 'tenant', now()) RETURNING id`).Scan(&emailed); err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name string
		send func(q *db.Queries, i int) error
	}{
		{"without", func(*db.Queries, int) error { return nil }},
		{"in-app", func(q *db.Queries, _ int) error {
			return notify.Send(ctx, q, notify.Notice{UserID: quiet, Category: notify.Moderation, Kind: "bench", Title: "Hidden", Link: "/properties/1"})
		}},
		{"with-email", func(q *db.Queries, i int) error {
			// A kind of its own each time: every one is among the first five of its hour.
			return notify.Send(ctx, q, notify.Notice{UserID: emailed, Category: notify.Moderation, Kind: "bench_" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)),
				Title: "Hidden", Body: "A moderator will decide.", Link: "/properties/1"})
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			took := make([]time.Duration, 0, b.N)
			for i := range b.N {
				start := time.Now()
				if err := store.WithTx(ctx, pool, func(q *db.Queries) error {
					if _, err := q.LockUserXP(ctx, quiet); err != nil {
						return err
					}
					return c.send(q, i)
				}); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
