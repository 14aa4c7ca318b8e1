package verification

import (
	"context"
	"errors"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
)

// The refusals of an owner's decision on a confirmation.
var (
	errSignedOutDecide = apperr.Unauthenticated("Please sign in to decide on confirmations of your properties.")
	errNotYourProperty = apperr.PermissionDenied("Only the property's owner can accept or decline its confirmations.")
	errNotConfirmed    = apperr.FailedPrecondition("This request is not a confirmation waiting for the owner.")
)

// Confirmations lists the confirmations of the caller's listings that the caller did not ask
// for (the property page's requests, approved by the person asked), oldest first.
func (s *Service) Confirmations(ctx context.Context, page, size int32) (RequestPage, error) {
	return s.list(ctx, page, size, func(me, limit, offset int32) ([]db.VerificationRequestDetail, error) {
		return s.q.ConfirmationsToAccept(ctx, db.ConfirmationsToAcceptParams{OwnerID: me, MaxRows: limit, RowOffset: offset})
	})
}

// Decided is the outcome of an owner's decision on a confirmation.
type Decided struct {
	Request          Request
	PropertyVerified bool
}

// DecideConfirmation accepts or declines a confirmation of the caller's listing that the caller
// did not ask for, once: accepted, it verifies the property (proof confirmed, or one more
// confirmation) and pays the requester as rewards.go says; declined, it verifies nothing. Under
// the property's lock, then the request's, as every decision takes them.
func (s *Service) DecideConfirmation(ctx context.Context, id int32, accept bool) (Decided, error) {
	me, err := identity.RequireUser(ctx, errSignedOutDecide)
	if err != nil {
		return Decided{}, err
	}
	propertyID, err := s.q.GetRequestProperty(ctx, id)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Decided{}, errRequestMissing
		}
		return Decided{}, fmt.Errorf("get verification request %d: %w", id, err)
	}
	var out Decided
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		prop, err := q.LockPropertyForVerification(ctx, propertyID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errPropertyMissing
			}
			return fmt.Errorf("lock property %d: %w", propertyID, err)
		}
		if prop.LandlordID != me.ID {
			return errNotYourProperty
		}
		r, err := q.LockRequest(ctx, id)
		if err != nil {
			return fmt.Errorf("lock verification request %d: %w", id, err)
		}
		if err := gamification.LockPeople(ctx, q, prop.LandlordID, r.RequestedByID, nullable.Value(r.RequestedToID)); err != nil {
			return err
		}
		if r.Status != StatusConfirmed {
			if r.Status == StatusClosed {
				return Closed(r.StatusReason)
			}
			return errNotConfirmed
		}
		to, reason := StatusApproved, AcceptedReason
		if !accept {
			to, reason = StatusDeclined, DeclinedReason
		}
		if _, err := q.SetRequestStatus(ctx, db.SetRequestStatusParams{ID: id, Status: to, FromStatus: r.Status, Reason: &reason}); err != nil {
			return fmt.Errorf("decide verification request %d: %w", id, err)
		}
		if accept {
			if out.PropertyVerified, err = ApproveConfirmation(ctx, q, r, prop, nullable.Value(r.RequestedToID)); err != nil {
				return err
			}
		}
		return NotifyAnswered(ctx, q, r.RequestedByID, prop, to, "The owner", "", out.PropertyVerified)
	})
	if err != nil {
		return Decided{}, err
	}
	decided, err := s.byID(ctx, id)
	if err != nil {
		return Decided{}, err
	}
	if len(decided) == 1 {
		out.Request = decided[0]
	}
	return out, nil
}
