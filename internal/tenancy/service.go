// Package tenancy holds tenancies (issue 27): a member's claim to have lived at one property for
// a period, and its proof. A claim is verified by the property's owner (proof landlord: only when
// the property is verified with a real proof and the tenant's account is established; held for an
// administrator when the two accounts are linked or the owner has confirmed many tenancies lately)
// or by documents an administrator checks (proof documents). An owner never rejects a claim: "I
// can't confirm this" sends it to the documents path. Documents are private (the tenant and the
// administrators read them, never the owner) and deleted DocumentRetentionDays after the decision.
//
// A verified tenancy labels its holder's reviews of the property: the database's triggers set and
// clear the labels whatever changes a tenancy, and copy every change of a claim's status or stage,
// with who made it and why (changed_by, change_note), into tenancy_events. Every decision takes
// the property's lock, then the people's (gamification.LockPeople), then changes the claim once.
package tenancy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
)

// Statuses, stages and proofs of a claim (the database's).
const (
	StatusPending   = "pending"
	StatusApproved  = "approved"
	StatusRejected  = "rejected"
	StatusWithdrawn = "withdrawn"
	StatusRevoked   = "revoked"

	StageLandlord      = "landlord"
	StageDocuments     = "documents"
	StageAdministrator = "administrator"

	ProofLandlord  = "landlord"
	ProofDocuments = "documents"
)

// listLimit bounds every list of claims (a member's, an owner's, the administrators' queue).
const listLimit = 200

// The refusals every action shares.
var (
	errMissing         = apperr.NotFound("Tenancy claim not found.")
	errPropertyMissing = apperr.NotFound("Property Not Found")
	errDecided         = apperr.FailedPrecondition("This claim has already been decided.")
)

// Service holds the tenancy rules.
type Service struct {
	files document.Store
	pool  *pgxpool.Pool
	q     *db.Queries
}

// New returns a Service keeping claims in pool's database and documents in files.
func New(files document.Store, pool *pgxpool.Pool) *Service {
	return &Service{files: files, pool: pool, q: db.New(pool)}
}

// Tenancy is one claim as its reader may see it: the tenant (with documents), the property's
// owner (without documents) or an administrator (with usernames and duplicate documents).
type Tenancy struct {
	ID, PropertyID                  int32
	PropertyTitle, Address          string
	TenantID                        int32 // 0 when the account no longer exists
	TenantFirstName, TenantLastName string
	FromMonth, ToMonth              string // YYYY-MM; ToMonth "" while still living there
	Status, Stage, Proof            string
	Message, OwnerMessage           string
	ResponseMessage, HoldReason     string
	CreatedAt                       time.Time
	DecidedAt                       *time.Time
	Documents                       []Document
	PropertyVerified                bool
	LandlordReviewID                int32
	DuplicateClaimIDs               []int32
	TenantUsername, OwnerUsername   string
	AddressNow                      string
}

// Document is one of a tenant's documents.
type Document struct {
	URL, FileName, ContentType, Kind string
	Bytes                            int32
	Deleted                          bool
}

// reader is who reads a claim, which decides what they see.
type reader int

const (
	asTenant reader = iota
	asOwner
	asAdmin
)

// Claim files the caller's claim to have lived at propertyID from the month from to the month to
// (YYYY-MM; to "" while still living there), with an optional message. It waits for the owner
// when the property is verified with a real proof, else for the tenant's documents.
func (s *Service) Claim(ctx context.Context, propertyID int32, from, to, message string) (Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to claim a tenancy."))
	if err != nil {
		return Tenancy{}, err
	}
	message = strings.TrimSpace(message)
	fromMonth, toMonth, err := validateClaim(strings.TrimSpace(from), strings.TrimSpace(to), message, time.Now())
	if err != nil {
		return Tenancy{}, err
	}
	prop, err := s.q.GetTenancyProperty(ctx, propertyID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Tenancy{}, errPropertyMissing
		}
		return Tenancy{}, fmt.Errorf("get property %d: %w", propertyID, err)
	}
	if !prop.Active {
		return Tenancy{}, errPropertyMissing
	}
	if prop.LandlordID == me.ID {
		return Tenancy{}, apperr.PermissionDenied("You own this property: an owner cannot claim to have lived at their own listing.")
	}
	var id int32
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Counted first (advisory locks before row locks) and only when the claim is filed.
		perDay := ratelimit.Rule{Key: fmt.Sprintf("tenancy-claim:acct:%d", me.ID), Max: MaxClaimsPerDay, Window: ClaimWindow}
		if _, err := ratelimit.Reserve(ctx, q, perDay); err != nil {
			return err
		}
		id, err = q.CreateTenancy(ctx, db.CreateTenancyParams{
			TenantID: me.ID, PropertyID: propertyID, FromMonth: fromMonth, ToMonth: toMonth, Message: nullable.Ptr(message),
		})
		switch {
		case errors.Is(store.Err(err), apperr.ErrNotFound):
			return errPropertyMissing
		case errors.Is(store.Err(err), apperr.ErrAlreadyExists):
			return apperr.New(apperr.ErrAlreadyExists, "You already have an open or verified claim for this property: withdraw it before filing another.")
		case err != nil:
			return fmt.Errorf("create tenancy claim: %w", err)
		}
		return notifyOwner(ctx, q, id, "tenancy_claim", claimReceived)
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return Tenancy{}, &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter,
			Message: fmt.Sprintf("You can claim at most %d tenancies in 24 hours. Please try again later.", MaxClaimsPerDay)}
	}
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asTenant)
}

// validateClaim checks a claim's months (YYYY-MM, not in the future, to not before from) and its
// message, and returns the months as dates.
func validateClaim(from, to, message string, now time.Time) (pgtype.Date, pgtype.Date, error) {
	thisMonth := time.Date(now.UTC().Year(), now.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	var v apperr.Validator
	fromMonth, fromOK := parseMonth(from)
	v.Check(from != "", "fromMonth", "Please say from which month you lived there")
	v.Check(from == "" || fromOK, "fromMonth", "From must be a month, as YYYY-MM")
	v.Check(!fromOK || !fromMonth.After(thisMonth), "fromMonth", "From cannot be in the future")
	toMonth, toOK := parseMonth(to)
	v.Check(to == "" || toOK, "toMonth", "To must be a month, as YYYY-MM, or empty while you still live there")
	v.Check(!toOK || !toMonth.After(thisMonth), "toMonth", "To cannot be in the future")
	v.Check(!fromOK || !toOK || !toMonth.Before(fromMonth), "toMonth", "To cannot be before From")
	v.Check(utf8.RuneCountInString(message) <= MaxMessage, "message", fmt.Sprintf("Message must be at most %d characters", MaxMessage))
	if err := v.Err(); err != nil {
		return pgtype.Date{}, pgtype.Date{}, err
	}
	return pgtype.Date{Time: fromMonth, Valid: true}, pgtype.Date{Time: toMonth, Valid: toOK}, nil
}

// parseMonth reads YYYY-MM (a year from 1900) as the month's first day, UTC.
func parseMonth(s string) (time.Time, bool) {
	t, err := time.Parse("2006-01", s)
	return t, err == nil && t.Year() >= 1900
}

// Get returns one claim to its tenant, the property's owner (without documents) or an
// administrator; to anyone else it does not exist.
func (s *Service) Get(ctx context.Context, id int32) (Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see this tenancy claim."))
	if err != nil {
		return Tenancy{}, err
	}
	rows, err := s.q.GetTenancyDetails(ctx, []int32{id})
	if err != nil {
		return Tenancy{}, fmt.Errorf("get tenancy %d: %w", id, err)
	}
	if len(rows) == 0 {
		return Tenancy{}, errMissing
	}
	switch r := rows[0]; {
	case nullable.Value(r.TenantID) == me.ID:
		return s.one(ctx, id, asTenant)
	case me.IsAdmin():
		return s.one(ctx, id, asAdmin)
	case r.OwnerID == me.ID:
		return s.one(ctx, id, asOwner)
	}
	return Tenancy{}, errMissing
}

// Mine lists the caller's claims, newest first, with their documents.
func (s *Service) Mine(ctx context.Context) ([]Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see your tenancies."))
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ListMyTenancies(ctx, db.ListMyTenanciesParams{TenantID: &me.ID, MaxRows: listLimit})
	if err != nil {
		return nil, fmt.Errorf("list the tenancies of user %d: %w", me.ID, err)
	}
	return s.describe(ctx, s.q, rows, asTenant)
}

// Claims lists the claims on the caller's properties (propertyID 0), or on one of them: open ones
// oldest first, then verified ones newest first; never the tenants' documents.
func (s *Service) Claims(ctx context.Context, propertyID int32) ([]Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to see the tenancy claims on your properties."))
	if err != nil {
		return nil, err
	}
	if propertyID != 0 {
		prop, err := s.q.GetTenancyProperty(ctx, propertyID)
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return nil, errPropertyMissing
		} else if err != nil {
			return nil, fmt.Errorf("get property %d: %w", propertyID, err)
		}
		if prop.LandlordID != me.ID {
			return nil, apperr.PermissionDenied("Only the property's owner can see the tenancy claims on it.")
		}
	}
	rows, err := s.q.ListTenancyClaims(ctx, db.ListTenancyClaimsParams{OwnerID: me.ID, PropertyID: propertyID, MaxRows: listLimit})
	if err != nil {
		return nil, fmt.Errorf("list the tenancy claims of owner %d: %w", me.ID, err)
	}
	return s.describe(ctx, s.q, rows, asOwner)
}

// one reads one claim for r (after a change: q is the pool's).
func (s *Service) one(ctx context.Context, id int32, r reader) (Tenancy, error) {
	rows, err := s.q.GetTenancyDetails(ctx, []int32{id})
	if err != nil {
		return Tenancy{}, fmt.Errorf("get tenancy %d: %w", id, err)
	}
	out, err := s.describe(ctx, s.q, rows, r)
	if err != nil {
		return Tenancy{}, err
	}
	if len(out) == 0 {
		return Tenancy{}, errMissing
	}
	return out[0], nil
}

// describe turns rows into claims as r sees them: the documents and the administrator's message
// for the tenant and the administrators, usernames and duplicate documents for the administrators. Three queries
// whatever the number of rows.
func (s *Service) describe(ctx context.Context, q *db.Queries, rows []db.TenancyDetail, r reader) ([]Tenancy, error) {
	out := make([]Tenancy, len(rows))
	ids := make([]int32, len(rows))
	at := make(map[int32]int, len(rows))
	for i, row := range rows {
		ids[i], at[row.ID] = row.ID, i
		out[i] = Tenancy{
			ID: row.ID, PropertyID: row.PropertyID, PropertyTitle: row.PropertyTitle, Address: row.Address,
			TenantID: nullable.Value(row.TenantID), TenantFirstName: row.TenantFirstName, TenantLastName: row.TenantLastName,
			FromMonth: row.FromMonth, ToMonth: row.ToMonth, Status: row.Status, Stage: row.Stage, Proof: row.Proof,
			Message: row.Message, OwnerMessage: row.OwnerMessage, ResponseMessage: row.ResponseMessage, HoldReason: row.HoldReason,
			CreatedAt: row.CreatedAt, DecidedAt: row.DecidedAt, PropertyVerified: row.PropertyVerified,
			LandlordReviewID: row.LandlordReviewID, AddressNow: row.AddressNow,
			Documents: []Document{},
		}
		if r == asAdmin {
			out[i].TenantUsername, out[i].OwnerUsername = row.TenantUsername, row.OwnerUsername
		}
		if r == asOwner {
			// The administrator writes it to the tenant (the form says so), and it may speak of
			// the tenant's documents, which the owner never sees.
			out[i].ResponseMessage = ""
		}
	}
	if len(rows) == 0 || r == asOwner {
		return out, nil
	}
	docs, err := q.ListTenancyDocuments(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("list tenancy documents: %w", err)
	}
	for _, d := range docs {
		i := at[d.TenancyID]
		out[i].Documents = append(out[i].Documents, Document{
			URL: document.URL(d.Token), FileName: d.FileName, ContentType: d.ContentType, Kind: d.Kind,
			Bytes: d.Bytes, Deleted: d.DeletedAt != nil,
		})
	}
	if r != asAdmin {
		return out, nil
	}
	dups, err := q.ListDuplicateClaims(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("list duplicate tenancy documents: %w", err)
	}
	for _, d := range dups {
		i := at[d.TenancyID]
		out[i].DuplicateClaimIDs = append(out[i].DuplicateClaimIDs, d.OtherID)
	}
	return out, nil
}
