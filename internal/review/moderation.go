package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Moderation's limits (ModerationService, issue 30).
const (
	// SearchPageSize is SearchModerated's page size when none is asked.
	SearchPageSize = 20
	// SearchMaxPageSize is the largest page SearchModerated answers.
	SearchMaxPageSize = 50
)

// The rules of a moderator's reason and search, from the contract.
var (
	moderationReason = vocab.Of((&adminv1.RemoveReviewRequest{}).ProtoReflect().Descriptor().Fields().ByName("reason"))
	moderationQuery  = vocab.Of((&adminv1.SearchReviewsRequest{}).ProtoReflect().Descriptor().Fields().ByName("query"))
)

// errNothingToModerate refuses a decision that would change nothing, by the status it asks for.
var errNothingToModerate = map[string]error{
	"removed":   apperr.FailedPrecondition("This review is already removed."),
	"published": apperr.FailedPrecondition("This review is published and no report waits on it: there is nothing to restore."),
}

// errDeletedByAuthor refuses any decision on a review its author deleted (alone or with their
// account): a moderator cannot publish again what its author took back.
var errDeletedByAuthor = apperr.FailedPrecondition("Its author deleted this review: it cannot be restored or removed.")

// Report is one member's report on a review, as a moderator weighs it.
type Report struct {
	ID               int32  `json:"id"`
	Reason           string `json:"reason"`
	Note             string `json:"note"`
	ReporterUsername string `json:"username"`
	// Established says the reporter's account is established (account_established).
	Established bool `json:"established"`
	// SharedNetwork says another report on the review came from the same network or browser.
	SharedNetwork bool      `json:"shared"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Moderated is a review as a moderator sees it: any status, with the author's username and, in
// the reported list, the reports waiting for a decision.
type Moderated struct {
	ID, PropertyID                int32
	PropertyTitle, AuthorUsername string
	Rating, ReportCount           int32
	Title, Content, Status        string
	CreatedAt                     time.Time
	Photos                        []string
	Reports                       []Report
}

// AwaitingModeration lists the reviews whose reports no decision has answered yet (at most 200),
// hidden ones first, then the most reported, each with those reports, in one statement.
func (s *Service) AwaitingModeration(ctx context.Context) ([]Moderated, error) {
	if _, err := identity.RequireAdmin(ctx, errModeratorSignedOut, errNotModerator); err != nil {
		return nil, err
	}
	rows, err := db.New(s.pool).ListReviewsAwaitingModeration(ctx)
	if err != nil {
		return nil, fmt.Errorf("list reviews awaiting moderation: %w", err)
	}
	out := make([]Moderated, len(rows))
	for i, r := range rows {
		out[i] = Moderated{ID: r.ID, PropertyID: r.PropertyID, PropertyTitle: r.PropertyTitle, AuthorUsername: r.AuthorUsername,
			Rating: r.Rating, ReportCount: r.ReportCount, Title: r.Title, Content: r.Content, Status: r.Status,
			CreatedAt: r.CreatedAt, Photos: r.Photos}
		if err := json.Unmarshal(r.Reports, &out[i].Reports); err != nil {
			return nil, fmt.Errorf("reports of review %d: %w", r.ID, err)
		}
	}
	return out, nil
}

// SearchModerated finds reviews in every status, newest first: the one numbered query (when it
// is a number, "#12" too), or those whose title, text, author's username or property's title
// holds it; status limits them to published, hidden, removed or deleted (by their authors) ones.
func (s *Service) SearchModerated(ctx context.Context, query, status string, page, size int32) ([]Moderated, bool, error) {
	if _, err := identity.RequireAdmin(ctx, errModeratorSignedOut, errNotModerator); err != nil {
		return nil, false, err
	}
	query = strings.TrimSpace(query)
	var v apperr.Validator
	p := store.Paging(&v, page, size, SearchPageSize, SearchMaxPageSize)
	moderationQuery.CheckText(&v, "query", "Search", query)
	v.Check(status == "" || status == "published" || status == "hidden" || status == "removed" || status == "deleted", "status",
		"Status must be published, hidden, removed or deleted")
	if err := v.Err(); err != nil {
		return nil, false, err
	}
	var id int64
	if n, err := strconv.ParseInt(strings.TrimPrefix(query, "#"), 10, 32); err == nil && n > 0 {
		id = n
	}
	rows, err := db.New(s.pool).SearchReviewsForModeration(ctx, db.SearchReviewsForModerationParams{
		Status: status, ReviewID: int32(id), Pattern: store.EscapeLike(query), MaxRows: p.Size + 1, RowOffset: p.Offset,
	})
	if err != nil {
		return nil, false, fmt.Errorf("search reviews: %w", err)
	}
	more := len(rows) > int(p.Size)
	rows = rows[:min(len(rows), int(p.Size))]
	out := make([]Moderated, len(rows))
	for i, r := range rows {
		out[i] = moderated(db.GetModeratedReviewRow(r))
	}
	return out, more, nil
}

func moderated(r db.GetModeratedReviewRow) Moderated {
	return Moderated{ID: r.ID, PropertyID: r.PropertyID, PropertyTitle: r.PropertyTitle, AuthorUsername: r.AuthorUsername,
		Rating: r.Rating, ReportCount: r.ReportCount, Title: r.Title, Content: r.Content, Status: r.Status,
		CreatedAt: r.CreatedAt, Photos: r.Photos}
}

// Remove removes a review with a reason (administrators only): it leaves the pages, the ratings
// and the counts, its author's XP for it goes, the author reads the reason and the open reports'
// reporters are answered. The same path as ModerateReview's (moderate), with the reason required.
func (s *Service) Remove(ctx context.Context, reviewID int32, reason string) (Moderated, error) {
	return s.decide(ctx, reviewID, "remove", reason)
}

// Restore publishes a hidden or removed review again with a reason (administrators only), or keeps
// a reported published one, answering its reports.
func (s *Service) Restore(ctx context.Context, reviewID int32, reason string) (Moderated, error) {
	return s.decide(ctx, reviewID, "restore", reason)
}

func (s *Service) decide(ctx context.Context, reviewID int32, decision, reason string) (Moderated, error) {
	admin, err := identity.RequireAdmin(ctx, errModeratorSignedOut, errNotModerator)
	if err != nil {
		return Moderated{}, err
	}
	reason = strings.TrimSpace(reason)
	var v apperr.Validator
	v.Check(reason != "", "reason", "Please give the reason: the author is told")
	v.Check(!moderationReason.TooLong(reason), "reason", fmt.Sprintf("Reason must be at most %d characters", moderationReason.MaxChars))
	if err := v.Err(); err != nil {
		return Moderated{}, err
	}
	if err := s.moderate(ctx, admin.ID, reviewID, decision, reason, true); err != nil {
		return Moderated{}, err
	}
	r, err := db.New(s.pool).GetModeratedReview(ctx, reviewID)
	if err != nil {
		if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
			return Moderated{}, apperr.NotFound("Review not found")
		}
		return Moderated{}, err
	}
	return moderated(r), nil
}
