// Package resource serves the housing resource library.
package resource

import (
	"context"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
)

// maxResults bounds one list; the library holds dozens of articles, not thousands.
const maxResults = 200

// maxQueryLength bounds the search text, which is matched as a substring.
const maxQueryLength = 200

// Categories are the resource categories of SPEC §3, in display order.
var Categories = []string{
	"tenant", "landlord", "market_trends", "legal", "international_housing", "rental_tips", "buying_guide",
	"investment", "property_management", "sustainability", "accessibility", "moving_guide",
	"neighborhood_guide", "tax_advice", "renovations",
}

// Service holds the resource rules.
type Service struct{ q *db.Queries }

// NewService returns a Service reading through q.
func NewService(q *db.Queries) *Service { return &Service{q: q} }

// Filter narrows a list: Category "" or "all" keeps every category; Query matches title or description.
type Filter struct {
	Category string
	Query    string
}

// List returns the resources matching f, featured first and then newest.
func (s *Service) List(ctx context.Context, f Filter) ([]db.Resource, error) {
	category := strings.TrimSpace(f.Category)
	if category == "all" {
		category = ""
	}
	var v apperr.Validator
	v.Check(category == "" || isCategory(category), "category", "Unknown resource category")
	query := strings.ToLower(strings.TrimSpace(f.Query))
	v.Check(len(query) <= maxQueryLength, "query", fmt.Sprintf("Search must be at most %d characters", maxQueryLength))
	if err := v.Err(); err != nil {
		return nil, err
	}
	rows, err := s.q.ListResources(ctx, db.ListResourcesParams{
		Category: category,
		Query:    store.EscapeLike(query),
		MaxRows:  maxResults,
	})
	if err != nil {
		return nil, fmt.Errorf("list resources: %w", err)
	}
	return rows, nil
}

// Get returns one resource.
func (s *Service) Get(ctx context.Context, id int32) (db.Resource, error) {
	r, err := s.q.GetResource(ctx, id)
	if err != nil {
		return db.Resource{}, fmt.Errorf("get resource %d: %w", id, store.Err(err))
	}
	return r, nil
}

func isCategory(c string) bool {
	for _, known := range Categories {
		if c == known {
			return true
		}
	}
	return false
}
