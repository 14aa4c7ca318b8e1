package verification

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Pages of VerifiedProperties.
const (
	// BadgesPageSize is the page size when none is asked.
	BadgesPageSize = 20
	// BadgesMaxPageSize is the largest page answered.
	BadgesMaxPageSize = 50
)

var badgesQuery = vocab.Of((&adminv1.ListVerifiedPropertiesRequest{}).ProtoReflect().Descriptor().Fields().ByName("query"))

// Badge is a property whose verification is in force, as an administrator finds it to withdraw.
type Badge struct {
	PropertyID                                  int32
	Title, Address, PropertyType, OwnerUsername string
	Proof                                       string
	VerifiedAt                                  time.Time
}

// VerifiedProperties lists the properties whose verification is in force (administrators only),
// newest grant first, those whose title, address, city or owner's username holds query.
func (s *Service) VerifiedProperties(ctx context.Context, query string, page, size int32) ([]Badge, bool, error) {
	if _, err := identity.RequireAdmin(ctx, apperr.Unauthenticated("Please sign in as an administrator."),
		apperr.PermissionDenied("Only administrators can list the verified properties to withdraw a badge.")); err != nil {
		return nil, false, err
	}
	query = strings.TrimSpace(query)
	var v apperr.Validator
	p := store.Paging(&v, page, size, BadgesPageSize, BadgesMaxPageSize)
	badgesQuery.CheckText(&v, "query", "Search", query)
	if err := v.Err(); err != nil {
		return nil, false, err
	}
	rows, err := s.q.ListVerifiedProperties(ctx, db.ListVerifiedPropertiesParams{
		Pattern: store.EscapeLike(query), MaxRows: p.Size + 1, RowOffset: p.Offset,
	})
	if err != nil {
		return nil, false, fmt.Errorf("list verified properties: %w", err)
	}
	more := len(rows) > int(p.Size)
	rows = rows[:min(len(rows), int(p.Size))]
	out := make([]Badge, len(rows))
	for i, r := range rows {
		out[i] = Badge{PropertyID: r.ID, Title: r.Title, Address: r.Address, PropertyType: r.PropertyType,
			OwnerUsername: r.OwnerUsername, Proof: r.Proof, VerifiedAt: r.GrantedAt}
	}
	return out, more, nil
}
