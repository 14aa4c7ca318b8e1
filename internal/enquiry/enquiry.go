// Package enquiry is the property page's "Contact Landlord" and "Schedule Viewing" (issue 31): a
// signed-in member writes to a listing's owner, or asks to view it, in a private thread of two.
// Only the two members see a thread (administrators only once one of them reports it: reports.go);
// neither ever sees the other's address. Sending is limited per sender and per network, counted
// atomically in PostgreSQL (internal/ratelimit), stricter for an unverified address or an account
// not yet established; an owner may block a sender. Every event tells the other member through
// notify.Send, in the transaction that writes it.
package enquiry

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// Roles of the caller in a thread.
const (
	RoleEnquirer = "enquirer"
	RoleOwner    = "owner"
)

// Why a thread closed (enquiry_threads.closed_reason).
const (
	ClosedByEnquirer = "closed_by_enquirer"
	ClosedByOwner    = "closed_by_owner"
	SenderBlocked    = "sender_blocked"
	AccountClosed    = "account_closed"
	AccountSuspended = "account_suspended"
)

// FormerMember is how a closed account shows to the other member.
const FormerMember = "Former member"

// PageSize is how many threads a list page holds.
const PageSize = 20

// Limits bound sending. A sender is "new" while their address is not verified or their account
// is not established (SQL account_established): the New limits apply to them. Every message,
// first ones and viewing requests included, counts against the messages limits.
type Limits struct {
	ThreadsPerDay, ThreadsPerDayNew     int // new threads one sender starts in 24 hours
	MessagesPerHour, MessagesPerHourNew int // messages one sender sends in an hour
	ThreadsPerNetwork                   int // new threads from one client network in 24 hours
	MessagesPerNetwork                  int // messages from one client network in an hour
}

// DefaultLimits are the limits when none are configured.
var DefaultLimits = Limits{
	ThreadsPerDay: 10, ThreadsPerDayNew: 3,
	MessagesPerHour: 60, MessagesPerHourNew: 20,
	ThreadsPerNetwork: 30, MessagesPerNetwork: 300,
}

// Service holds the enquiry rules.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	limits Limits
	now    func() time.Time
}

// NewService returns a Service over pool with DefaultLimits.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool), limits: DefaultLimits, now: time.Now}
}

// WithLimits returns the service with l in place of the defaults (zero fields keep theirs).
func (s *Service) WithLimits(l Limits) *Service {
	c := *s
	for _, f := range []struct {
		dst *int
		v   int
	}{
		{&c.limits.ThreadsPerDay, l.ThreadsPerDay}, {&c.limits.ThreadsPerDayNew, l.ThreadsPerDayNew},
		{&c.limits.MessagesPerHour, l.MessagesPerHour}, {&c.limits.MessagesPerHourNew, l.MessagesPerHourNew},
		{&c.limits.ThreadsPerNetwork, l.ThreadsPerNetwork}, {&c.limits.MessagesPerNetwork, l.MessagesPerNetwork},
	} {
		if f.v > 0 {
			*f.dst = f.v
		}
	}
	return &c
}

// Party is the other member of a thread: never an address or a phone.
type Party struct {
	UserID       int32
	Name         string // "Maria S.", or FormerMember
	ProfileImage string
}

// Listing is what a thread says about its listing.
type Listing struct {
	PropertyID         int32
	Title, Image, City string
	Verified           bool
	VerificationMethod string // "documents", "direct", "paid"; "" when not verified
	TimeZone           string
	Active             bool
}

// Thread is one conversation as one of its members sees it.
type Thread struct {
	ID                       int64
	Listing                  Listing
	Role                     string // RoleEnquirer or RoleOwner
	Other                    Party
	Status, ClosedReason     string
	MoveInMonth              string // "2027-03" or ""
	Occupants                int32
	CreatedAt, LastMessageAt time.Time
	LastMessage              string
	Unread                   int32
	PendingViewing           bool
	enquirerID, ownerID      int32
}

// Open tells whether the thread still takes messages.
func (t Thread) Open() bool { return t.Status == "open" }

// Message is one message as one member sees it.
type Message struct {
	ID     int64
	Author string // "me", "them" or "system"
	Body   string
	SentAt time.Time
	ReadAt *time.Time // when the other member read one of the caller's messages
}

// ViewingTime is one proposed time.
type ViewingTime struct {
	ID       int64
	StartsAt time.Time
	Local    string // "2026-12-03T18:30" in the listing's zone
	Accepted bool
}

// Viewing is one viewing request and its answer.
type Viewing struct {
	ID          int64
	Status      string // requested, accepted, declined, cancelled
	Times       []ViewingTime
	TimeZone    string
	Message     string
	CancelledBy string // "me", "them" or ""
	CalendarURL string // "" unless accepted
	CreatedAt   time.Time
}

// Full is a thread with its messages (oldest first) and viewings (newest first).
type Full struct {
	Thread   Thread
	Messages []Message
	Viewings []Viewing
	// HasEarlier says the thread holds messages before the first of Messages.
	HasEarlier bool
}

// Page is one page of a list.
type Page struct {
	Threads       []Thread
	HasMore       bool
	UnreadThreads int32
}

// The refusals every rpc shares.
var (
	errSignedOut = apperr.Unauthenticated("Please sign in to send and read enquiries")
	// errNoThread answers a thread the caller is not a member of as one that does not exist.
	errNoThread  = apperr.NotFound("Conversation not found")
	errNoViewing = apperr.NotFound("Viewing not found")
	errNoListing = apperr.NotFound("Property Not Found")
	errClosed    = apperr.FailedPrecondition("This conversation is closed: start a new enquiry from the property page")
)

// ThreadPath is the same-origin path of thread id for a member in role: the owners' inbox
// (/dashboard/enquiries/{id}) or the enquirer's (/dashboard/my-enquiries/{id}).
func ThreadPath(role string, id int64) string {
	if role == RoleOwner {
		return fmt.Sprintf("/dashboard/enquiries/%d", id)
	}
	return fmt.Sprintf("/dashboard/my-enquiries/%d", id)
}

// CalendarPath is the same-origin path of an accepted viewing's calendar file.
func CalendarPath(viewingID int64) string {
	return fmt.Sprintf("/api/enquiries/viewings/%d/calendar.ics", viewingID)
}

// PublicName is how a member shows to another: first name and last initial ("Maria S."), or
// FormerMember once the account is closed.
func PublicName(first, last string, closed bool) string {
	if closed || first == "" {
		return FormerMember
	}
	if initial := identity.PublicLastName(last); initial != "" {
		return first + " " + initial + "."
	}
	return first
}

// method names how a verified listing was verified, in the contract's words.
func method(verified bool, proof string) string {
	if !verified {
		return ""
	}
	switch proof {
	case "documents":
		return "documents"
	case "paid_check":
		return "paid"
	}
	return "direct" // confirmed by people who know it (and the sample data's)
}

// threadRow is a thread as GetEnquiryThread and the lists answer it.
type threadRow db.GetEnquiryThreadRow

func (r threadRow) thread() Thread {
	role := RoleOwner
	if r.IsEnquirer {
		role = RoleEnquirer
	}
	image := r.OtherImage
	if r.OtherClosed {
		image = ""
	}
	return Thread{
		ID: r.ID, Role: role, Status: r.Status, ClosedReason: r.ClosedReason,
		Listing: Listing{
			PropertyID: r.PropertyID, Title: r.Title, Image: r.Image, City: r.City, Verified: r.Verified,
			VerificationMethod: method(r.Verified, r.VerificationProof), TimeZone: r.TimeZone, Active: r.Active,
		},
		Other:       Party{UserID: r.OtherID, Name: PublicName(r.OtherFirstName, r.OtherLastName, r.OtherClosed), ProfileImage: image},
		MoveInMonth: month(r.MoveInMonth), Occupants: r.Occupants,
		CreatedAt: r.CreatedAt, LastMessageAt: r.LastMessageAt, LastMessage: r.LastMessage,
		Unread: r.Unread, PendingViewing: r.PendingViewing,
		enquirerID: r.EnquirerID, ownerID: r.OwnerID,
	}
}

func month(d pgtype.Date) string {
	if !d.Valid {
		return ""
	}
	return d.Time.Format("2006-01")
}

// member returns thread id as the caller sees it, or errNoThread when they are not one of its
// two members (or it does not exist). q may be a transaction's.
func member(ctx context.Context, q *db.Queries, me int32, id int64) (Thread, error) {
	r, err := q.GetEnquiryThread(ctx, db.GetEnquiryThreadParams{ViewerID: me, ID: id})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Thread{}, errNoThread
		}
		return Thread{}, fmt.Errorf("get thread %d: %w", id, err)
	}
	return threadRow(r).thread(), nil
}

// mine returns the signed-in caller and thread id as they see it, or errNoThread when they are
// not one of its two members.
func (s *Service) mine(ctx context.Context, id int64) (identity.User, Thread, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return me, Thread{}, err
	}
	t, err := member(ctx, s.q, me.ID, id)
	return me, t, err
}

// other is the member of t who is not me.
func (t Thread) other(me int32) int32 {
	if t.enquirerID == me {
		return t.ownerID
	}
	return t.enquirerID
}

// otherRole is the role of the member of t who is not the caller.
func (t Thread) otherRole() string {
	if t.Role == RoleOwner {
		return RoleEnquirer
	}
	return RoleOwner
}
