package upload

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/store"
)

// cleanupBatch is how many stale uploads one pass of RemoveUnattached lists at a time.
const cleanupBatch = 500

// RemoveUnattached deletes the uploads never attached to a listing or review a day after their
// upload: files (versions included) and row. Each goes in its own transaction that keeps the row locked while the
// file is deleted, so an attach at that moment either comes first (and the upload stays) or
// finds it gone; a file that cannot be deleted keeps its row, for the next run. It returns how
// many uploads it removed.
func (s *Service) RemoveUnattached(ctx context.Context) (int, error) {
	removed := 0
	for {
		keys, err := s.q.ListStaleUploads(ctx, cleanupBatch)
		if err != nil {
			return removed, fmt.Errorf("list stale uploads: %w", err)
		}
		failed := 0
		for _, key := range keys {
			ok, err := s.removeStale(ctx, key)
			if err != nil {
				if ctx.Err() != nil {
					return removed, err
				}
				failed++
				continue
			}
			if ok {
				removed++
			}
		}
		// A batch that only failed would come back as it is: leave it to the next run.
		if len(keys) < cleanupBatch || failed == len(keys) {
			if failed > 0 {
				return removed, fmt.Errorf("remove stale uploads: %d could not be deleted", failed)
			}
			return removed, nil
		}
	}
}

// removeStale deletes one stale upload, reporting whether it was still unattached.
func (s *Service) removeStale(ctx context.Context, key string) (bool, error) {
	removed := false
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		n, err := q.DeleteStaleUpload(ctx, key)
		if err != nil {
			return fmt.Errorf("delete upload row: %w", err)
		}
		if n == 0 {
			return nil
		}
		for _, file := range FileKeys(key) {
			if err := s.files.Delete(ctx, file); err != nil {
				return fmt.Errorf("delete %s: %w", file, err)
			}
		}
		removed = true
		return nil
	})
	return removed, err
}
