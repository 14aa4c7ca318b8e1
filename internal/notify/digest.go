package notify

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/store"
)

// digestBatch is how many bursts one transaction of Digest takes.
const digestBatch = 50

// digestListed is how many notifications one digest lists; the rest are counted.
const digestListed = 50

// Digest writes one email per burst that went past Individually in an hour that has ended,
// listing the notifications whose own emails were held back, and returns how many it wrote.
// Each batch is one transaction that claims its bursts with SKIP LOCKED, so servers running it
// at once never write a digest twice. A member who has since turned the category off, or whose
// address is no longer verified, gets none (the notifications are in the app all the same).
func Digest(ctx context.Context, pool *pgxpool.Pool, origin string) (int, error) {
	total := 0
	for {
		var rows []db.ClaimDigestsRow
		written := 0
		err := store.WithTx(ctx, pool, func(q *db.Queries) error {
			var err error
			rows, err = q.ClaimDigests(ctx, db.ClaimDigestsParams{Individually: Individually, Hours: digestBatch})
			if err != nil {
				return fmt.Errorf("claim digests: %w", err)
			}
			written = 0
			for _, group := range bursts(rows) {
				first := group[0]
				if !emails(first.EmailVerifiedAt, first.NotificationPreferences, Category(first.Category)) {
					continue
				}
				if err := enqueue(ctx, q, first.UserID, first.Email, Category(first.Category), first.Kind,
					digestSubject(len(group), first.Title), digestContent(group, origin), origin, nil); err != nil {
					return err
				}
				written++
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += written
		if len(rows) == 0 || ctx.Err() != nil {
			return total, ctx.Err()
		}
	}
}

// bursts splits the claimed rows (ordered by member, kind and hour) into one group per burst.
func bursts(rows []db.ClaimDigestsRow) [][]db.ClaimDigestsRow {
	var out [][]db.ClaimDigestsRow
	for i, r := range rows {
		if i == 0 || r.UserID != rows[i-1].UserID || r.Kind != rows[i-1].Kind || !r.Hour.Equal(rows[i-1].Hour) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], r)
	}
	return out
}

func digestSubject(n int, title string) string {
	if n == 1 {
		return title
	}
	return clip(fmt.Sprintf("%d more notifications like “%s”", n, title), 200)
}

// digestContent lists a burst's notifications, each with its link.
func digestContent(group []db.ClaimDigestsRow, origin string) mail.Content {
	hour := group[0].Hour.UTC()
	c := mail.Content{
		Heading: fmt.Sprintf("%d more notifications", len(group)),
		Paragraphs: []string{fmt.Sprintf("So many came between %s and %s UTC that we kept them for one email instead of sending each:",
			hour.Format("15:04"), hour.Add(time.Hour).Format("15:04 on 2 January 2006"))},
		Action: &mail.Action{Label: "See all your notifications", URL: origin + "/notifications"},
	}
	for i, r := range group {
		if i == digestListed {
			c.Paragraphs = append(c.Paragraphs, fmt.Sprintf("…and %d more.", len(group)-digestListed))
			break
		}
		line := "• " + r.Title
		if r.Body != "" {
			line += ": " + r.Body
		}
		c.Paragraphs = append(c.Paragraphs, line+" "+origin+r.Link)
	}
	return c
}

// Prune forgets the burst counters of hours long over.
func Prune(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	n, err := db.New(pool).PruneBursts(ctx, Individually)
	if err != nil {
		return 0, fmt.Errorf("prune notification bursts: %w", err)
	}
	return n, nil
}
