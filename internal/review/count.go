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
// reviews_due_counting, empty when nobody new has written) and counts them in. A restart or a
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
	total := 0
	for {
		n, err := s.countBatch(ctx)
		total += n
		if err != nil || n < countBatchSize {
			return total, err
		}
	}
}

// countBatch counts in one batch: it locks the due reviews, then their properties in id order
// (so that catch-ups never wait on each other in a circle), then sets the flag, and the trigger
// adds each review to its property's stars.
func (s *Service) countBatch(ctx context.Context) (int, error) {
	var n int64
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		due, err := q.LockReviewsDueCounting(ctx, countBatchSize)
		if err != nil || len(due) == 0 {
			return err
		}
		ids, properties := make([]int32, len(due)), make([]int32, len(due))
		for i, r := range due {
			ids[i], properties[i] = r.ID, r.PropertyID
		}
		if err := q.LockPropertiesForCounting(ctx, properties); err != nil {
			return fmt.Errorf("lock properties: %w", err)
		}
		n, err = q.CountReviews(ctx, ids)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("count reviews of established authors: %w", err)
	}
	return int(n), nil
}
