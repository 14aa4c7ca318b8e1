package verification

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Answered is the outcome of an answer.
type Answered struct {
	Request Request
	// PropertyVerified is true when this answer verified the property.
	PropertyVerified bool
	// TokensEarned is what the answer earned its author (0 when it earns nothing: see rewards.go).
	TokensEarned int32
}

// The refusals of an answer.
var (
	errSignedOutAnswer = apperr.Unauthenticated("You must be logged in to answer a verification request.")
	errRequestMissing  = apperr.NotFound("Verification request not found.")
	errNotAddressee    = apperr.PermissionDenied("Only the person this request was sent to can answer it.")
	errAnswered        = apperr.FailedPrecondition("This request has already been answered.")
	errExpired         = apperr.FailedPrecondition("This request has expired: requests can be answered for %d days.", vocab.Published.GetVerification().GetRequestLifetimeDays())
)

// Answer approves or rejects a pending request addressed to the caller, once. An approval of the
// owner's own request verifies the property (proof confirmed, one more confirmation when it is
// verified already) and closes its other open requests; an approval of someone else's request
// (the property page's) verifies nothing by itself: it is confirmed, waiting for the owner to
// accept it or for an administrator. An approval from an account linked to the owner or to the
// sender (account.LinkedToCaller: one network or browser in 90 days, this answer's included) is
// held for an administrator instead. The answer earns its author what rewards.go says. Proof
// gathered for another address than the listing's current one is refused. Everything is written
// in one transaction, under the property's lock.
func (s *Service) Answer(ctx context.Context, id int32, status, responseMessage string) (Answered, error) {
	me, err := identity.RequireUser(ctx, errSignedOutAnswer)
	if err != nil {
		return Answered{}, err
	}
	responseMessage = strings.TrimSpace(responseMessage)
	rules := vocab.Verification
	var v apperr.Validator
	v.Check(status != "" && rules.Answer.Allows(status), "status", "Status must be approved or rejected")
	v.Check(!rules.ResponseMessage.TooLong(responseMessage), "responseMessage", "Message must be less than 500 characters")
	if err := v.Err(); err != nil {
		return Answered{}, err
	}
	req, err := s.q.GetVerificationRequestForAnswer(ctx, id)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Answered{}, errRequestMissing
		}
		return Answered{}, fmt.Errorf("get verification request %d: %w", id, err)
	}
	if nullable.Value(req.RequestedToID) != me.ID {
		return Answered{}, errNotAddressee
	}
	if err := stateAllowsAnswer(req.State, nullable.Value(req.StatusReason)); err != nil {
		return Answered{}, err
	}

	var out Answered
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		prop, err := q.LockPropertyForVerification(ctx, req.PropertyID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errPropertyMissing
			}
			return fmt.Errorf("lock property %d: %w", req.PropertyID, err)
		}
		if err := gamification.LockPeople(ctx, q, prop.LandlordID, me.ID, req.RequestedByID); err != nil {
			return err
		}
		fromOwner := req.RequestedByID == prop.LandlordID
		independent, err := independentOf(ctx, q, me.ID, prop.LandlordID, req.RequestedByID)
		if err != nil {
			return err
		}
		newStatus, reason := status, ""
		if status == StatusApproved {
			switch {
			case !independent:
				newStatus, reason = StatusHeld, HeldReason
			case !fromOwner:
				newStatus, reason = StatusConfirmed, ConfirmedReason
			}
		}
		if _, err := q.AnswerVerificationRequest(ctx, db.AnswerVerificationRequestParams{
			ID: id, AnswererID: &me.ID, Status: newStatus, StatusReason: nullable.Ptr(reason),
			ResponseMessage: nullable.Ptr(responseMessage),
		}); err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return stateNow(ctx, q, id) // answered, expired or closed while this one waited
			}
			return fmt.Errorf("answer verification request %d: %w", id, err)
		}
		// A move closes what it gathered (AddressChanged); this guards any request left open.
		if err := SameAddress(req.AddressKey, req.Address, prop.AddressKey, prop.Address); err != nil {
			return err
		}
		if newStatus == StatusApproved {
			if out.PropertyVerified, err = Grant(ctx, q, prop, id, me.ID, ProofConfirmed, fromOwner); err != nil {
				return err
			}
		}
		if err := NotifyAnswered(ctx, q, req.RequestedByID, prop, newStatus, me.Username, responseMessage, out.PropertyVerified); err != nil {
			return err
		}
		if independent && newStatus != StatusHeld && (fromOwner || req.RequesterEstablished) {
			out.TokensEarned, err = rewardAnswer(ctx, q, me.ID, id, prop.Title)
		}
		return err
	})
	if err != nil {
		return Answered{}, err
	}
	answered, err := s.byID(ctx, id)
	if err != nil {
		return Answered{}, err
	}
	if len(answered) == 1 {
		out.Request = answered[0]
	}
	return out, nil
}

// independentOf tells whether the caller (a verifier answering now) is linked to neither the
// property's owner nor the request's sender.
func independentOf(ctx context.Context, q *db.Queries, me, owner, sender int32) (bool, error) {
	for _, other := range []int32{owner, sender} {
		linked, err := account.LinkedToCaller(ctx, q, me, other)
		if err != nil || linked {
			return false, err
		}
		if sender == owner {
			break
		}
	}
	return true, nil
}

// stateAllowsAnswer refuses a request that is no longer pending, saying why.
func stateAllowsAnswer(state, reason string) error {
	switch state {
	case StatusPending:
		return nil
	case StatusExpired:
		return errExpired
	case StatusClosed:
		return Closed(reason)
	default:
		return errAnswered
	}
}

// Closed is the refusal of an action on a closed request, with the reason it closed.
func Closed(reason string) error {
	if reason == "" {
		return apperr.FailedPrecondition("This request was closed.")
	}
	return apperr.FailedPrecondition("This request was closed: %s", strings.ToLower(reason[:1])+reason[1:])
}

// stateNow explains why a request could not be answered after all.
func stateNow(ctx context.Context, q *db.Queries, id int32) error {
	req, err := q.GetVerificationRequestForAnswer(ctx, id)
	if err != nil {
		return fmt.Errorf("get verification request %d: %w", id, err)
	}
	if err := stateAllowsAnswer(req.State, nullable.Value(req.StatusReason)); err != nil {
		return err
	}
	return errAnswered
}

// Withdraw removes a property's badge for reason (administrators only). The verification's row
// stays in the audit trail, marked withdrawn with who and when; the property reads unverified.
func (s *Service) Withdraw(ctx context.Context, propertyID int32, reason string) error {
	me, err := identity.RequireAdmin(ctx, apperr.Unauthenticated("Please sign in as an administrator."),
		apperr.PermissionDenied("Only administrators can withdraw a verification."))
	if err != nil {
		return err
	}
	reason = strings.TrimSpace(reason)
	rules := vocab.Verification.WithdrawReason
	var v apperr.Validator
	v.Check(!rules.TooShort(reason), "reason", "Please give the reason for withdrawing the verification")
	v.Check(!rules.TooLong(reason), "reason", fmt.Sprintf("Reason must be at most %d characters", rules.MaxChars))
	if err := v.Err(); err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		prop, err := q.LockPropertyForVerification(ctx, propertyID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return apperr.NotFound("Property Not Found")
			}
			return fmt.Errorf("lock property %d: %w", propertyID, err)
		}
		n, err := q.WithdrawVerification(ctx, db.WithdrawVerificationParams{PropertyID: propertyID, AdminID: &me.ID, Reason: &reason})
		if err != nil {
			return fmt.Errorf("withdraw the verification of property %d: %w", propertyID, err)
		}
		if n == 0 {
			return apperr.FailedPrecondition("This property is not verified.")
		}
		return Withdrawn(ctx, q, propertyID, prop.LandlordID, prop.Title, me.ID, reason)
	})
}
