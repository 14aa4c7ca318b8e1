package tenancy

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
)

// The administrators' refusals.
var (
	errAdminSignedOut = apperr.Unauthenticated("Please sign in as an administrator.")
	errNotAdmin       = apperr.PermissionDenied("Only administrators can decide tenancy claims.")
	errNotQueued      = apperr.FailedPrecondition("This claim is not waiting for an administrator.")
)

// Decisions kept in admin_decisions.
const (
	decisionApprove = "approve"
	decisionReject  = "reject"
	decisionRevoke  = "revoke"
)

// Queue lists the claims waiting for an administrator (the tenant's documents sent, or an
// owner's confirmation held), oldest first, with their documents, usernames and the other claims
// that were sent a document with the same content.
func (s *Service) Queue(ctx context.Context) ([]Tenancy, error) {
	if _, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin); err != nil {
		return nil, err
	}
	rows, err := s.q.ListTenancyQueue(ctx, listLimit)
	if err != nil {
		return nil, fmt.Errorf("list the tenancy queue: %w", err)
	}
	return s.describe(ctx, s.q, rows, asAdmin)
}

// Decide approves or rejects a claim waiting for an administrator, once, with a message (required
// to reject: the tenant is told why). Approval verifies the tenancy: proof documents when the
// tenant sent documents, else proof landlord for the owner's held confirmation. A claim about
// another address than the listing's current one cannot be approved. The decision is kept in
// admin_decisions.
func (s *Service) Decide(ctx context.Context, id int32, approveIt bool, message string) (Tenancy, error) {
	me, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin)
	if err != nil {
		return Tenancy{}, err
	}
	message = strings.TrimSpace(message)
	var v apperr.Validator
	v.Check(approveIt || message != "", "message", "Please say why the claim is rejected: the tenant is told")
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
		switch {
		case l.ownInterest(me.ID):
			return errOwnInterest
		case l.claim.Status != StatusPending:
			return errDecided
		case nullable.Value(l.claim.Stage) != StageAdministrator:
			return errNotQueued
		}
		decision := decisionReject
		if approveIt {
			decision = decisionApprove
			if err := sameAddress(l); err != nil {
				return err
			}
			docs, err := q.CountTenancyDocuments(ctx, id)
			if err != nil {
				return fmt.Errorf("count the documents of tenancy %d: %w", id, err)
			}
			proof, verifiedBy := ProofDocuments, me.ID
			if docs == 0 { // an owner's confirmation, held
				proof, verifiedBy = ProofLandlord, nullable.Value(l.claim.VerifiedByID)
			}
			if err := approve(ctx, q, l, proof, verifiedBy, me.ID, noteApproved, nullable.Ptr(message), StageAdministrator); err != nil {
				return err
			}
			if err := notifyTenant(ctx, q, id, "tenancy_approved", approved(message)); err != nil {
				return err
			}
		} else {
			if err := closeClaim(ctx, q, l, StatusRejected, me.ID, message, &message); err != nil {
				return err
			}
			if err := notifyTenant(ctx, q, id, "tenancy_rejected", rejected(message)); err != nil {
				return err
			}
		}
		return record(ctx, q, me.ID, l, decision, message)
	})
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asAdmin)
}

// Revoke revokes a verified tenancy with a reason: the labels it gave go, and so does the XP its
// verification earned. Kept in admin_decisions.
func (s *Service) Revoke(ctx context.Context, id int32, reason string) (Tenancy, error) {
	me, err := identity.RequireAdmin(ctx, errAdminSignedOut, apperr.PermissionDenied("Only administrators can revoke a tenancy."))
	if err != nil {
		return Tenancy{}, err
	}
	reason = strings.TrimSpace(reason)
	var v apperr.Validator
	v.Check(reason != "", "reason", "Please give the reason for revoking the tenancy: the tenant is told")
	v.Check(utf8.RuneCountInString(reason) <= MaxMessage, "reason", fmt.Sprintf("Reason must be at most %d characters", MaxMessage))
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
		if l.ownInterest(me.ID) {
			return errOwnInterest
		}
		if err := closeClaim(ctx, q, l, StatusRevoked, me.ID, reason, &reason); err != nil {
			return err
		}
		if err := notifyTenant(ctx, q, id, "tenancy_revoked", revoked(reason)); err != nil {
			return err
		}
		return record(ctx, q, me.ID, l, decisionRevoke, reason)
	})
	if err != nil {
		return Tenancy{}, err
	}
	return s.one(ctx, id, asAdmin)
}

// record keeps an administrator's decision on a claim.
func record(ctx context.Context, q *db.Queries, admin int32, l locked, decision, message string) error {
	if _, err := q.RecordTenancyDecision(ctx, db.RecordTenancyDecisionParams{
		AdminID: &admin, TenancyID: &l.claim.ID, PropertyID: &l.property.ID, Decision: decision, Message: nullable.Ptr(message),
	}); err != nil {
		return fmt.Errorf("record the decision on tenancy %d: %w", l.claim.ID, err)
	}
	return nil
}
