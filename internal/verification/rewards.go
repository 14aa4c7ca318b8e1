package verification

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/nullable"
)

// Who earns what (README, "Trust rules": Rewards). A verifier's answer, approve or reject alike,
// earns Reward tokens and the XP of gamification.RequestAnswered when the request came from the
// property's owner or from an established account, the verifier is linked (account.Linked) to
// neither of them, and it is one of the verifier's first rewarded answers of the day (UTC), as
// many as gamification.RequestAnswered's daily cap. An approval held for an administrator pays nobody until an administrator approves
// it. The property page's requester earns Reward tokens only when the property is verified
// through their request and they are not linked to the person who confirmed it.

// rewardAnswer pays verifierID for answering requestID, inside the caller's transaction: the XP
// award counts the day's rewarded answers under the verifier's XP row lock, and the token follows
// it, so past the daily cap neither is paid (the answer is still recorded, as capped XP is). It
// returns the tokens paid.
func rewardAnswer(ctx context.Context, q *db.Queries, verifierID, requestID int32, title string) (int32, error) {
	awarded, err := gamification.Give(ctx, q, gamification.Award{Rule: gamification.RequestAnswered, UserID: verifierID, EntityID: requestID})
	if err != nil {
		return 0, err
	}
	if !awarded.Recorded || awarded.Points == 0 {
		return 0, nil
	}
	if _, err := ledger.Credit(ctx, q, ledger.Entry{
		UserID: verifierID, Amount: Reward, Type: ledger.VerificationReward,
		RelatedType: ledger.RelatedVerificationRequest, RelatedID: requestID,
		Description: fmt.Sprintf("Reward for answering the verification request for %s", title),
	}); err != nil {
		return 0, err
	}
	return Reward, nil
}

// rewardRequester pays the property page's requester when their request verified the property
// and they are not linked to the confirmer.
func rewardRequester(ctx context.Context, q *db.Queries, requesterID, confirmerID, requestID int32, title string) error {
	linked, err := account.Linked(ctx, q, requesterID, confirmerID)
	if err != nil || linked {
		return err
	}
	_, err = ledger.Credit(ctx, q, ledger.Entry{
		UserID: requesterID, Amount: Reward, Type: ledger.VerificationReward,
		RelatedType: ledger.RelatedVerificationRequest, RelatedID: requestID,
		Description: fmt.Sprintf("Reward: %s was verified through your request", title),
	})
	return err
}

// LockedRequest is a request an owner or an administrator decides, locked (after its property)
// by the caller's transaction.
type LockedRequest = db.LockRequestRow

// LockedProperty is the property of a request, locked by the caller's transaction.
type LockedProperty = db.LockPropertyForVerificationRow

// ApproveConfirmation settles an approval an administrator approved (a held one) or an owner or
// administrator accepted (a confirmed one), inside the caller's transaction, which holds both
// locks and has already moved the request's status: the property is verified (proof confirmed,
// or one more confirmation), a held answer pays its verifier now (by the rules above), and the
// property page's requester is paid when this verified the property. It reports whether this
// verified the property. grantedBy is who granted it in the audit trail: the administrator, or
// the confirmer when the owner accepts. Proof gathered for another address is refused. An owner
// who asked is not told here: the caller's notice of the decision tells them (NotifyAnswered).
func ApproveConfirmation(ctx context.Context, q *db.Queries, r LockedRequest, prop LockedProperty, grantedBy int32) (bool, error) {
	if err := SameAddress(r.AddressKey, r.Address, prop.AddressKey, prop.Address); err != nil {
		return false, err
	}
	verifier := nullable.Value(r.RequestedToID)
	verified, err := Grant(ctx, q, prop, r.ID, grantedBy, ProofConfirmed, r.RequestedByID == prop.LandlordID)
	if err != nil {
		return false, err
	}
	if r.Status == StatusHeld { // paid nothing when it was answered
		eligible := r.RequestedByID == prop.LandlordID
		if !eligible {
			if eligible, err = q.IsEstablished(ctx, r.RequestedByID); err != nil {
				return false, fmt.Errorf("is user %d established: %w", r.RequestedByID, err)
			}
		}
		if eligible {
			if _, err := rewardAnswer(ctx, q, verifier, r.ID, prop.Title); err != nil {
				return false, err
			}
		}
	}
	if verified && r.RequestedByID != prop.LandlordID {
		if err := rewardRequester(ctx, q, r.RequestedByID, verifier, r.ID, prop.Title); err != nil {
			return false, err
		}
	}
	return verified, nil
}
