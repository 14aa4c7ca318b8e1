package review

import (
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
)

// Review is one review as lists show it.
type Review struct {
	ID, PropertyID int32
	AuthorID       int32   // 0 when the account no longer exists
	Author         *Author // nil when unknown
	Rating         int32
	Title, Content string
	ReviewType     string
	StayPeriod     string
	Language       string
	// Status is published, hidden (reported, awaiting a moderator) or removed.
	Status                         string
	Pros, Cons, Categories, Photos []string
	Verified                       bool
	CreatedAt                      time.Time
	Helpful                        int32
	ReportCount                    int32
	HelpfulByViewer                bool           // the viewer marked it helpful
	OwnerResponse                  *OwnerResponse // nil without one
	PropertyTitle                  string         // in site-wide lists
	// NewMember is true while the review does not count: its author was not established when it
	// was written, and the catch-up (CountDue) has not found them established since.
	NewMember bool
}

// Author is the public name of a review's author: the first name and the last name's first letter.
type Author struct {
	FirstName, LastName string
}

// OwnerResponse is the property owner's public answer to a review.
type OwnerResponse struct {
	Content              string
	CreatedAt, UpdatedAt time.Time
}

// fromRow is a stored review with its author's name (nil names: the account is gone).
func fromRow(r db.Review, firstName, lastName *string) Review {
	out := Review{
		ID: r.ID, PropertyID: r.PropertyID, AuthorID: nullable.Value(r.UserID), Rating: r.Rating,
		Title: r.Title, Content: r.Content, ReviewType: r.ReviewType, StayPeriod: nullable.Value(r.StayPeriod),
		Language: r.Language, Status: r.Status,
		Pros: r.Pros, Cons: r.Cons, Categories: r.Categories, Photos: r.Photos, Verified: r.Verified, CreatedAt: r.CreatedAt, Helpful: r.Helpful,
		ReportCount: r.ReportCount, NewMember: !r.Counted,
	}
	if r.UserID != nil && firstName != nil {
		out.Author = &Author{FirstName: *firstName, LastName: identity.PublicLastName(nullable.Value(lastName))}
	}
	return out
}

// detailed is a review with its owner's response and the viewer's vote.
func detailed(r db.GetReviewDetailsRow) Review {
	out := fromRow(r.Review, r.AuthorFirstName, r.AuthorLastName)
	out.HelpfulByViewer = r.HelpfulByViewer
	if r.ResponseContent != nil {
		out.OwnerResponse = &OwnerResponse{
			Content: *r.ResponseContent, CreatedAt: nullable.Value(r.ResponseCreatedAt), UpdatedAt: nullable.Value(r.ResponseUpdatedAt),
		}
	}
	return out
}
