package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/places"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
)

// Suspending and reinstating accounts (issue 30, administrators only). A suspended account's
// sessions end, it cannot sign in any way (the schema refuses it a session), its listings leave
// public view until it is reinstated, and its reviews stay.

// MaxSuspensionReason bounds an administrator's reason (users.suspension_reason).
const MaxSuspensionReason = 500

var (
	errAdminSignedOut = apperr.Unauthenticated("Please sign in as an administrator to manage accounts.")
	errNotAdmin       = apperr.PermissionDenied("Only administrators can manage accounts.")
	errAccountMissing = apperr.NotFound("Account not found")
	errAccountClosed  = apperr.FailedPrecondition("This account was deleted by its owner, so it cannot be suspended or reinstated.")
	errSuspendSelf    = apperr.FailedPrecondition("You cannot suspend your own account.")
	// errSuspendLastAdmin keeps one administrator who can act (two suspending each other at once).
	errSuspendLastAdmin = apperr.FailedPrecondition("This is the last administrator who can act, so the account cannot be suspended.")
	errNotSuspended     = apperr.FailedPrecondition("This account is not suspended.")
	errSuspended        = apperr.FailedPrecondition("This account is already suspended.")
)

// barred refuses a sign-in to a suspended account, saying why; a closed account never gets here
// (no password verifies against its tombstone).
func barred(u db.User) error {
	if u.ClosedAt != nil {
		return ErrBadCredentials
	}
	if u.SuspendedAt != nil {
		return apperr.PermissionDenied("%s", "Your account has been suspended by an administrator, so you cannot sign in. Reason: "+
			strings.TrimSpace(*u.SuspensionReason)+" If you think this is a mistake, please contact us.")
	}
	return nil
}

// Member is an account as the administrators' account screen shows it.
type Member struct {
	ID                        int32
	Username, Email           string
	FirstName, LastName, Role string
	CreatedAt                 time.Time
	SuspendedAt, ClosedAt     *time.Time
	SuspensionReason          string
}

// FindAccounts finds accounts for an administrator: by id ("#12" or "12"), by a part of the
// username, or by the whole email address; at most 20.
func (s *Service) FindAccounts(ctx context.Context, query string) ([]Member, error) {
	if _, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin); err != nil {
		return nil, err
	}
	query = strings.ToLower(strings.TrimSpace(query))
	var v apperr.Validator
	v.Check(query != "", "query", "Enter a username, an email address or an account number")
	v.Check(utf8.RuneCountInString(query) <= 254, "query", "Search must be at most 254 characters")
	if err := v.Err(); err != nil {
		return nil, err
	}
	id, _ := strconv.ParseInt(strings.TrimPrefix(query, "#"), 10, 32)
	rows, err := s.q.FindAccounts(ctx, db.FindAccountsParams{ID: int32(id), Query: store.EscapeLike(query)})
	if err != nil {
		return nil, fmt.Errorf("find accounts: %w", err)
	}
	out := make([]Member, len(rows))
	for i, r := range rows {
		out[i] = Member{ID: r.ID, Username: r.Username, Email: r.Email, FirstName: r.FirstName, LastName: r.LastName,
			Role: r.Role, CreatedAt: r.CreatedAt, SuspendedAt: r.SuspendedAt, ClosedAt: r.ClosedAt}
		if r.SuspensionReason != nil {
			out[i].SuspensionReason = *r.SuspensionReason
		}
	}
	return out, nil
}

// SuspendAccount suspends an account with a reason: in one transaction its sessions end, its
// listings leave public view, the decision is recorded and the member is emailed (security mail:
// they can no longer sign in to read a notification).
func (s *Service) SuspendAccount(ctx context.Context, userID int32, reason string) (Member, error) {
	return s.decide(ctx, userID, reason, "suspend")
}

// ReinstateAccount lifts a suspension with a reason: its listings show again (only those the
// suspension hid), the decision is recorded and the member is emailed.
func (s *Service) ReinstateAccount(ctx context.Context, userID int32, reason string) (Member, error) {
	return s.decide(ctx, userID, reason, "reinstate")
}

func (s *Service) decide(ctx context.Context, userID int32, reason, decision string) (Member, error) {
	admin, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin)
	if err != nil {
		return Member{}, err
	}
	reason = strings.TrimSpace(reason)
	var v apperr.Validator
	v.Check(reason != "", "reason", "Please give a reason: the member is told it")
	v.Check(utf8.RuneCountInString(reason) <= MaxSuspensionReason, "reason", fmt.Sprintf("Reason must be at most %d characters", MaxSuspensionReason))
	if err := v.Err(); err != nil {
		return Member{}, err
	}
	if decision == "suspend" && userID == admin.ID {
		return Member{}, errSuspendSelf
	}
	var out Member
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// The listings it hides or shows before the account: a tenancy or verification decision
		// and a move lock the property, then its owner; the other order deadlocked with them.
		listed, err := lockListings(ctx, q, userID)
		if err != nil {
			return err
		}
		// An administrator is suspended only while another can still act: the active
		// administrators are locked next (in the order account closure locks them), so two
		// suspending each other at once are decided in turn.
		if decision == "suspend" {
			target, err := q.GetUser(ctx, userID)
			if err == nil && target.Role == "admin" {
				admins, err := q.LockActiveAdmins(ctx)
				if err != nil {
					return fmt.Errorf("lock administrators: %w", err)
				}
				if slices.Contains(admins, userID) && len(admins) <= 1 {
					return errSuspendLastAdmin
				}
			}
		}
		// The row first: a sign-in in flight either committed its session (revoked below) or
		// waits for this transaction and is refused (sessions_refuse_barred_accounts).
		u, err := q.LockAccount(ctx, userID)
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errAccountMissing
			}
			return fmt.Errorf("lock user %d: %w", userID, err)
		}
		switch {
		case u.ClosedAt != nil:
			return errAccountClosed
		case decision == "suspend" && u.SuspendedAt != nil:
			return errSuspended
		case decision == "reinstate" && u.SuspendedAt == nil:
			return errNotSuspended
		}
		if decision == "suspend" {
			if err := q.SuspendAccount(ctx, db.SuspendAccountParams{ID: u.ID, Reason: reason}); err != nil {
				return fmt.Errorf("suspend user %d: %w", u.ID, err)
			}
			if err := q.RevokeAccountSessions(ctx, u.ID); err != nil {
				return fmt.Errorf("end sessions of %d: %w", u.ID, err)
			}
			if err := q.HideOwnerListings(ctx, db.HideOwnerListingsParams{LandlordID: u.ID, Reason: HiddenOwnerSuspended}); err != nil {
				return fmt.Errorf("hide listings of %d: %w", u.ID, err)
			}
			// Their open conversations close with a neutral notice (a reinstatement opens none).
			if err := enquiry.CloseThreadsOf(ctx, q, u.ID, enquiry.AccountSuspended); err != nil {
				return err
			}
			if err := q.SendOwnerClaimsToDocuments(ctx, db.SendOwnerClaimsToDocumentsParams{OwnerID: u.ID, ChangedBy: admin.ID}); err != nil {
				return fmt.Errorf("send claims on %d's listings to documents: %w", u.ID, err)
			}
		} else {
			if err := q.ReinstateAccount(ctx, u.ID); err != nil {
				return fmt.Errorf("reinstate user %d: %w", u.ID, err)
			}
			if err := q.ShowSuspendedListings(ctx, u.ID); err != nil {
				return fmt.Errorf("show listings of %d: %w", u.ID, err)
			}
		}
		if err := q.RecordAccountDecision(ctx, db.RecordAccountDecisionParams{
			AdminID: &admin.ID, UserID: &u.ID, Decision: decision, Message: reason,
		}); err != nil {
			return fmt.Errorf("record %s of %d: %w", decision, u.ID, err)
		}
		if _, err := mail.Enqueue(ctx, q, decisionNotice(ctx, u, decision, reason)); err != nil {
			return err
		}
		out = Member{ID: u.ID, Username: u.Username, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
			Role: u.Role, CreatedAt: u.CreatedAt}
		if decision == "suspend" {
			now := time.Now()
			out.SuspendedAt, out.SuspensionReason = &now, reason
		}
		return listed.lockCounts(ctx, q)
	})
	return out, err
}

// listingPlaces are the cities and neighbourhoods of an owner's listings.
type listingPlaces struct{ cities, localities []string }

// lockListings locks the owner's listings in id order and returns their places, whose counts
// hiding or showing them changes: the transaction locks those last (lockCounts).
func lockListings(ctx context.Context, q *db.Queries, ownerID int32) (listingPlaces, error) {
	rows, err := q.LockOwnerListings(ctx, ownerID)
	if err != nil {
		return listingPlaces{}, fmt.Errorf("lock the listings of %d: %w", ownerID, err)
	}
	p := listingPlaces{cities: make([]string, len(rows)), localities: make([]string, len(rows))}
	for i, r := range rows {
		p.cities[i], p.localities[i] = r.City, r.Locality
	}
	return p, nil
}

// lockCounts locks the counts of the places, the last step of a transaction that hides or shows
// listings there (places.LockCounts).
func (p listingPlaces) lockCounts(ctx context.Context, q *db.Queries) error {
	return places.LockCounts(ctx, q, p.cities, p.localities)
}

// decisionNotice tells the member of a suspension or reinstatement, with the administrator's reason.
func decisionNotice(ctx context.Context, u db.User, decision, reason string) mail.Message {
	m := mail.Message{UserID: u.ID, To: u.Email, Category: mail.CategorySecurity}
	if decision == "suspend" {
		m.Kind, m.Subject = "account_suspended", "Your RentProof account has been suspended"
		m.Content = mail.Content{
			Heading: m.Subject,
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"An administrator suspended your RentProof account (" + u.Username + ") on " + timeText(time.Now()) + ". Reason: " + reason,
				"While it is suspended you cannot sign in, and your listings are not shown. Your reviews stay.",
				"If you think this is a mistake, write to us from the contact page.",
			},
			Action: &mail.Action{Label: "Contact us", URL: siteorigin.From(ctx) + "/contact"},
		}
	} else {
		m.Kind, m.Subject = "account_reinstated", "Your RentProof account has been reinstated"
		m.Content = mail.Content{
			Heading: m.Subject,
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"An administrator reinstated your RentProof account (" + u.Username + ") on " + timeText(time.Now()) + ". Reason: " + reason,
				"You can sign in again, and your listings are shown again.",
			},
			Action: &mail.Action{Label: "Sign in", URL: siteorigin.From(ctx) + "/auth"},
		}
	}
	m.Content.Reason = "You are getting this because it is about your account."
	m.Content.Stop = securityStop
	return m
}
