package verification

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/activity"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Draft is a request to confirm a property, in one of SPEC's two shapes: the property page's
// (RequestedToID and Notes) or the owner's (VerifierUsernames and Message).
type Draft struct {
	PropertyID        int32
	RequestedToID     int32
	Notes             string
	VerifierUsernames []string
	Message           string
}

// The messages of the refusals a person can meet when sending requests (SPEC §5 and §8 where
// SPEC words them).
var (
	errSignedOutRequest = apperr.Unauthenticated("You must be logged in to request verification.")
	errPropertyMissing  = apperr.NotFound("Property information not found.")
	errNotOwner         = apperr.PermissionDenied("You can only request verification for your own properties.")
	errOwnerOnPagePath  = apperr.PermissionDenied("You own this property. To have it confirmed, send requests to verifiers from its verification request page.")
	errAlreadyVerified  = apperr.FailedPrecondition("This property is already verified.")
	errToSelf           = apperr.New(apperr.ErrInvalidArgument, "You cannot send a verification request to yourself.")
	errBothShapes       = apperr.New(apperr.ErrInvalidArgument, "Send either a landlord to ask (requestedToId, notes) or verifiers (verifierUsernames, message), not both.")
	errLandlordNotFound = apperr.NotFound("The selected landlord was not found.")
	errNotEstablished   = apperr.FailedPrecondition("You cannot ask for this property to be verified yet: only accounts open for at least %d days with a published review can.", vocab.Published.GetAccount().GetEstablishedDays())
)

// tooManyRequests is the refusal past MaxRequestsPerDay.
var tooManyRequests = fmt.Sprintf("You can send verification requests at most %d times a day. Please try again tomorrow.", MaxRequestsPerDay)

// Create sends the draft's requests, one per addressee, each expiring in 30 days. Every
// addressee must be an established account (SQL account_established) other than the property's
// owner and the caller; on the property page's path the caller must be established too; the
// property must not be verified yet; nobody may hold a pending request, or have answered one,
// for the same property. The requests and the sender's verification_requested activities are
// written in one transaction, under the property's lock.
func (s *Service) Create(ctx context.Context, d Draft) ([]Request, error) {
	me, err := identity.RequireUser(ctx, errSignedOutRequest)
	if err != nil {
		return nil, err
	}
	d = cleanDraft(d)
	pagePath := d.RequestedToID != 0 || d.Notes != ""
	ownerPath := len(d.VerifierUsernames) > 0 || d.Message != ""
	if pagePath && ownerPath {
		return nil, errBothShapes
	}
	prop, err := s.q.GetPropertyOwner(ctx, d.PropertyID)
	if errors.Is(store.Err(err), apperr.ErrNotFound) {
		return nil, errPropertyMissing
	} else if err != nil {
		return nil, fmt.Errorf("get property %d: %w", d.PropertyID, err)
	}
	owner := prop.LandlordID == me.ID
	if !pagePath && !ownerPath { // an empty form: the shape the caller's screen has
		ownerPath = owner
	}
	if err := validateDraft(d, ownerPath); err != nil {
		return nil, err
	}
	switch {
	case ownerPath && !owner:
		return nil, errNotOwner
	case !ownerPath && owner:
		return nil, errOwnerOnPagePath
	case prop.Verified:
		return nil, errAlreadyVerified
	}
	if !ownerPath { // someone else's property: only an account with a history may ask
		established, err := s.q.IsEstablished(ctx, me.ID)
		if err != nil {
			return nil, fmt.Errorf("is user %d established: %w", me.ID, err)
		}
		if !established {
			return nil, errNotEstablished
		}
	}
	addressees, err := s.addressees(ctx, d, ownerPath, me.ID, prop.LandlordID)
	if err != nil {
		return nil, err
	}

	note := d.Message
	if !ownerPath {
		note = d.Notes
	}
	var ids []int32
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Counted first (advisory locks before row locks) and only when the requests are sent.
		perDay := ratelimit.Rule{Key: fmt.Sprintf("verification-request:acct:%d", me.ID), Max: MaxRequestsPerDay, Window: 24 * time.Hour}
		if _, err := ratelimit.Reserve(ctx, q, perDay); err != nil {
			return err
		}
		locked, err := q.LockPropertyForVerification(ctx, prop.ID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errPropertyMissing
			}
			return fmt.Errorf("lock property %d: %w", prop.ID, err)
		}
		if locked.Verified {
			return errAlreadyVerified
		}
		if err := q.ExpireLapsedVerificationRequests(ctx, prop.ID); err != nil {
			return fmt.Errorf("expire lapsed requests of property %d: %w", prop.ID, err)
		}
		if err := checkNotAskedBefore(ctx, q, prop.ID, addressees); err != nil {
			return err
		}
		for _, a := range addressees {
			id, err := q.CreateVerificationRequest(ctx, db.CreateVerificationRequestParams{
				PropertyID: prop.ID, RequestedByID: me.ID, RequestedToID: &a.ID,
				Message: nullable.Ptr(note), OwnerUsername: locked.OwnerUsername,
			})
			if err != nil {
				return fmt.Errorf("create verification request: %w", err)
			}
			ids = append(ids, id)
			if err := activity.Record(ctx, q, activity.Activity{
				UserID: me.ID, Type: activity.VerificationRequested, EntityType: "verification", EntityID: id,
			}); err != nil {
				return err
			}
		}
		asked := make([]int32, len(addressees))
		for i, a := range addressees {
			asked[i] = a.ID
		}
		return notifyAsked(ctx, q, asked, me.Username, locked.Title, note)
	})
	if e, ok := ratelimit.IsExceeded(err); ok {
		return nil, &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter, Message: tooManyRequests}
	}
	if err != nil {
		if !isAppErr(err) && errors.Is(store.Err(err), apperr.ErrAlreadyExists) { // the unique index, should the lock ever be bypassed
			return nil, apperr.New(apperr.ErrAlreadyExists, "A request to this person for this property is already pending.")
		}
		return nil, err
	}
	return s.byID(ctx, ids...)
}

func isAppErr(err error) bool {
	_, ok := errors.AsType[*apperr.Error](err)
	return ok
}

// cleanDraft trims the texts and drops blank usernames.
func cleanDraft(d Draft) Draft {
	d.Notes, d.Message = strings.TrimSpace(d.Notes), strings.TrimSpace(d.Message)
	names := []string{}
	for _, n := range d.VerifierUsernames {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	d.VerifierUsernames = names
	return d
}

// validateDraft applies SPEC §5 "Verification request" (property page) or "Verifier request"
// (the owner's), with their messages.
func validateDraft(d Draft, ownerPath bool) error {
	rules := vocab.Verification
	var v apperr.Validator
	if !ownerPath {
		v.Check(!rules.Notes.TooLong(d.Notes), "notes", "Notes must be less than 500 characters")
		v.Check(d.RequestedToID > 0, "requestedToId", "Please select a landlord to verify the property")
		return v.Err()
	}
	v.Check(!rules.Message.TooLong(d.Message), "message", "Note must be less than 500 characters")
	v.Check(len(d.VerifierUsernames) > 0, "verifierUsernames", "At least one verifier is required")
	v.Check(len(d.VerifierUsernames) <= MaxVerifiers, "verifierUsernames", fmt.Sprintf("At most %d verifiers can be asked at once", MaxVerifiers))
	seen := map[string]bool{}
	for _, n := range d.VerifierUsernames {
		v.Check(!rules.VerifierUsernames.TooLong(n), "verifierUsernames", fmt.Sprintf("A username has at most %d characters", rules.VerifierUsernames.MaxChars))
		key := strings.ToLower(n)
		v.Check(!seen[key], "verifierUsernames", fmt.Sprintf("%s is listed more than once: each verifier is asked once", n))
		seen[key] = true
	}
	return v.Err()
}

// addressee is an account a request goes to.
type addressee struct {
	ID       int32
	Username string
}

// addressees finds the accounts the draft asks and checks that each may confirm the property.
func (s *Service) addressees(ctx context.Context, d Draft, ownerPath bool, callerID, ownerID int32) ([]addressee, error) {
	if !ownerPath {
		u, err := s.q.FindVerifierByID(ctx, d.RequestedToID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return nil, errLandlordNotFound
			}
			return nil, fmt.Errorf("find landlord %d: %w", d.RequestedToID, err)
		}
		if err := mayConfirm(candidate(u), "landlord", callerID, ownerID); err != nil {
			return nil, err
		}
		return []addressee{{u.ID, u.Username}}, nil
	}
	lower := make([]string, len(d.VerifierUsernames))
	for i, n := range d.VerifierUsernames {
		lower[i] = strings.ToLower(n)
	}
	rows, err := s.q.FindVerifiersByUsername(ctx, lower)
	if err != nil {
		return nil, fmt.Errorf("find verifiers: %w", err)
	}
	out := make([]addressee, 0, len(d.VerifierUsernames))
	for _, name := range d.VerifierUsernames { // in the order asked
		i := slices.IndexFunc(rows, func(r db.FindVerifiersByUsernameRow) bool { return strings.EqualFold(r.Username, name) })
		if i < 0 {
			return nil, apperr.NotFound("No account with the username %s was found.", name)
		}
		u := candidate(rows[i])
		if err := mayConfirm(u, "", callerID, ownerID); err != nil {
			return nil, err
		}
		out = append(out, addressee{u.ID, u.Username})
	}
	return out, nil
}

// candidate is an account a draft names, as found.
type candidate db.FindVerifiersByUsernameRow

// mayConfirm checks one addressee: not the caller, not the owner, of role (any verifier's role
// when empty) and an established account.
func mayConfirm(u candidate, role string, callerID, ownerID int32) error {
	switch {
	case u.ID == callerID:
		return errToSelf
	case u.ID == ownerID:
		return apperr.New(apperr.ErrInvalidArgument, "%s owns this property and cannot confirm it. Please choose someone else.", u.Username)
	case role != "" && u.Role != role:
		return apperr.New(apperr.ErrInvalidArgument, "%s is not a landlord. Please select a landlord to verify the property", u.Username)
	case !vocab.VerifierRoles.Contains(u.Role):
		return apperr.New(apperr.ErrInvalidArgument, "%s cannot be asked to confirm properties.", u.Username)
	case !u.Established:
		return apperr.FailedPrecondition("%s cannot confirm properties yet: only accounts open for at least %d days with a published review can.", u.Username, vocab.Published.GetAccount().GetEstablishedDays())
	}
	return nil
}

// checkNotAskedBefore refuses addressees who hold a pending request for the property, or
// answered one (each person is asked, and rewarded, once per property).
func checkNotAskedBefore(ctx context.Context, q *db.Queries, propertyID int32, to []addressee) error {
	ids := make([]int32, len(to))
	for i, a := range to {
		ids[i] = a.ID
	}
	rows, err := q.ExistingVerificationRequests(ctx, db.ExistingVerificationRequestsParams{PropertyID: propertyID, Addressees: ids})
	if err != nil {
		return fmt.Errorf("find existing requests of property %d: %w", propertyID, err)
	}
	for _, a := range to {
		for _, r := range rows {
			if nullable.Value(r.RequestedToID) != a.ID {
				continue
			}
			if r.Status == StatusPending {
				return apperr.New(apperr.ErrAlreadyExists, "%s already has a pending request to verify this property.", a.Username)
			}
			return apperr.New(apperr.ErrAlreadyExists, "%s has already answered a request to verify this property.", a.Username)
		}
	}
	return nil
}
