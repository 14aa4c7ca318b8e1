// Package review holds the rules for reviews.
package review

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/store"
)

// Bounds of the lists.
const (
	maxListed = 100
	maxRecent = 20
)

// Service holds the review rules.
type Service struct{ q *db.Queries }

// NewService returns a Service reading through q.
func NewService(q *db.Queries) *Service { return &Service{q: q} }

// ListForProperty returns a property's reviews, newest first, with their authors' names;
// a missing or withdrawn property is ErrNotFound.
func (s *Service) ListForProperty(ctx context.Context, propertyID int32) ([]db.ListPropertyReviewsRow, error) {
	if _, err := s.q.GetProperty(ctx, propertyID); err != nil {
		return nil, fmt.Errorf("get property %d: %w", propertyID, store.Err(err))
	}
	rows, err := s.q.ListPropertyReviews(ctx, db.ListPropertyReviewsParams{PropertyID: propertyID, MaxRows: maxListed})
	if err != nil {
		return nil, fmt.Errorf("list reviews of property %d: %w", propertyID, err)
	}
	return rows, nil
}

// Recent returns the newest reviews across the site (default 2, at most 20).
func (s *Service) Recent(ctx context.Context, limit int32) ([]db.ListRecentReviewsRow, error) {
	if limit <= 0 {
		limit = 2
	}
	rows, err := s.q.ListRecentReviews(ctx, min(limit, maxRecent))
	if err != nil {
		return nil, fmt.Errorf("list recent reviews: %w", err)
	}
	return rows, nil
}
