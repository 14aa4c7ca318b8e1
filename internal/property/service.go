// Package property holds the rules for rental listings.
package property

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/store"
)

// Service holds the property rules.
type Service struct{ q *db.Queries }

// NewService returns a Service reading through q.
func NewService(q *db.Queries) *Service { return &Service{q: q} }

// Get returns one active property with its stored rating aggregates.
func (s *Service) Get(ctx context.Context, id int32) (db.Property, error) {
	p, err := s.q.GetProperty(ctx, id)
	if err != nil {
		return db.Property{}, fmt.Errorf("get property %d: %w", id, store.Err(err))
	}
	return p, nil
}
