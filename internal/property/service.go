// Package property holds the rules for rental listings: search, listing and lookup.
package property

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Types are the property types of SPEC §3, in order, as the contract declares them.
var Types = vocab.PropertyTypes.Values()

// ListingRoles may list properties; tenants may not (declared in the contract: vocab.Published).
var ListingRoles = vocab.Published.GetProperty().GetListingRoles()

// Limits of batch and similar lookups.
const (
	maxBatch   = 100
	maxSimilar = 12
)

// ImageStore keeps listing images: it checks, re-encodes and stores an account's uploads.
// Listings claim them with upload.Attach, in the transaction that creates the listing.
type ImageStore interface {
	SavePropertyImages(ctx context.Context, ownerID int32, files iter.Seq2[upload.File, error]) ([]string, error)
}

// Service holds the property rules.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	plain  *db.Queries // the plain searches, on sessions that keep generic plans
	custom *db.Queries // the searches with filters, planned for each call's arguments
	counts *capped     // the capped counts of the last CountMemory (counts.go)
	images ImageStore
}

// NewService returns a Service over pool, running plain searches on fixedPlans (a pool from
// store.OpenFixedPlans) and checking listing images against images.
func NewService(pool, fixedPlans *pgxpool.Pool, images ImageStore) *Service {
	return &Service{pool: pool, q: db.New(pool), plain: db.New(fixedPlans), custom: db.New(store.CustomPlans(pool)), counts: &capped{}, images: images}
}

// ReadingFrom returns s with its statements outside transactions run through reads, its plain
// searches through plainReads and those with filters through customReads, which must plan every
// call for its arguments (store.CustomPlans or a pool from store.OpenCustomPlans); each may be a
// store.Reads, a replica for the requests that allow it.
func (s *Service) ReadingFrom(reads, plainReads, customReads db.DBTX) *Service {
	c := *s
	c.q, c.plain, c.custom = db.New(reads), db.New(plainReads), db.New(customReads)
	return &c
}

// Get returns one active property with its rating and the caller's saved flag.
func (s *Service) Get(ctx context.Context, id int32) (Property, error) {
	row, err := s.q.GetViewedProperty(ctx, db.GetViewedPropertyParams{ViewerID: viewerID(ctx), ID: id})
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return Property{}, apperr.NotFound("Property Not Found")
		}
		return Property{}, fmt.Errorf("get property %d: %w", id, err)
	}
	return fromSavedRow(savedRow(row)), nil
}

// BatchGet returns the active properties among ids (at most 100) with the caller's saved flags,
// in one query.
func (s *Service) BatchGet(ctx context.Context, ids []int32) ([]Property, error) {
	if len(ids) > maxBatch {
		return nil, apperr.New(apperr.ErrInvalidArgument, "At most %d properties can be requested at once", maxBatch)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.q.BatchGetViewedProperties(ctx, db.BatchGetViewedPropertiesParams{ViewerID: viewerID(ctx), Ids: ids})
	if err != nil {
		return nil, fmt.Errorf("batch get properties: %w", err)
	}
	return withSaved(rows), nil
}

// Similar returns other active properties in the reference property's city, with the caller's
// saved flags.
func (s *Service) Similar(ctx context.Context, id int32, limit int32) ([]Property, error) {
	if _, err := Lookup(ctx, s.q, id); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 3
	}
	rows, err := s.q.ListSimilarViewedProperties(ctx, db.ListSimilarViewedPropertiesParams{
		ViewerID: viewerID(ctx), PropertyID: id, MaxRows: min(limit, maxSimilar),
	})
	if err != nil {
		return nil, fmt.Errorf("similar properties of %d: %w", id, err)
	}
	return withSaved(rows), nil
}
