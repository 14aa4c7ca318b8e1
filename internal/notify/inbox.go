package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/signing"
)

// Paging of /notifications.
const (
	DefaultPageSize = 20
	MaxPageSize     = 50
)

// Security is security email (mail.CategorySecurity) as the settings page lists it: always on.
var Security = CategoryInfo{
	Category:     mail.CategorySecurity,
	Label:        "Security",
	Description:  "Confirming your email address, resetting your password and sign-ins from a new browser. These always reach you.",
	EmailDefault: true,
}

// The messages a member may see.
const (
	MsgNoChanges       = "Choose at least one category to change."
	MsgSecurityLocked  = "Security emails cannot be turned off."
	MsgTwice           = "Each category can be changed only once at a time."
	MsgUnsubscribeGone = "This unsubscribe link is not valid. It may have been altered or have expired: use the link in a newer email, or sign in and choose your emails under Settings › Notifications."
)

// MsgTooManyChanges refuses more changes than there are categories (security included): such a
// list names one twice, or one that does not exist, and is refused once, not once per entry.
var MsgTooManyChanges = fmt.Sprintf("Name each category at most once: there are only %d.", len(Categories)+1)

var (
	errSignedOut = apperr.Unauthenticated("Please sign in to see your notifications.")
	errMissing   = apperr.NotFound("Notification not found")
	// ErrBadUnsubscribe is a forged, altered or expired unsubscribe link, or one whose member is gone.
	ErrBadUnsubscribe = apperr.NotFound(MsgUnsubscribeGone)
)

// Notification is one in-app notification as its member reads it.
type Notification = db.Notification

// Page is one page of a member's notifications, newest first.
type Page struct {
	Notifications []Notification
	// NextBefore asks for the following, older page; 0 on the last page.
	NextBefore int64
}

// Choice is one category on the settings page: whether the member gets its email, and whether
// they may change that (security email: no).
type Choice struct {
	CategoryInfo
	Email, Locked bool
}

// Change turns one category's email on or off.
type Change struct {
	Category Category
	Email    bool
}

// Inbox is what a member reads and chooses: their notifications, their email preferences, and
// the unsubscribe links of their emails.
type Inbox struct {
	q *db.Queries

	mu  sync.Mutex
	key *signing.Key // the unsubscribe key, loaded on first use
}

// NewInbox returns an Inbox over pool.
func NewInbox(pool *pgxpool.Pool) *Inbox { return &Inbox{q: db.New(pool)} }

// List returns one page of the caller's notifications, newest first, after before (0: the newest).
func (s *Inbox) List(ctx context.Context, before int64, pageSize int32) (Page, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Page{}, err
	}
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	pageSize = min(pageSize, MaxPageSize)
	rows, err := s.q.ListNotifications(ctx, db.ListNotificationsParams{UserID: me.ID, Before: max(before, 0), PageSize: pageSize + 1})
	if err != nil {
		return Page{}, fmt.Errorf("list notifications of %d: %w", me.ID, err)
	}
	page := Page{Notifications: rows}
	if len(rows) > int(pageSize) {
		page.Notifications = rows[:pageSize]
		page.NextBefore = rows[pageSize-1].ID
	}
	return page, nil
}

// CountUnread counts the caller's unread notifications, up to 100.
func (s *Inbox) CountUnread(ctx context.Context) (int32, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return 0, err
	}
	return s.UnreadOf(ctx, me.ID)
}

// UnreadOf counts userID's unread notifications, up to 100 (for the answer that already knows
// who is signed in: GetCurrentUser).
func (s *Inbox) UnreadOf(ctx context.Context, userID int32) (int32, error) {
	n, err := s.q.CountUnreadNotifications(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("count unread notifications of %d: %w", userID, err)
	}
	return n, nil
}

// MarkRead marks one of the caller's notifications read and returns the new unread count.
// Another member's notification answers not found, as one that does not exist.
func (s *Inbox) MarkRead(ctx context.Context, id int64) (int32, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return 0, err
	}
	n, err := s.q.MarkNotificationRead(ctx, db.MarkNotificationReadParams{ID: id, UserID: me.ID})
	if err != nil {
		return 0, fmt.Errorf("mark notification %d read: %w", id, err)
	}
	if n == 0 {
		return 0, errMissing
	}
	return s.UnreadOf(ctx, me.ID)
}

// MarkAllRead marks every one of the caller's notifications read and says how many were unread.
func (s *Inbox) MarkAllRead(ctx context.Context) (int32, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return 0, err
	}
	n, err := s.q.MarkAllNotificationsRead(ctx, me.ID)
	if err != nil {
		return 0, fmt.Errorf("mark notifications of %d read: %w", me.ID, err)
	}
	return int32(min(n, 1<<31-1)), nil
}

// Preferences lists every category with the caller's choice, security email last.
func (s *Inbox) Preferences(ctx context.Context) ([]Choice, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return nil, err
	}
	return s.choices(ctx, me.ID)
}

// UpdatePreferences applies changes to the caller's email choices and returns every category as
// it now is. An unknown category, a category named twice or security email turned off refuses
// the whole request.
func (s *Inbox) UpdatePreferences(ctx context.Context, changes []Change) ([]Choice, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return nil, err
	}
	var v apperr.Validator
	v.Check(len(changes) > 0, "changes", MsgNoChanges)
	if len(changes) > len(Categories)+1 {
		// One refusal, whatever the list holds: one per entry answered a few bytes an entry
		// with hundreds of bytes each.
		v.Check(false, "changes", MsgTooManyChanges)
		return nil, v.Err()
	}
	set := map[Category]bool{}
	for _, c := range changes {
		_, known := lookupCategory(c.Category)
		switch {
		case c.Category == Security.Category:
			v.Check(c.Email, "changes", MsgSecurityLocked) // on is what it is already
			continue
		case !known && len(c.Category) > maxEchoed:
			v.Check(false, "changes", fmt.Sprintf("That is not a notification category. Choose one of: %s.", categoryKeys()))
			continue
		case !known:
			v.Check(false, "changes", fmt.Sprintf("%q is not a notification category. Choose one of: %s.", c.Category, categoryKeys()))
			continue
		}
		_, twice := set[c.Category]
		v.Check(!twice, "changes", MsgTwice)
		set[c.Category] = c.Email
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(set) > 0 {
		if err := s.setEmails(ctx, me.ID, set); err != nil {
			return nil, err
		}
	}
	return s.choices(ctx, me.ID)
}

// Stopped is what an unsubscribe link stops, for its page: a category's email or one saved
// search's alerts.
type Stopped struct {
	CategoryInfo
	SavedSearch string // the saved search's name, when the link stops its alerts
	Gone        bool   // the link's saved search no longer exists (it sends nothing)
}

// CheckUnsubscribe tells what an unsubscribe token turns off, changing nothing (the page a link
// opens asks before it acts: mail scanners follow links).
func (s *Inbox) CheckUnsubscribe(ctx context.Context, token string) (Stopped, error) {
	u, err := s.parseUnsubscribe(ctx, token)
	if err != nil {
		return Stopped{}, err
	}
	info, _ := lookupCategory(u.Category)
	if u.Topic == 0 {
		return Stopped{CategoryInfo: info}, nil
	}
	name, err := s.q.SavedSearchName(ctx, db.SavedSearchNameParams{ID: u.Topic, UserID: u.UserID})
	return savedSearchStopped(info, name, err)
}

// Unsubscribe turns off what its token names, for its own member only: the category's email, or
// one saved search's alerts; it says which. Using a link twice is fine: it stays off.
func (s *Inbox) Unsubscribe(ctx context.Context, token string) (Stopped, error) {
	u, err := s.parseUnsubscribe(ctx, token)
	if err != nil {
		return Stopped{}, err
	}
	info, _ := lookupCategory(u.Category)
	if u.Topic != 0 {
		saved, err := s.q.SetSavedSearchAlerts(ctx, db.SetSavedSearchAlertsParams{ID: u.Topic, UserID: u.UserID, Alerts: false})
		return savedSearchStopped(info, saved.Name, err)
	}
	changes, err := json.Marshal(map[Category]bool{u.Category: false})
	if err != nil {
		return Stopped{}, fmt.Errorf("encode unsubscribe: %w", err)
	}
	n, err := s.q.SetNotificationEmails(ctx, db.SetNotificationEmailsParams{Changes: changes, UserID: u.UserID})
	if err != nil {
		return Stopped{}, fmt.Errorf("unsubscribe %d from %s: %w", u.UserID, u.Category, err)
	}
	if n == 0 {
		return Stopped{}, ErrBadUnsubscribe // the account is gone
	}
	return Stopped{CategoryInfo: info}, nil
}

// savedSearchStopped is a saved search's unsubscribe as its lookup (or switch) found it: a search
// deleted since, or its member's account closed, is gone (it sends nothing any more).
func savedSearchStopped(info CategoryInfo, name string, err error) (Stopped, error) {
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Stopped{CategoryInfo: info, Gone: true}, nil
	case err != nil:
		return Stopped{}, fmt.Errorf("saved search of an unsubscribe link: %w", err)
	}
	return Stopped{CategoryInfo: info, SavedSearch: name}, nil
}

func (s *Inbox) parseUnsubscribe(ctx context.Context, token string) (Unsubscription, error) {
	key, err := s.unsubscribeKey(ctx)
	if err != nil {
		return Unsubscription{}, err
	}
	u, err := ParseUnsubscribe(key, token)
	if errors.Is(err, signing.ErrInvalid) || errors.Is(err, signing.ErrExpired) {
		return Unsubscription{}, ErrBadUnsubscribe
	}
	return u, err
}

func (s *Inbox) unsubscribeKey(ctx context.Context) (*signing.Key, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key == nil {
		key, err := UnsubscribeKey(ctx, s.q)
		if err != nil {
			return nil, err
		}
		s.key = key
	}
	return s.key, nil
}

func (s *Inbox) setEmails(ctx context.Context, userID int32, set map[Category]bool) error {
	changes, err := json.Marshal(set)
	if err != nil {
		return fmt.Errorf("encode preferences: %w", err)
	}
	if _, err := s.q.SetNotificationEmails(ctx, db.SetNotificationEmailsParams{Changes: changes, UserID: userID}); err != nil {
		return fmt.Errorf("set preferences of %d: %w", userID, err)
	}
	return nil
}

func (s *Inbox) choices(ctx context.Context, userID int32) ([]Choice, error) {
	raw, err := s.q.GetNotificationPreferences(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("get preferences of %d: %w", userID, err)
	}
	prefs := ParsePreferences(raw)
	out := make([]Choice, 0, len(Categories)+1)
	for _, info := range Categories {
		out = append(out, Choice{CategoryInfo: info, Email: prefs.WantsEmail(info.Category)})
	}
	return append(out, Choice{CategoryInfo: Security, Email: true, Locked: true}), nil
}

// maxEchoed is the longest unknown category a refusal repeats back (the longest real key is 21
// bytes): a longer one is refused without it.
const maxEchoed = 40

// lookupCategory finds a category a member can turn off (security email is not one).
func lookupCategory(c Category) (CategoryInfo, bool) {
	for _, info := range Categories {
		if info.Category == c {
			return info, true
		}
	}
	return CategoryInfo{}, false
}

func categoryKeys() string {
	keys := make([]string, len(Categories))
	for i, info := range Categories {
		keys[i] = string(info.Category)
	}
	return strings.Join(keys, ", ")
}
