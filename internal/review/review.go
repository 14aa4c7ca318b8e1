package review

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"

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
	// NewMember is true while the review does not count because its author was not established
	// when it was written and the catch-up (CountDue) has not found them established since; it
	// then counts by itself. A review that does not count for another reason is not a new
	// member's (NotCounted says why).
	NewMember bool
	// NotCounted says why the review does not count in the stars and averages: "" when it counts,
	// NotCountedNewMember, NotCountedNotIndependent or NotCountedPreviousAddress.
	NotCounted string
	// VerifiedLabel is SPEC's label of a verified review ("Verified Tenant", …), empty when it is
	// not verified; Proof is the verified tenancy behind it, nil when not verified.
	VerifiedLabel string
	Proof         *Proof
	// TenancyID is the tenancy a landlord's review of a tenant names (0 for other reviews, and for
	// the landlord's unlinked review); Tenant is that tenant's public name while the tenancy is
	// verified.
	TenancyID int32
	Tenant    *Author
	// HiddenUntil is when the blind reveal shows the review to everyone; nil once shown. Only its
	// author is ever given a hidden review.
	HiddenUntil *time.Time
}

// Why a listed review does not count (Review.NotCounted).
const (
	// NotCountedNewMember: its author is not established yet; it counts once they are.
	NotCountedNewMember = "new_member"
	// NotCountedNotIndependent: its author's account was linked to the property owner's when it was
	// written (SQL accounts_linked, kept as reviews.owner_linked); it never counts unless documents
	// an administrator checked verify the author's tenancy (SQL review_may_count). Readers are not
	// told the link itself: it would say where people signed in.
	NotCountedNotIndependent = "not_independent"
	// NotCountedPreviousAddress: it was written about another address than its property's current
	// one (SQL review_previous_address: the listing's address changed since). It stays listed, as
	// honest history, but counts again only if the listing moves back to that address. It comes
	// before NotCountedNotIndependent when both apply.
	NotCountedPreviousAddress = "previous_address"
)

// notCounted is why a stored review does not count, "" when it does.
func notCounted(r db.Review) string {
	switch {
	case r.Counted:
		return ""
	case r.OwnerLinked:
		return NotCountedNotIndependent
	default:
		return NotCountedNewMember
	}
}

// Proof is the verified tenancy behind a review's label.
type Proof struct {
	// Proof is landlord (the owner confirmed the tenancy) or documents (an administrator checked
	// the tenant's documents).
	Proof string
	// From and To are the tenancy's first and last months, YYYY-MM; To is empty while the tenant
	// still lives there.
	From, To   string
	VerifiedAt time.Time
}

// verifiedLabels are SPEC's "Verified label by type" (§3, reviews): Tenant, Landlord, Agent,
// Tenant, Resident, otherwise Reviewer. agent_to_property reviews are never verified (no proof of
// an agent's engagement exists): the trigger reviews_label_new leaves them unlabelled.
var verifiedLabels = map[string]string{
	"tenant_to_property":     "Verified Tenant",
	"landlord_to_tenant":     "Verified Landlord",
	"agent_to_property":      "Verified Agent",
	"tenant_to_landlord":     "Verified Tenant",
	"tenant_to_neighborhood": "Verified Resident",
}

// VerifiedLabel is the label a verified review of reviewType carries: "Verified Tenant",
// "Verified Landlord", "Verified Agent", "Verified Resident", otherwise "Verified Reviewer".
func VerifiedLabel(reviewType string) string {
	if l, ok := verifiedLabels[reviewType]; ok {
		return l
	}
	return "Verified Reviewer"
}

// label is the columns every list of reviews selects beside the review for its label
// (sql/queries/reviews.sql): the verified tenancy's proof and months and when it was verified,
// the tenant's name for a landlord's review of them, and whether the review is about another
// address than its property's current one.
type label struct {
	proof                   *string
	from, to                pgtype.Date
	verifiedAt              *time.Time
	tenantFirst, tenantLast *string
	previousAddress         bool
}

// labelled is the review r (from fromRow) with its label, its tenancy, its blind reveal, and why
// it does not count when it is about a previous address.
func labelled(out Review, r db.Review, l label) Review {
	if !r.Counted && l.previousAddress {
		out.NotCounted, out.NewMember = NotCountedPreviousAddress, false
	}
	if r.Verified && l.proof != nil {
		out.VerifiedLabel = VerifiedLabel(r.ReviewType)
		out.Proof = &Proof{Proof: *l.proof, From: month(l.from), To: month(l.to), VerifiedAt: nullable.Value(l.verifiedAt)}
	}
	if r.ReviewType == OwnerReviewType {
		out.TenancyID = nullable.Value(r.TenancyID)
		if l.tenantFirst != nil {
			out.Tenant = &Author{FirstName: *l.tenantFirst, LastName: identity.PublicLastName(nullable.Value(l.tenantLast))}
		}
	}
	if r.RevealAt != nil && r.RevealAt.After(time.Now()) {
		out.HiddenUntil = r.RevealAt
	}
	return out
}

// month is a stored month (its first day) as YYYY-MM, "" when none.
func month(d pgtype.Date) string {
	if !d.Valid {
		return ""
	}
	return d.Time.Format("2006-01")
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
		ReportCount: r.ReportCount, NotCounted: notCounted(r),
	}
	out.NewMember = out.NotCounted == NotCountedNewMember
	if r.UserID != nil && firstName != nil {
		out.Author = &Author{FirstName: *firstName, LastName: identity.PublicLastName(nullable.Value(lastName))}
	}
	return out
}

// detailed is a review with its owner's response and the viewer's vote.
func detailed(r db.GetReviewDetailsRow) Review {
	out := labelled(fromRow(r.Review, r.AuthorFirstName, r.AuthorLastName), r.Review,
		label{r.Proof, r.ProofFromMonth, r.ProofToMonth, r.ProofVerifiedAt, r.TenantFirstName, r.TenantLastName, r.PreviousAddress})
	out.HelpfulByViewer = r.HelpfulByViewer
	if r.ResponseContent != nil {
		out.OwnerResponse = &OwnerResponse{
			Content: *r.ResponseContent, CreatedAt: nullable.Value(r.ResponseCreatedAt), UpdatedAt: nullable.Value(r.ResponseUpdatedAt),
		}
	}
	return out
}

// listed is a review of a site-wide list (the newest, the reported) with its property's title.
func listed(r db.ListRecentReviewsRow) Review {
	out := labelled(fromRow(r.Review, r.AuthorFirstName, r.AuthorLastName), r.Review,
		label{r.Proof, r.ProofFromMonth, r.ProofToMonth, r.ProofVerifiedAt, r.TenantFirstName, r.TenantLastName, r.PreviousAddress})
	out.PropertyTitle = r.PropertyTitle
	return out
}
