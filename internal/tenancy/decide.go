package tenancy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Why an owner's confirmation waits for an administrator.
var (
	// HeldLinked: the owner's and the tenant's accounts are linked (SQL accounts_linked).
	HeldLinked = fmt.Sprintf("Confirmed by the owner. Waiting for an administrator: the owner's and the tenant's accounts "+
		"have signed in from one network or device in the last %d days.", vocab.Published.GetAccount().GetLinkedWindowDays())
	// HeldBusy: the owner has confirmed MaxConfirmations tenancies in ConfirmationWindowDays.
	HeldBusy = fmt.Sprintf("Confirmed by the owner. Waiting for an administrator: the owner has confirmed %d tenancies "+
		"in the last %d days.", MaxConfirmations, ConfirmationWindowDays)
)

// The notes tenancy_events keeps with each change.
const (
	noteConfirmed   = "Confirmed by the property's owner"
	noteWithdrawn   = "Withdrawn by the tenant"
	noteApproved    = "Approved by an administrator"
	noteMoved       = "The address changed"
	noteMovedRevoke = "The address changed after verification"
	// The property's verification was withdrawn: its owner's confirmation proves nothing now.
	noteUnvouchedRevoke    = "The property's verification was withdrawn, so its owner's confirmation no longer proves this tenancy. You can claim it again and send documents for an administrator to check."
	noteUnvouchedDocuments = "The property's verification was withdrawn, so its owner can no longer confirm tenancies"
)

// The refusals of the owner's and the tenant's actions.
var (
	errNotOwner      = apperr.PermissionDenied("Only the property's owner can confirm or answer a tenancy claim.")
	errOwnClaim      = apperr.PermissionDenied("You cannot confirm your own claim: the property's owner confirms it, or an administrator checks your documents.")
	errNotTenant     = apperr.PermissionDenied("Only the member who made this claim can withdraw it.")
	errWithAdmin     = apperr.FailedPrecondition("This claim is already waiting for an administrator.")
	errNotVerifiable = apperr.FailedPrecondition("Your property is not verified (or only by demo data), so your confirmation cannot verify anyone's tenancy: " +
		"the tenant can send documents for an administrator to check instead.")
	errNotEstablished = apperr.FailedPrecondition("The tenant's account is not established yet (a week old with a published review), so your " +
		"confirmation cannot verify it: they can send documents for an administrator to check instead.")
	errClosed = apperr.FailedPrecondition("This claim is no longer open or verified.")
	// errAnswered: the owner answers a claim once, so the message the tenant and the
	// administrators read stays the one the tenant answered, and the tenant is told once.
	errAnswered = apperr.FailedPrecondition("You have already said you cannot confirm this claim.")
	// errReviewedByOwner: a verified tenancy its owner has reviewed is the proof of that review's
	// label, which its tenant cannot take away by withdrawing it; an administrator can revoke it.
	errReviewedByOwner = apperr.FailedPrecondition("The owner has reviewed this tenancy, so it stays verified. If it is wrong, an administrator can revoke it.")
)

// locked is a claim and its property, locked in that order for a decision.
type locked struct {
	property db.LockTenancyPropertyRow
	claim    db.TenantVerification
}

// errOwnInterest refuses an administrator's decision on a claim they made or one about their own
// listing: one account would both ask for and grant the label.
var errOwnInterest = apperr.PermissionDenied("You made this claim or own its listing: another administrator must decide it.")

// ownInterest reports whether administrator admin made the claim or owns its listing.
func (l locked) ownInterest(admin int32) bool {
	return nullable.Value(l.claim.TenantID) == admin || l.property.LandlordID == admin
}

// claimOf reads claim id outside any transaction (for the checks that need no lock).
func (s *Service) claimOf(ctx context.Context, id int32) (db.TenantVerification, error) {
	t, err := s.q.GetTenancy(ctx, id)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return db.TenantVerification{}, errMissing
		}
		return db.TenantVerification{}, fmt.Errorf("get tenancy %d: %w", id, err)
	}
	return t, nil
}

// lock locks the property of claim t, then the rows of people (gamification.LockPeople: the
// tenant's, and whoever else the decision awards or counts), and reads the claim as it is now.
func lock(ctx context.Context, q *db.Queries, t db.TenantVerification, people ...int32) (locked, error) {
	prop, err := q.LockTenancyProperty(ctx, t.PropertyID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return locked{}, errPropertyMissing
		}
		return locked{}, fmt.Errorf("lock property %d: %w", t.PropertyID, err)
	}
	if t.TenantID != nil {
		people = append(people, *t.TenantID)
	}
	if err := gamification.LockPeople(ctx, q, people...); err != nil {
		return locked{}, err
	}
	now, err := q.GetTenancy(ctx, t.ID)
	if err != nil {
		return locked{}, fmt.Errorf("get tenancy %d: %w", t.ID, err)
	}
	return locked{property: prop, claim: now}, nil
}

// sameAddress refuses proof of a claim about another address than the property's current one.
func sameAddress(l locked) error {
	if nullable.Value(l.claim.AddressKey) == l.property.AddressKey {
		return nil
	}
	return apperr.FailedPrecondition("This claim was about %s, but the listing is now at %s: it cannot verify a stay at the new address.",
		orUnknown(nullable.Value(l.claim.Address)), orUnknown(l.property.Address))
}

func orUnknown(address string) string {
	if address == "" {
		return "an address that is not recorded"
	}
	return address
}

// Confirm is the property owner's confirmation of a claim, decided once. It verifies the tenancy
// (proof landlord, with the tenant's XP) when the property is verified with a real proof and the
// tenant's account is established; it holds it for an administrator instead when the owner's and
// the tenant's accounts are linked (account.LinkedToCaller) or the owner has confirmed
// MaxConfirmations tenancies in ConfirmationWindowDays (counted under the owner's lock, so
// parallel confirmations of different claims cannot pass it).
func (s *Service) Confirm(ctx context.Context, id int32) (Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to confirm a tenancy."))
	if err != nil {
		return Tenancy{}, err
	}
	t, err := s.claimOf(ctx, id)
	if err != nil {
		return Tenancy{}, err
	}
	if nullable.Value(t.TenantID) == me.ID {
		return Tenancy{}, errOwnClaim
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		l, err := lock(ctx, q, t, me.ID)
		if err != nil {
			return err
		}
		if l.property.LandlordID != me.ID {
			return errNotOwner
		}
		if err := confirmable(l); err != nil {
			return err
		}
		tenant := nullable.Value(l.claim.TenantID)
		established, err := q.IsEstablished(ctx, tenant)
		if err != nil {
			return fmt.Errorf("is user %d established: %w", tenant, err)
		}
		if !established {
			return errNotEstablished
		}
		hold, err := holdReason(ctx, q, me.ID, tenant)
		if err != nil {
			return err
		}
		if hold != "" {
			_, err = q.HoldTenancy(ctx, db.HoldTenancyParams{ID: id, OwnerID: me.ID, HoldReason: hold})
			if err := decidedOnce(err, id); err != nil {
				return err
			}
			return notifyTenant(ctx, q, id, "tenancy_confirmed", confirmedHeld)
		}
		if err := approve(ctx, q, l, ProofLandlord, me.ID, me.ID, noteConfirmed, nil, StageLandlord, StageDocuments); err != nil {
			return err
		}
		return notifyTenant(ctx, q, id, "tenancy_confirmed", confirmedVerified)
	})
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asOwner)
}

// confirmable refuses a confirmation of a claim that is not waiting for the owner, or whose
// property cannot vouch for anyone.
func confirmable(l locked) error {
	switch {
	case l.claim.Status != StatusPending:
		return errDecided
	case nullable.Value(l.claim.Stage) == StageAdministrator:
		return errWithAdmin
	case !l.property.Active:
		return errPropertyMissing
	case !l.property.MayConfirm:
		return errNotVerifiable
	}
	return sameAddress(l)
}

// holdReason says why an owner's confirmation of tenant's claim waits for an administrator ("":
// it does not). The caller holds the owner's row lock, so the count stays true until it commits.
func holdReason(ctx context.Context, q *db.Queries, owner, tenant int32) (string, error) {
	linked, err := account.LinkedToCaller(ctx, q, owner, tenant)
	if err != nil {
		return "", err
	}
	if linked {
		return HeldLinked, nil
	}
	n, err := q.CountOwnerConfirmations(ctx, db.CountOwnerConfirmationsParams{OwnerID: owner, Days: int32(ConfirmationWindowDays)})
	if err != nil {
		return "", fmt.Errorf("count the confirmations of owner %d: %w", owner, err)
	}
	if int(n) >= MaxConfirmations {
		return HeldBusy, nil
	}
	return "", nil
}

// approve verifies the locked claim from one of stages, with proof, verified by verifiedBy, and
// gives its tenant their XP, in the caller's transaction.
func approve(ctx context.Context, q *db.Queries, l locked, proof string, verifiedBy, by int32, note string, message *string, stages ...string) error {
	_, err := q.ApproveTenancy(ctx, db.ApproveTenancyParams{
		ID: l.claim.ID, Proof: proof, VerifiedByID: verifiedBy, ResponseMessage: message,
		ChangedBy: by, ChangeNote: note, FromStages: stages,
	})
	if err := decidedOnce(err, l.claim.ID); err != nil {
		return err
	}
	if l.claim.TenantID == nil {
		return nil
	}
	return gamification.GiveTenancyVerified(ctx, q, *l.claim.TenantID, l.claim.ID)
}

// decidedOnce turns a change that found the claim no longer in the state it was read in (a
// decision in between) into errDecided.
func decidedOnce(err error, id int32) error {
	if errors.Is(store.Err(err), apperr.ErrNotFound) {
		return errDecided
	}
	if err != nil {
		return fmt.Errorf("change tenancy %d: %w", id, err)
	}
	return nil
}

// CannotConfirm is the owner's "I can't confirm this", with a message for the administrators
// (the tenant reads it too): the claim waits for the tenant's documents. It never rejects it, and
// is said once (errAnswered).
func (s *Service) CannotConfirm(ctx context.Context, id int32, message string) (Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to answer a tenancy claim."))
	if err != nil {
		return Tenancy{}, err
	}
	message = strings.TrimSpace(message)
	var v apperr.Validator
	v.Check(message != "", "message", "Please say why you cannot confirm this claim: the administrators and the tenant read it")
	v.Check(utf8.RuneCountInString(message) <= MaxMessage, "message", fmt.Sprintf("Message must be at most %d characters", MaxMessage))
	if err := v.Err(); err != nil {
		return Tenancy{}, err
	}
	t, err := s.claimOf(ctx, id)
	if err != nil {
		return Tenancy{}, err
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		l, err := lock(ctx, q, t)
		if err != nil {
			return err
		}
		if l.property.LandlordID != me.ID {
			return errNotOwner
		}
		switch {
		case l.claim.Status != StatusPending:
			return errDecided
		case l.claim.HoldReason != nil:
			return apperr.FailedPrecondition("You have already confirmed this claim: it is waiting for an administrator.")
		case l.claim.OwnerMessage != nil:
			return errAnswered
		}
		_, err = q.SendTenancyToDocuments(ctx, db.SendTenancyToDocumentsParams{ID: id, OwnerID: me.ID, OwnerMessage: message})
		if err := decidedOnce(err, id); err != nil {
			return err
		}
		return notifyTenant(ctx, q, id, "tenancy_documents", sentToDocuments(message))
	})
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asOwner)
}

// Withdraw withdraws the caller's claim, open or verified: the labels it gave go (the database's
// trigger), and so does the XP its verification earned. A verified tenancy the owner has reviewed
// stays (errReviewedByOwner): the tenant cannot strip the label of a review of themselves.
func (s *Service) Withdraw(ctx context.Context, id int32) (Tenancy, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to withdraw your claim."))
	if err != nil {
		return Tenancy{}, err
	}
	t, err := s.claimOf(ctx, id)
	if err != nil {
		return Tenancy{}, err
	}
	if nullable.Value(t.TenantID) != me.ID {
		return Tenancy{}, errNotTenant
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		l, err := lock(ctx, q, t)
		if err != nil {
			return err
		}
		if l.claim.Status == StatusApproved {
			// Under the property's lock, which a review being written takes first: a landlord's
			// review of this tenancy is either committed and seen here or written after it.
			rows, err := q.GetTenancyDetails(ctx, []int32{id})
			if err != nil {
				return fmt.Errorf("get tenancy %d: %w", id, err)
			}
			if len(rows) == 1 && rows[0].LandlordReviewID != 0 {
				return errReviewedByOwner
			}
		}
		return closeClaim(ctx, q, l, StatusWithdrawn, me.ID, noteWithdrawn, nil)
	})
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asTenant)
}

// closeClaim ends the locked claim with status (withdrawn from pending or approved, rejected from
// pending, revoked from approved), taking back the XP a verification earned.
func closeClaim(ctx context.Context, q *db.Queries, l locked, status string, by int32, note string, message *string) error {
	from := map[string][]string{
		StatusWithdrawn: {StatusPending, StatusApproved},
		StatusRejected:  {StatusPending},
		StatusRevoked:   {StatusApproved},
	}[status]
	if !slices.Contains(from, l.claim.Status) {
		if status == StatusRevoked {
			return apperr.FailedPrecondition("Only a verified tenancy can be revoked.")
		}
		if status == StatusWithdrawn {
			return errClosed
		}
		return errDecided
	}
	_, err := q.CloseTenancy(ctx, db.CloseTenancyParams{
		ID: l.claim.ID, Status: status, FromStatuses: from, ResponseMessage: message, ChangedBy: &by, ChangeNote: note,
	})
	if err := decidedOnce(err, l.claim.ID); err != nil {
		return err
	}
	if l.claim.Status != StatusApproved || l.claim.TenantID == nil {
		return nil
	}
	return gamification.TakeTenancyVerifiedBack(ctx, q, *l.claim.TenantID, l.claim.ID)
}

// AddressChanged is called by an edit of the listing that may have moved it, in its transaction
// and under the property's lock (verification.AddressChanged calls it), with the editor: open
// claims about the old address are withdrawn, and verified tenancies about it revoked, their
// labels and XP going with them.
func AddressChanged(ctx context.Context, q *db.Queries, propertyID, editorID int32) error {
	tenants, err := q.ListMovedTenants(ctx, propertyID)
	if err != nil {
		return fmt.Errorf("list the tenants of property %d: %w", propertyID, err)
	}
	if len(tenants) > 0 {
		if err := gamification.LockPeople(ctx, q, append(tenants, editorID)...); err != nil {
			return err
		}
	}
	closed, err := q.CloseTenanciesElsewhere(ctx, db.CloseTenanciesElsewhereParams{
		PropertyID: propertyID, ChangedBy: &editorID, WithdrawNote: noteMoved, RevokeNote: noteMovedRevoke,
	})
	if err != nil {
		return fmt.Errorf("close the tenancy claims of property %d about its old address: %w", propertyID, err)
	}
	for _, c := range closed {
		if c.Status == StatusRevoked && c.TenantID != nil {
			if err := gamification.TakeTenancyVerifiedBack(ctx, q, *c.TenantID, c.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// VerificationWithdrawn is called, in the transaction and under the property's lock, when the
// property's verification is withdrawn (an administrator withdrew it, or found the request that
// granted it arranged) by `by`: the owner can no longer vouch for anyone, so the tenancies verified
// by the owner's confirmation are revoked, their labels and XP going with them, and the claims
// waiting for the owner, or holding the owner's confirmation for an administrator, wait for the
// tenant's documents. Every tenant concerned is told. alsoLock are the other people the caller's
// transaction takes XP or tokens from: all are locked first, in id order.
func VerificationWithdrawn(ctx context.Context, q *db.Queries, propertyID, by int32, alsoLock ...int32) error {
	tenants, err := q.ListOwnerConfirmedTenants(ctx, propertyID)
	if err != nil {
		return fmt.Errorf("list the owner-confirmed tenants of property %d: %w", propertyID, err)
	}
	if err := gamification.LockPeople(ctx, q, append(tenants, alsoLock...)...); err != nil {
		return err
	}
	changed, err := q.RevokeOwnerConfirmations(ctx, db.RevokeOwnerConfirmationsParams{
		PropertyID: propertyID, ChangedBy: &by, RevokeNote: noteUnvouchedRevoke, DocumentsNote: noteUnvouchedDocuments,
	})
	if err != nil {
		return fmt.Errorf("revoke the owner's confirmations on property %d: %w", propertyID, err)
	}
	for _, c := range changed {
		if c.Status == StatusRevoked {
			if c.TenantID != nil {
				if err := gamification.TakeTenancyVerifiedBack(ctx, q, *c.TenantID, c.ID); err != nil {
					return err
				}
			}
			if err := notifyTenant(ctx, q, c.ID, "tenancy_revoked", revoked(noteUnvouchedRevoke)); err != nil {
				return err
			}
			continue
		}
		if err := notifyTenant(ctx, q, c.ID, "tenancy_documents", unvouched); err != nil {
			return err
		}
	}
	return nil
}
