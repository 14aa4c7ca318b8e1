package verification

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/tenancy"
)

// Proofs a verification carries.
const (
	ProofConfirmed = "confirmed"  // people confirmed it
	ProofDocuments = "documents"  // an administrator checked the owner's documents
	ProofPaidCheck = "paid_check" // an administrator's paid check
)

// Grant verifies a property through a request, inside the caller's transaction (which holds
// the property's lock, LockPropertyForVerification): the verification with its proof (stamped
// with the address it is about), every other open request of the property closed (a paid check
// waiting for an administrator is refunded after commit: paid_check_refunds), the owner's XP,
// and the listing matched again with the saved searches (for those of verified properties only). A property verified already gets one more confirmation instead, when the proof is people's.
// The owner is told (notify) unless ownerTold: the caller's own notice of the same event tells
// them (an owner who asked hears once that their request was approved and their property
// verified). It reports whether this verified the property.
func Grant(ctx context.Context, q *db.Queries, prop LockedProperty, requestID, grantedBy int32, proof string, ownerTold bool) (bool, error) {
	propertyID := prop.ID
	if prop.Verified {
		if proof != ProofConfirmed {
			return false, nil // the badge in force stays
		}
		if err := q.AddVerificationConfirmation(ctx, propertyID); err != nil {
			return false, fmt.Errorf("add a confirmation to property %d: %w", propertyID, err)
		}
		return false, nil
	}
	var err error
	if proof == ProofConfirmed {
		err = q.GrantConfirmedVerification(ctx, db.GrantConfirmedVerificationParams{PropertyID: propertyID, RequestID: &requestID, GrantedBy: &grantedBy})
	} else {
		err = q.GrantCheckedVerification(ctx, db.GrantCheckedVerificationParams{PropertyID: propertyID, Proof: proof, RequestID: &requestID, GrantedBy: &grantedBy})
	}
	if err != nil {
		return false, fmt.Errorf("verify property %d: %w", propertyID, err)
	}
	if _, err := q.CloseOpenVerificationRequests(ctx, db.CloseOpenVerificationRequestsParams{
		PropertyID: propertyID, KeepRequestID: requestID, Reason: ClosedReason, PaidReason: ClosedPaidReason,
	}); err != nil {
		return false, fmt.Errorf("close the other requests of property %d: %w", propertyID, err)
	}
	if err := gamification.GivePropertyVerified(ctx, q, propertyID); err != nil {
		return false, err
	}
	// With the badge the listing may now match searches for verified properties only.
	if err := savedsearch.MatchListing(ctx, q, propertyID); err != nil {
		return false, err
	}
	if ownerTold {
		return true, nil
	}
	return true, notifyVerified(ctx, q, prop)
}

// AddressChanged is called by an edit of the listing, in its transaction and under the
// property's lock, after the new address is written: the verification in force, when it was
// granted for another address, is withdrawn (the owner is the one withdrawing it, with the
// reason), and every open request gathered for another address closes — people's requests,
// owners' documents, held approvals, confirmations, and paid checks, the paid ones refunded after
// commit. Tenancies follow too (tenancy.AddressChanged): open claims about the old address are
// withdrawn and verified tenancies about it revoked. So do reviews: those written about another
// address stay listed but stop counting in the stars, averages and distribution
// (reviewsAddressChanged). It reports whether a verification was withdrawn.
func AddressChanged(ctx context.Context, q *db.Queries, propertyID, ownerID int32, reason string) (bool, error) {
	// First: it locks the people it takes XP from, in id order, before anyone else here does.
	if err := tenancy.AddressChanged(ctx, q, propertyID, ownerID); err != nil {
		return false, err
	}
	if err := reviewsAddressChanged(ctx, q, propertyID); err != nil {
		return false, err
	}
	n, err := q.WithdrawVerificationElsewhere(ctx, db.WithdrawVerificationElsewhereParams{
		PropertyID: propertyID, OwnerID: &ownerID, Reason: &reason,
	})
	if err != nil {
		return false, fmt.Errorf("withdraw the verification of property %d: %w", propertyID, err)
	}
	if n > 0 {
		if err := gamification.TakePropertyVerifiedBack(ctx, q, propertyID); err != nil {
			return false, err
		}
	}
	if _, err := q.CloseOpenVerificationRequests(ctx, db.CloseOpenVerificationRequestsParams{
		PropertyID: propertyID, Reason: MovedReason, PaidReason: MovedPaidReason, MovedOnly: true,
	}); err != nil {
		return false, fmt.Errorf("close the requests of property %d about its old address: %w", propertyID, err)
	}
	return n > 0, nil
}

// reviewsAddressChanged uncounts, in the move's transaction and under the property's lock, the
// property's counted reviews about another address than its current one (SQL review_may_count, the
// reviews' one rule: UncountReviewsElsewhere); the tallies trigger takes them out of the stored
// stars, distribution and highlights. A review being written takes the same lock first
// (LockPropertyForReview), so none lands counted with the old address after this. It runs the
// reviews' statement itself: the review package depends on property, which calls this one.
func reviewsAddressChanged(ctx context.Context, q *db.Queries, propertyID int32) error {
	if _, err := q.UncountReviewsElsewhere(ctx, propertyID); err != nil {
		return fmt.Errorf("uncount the reviews of property %d about its old address: %w", propertyID, err)
	}
	return nil
}

// Withdrawn follows the withdrawal of propertyID's verification by `by` (an administrator), in
// its transaction and under the property's lock: the tenancies its owner confirmed lose their
// proof (tenancy.VerificationWithdrawn), the owner loses the verification's XP and is told why.
// alsoLock are the other people the transaction takes XP or tokens from.
func Withdrawn(ctx context.Context, q *db.Queries, propertyID, ownerID int32, title string, by int32, reason string, alsoLock ...int32) error {
	if err := tenancy.VerificationWithdrawn(ctx, q, propertyID, by, append(alsoLock, ownerID)...); err != nil {
		return err
	}
	if err := gamification.TakePropertyVerifiedBack(ctx, q, propertyID); err != nil {
		return err
	}
	return NotifyWithdrawn(ctx, q, ownerID, propertyID, title, reason)
}

// SameAddress refuses proof gathered for another address than the property's current one
// (requestKey and currentKey are SQL property_address_key values).
func SameAddress(requestKey, requestAddress, currentKey, currentAddress string) error {
	if requestKey == currentKey {
		return nil
	}
	return apperr.FailedPrecondition("This request was about %s, but the listing is now at %s: its proof cannot verify the new address.",
		orUnknown(requestAddress), orUnknown(currentAddress))
}

func orUnknown(address string) string {
	if address == "" {
		return "an address that is not recorded"
	}
	return address
}
