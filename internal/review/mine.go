package review

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Mine is one page of the reviews the signed-in user wrote.
type Mine struct {
	Reviews []Review
	// Total is how many of the user's reviews match the query; Written is how many they wrote.
	Total, Written int32
	Page, PageSize int32
}

// ListMine returns a page of the signed-in user's reviews in every status (their author sees
// hidden and removed ones, with that status), newest first, those whose title or content holds
// query (ignoring case; empty: all), each with its property's title, in one statement.
func (s *Service) ListMine(ctx context.Context, query string, page, pageSize int32) (Mine, error) {
	user, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see your reviews"))
	if err != nil {
		return Mine{}, err
	}
	var v apperr.Validator
	p := store.Paging(&v, page, pageSize, DefaultPageSize, MaxPageSize)
	vocab.Dashboard.ReviewQuery.CheckText(&v, "query", "Search", query)
	if err := v.Err(); err != nil {
		return Mine{}, err
	}
	rows, err := s.q.ListMyReviews(ctx, db.ListMyReviewsParams{
		UserID: user.ID, Pattern: store.EscapeLike(query), MaxRows: p.Size, RowOffset: p.Offset,
	})
	if err != nil {
		return Mine{}, fmt.Errorf("list reviews of %d: %w", user.ID, err)
	}
	out := Mine{Reviews: make([]Review, len(rows)), Page: p.Number, PageSize: p.Size}
	for i, r := range rows {
		out.Reviews[i] = labelled(fromRow(r.Review, nil, nil), r.Review,
			label{r.Proof, r.ProofFromMonth, r.ProofToMonth, r.ProofVerifiedAt, r.TenantFirstName, r.TenantLastName, r.PreviousAddress})
		out.Reviews[i].PropertyTitle = r.PropertyTitle
		out.Total, out.Written = r.TotalCount, r.ReviewCount
	}
	if len(rows) == 0 && (query != "" || p.Number > 1) {
		// No row carries the count of what they wrote: ask for it alone.
		if out.Written, err = s.q.CountUserReviews(ctx, user.ID); err != nil {
			return Mine{}, fmt.Errorf("count reviews of %d: %w", user.ID, err)
		}
	}
	return out, nil
}

// MineOfProperty returns the signed-in user's reviews of one property in every status, in the
// order of the types: one per type at most (reviews_one_per_type refuses a second), except the
// owner's reviews of tenants, one per verified tenancy (each with its TenancyID) beside the one
// unlinked review (TenancyID 0). What the review form needs to offer only what is not written yet.
func (s *Service) MineOfProperty(ctx context.Context, propertyID int32) ([]Review, error) {
	user, ok := identity.UserFrom(ctx)
	if !ok {
		return nil, apperr.Unauthenticated("Please sign in to see your reviews")
	}
	rows, err := s.q.ListMyReviewsOfProperty(ctx, db.ListMyReviewsOfPropertyParams{
		UserID: user.ID, PropertyID: propertyID, TypeOrder: vocab.ReviewTypes.Values(),
	})
	if err != nil {
		return nil, fmt.Errorf("list reviews of %d by %d: %w", propertyID, user.ID, err)
	}
	out := make([]Review, len(rows))
	for i, r := range rows {
		out[i] = labelled(fromRow(r.Review, nil, nil), r.Review,
			label{r.Proof, r.ProofFromMonth, r.ProofToMonth, r.ProofVerifiedAt, r.TenantFirstName, r.TenantLastName, r.PreviousAddress})
	}
	return out, nil
}
