package review

import (
	"context"
	"fmt"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// A new member's review is published at once but counts in the stars and averages only once its
// author is established. Nothing waits in memory for that moment: the review's counted flag is
// stored, and every server runs CountDue every CountEvery, which finds in the database the
// reviews whose authors have become established since (through the partial index
// reviews_due_counting_here, empty when nobody new has written) and counts them in. A restart or a
// second server loses nothing and counts nothing twice.

// CountEvery is how often each server runs CountDue (declared in the contract: vocab.Published).
var CountEvery = time.Duration(vocab.Published.GetReview().GetCountEveryMinutes()) * time.Minute

// countBatchSize is how many reviews one transaction of CountDue counts in.
const countBatchSize = 500

// CountDue counts in, batch by batch, the published reviews whose authors have become
// established since they wrote them, and returns how many it counted. Catch-ups running at once
// (other servers) count each review once: the later waits for the batch's properties and finds
// its reviews counted.
func (s *Service) CountDue(ctx context.Context) (int, error) {
	n, err := s.inBatches(ctx, func(q *db.Queries) ([]due, error) {
		rows, err := q.ReviewsDueCounting(ctx, countBatchSize)
		out := make([]due, len(rows))
		for i, r := range rows {
			out[i] = due(r)
		}
		return out, err
	}, func(q *db.Queries, ids []int32) (int64, error) { return q.CountReviews(ctx, ids) })
	if err != nil {
		return n, fmt.Errorf("count reviews of established authors: %w", err)
	}
	return n, nil
}

// RevealDue shows, batch by batch, the reviews whose blind reveal is over (14 days after the
// first of a landlord's and a tenant's reviews of one tenancy), and returns how many. Every read
// already shows such a review once its time has passed; clearing it lets the property's stored
// verified-review count take it in. Each server runs it beside CountDue; a review is revealed once.
func (s *Service) RevealDue(ctx context.Context) (int, error) {
	n, err := s.inBatches(ctx, func(q *db.Queries) ([]due, error) {
		rows, err := q.ReviewsDueReveal(ctx, countBatchSize)
		out := make([]due, len(rows))
		for i, r := range rows {
			out[i] = due(r)
		}
		return out, err
	}, func(q *db.Queries, ids []int32) (int64, error) { return q.RevealReviews(ctx, ids) })
	if err != nil {
		return n, fmt.Errorf("reveal reviews: %w", err)
	}
	return n, nil
}

// due is a review a catch-up changes, with its property.
type due struct{ ID, PropertyID int32 }

// inBatches runs batches until one is short: each reads its due reviews (read), locks their
// properties in id order (before any review: a move, a post and a moderator's decision take the
// property first too, and catch-ups running at once take them in one order), then changes the
// reviews (apply), which asks again whether each is still due, and the trigger updates each
// property's stored counts. A catch-up running at the same time waits for the properties and
// finds the reviews done.
func (s *Service) inBatches(ctx context.Context, read func(*db.Queries) ([]due, error), apply func(*db.Queries, []int32) (int64, error)) (int, error) {
	total := 0
	for {
		var n int64
		err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
			rows, err := read(q)
			if err != nil || len(rows) == 0 {
				return err
			}
			ids, properties := make([]int32, len(rows)), make([]int32, len(rows))
			for i, r := range rows {
				ids[i], properties[i] = r.ID, r.PropertyID
			}
			if err := q.LockPropertiesForCounting(ctx, properties); err != nil {
				return fmt.Errorf("lock properties: %w", err)
			}
			n, err = apply(q, ids)
			return err
		})
		if err != nil {
			return total, err
		}
		if total += int(n); n < countBatchSize {
			return total, nil
		}
	}
}
