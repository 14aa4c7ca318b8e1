package verification

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Answered is the outcome of an answer.
type Answered struct {
	Request Request
	// PropertyVerified is true when this answer verified the property.
	PropertyVerified bool
	// TokensEarned is what the answer earned its author.
	TokensEarned int32
}

// The refusals of an answer.
var (
	errSignedOutAnswer = apperr.Unauthenticated("You must be logged in to answer a verification request.")
	errRequestMissing  = apperr.NotFound("Verification request not found.")
	errNotAddressee    = apperr.PermissionDenied("Only the person this request was sent to can answer it.")
	errAnswered        = apperr.FailedPrecondition("This request has already been answered.")
	errExpired         = apperr.FailedPrecondition("This request has expired: requests can be answered for 30 days.")
)

// Answer approves or rejects a pending request addressed to the caller, once. Either answer
// earns the caller Reward tokens. An approval verifies the property (proof confirmed, one more
// confirmation), earns the property page's requester Reward tokens and closes the property's
// other pending requests, unless the caller signed in (or answers now) from a network or device
// the owner used in the last 90 days: then the request is held for an administrator and the
// property stays unverified. Everything is written in one transaction, under the property's lock.
func (s *Service) Answer(ctx context.Context, id int32, status, responseMessage string) (Answered, error) {
	me, ok := identity.UserFrom(ctx)
	if !ok {
		return Answered{}, errSignedOutAnswer
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
	if convert.Value(req.RequestedToID) != me.ID {
		return Answered{}, errNotAddressee
	}
	if err := stateAllowsAnswer(req.State, convert.Value(req.StatusReason)); err != nil {
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
		newStatus, reason := status, ""
		if status == StatusApproved {
			shared, err := account.LinkedToCaller(ctx, q, me.ID, prop.LandlordID)
			if err != nil {
				return err
			}
			if shared {
				newStatus, reason = StatusHeld, HeldReason
			}
		}
		if _, err := q.AnswerVerificationRequest(ctx, db.AnswerVerificationRequestParams{
			ID: id, AnswererID: &me.ID, Status: newStatus, StatusReason: convert.Ptr(reason),
			ResponseMessage: convert.Ptr(responseMessage),
		}); err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return stateNow(ctx, q, id) // answered (or expired) while this one waited
			}
			return fmt.Errorf("answer verification request %d: %w", id, err)
		}
		credits := []ledger.Entry{{
			UserID: me.ID, Amount: Reward, Type: ledger.VerificationReward,
			RelatedType: ledger.RelatedVerificationRequest, RelatedID: id,
			Description: fmt.Sprintf("Reward for answering the verification request for %s", prop.Title),
		}}
		if newStatus == StatusApproved {
			if prop.Verified { // verified some other way meanwhile: one more person confirms it
				if err := q.AddVerificationConfirmation(ctx, prop.ID); err != nil {
					return fmt.Errorf("add a confirmation to property %d: %w", prop.ID, err)
				}
			} else {
				if err := grant(ctx, q, prop.ID, id, me.ID); err != nil {
					return err
				}
				out.PropertyVerified = true
				if req.RequestedByID != prop.LandlordID { // the property page's requester, who judged nothing
					credits = append(credits, ledger.Entry{
						UserID: req.RequestedByID, Amount: Reward, Type: ledger.VerificationReward,
						RelatedType: ledger.RelatedVerificationRequest, RelatedID: id,
						Description: fmt.Sprintf("Reward: %s was verified through your request", prop.Title),
					})
				}
			}
		}
		if err := ledger.CreditAll(ctx, q, credits...); err != nil {
			return err
		}
		out.TokensEarned = Reward
		_, err = gamification.Give(ctx, q, gamification.Award{Rule: gamification.RequestAnswered, UserID: me.ID, EntityID: id})
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

// grant verifies the property through request (proof confirmed, its first confirmation) and
// closes its other pending requests.
func grant(ctx context.Context, q *db.Queries, propertyID, requestID, approverID int32) error {
	if err := q.GrantConfirmedVerification(ctx, db.GrantConfirmedVerificationParams{
		PropertyID: propertyID, RequestID: &requestID, GrantedBy: &approverID,
	}); err != nil {
		return fmt.Errorf("verify property %d: %w", propertyID, err)
	}
	if err := q.CloseOtherVerificationRequests(ctx, db.CloseOtherVerificationRequestsParams{
		PropertyID: propertyID, RequestID: requestID, Reason: ClosedReason,
	}); err != nil {
		return fmt.Errorf("close the other requests of property %d: %w", propertyID, err)
	}
	return gamification.GivePropertyVerified(ctx, q, propertyID)
}

// stateAllowsAnswer refuses a request that is no longer pending, saying why.
func stateAllowsAnswer(state, reason string) error {
	switch state {
	case StatusPending:
		return nil
	case StatusExpired:
		return errExpired
	case StatusClosed:
		if reason == "" {
			return apperr.FailedPrecondition("This request was closed.")
		}
		return apperr.FailedPrecondition("This request was closed: %s", strings.ToLower(reason[:1])+reason[1:])
	default:
		return errAnswered
	}
}

// stateNow explains why a request could not be answered after all.
func stateNow(ctx context.Context, q *db.Queries, id int32) error {
	req, err := q.GetVerificationRequestForAnswer(ctx, id)
	if err != nil {
		return fmt.Errorf("get verification request %d: %w", id, err)
	}
	if err := stateAllowsAnswer(req.State, convert.Value(req.StatusReason)); err != nil {
		return err
	}
	return errAnswered
}

// Withdraw removes a property's badge for reason (administrators only). The verification's row
// stays in the audit trail, marked withdrawn with who and when; the property reads unverified.
func (s *Service) Withdraw(ctx context.Context, propertyID int32, reason string) error {
	me, ok := identity.UserFrom(ctx)
	if !ok {
		return apperr.Unauthenticated("Please sign in as an administrator.")
	}
	if !me.IsAdmin() {
		return apperr.PermissionDenied("Only administrators can withdraw a verification.")
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
		if _, err := q.LockPropertyForVerification(ctx, propertyID); err != nil {
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
		return gamification.TakePropertyVerifiedBack(ctx, q, propertyID)
	})
}
