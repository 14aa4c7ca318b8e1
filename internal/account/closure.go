package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload"
)

// Closing an account (issue 30). The row stays as a tombstone with every personal field erased,
// so the ledger, XP, reviews and decisions keep valid references (the schema refuses to delete
// an account at all); its listings leave public view, its private documents are deleted, its
// reviews stay under "Anonymous User" unless its owner deletes them too.

// UsernameRetention is how long a closed account's username cannot be registered again.
const UsernameRetention = 90 * 24 * time.Hour

// tombstoneHash is a closed account's password_hash: not an argon2id hash, so VerifySecret
// refuses every password.
const tombstoneHash = "!closed"

// The owner-visible reasons a listing is out of public view (properties.hidden_reason).
const (
	HiddenOwnerSuspended = "owner_suspended"
	HiddenOwnerClosed    = "owner_closed"
)

// FileRemover deletes stored files (the blob store of private documents); a missing one is no error.
type FileRemover interface {
	Delete(ctx context.Context, key string) error
}

// WithFiles returns the service deleting closed accounts' document files from files.
func (s *Service) WithFiles(files FileRemover) *Service {
	s.files = files
	return s
}

var (
	errUsernameMismatch = &apperr.ValidationError{Violations: []apperr.FieldViolation{
		{Field: "username", Message: "Type your username exactly as it is to confirm"}}}
	errLastAdmin = apperr.FailedPrecondition(
		"You are the last administrator, so your account cannot be deleted. Make another account an administrator first.")
)

// Closure is what a member asks for when deleting their account.
type Closure struct {
	// Username is typed by the member as a confirmation; it must be theirs (any case).
	Username string
	// Password is the current password, or "" after a passkey confirmed the session (confirmIdentity).
	Password string
	// DeleteReviews deletes their reviews too, instead of keeping them without their name.
	DeleteReviews bool
}

// DeleteAccount closes the signed-in member's account after confirmIdentity and the typed
// username: in one transaction it sends the confirmation to the address (before erasing it),
// hides their listings, deletes their private documents, their saved searches and (when asked)
// their reviews with their photos, ends every session and erases the row. The files are deleted
// last, in the transaction: a store that fails leaves the account open, to be tried again, rather
// than files behind.
func (s *Service) DeleteAccount(ctx context.Context, c Closure) error {
	me, err := identity.RequireUser(ctx, ErrNotSignedIn)
	if err != nil {
		return err
	}
	u, err := s.q.GetUser(ctx, me.ID)
	if err != nil {
		return fmt.Errorf("get user %d: %w", me.ID, err)
	}
	if !strings.EqualFold(strings.TrimSpace(c.Username), u.Username) {
		return errUsernameMismatch
	}
	confirmed, err := s.confirmIdentity(ctx, u, c.Password)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		// Properties before people and reviews, the order every other change of them takes.
		if err := q.LockClosingAccountProperties(ctx, db.LockClosingAccountPropertiesParams{UserID: me.ID, WithReviews: c.DeleteReviews}); err != nil {
			return fmt.Errorf("lock the properties of %d: %w", me.ID, err)
		}
		listed, err := lockListings(ctx, q, me.ID)
		if err != nil {
			return err
		}
		if u.Role == "admin" {
			admins, err := q.LockActiveAdmins(ctx)
			if err != nil {
				return fmt.Errorf("lock administrators: %w", err)
			}
			if !slices.Contains(admins, me.ID) {
				return ErrNotSignedIn // closed or suspended by a request that won the race
			}
			if len(admins) <= 1 {
				return errLastAdmin
			}
		}
		u, err := q.LockAccount(ctx, me.ID) // fresh, under the lock
		if err != nil {
			return fmt.Errorf("lock user %d: %w", me.ID, err)
		}
		if u.ClosedAt != nil {
			return ErrNotSignedIn // closed by a request that won the race
		}
		if _, err := mail.Enqueue(ctx, q, closedNotice(ctx, u, c.DeleteReviews)); err != nil {
			return err
		}
		if err := q.HideOwnerListings(ctx, db.HideOwnerListingsParams{LandlordID: u.ID, Reason: HiddenOwnerClosed}); err != nil {
			return fmt.Errorf("hide listings of %d: %w", u.ID, err)
		}
		// Their conversations close; the other members keep what was said, from a "Former member".
		if err := enquiry.CloseThreadsOf(ctx, q, u.ID, enquiry.AccountClosed); err != nil {
			return err
		}
		if err := q.SendOwnerClaimsToDocuments(ctx, db.SendOwnerClaimsToDocumentsParams{OwnerID: u.ID, ChangedBy: u.ID}); err != nil {
			return fmt.Errorf("send claims on %d's listings to documents: %w", u.ID, err)
		}
		var photos []string
		if c.DeleteReviews {
			if err := q.DeleteAuthorReviews(ctx, &u.ID); err != nil {
				return fmt.Errorf("delete reviews of %d: %w", u.ID, err)
			}
			if photos, err = q.DeleteReviewPhotosOf(ctx, &u.ID); err != nil {
				return fmt.Errorf("delete review photos of %d: %w", u.ID, err)
			}
		}
		if err := q.EraseContactMessagesOf(ctx, &u.ID); err != nil {
			return fmt.Errorf("erase contact messages of %d: %w", u.ID, err)
		}
		if err := q.RetireUsername(ctx, db.RetireUsernameParams{Username: u.Username, UserID: u.ID}); err != nil {
			return fmt.Errorf("retire username of %d: %w", u.ID, err)
		}
		if err := q.ForgetAccountTraces(ctx, u.ID); err != nil {
			return fmt.Errorf("forget traces of %d: %w", u.ID, err)
		}
		if err := savedsearch.DeleteAllOf(ctx, q, u.ID); err != nil {
			return err
		}
		if err := q.EraseAccount(ctx, db.EraseAccountParams{ID: u.ID, TombstoneHash: tombstoneHash}); err != nil {
			return fmt.Errorf("erase user %d: %w", u.ID, err)
		}
		if err := q.ExpireLeaderboardTop(ctx); err != nil { // the stored top may show their name
			return fmt.Errorf("expire the leaderboard: %w", err)
		}
		if err := s.deleteFiles(ctx, q, u.ID, photos); err != nil {
			return err
		}
		return listed.lockCounts(ctx, q) // last: the place counts that hiding the listings changes
	})
}

// deleteFiles marks the account's private documents deleted and deletes their files, the copies
// of its data it asked for with theirs, and the files of photos (the deleted reviews').
func (s *Service) deleteFiles(ctx context.Context, q *db.Queries, userID int32, photos []string) error {
	owned, err := q.DeleteOwnershipDocumentsOf(ctx, userID)
	if err != nil {
		return fmt.Errorf("delete ownership documents of %d: %w", userID, err)
	}
	lived, err := q.DeleteTenancyDocumentsOf(ctx, &userID)
	if err != nil {
		return fmt.Errorf("delete tenancy documents of %d: %w", userID, err)
	}
	exports, err := q.DeleteDataExportsOf(ctx, userID)
	if err != nil {
		return fmt.Errorf("delete data exports of %d: %w", userID, err)
	}
	keys := slices.Concat(owned, lived)
	for _, token := range exports {
		keys = append(keys, dataexport.FileKey(token))
	}
	for _, photo := range photos {
		keys = append(keys, upload.FileKeys(photo)...)
	}
	if len(keys) == 0 {
		return nil
	}
	if s.files == nil {
		return errors.New("no file store to delete documents from")
	}
	for _, key := range keys {
		if err := s.files.Delete(ctx, key); err != nil {
			return fmt.Errorf("delete file %s: %w", key, err)
		}
	}
	slog.InfoContext(ctx, "account closed: files deleted", "user", userID, "files", len(keys))
	return nil
}

// usernameRetired refuses a username a closed account gave up less than UsernameRetention ago.
func usernameRetired(ctx context.Context, q *db.Queries, username string) error {
	until, err := q.UsernameRetiredUntil(ctx, db.UsernameRetiredUntilParams{
		Username: username, RetentionSeconds: int32(UsernameRetention / time.Second),
	})
	if errors.Is(store.Err(err), apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("check retired username: %w", err)
	}
	return &apperr.ValidationError{Violations: []apperr.FieldViolation{{Field: "username", Message: fmt.Sprintf(
		"This username belonged to an account that was deleted recently, so it cannot be used again until %s. Please choose another one.",
		until.UTC().Format("2 January 2006"))}}}
}

// closedNotice is the confirmation sent to the address the account had, before it is erased.
func closedNotice(ctx context.Context, u db.User, reviewsDeleted bool) mail.Message {
	reviews := "Your reviews stay on RentProof without your name: they show as written by \"Anonymous User\"."
	if reviewsDeleted {
		reviews = "Your reviews and their photos were deleted, as you asked, and no longer count in any rating."
	}
	return mail.Message{
		UserID: u.ID, To: u.Email, Category: mail.CategorySecurity, Kind: "account_closed",
		Subject: "Your RentProof account was deleted",
		Content: mail.Content{
			Heading: "Your RentProof account was deleted",
			Paragraphs: []string{
				"Hello " + u.FirstName + ",",
				"Your RentProof account (" + u.Username + ") was deleted on " + timeText(time.Now()) + ". You have been signed out everywhere, your listings are no longer shown and your private documents were deleted.",
				reviews,
				"We keep a record without your name of your token ledger and XP, so that other members' balances and ranks stay right. Your username cannot be used by anyone for 90 days.",
				"If you did not delete your account, contact us at once.",
			},
			Action: &mail.Action{Label: "Contact us", URL: siteorigin.From(ctx) + "/contact"},
			Reason: "You are getting this because this was the email address of the account.",
			Stop:   securityStop,
		},
	}
}
