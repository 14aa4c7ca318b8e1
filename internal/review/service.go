// Package review holds the rules for reviews: who may write which, what a review must hold,
// helpful votes, reports and their moderation, and owners' responses.
package review

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Types are the review types of SPEC §3, in order, as the contract declares them.
var Types = vocab.ReviewTypes.Values()

// The review rules the contract declares (vocab.Published), which the web app applies too.
var (
	// RatedTypes are the review types that make a property's stars (its average, distribution,
	// review count and recommend count): reviews that judge the property itself. Reviews of the
	// landlord, the neighbourhood and tenants are shown in their tabs and kept out of the stars.
	// The database applies the same rule (review_rates_property) when it keeps the aggregates.
	RatedTypes = vocab.Published.GetReview().GetRatedTypes()
	// OwnerReviewType is the one type a property's owner may write about it, and only its owner
	// may: the owner's account of a tenancy there (reviews have no subject user).
	OwnerReviewType = vocab.Published.GetReview().GetOwnerType()
)

// Limits are the limits an operator tunes (and tests raise).
type Limits struct {
	// ReportsPerAccount bounds the reports one account files in 24 hours.
	ReportsPerAccount int
	// ReportsPerNetwork bounds the reports filed from one client network in 24 hours.
	ReportsPerNetwork int
}

// DefaultLimits are the limits when none are configured, as the contract declares them.
var DefaultLimits = Limits{
	ReportsPerAccount: int(vocab.Published.GetReview().GetReportsPerAccount()),
	ReportsPerNetwork: int(vocab.Published.GetReview().GetReportsPerNetwork()),
}

// Fixed limits.
const (
	DefaultPageSize = 10
	MaxPageSize     = 50
	maxRecent       = 20
)

// The limits the contract declares (vocab.Published), which the pages quote.
var (
	// MaxReviewsPerDay bounds how many reviews one user writes in 24 hours.
	MaxReviewsPerDay = int(vocab.Published.GetReview().GetMaxPerDay())
	// HideAfterReports is how many independent reporters (SQL review_hiding_reporters:
	// established, on different networks and browsers, linked to nobody involved) hide a review
	// until an admin decides.
	HideAfterReports = vocab.Published.GetReview().GetHideAfterReports()
)

// PhotoStore keeps review photos: it checks, re-encodes and stores an account's uploads
// (upload.Service). Reviews claim them with upload.Attach, in the transaction that creates them.
type PhotoStore interface {
	SaveReviewPhotos(ctx context.Context, ownerID int32, files iter.Seq2[upload.File, error]) ([]string, error)
}

// Service holds the review rules.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	photos PhotoStore
	limits Limits
}

// NewService returns a Service over pool with the default limits, storing review photos in
// photos (nil: a service that only reads and counts reviews, whose UploadPhotos fails).
func NewService(pool *pgxpool.Pool, photos PhotoStore) *Service {
	return &Service{pool: pool, q: db.New(pool), photos: photos, limits: DefaultLimits}
}

// ReadingFrom returns s with its statements outside transactions run through reads (store.Reads:
// a replica for the requests that allow it).
func (s *Service) ReadingFrom(reads db.DBTX) *Service {
	c := *s
	c.q = db.New(reads)
	return &c
}

// errSignedOutPhotos refuses a photo upload without a session.
var errSignedOutPhotos = apperr.Unauthenticated("Please sign in to add photos to a review")

// CanUploadPhotos checks that the caller may upload review photos: anyone signed in, since any
// member may write a review (of some type) and its photos.
func (s *Service) CanUploadPhotos(ctx context.Context) error {
	_, err := identity.RequireUser(ctx, errSignedOutPhotos)
	return err
}

// UploadPhotos stores the photos of one upload for the signed-in user and returns their URLs,
// for a review they then write: checked and re-encoded like listing images, counted in the same
// daily upload quota, usable by no one else and by no listing.
func (s *Service) UploadPhotos(ctx context.Context, files iter.Seq2[upload.File, error]) ([]string, error) {
	user, err := identity.RequireUser(ctx, errSignedOutPhotos)
	if err != nil {
		return nil, err
	}
	if s.photos == nil {
		return nil, errors.New("upload review photos: no photo store")
	}
	return s.photos.SaveReviewPhotos(ctx, user.ID, files)
}

// WithLimits returns the service with limits in place of the defaults (zero fields keep theirs).
func (s *Service) WithLimits(l Limits) *Service {
	if l.ReportsPerAccount > 0 {
		s.limits.ReportsPerAccount = l.ReportsPerAccount
	}
	if l.ReportsPerNetwork > 0 {
		s.limits.ReportsPerNetwork = l.ReportsPerNetwork
	}
	return s
}

// Page is one page of a property's reviews.
type Page struct {
	Reviews []Review
	HasMore bool
}

// ListForProperty returns a page of a property's published reviews for a tab (only the verified
// ones when verifiedOnly), newest first, each with its label; a missing or withdrawn property is
// ErrNotFound. A review the blind reveal hides is listed to its author only.
func (s *Service) ListForProperty(ctx context.Context, propertyID int32, tab string, verifiedOnly bool, page, pageSize int32) (Page, error) {
	if tab == "" {
		tab = "all"
	}
	types, ok := vocab.TabTypes(tab)
	if page == 0 {
		page = 1
	}
	if pageSize == 0 {
		pageSize = DefaultPageSize
	}
	var v apperr.Validator
	v.Check(ok, "tab", "Tab must be "+tabNames())
	v.Check(page >= 1 && page <= 1000, "page", "Page must be between 1 and 1000")
	v.Check(pageSize >= 1 && pageSize <= MaxPageSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", MaxPageSize))
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	if err := s.propertyExists(ctx, propertyID); err != nil {
		return Page{}, err
	}
	viewer, _ := identity.UserFrom(ctx)
	rows, err := s.q.ListPropertyReviews(ctx, db.ListPropertyReviewsParams{
		ViewerID: viewer.ID, PropertyID: propertyID, ReviewTypes: types, VerifiedOnly: verifiedOnly,
		MaxRows: pageSize + 1, RowOffset: (page - 1) * pageSize, // one extra row tells whether more follow
	})
	if err != nil {
		return Page{}, fmt.Errorf("list reviews of property %d: %w", propertyID, err)
	}
	more := len(rows) > int(pageSize)
	rows = rows[:min(len(rows), int(pageSize))]
	out := make([]Review, len(rows))
	for i, r := range rows {
		out[i] = detailed(db.GetReviewDetailsRow(r))
	}
	return Page{Reviews: out, HasMore: more}, nil
}

// RatingSummary returns a property's stars, stored on the property.
func (s *Service) RatingSummary(ctx context.Context, propertyID int32) (property.Rating, error) {
	p, err := property.Lookup(ctx, s.q, propertyID)
	return p.Rating, err
}

// TypeCount is a property's published reviews of one type: Count are listed, Counted of them
// count (their authors are established), Average is the mean rating of those, Verified of them
// are verified, NotIndependent of them never count (NotCountedNotIndependent), and
// PreviousAddress of them do not count because they are about an earlier address of the listing
// (NotCountedPreviousAddress, none of them in NotIndependent); the others that do not count are
// new members'.
type TypeCount struct {
	ReviewType                                                string
	Count, Counted, Verified, NotIndependent, PreviousAddress int32
	Average                                                   float64
	RatesProperty                                             bool
}

// CountByType counts a property's published reviews of every type (zero counts included, in
// the order of Types): what each tab holds, beside the stars that only RatedTypes make. Reviews
// the blind reveal hides are not counted.
func (s *Service) CountByType(ctx context.Context, propertyID int32) ([]TypeCount, error) {
	rows, err := s.q.CountPropertyReviewsByType(ctx, propertyID)
	if err != nil {
		return nil, fmt.Errorf("count reviews of property %d by type: %w", propertyID, err)
	}
	out := make([]TypeCount, len(Types))
	for i, t := range Types {
		out[i] = TypeCount{ReviewType: t, RatesProperty: slices.Contains(RatedTypes, t)}
		for _, r := range rows {
			if r.ReviewType == t {
				out[i].Count, out[i].Counted, out[i].Average, out[i].Verified = r.Reviews, r.Counted, r.Average, r.Verified
				out[i].NotIndependent, out[i].PreviousAddress = r.NotIndependent, r.PreviousAddress
			}
		}
	}
	return out, nil
}

func (s *Service) propertyExists(ctx context.Context, id int32) error {
	_, err := property.Lookup(ctx, s.q, id)
	return err
}

// Recent returns the newest published reviews across the site (default 2, at most 20) that the
// blind reveal does not hide, each with its label and its property's title.
func (s *Service) Recent(ctx context.Context, limit int32) ([]Review, error) {
	if limit <= 0 {
		limit = 2
	}
	rows, err := s.q.ListRecentReviews(ctx, min(limit, maxRecent))
	if err != nil {
		return nil, fmt.Errorf("list recent reviews: %w", err)
	}
	out := make([]Review, len(rows))
	for i, r := range rows {
		out[i] = listed(r)
	}
	return out, nil
}

// Draft is the review form.
type Draft struct {
	PropertyID                                       int32
	Rating                                           int32
	Title, Content, ReviewType, Language, StayPeriod string
	Pros, Cons, Categories, Photos                   []string
	// TenancyID names the verified tenancy a landlord's review of a tenant is about (0: an
	// unverified landlord review, one per property); other types leave it 0.
	TenancyID int32
}

// Create posts a review by the signed-in user, updating the property's aggregates (by trigger)
// and awarding its XP with gamification.Give (which records the review_posted activity) in the
// same transaction. The review is published at
// once; it counts in the stars and averages at once only when its author is established (SQL
// account_established, this review included), otherwise once CountDue finds them established —
// and never while its author is linked to the property's owner (ownerLinked), unless documents
// an administrator checked verify the author's tenancy.
func (s *Service) Create(ctx context.Context, d Draft) (Review, error) {
	author, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to write a review"))
	if err != nil {
		return Review{}, err
	}
	d = clean(d)
	if err := validate(author, d); err != nil {
		return Review{}, err
	}
	prop, err := property.Lookup(ctx, s.q, d.PropertyID)
	if err != nil {
		return Review{}, err
	}
	if err := checkOwnership(author.ID, prop.LandlordID, d.ReviewType); err != nil {
		return Review{}, err
	}
	if d.TenancyID != 0 && !hasRealProof(prop) {
		return Review{}, apperr.FailedPrecondition("Your property must be verified before you can write a verified review of a tenant")
	}

	var created db.Review
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Counted in the transaction that writes the review, so parallel posts stop at the limit
		// and a post that fails counts for nothing.
		perDay := ratelimit.Rule{Key: fmt.Sprintf("review:acct:%d", author.ID), Max: MaxReviewsPerDay, Window: 24 * time.Hour}
		if _, err := ratelimit.Reserve(ctx, q, perDay); err != nil {
			return err
		}
		// The property next, before any other row (LockPropertyForReview): a move of the listing
		// and this post take turns, so the review is stamped with the address it is about now,
		// or the move finds it and uncounts it.
		if _, err := q.LockPropertyForReview(ctx, d.PropertyID); err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return apperr.NotFound("Property Not Found")
			}
			return fmt.Errorf("lock property %d: %w", d.PropertyID, err)
		}
		if err := checkTenancy(ctx, q, d); err != nil {
			return err
		}
		linked, err := ownerLinked(ctx, q, author.ID, prop.LandlordID)
		if err != nil {
			return err
		}
		created, err = q.CreateReview(ctx, db.CreateReviewParams{
			PropertyID: d.PropertyID, UserID: &author.ID, Rating: d.Rating, Title: d.Title, Content: d.Content,
			ReviewType: d.ReviewType, StayPeriod: nullable.Ptr(d.StayPeriod), Pros: d.Pros, Cons: d.Cons,
			Categories: d.Categories, Photos: d.Photos, Language: d.Language, TenancyID: nullable.Ptr(d.TenancyID),
			OwnerLinked: linked,
		})
		if err != nil {
			return fmt.Errorf("create review: %w", err)
		}
		if !created.Counted {
			n, err := q.CountNewReview(ctx, created.ID)
			if err != nil {
				return fmt.Errorf("count review: %w", err)
			}
			created.Counted = n == 1
		}
		// Photos are the author's own uploads, attached to nothing else yet.
		if err := upload.Attach(ctx, q, author.ID, d.Photos, upload.ReviewPhoto, created.ID); err != nil {
			return err
		}
		_, err = gamification.Give(ctx, q, gamification.Award{Rule: gamification.ReviewPublished, UserID: author.ID, EntityID: created.ID})
		return err
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return Review{}, &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter,
			Message: fmt.Sprintf("You can write at most %d reviews a day. Please try again tomorrow.", MaxReviewsPerDay)}
	}
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrAlreadyExists) {
			if d.TenancyID != 0 { // reviews_one_per_tenancy: the other types' key leaves these out
				return Review{}, apperr.New(apperr.ErrAlreadyExists, "You have already reviewed this tenancy")
			}
			return Review{}, apperr.New(apperr.ErrAlreadyExists,
				"You have already written a review of this type for this property")
		}
		return Review{}, err
	}
	return s.details(ctx, created.ID)
}

// ownerLinked judges, in the transaction that writes the review, whether its author's account is
// linked to the property owner's (account.LinkedToCaller: one network or one browser in 90 days,
// this request counted). Such a review never counts unless documents an administrator checked
// verify the author's tenancy (SQL review_may_count); the answer is kept on the review, since the
// sign-ins behind it are forgotten after 90 days. The owner's own review of a tenant is not
// judged: it is the owner's by definition and rates no property.
func ownerLinked(ctx context.Context, q *db.Queries, authorID, ownerID int32) (bool, error) {
	if ownerID == 0 || ownerID == authorID {
		return false, nil
	}
	return account.LinkedToCaller(ctx, q, authorID, ownerID)
}

// checkOwnership keeps owners from rating their own property: its owner may write only the
// landlord's review of a tenant, and nobody else may write that one.
func checkOwnership(authorID, ownerID int32, reviewType string) error {
	switch {
	case authorID == ownerID && reviewType != OwnerReviewType:
		return apperr.PermissionDenied("You cannot review your own property. As its owner, you can write a landlord review of a tenant and respond to reviews.")
	case authorID != ownerID && reviewType == OwnerReviewType:
		return apperr.PermissionDenied("Only the property's owner can write a landlord review of its tenants")
	}
	return nil
}

// hasRealProof tells whether a property's verification proves its owner: verified by confirmations,
// documents or a paid check, not sample data. Only such an owner's confirmation of a tenant is
// worth a label.
func hasRealProof(p property.Property) bool {
	return p.Verified && p.VerificationProof != "" && p.VerificationProof != "demo"
}

// checkTenancy checks, in the transaction that writes the review, that the tenancy a landlord's
// review names is verified and at the property, and locks it until the review is written.
func checkTenancy(ctx context.Context, q *db.Queries, d Draft) error {
	if d.TenancyID == 0 {
		return nil
	}
	t, err := q.LockReviewedTenancy(ctx, d.TenancyID)
	if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
		return apperr.NotFound("Tenancy not found")
	} else if err != nil {
		return fmt.Errorf("lock tenancy %d: %w", d.TenancyID, err)
	}
	if t.PropertyID != d.PropertyID {
		return apperr.PermissionDenied("This tenancy is not at this property: you can review only the tenants of this property")
	}
	if t.Status != "approved" {
		return apperr.FailedPrecondition("You can review a tenant once their tenancy at your property is verified")
	}
	return nil
}

func (s *Service) details(ctx context.Context, id int32) (Review, error) {
	viewer, _ := identity.UserFrom(ctx)
	r, err := s.q.GetReviewDetails(ctx, db.GetReviewDetailsParams{ViewerID: viewer.ID, ReviewID: id})
	if err != nil {
		return Review{}, fmt.Errorf("get review %d: %w", id, store.Err(err))
	}
	return detailed(r), nil
}

// clean trims the text fields, drops blank list entries and applies the defaults.
func clean(d Draft) Draft {
	d.Title, d.Content = strings.TrimSpace(d.Title), strings.TrimSpace(d.Content)
	if d.ReviewType == "" {
		d.ReviewType = "general"
	}
	if d.Language == "" {
		d.Language = "en"
	}
	d.Pros, d.Cons, d.Categories, d.Photos = nonBlank(d.Pros), nonBlank(d.Cons), nonBlank(d.Categories), nonBlank(d.Photos)
	slices.Sort(d.Categories) // a set of names, kept in order
	d.Categories = slices.Compact(d.Categories)
	return d
}

// validate applies SPEC §5 "Review" with its messages, the contract's vocabularies and limits
// (internal/vocab), and the role rules of the review types.
func validate(author identity.User, d Draft) error {
	var v apperr.Validator
	rules := vocab.Review
	v.Check(d.Rating >= 1 && d.Rating <= 5, "rating", "Rating is required")
	v.Check(!rules.Title.TooShort(d.Title), "title", fmt.Sprintf("Title must be at least %d characters", rules.Title.MinChars))
	v.Check(!rules.Title.TooLong(d.Title), "title", fmt.Sprintf("Title must be at most %d characters", rules.Title.MaxChars))
	v.Check(!rules.Content.TooShort(d.Content), "content", fmt.Sprintf("Review must be at least %d characters", rules.Content.MinChars))
	v.Check(!rules.Content.TooLong(d.Content), "content", fmt.Sprintf("Review must be at most %d characters", rules.Content.MaxChars))
	v.Check(rules.Type.Allows(d.ReviewType), "reviewType", "Please choose a review type")
	v.Check(rules.Language.Allows(d.Language), "language", "Please choose a supported language")
	v.Check(d.StayPeriod == "" || d.ReviewType == "tenant_to_property", "stayPeriod", "Stay period applies to tenant reviews of a property only")
	v.Check(d.StayPeriod == "" || rules.StayPeriod.Allows(d.StayPeriod), "stayPeriod", "Please choose a stay period")
	for _, c := range d.Categories {
		v.Check(rules.Categories.Allows(c), "categories", "Please choose categories from the list")
	}
	for name, list := range map[string]struct {
		items []string
		rules vocab.Field
	}{"pros": {d.Pros, rules.Pros}, "cons": {d.Cons, rules.Cons}} {
		v.Check(!list.rules.TooMany(len(list.items)), name, fmt.Sprintf("At most %d entries", list.rules.MaxItems))
		for _, item := range list.items {
			v.Check(!list.rules.TooLong(item), name, fmt.Sprintf("Each entry must be at most %d characters", list.rules.MaxChars))
		}
	}
	v.Check(d.TenancyID == 0 || d.ReviewType == OwnerReviewType, "tenancyId", "Only a landlord's review of a tenant names a tenancy")
	v.Check(d.TenancyID >= 0, "tenancyId", "Please choose a tenancy")
	v.Check(!rules.Photos.TooMany(len(d.Photos)), "photos", fmt.Sprintf("A review can have at most %d photos", rules.Photos.MaxItems))
	if only := vocab.OnlyRole(d.ReviewType); only != "" && author.Role != only {
		v.Check(false, "reviewType", onlyRoleMessage(only, d.ReviewType))
	}
	if err := v.Err(); err != nil {
		return err
	}
	return upload.CheckURLs(d.Photos, upload.ReviewPhoto)
}

// tabNames lists the declared tabs for a refusal: "all, tenant, landlord, neighborhood or agent".
func tabNames() string {
	var names []string
	for _, t := range vocab.Published.GetReview().GetTabs() {
		names = append(names, t.GetValue())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// onlyRoleMessage refuses a review type kept for one role: "Only agents can write agent reviews".
func onlyRoleMessage(role, reviewType string) string {
	return fmt.Sprintf("Only %ss can write %ss", strings.ToLower(vocab.VerifierRoles.Label(role)),
		strings.ToLower(vocab.ReviewTypes.Label(reviewType)))
}

func nonBlank(list []string) []string {
	out := []string{}
	for _, s := range list {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
