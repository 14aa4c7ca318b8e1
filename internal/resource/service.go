// Package resource serves the housing resource library.
package resource

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// maxResults bounds one list; the library holds dozens of articles, not thousands.
const maxResults = 200

// Service holds the resource rules.
type Service struct{ q *db.Queries }

// NewService returns a Service over pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{q: db.New(pool)} }

// ReadingFrom returns a Service whose statements run through reads (store.Reads: a replica for
// the requests that allow it).
func ReadingFrom(reads db.DBTX) *Service { return &Service{q: db.New(reads)} }

// Resource is one article of the library.
type Resource struct {
	ID                                   int32
	Title, Description, Content          string
	Category, Region, Country            string
	AuthorName, AuthorTitle, AuthorImage string
	CoverImage                           string
	ReadTime                             int32 // minutes
	Tags                                 []string
	PublishedAt, CreatedAt, UpdatedAt    time.Time
	Featured                             bool
	MetaDescription, MetaKeywords, Slug  string
	Language                             string
}

func fromRow(r db.Resource) Resource {
	return Resource{
		ID: r.ID, Title: r.Title, Description: r.Description, Content: r.Content, Category: r.Category,
		Region: nullable.Value(r.Region), Country: nullable.Value(r.Country), AuthorName: r.AuthorName,
		AuthorTitle: nullable.Value(r.AuthorTitle), AuthorImage: nullable.Value(r.AuthorImage), CoverImage: r.CoverImage,
		ReadTime: r.ReadTime, Tags: r.Tags, PublishedAt: r.PublishedAt, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, Featured: r.Featured, MetaDescription: nullable.Value(r.MetaDescription),
		MetaKeywords: nullable.Value(r.MetaKeywords), Slug: r.Slug, Language: r.Language,
	}
}

// Filter narrows a list: Category "" or "all" keeps every category; Query matches title or description.
type Filter struct {
	Category string
	Query    string
}

// List returns the resources matching f, featured first and then newest.
func (s *Service) List(ctx context.Context, f Filter) ([]Resource, error) {
	category := strings.TrimSpace(f.Category)
	if category == "all" {
		category = ""
	}
	var v apperr.Validator
	v.Check(category == "" || vocab.Resource.Category.Allows(category), "category", "Unknown resource category")
	query := strings.ToLower(strings.TrimSpace(f.Query))
	v.Check(!vocab.Resource.Query.TooLong(query), "query", fmt.Sprintf("Search must be at most %d characters", vocab.Resource.Query.MaxChars))
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
	out := make([]Resource, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, nil
}

// Get returns one resource.
func (s *Service) Get(ctx context.Context, id int32) (Resource, error) {
	r, err := s.q.GetResource(ctx, id)
	if err != nil {
		return Resource{}, fmt.Errorf("get resource %d: %w", id, store.Err(err))
	}
	return fromRow(r), nil
}

// Dated is an article's id and when it last changed: what the sitemap lists.
type Dated struct {
	ID        int32
	UpdatedAt time.Time
}

// Articles lists every article's id and last change, in id order.
func (s *Service) Articles(ctx context.Context) ([]Dated, error) {
	rows, err := s.q.ListSitemapResources(ctx)
	if err != nil {
		return nil, fmt.Errorf("list resources: %w", err)
	}
	out := make([]Dated, len(rows))
	for i, r := range rows {
		out[i] = Dated{ID: r.ID, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}
