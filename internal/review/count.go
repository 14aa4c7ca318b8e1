package review

import (
	"context"
	"fmt"
	"slices"
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
// (other servers) share the work: each skips the reviews another holds, and a review is counted
// once.
func (s *Service) CountDue(ctx context.Context) (int, error) {
	n, err := s.inBatches(ctx, func(q *db.Queries) ([]due, error) {
		rows, err := q.LockReviewsDueCounting(ctx, countBatchSize)
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
// verified-review count take it in. Each server runs it beside CountDue; they share the work.
func (s *Service) RevealDue(ctx context.Context) (int, error) {
	n, err := s.inBatches(ctx, func(q *db.Queries) ([]due, error) {
		rows, err := q.LockReviewsDueReveal(ctx, countBatchSize)
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

// inBatches runs batches until one is short: each locks its due reviews (lock), then those of
// their properties nobody else holds (a catch-up never waits for a property while it holds
// reviews: a move waits for them in the other order), then changes the reviews of the properties
// it holds (apply), and the trigger updates each property's stored counts. The others stay due.
func (s *Service) inBatches(ctx context.Context, lock func(*db.Queries) ([]due, error), apply func(*db.Queries, []int32) (int64, error)) (int, error) {
	total := 0
	for {
		var n int64
		err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
			rows, err := lock(q)
			if err != nil || len(rows) == 0 {
				return err
			}
			properties := make([]int32, len(rows))
			for i, r := range rows {
				properties[i] = r.PropertyID
			}
			held, err := q.LockPropertiesForCounting(ctx, properties)
			if err != nil {
				return fmt.Errorf("lock properties: %w", err)
			}
			ids := make([]int32, 0, len(rows))
			for _, r := range rows {
				if slices.Contains(held, r.PropertyID) {
					ids = append(ids, r.ID)
				}
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
