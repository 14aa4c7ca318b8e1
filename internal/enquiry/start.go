package enquiry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Start is an enquiry or a viewing request from the property page.
type Start struct {
	PropertyID   int32
	Message      string
	MoveInMonth  string // "2027-03" or ""
	Occupants    int32  // 0: not said
	ViewingTimes []string
}

// The refusals of starting.
var (
	errOwnListing = apperr.FailedPrecondition("This is your own listing: enquiries about it come to you")
	errInactive   = apperr.FailedPrecondition("This listing is no longer available, so it takes no new enquiries")
	// errInactiveViewing: a withdrawn listing's threads stay open for words, not for viewings.
	errInactiveViewing = apperr.FailedPrecondition("This listing is no longer available, so it takes no new viewing requests")
	// errBlocked is all a blocked sender learns.
	errBlocked = apperr.FailedPrecondition("The owner of this listing is not taking enquiries from you")
)

// Messages of the fields.
var (
	msgMessageRequired = "Please write a message"
	msgMessageLong     = fmt.Sprintf("Message must be at most %d characters", vocab.Enquiry.Message.MaxChars)
	msgOccupants       = fmt.Sprintf("Occupants must be between 1 and %d", MaxOccupants)
)

// StartEnquiry writes to a listing's owner: a message, or a viewing request with an optional
// message. It opens a thread (its first message is the safety notice) or adds to the caller's
// open one about the listing. Refused: the caller's own listing, a withdrawn or hidden listing, a
// sender the owner blocked, and past the limits.
func (s *Service) StartEnquiry(ctx context.Context, in Start) (Thread, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Thread{}, err
	}
	in.Message = strings.TrimSpace(in.Message)
	listing, err := s.q.GetEnquiryListing(ctx, in.PropertyID)
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Thread{}, errNoListing
		}
		return Thread{}, fmt.Errorf("get listing %d: %w", in.PropertyID, err)
	}
	switch {
	case listing.LandlordID == me.ID:
		return Thread{}, errOwnListing
	case !listing.Active:
		return Thread{}, errInactive
	}
	now := s.now()
	var v apperr.Validator
	if len(in.ViewingTimes) == 0 {
		v.Check(in.Message != "", "message", msgMessageRequired)
	}
	v.Check(!vocab.Enquiry.Message.TooLong(in.Message), "message", msgMessageLong)
	month := parseMonth(&v, in.MoveInMonth, now)
	v.Check(in.Occupants >= 0 && in.Occupants <= MaxOccupants, "occupants", msgOccupants)
	var times []proposed
	if len(in.ViewingTimes) > 0 {
		times = parseTimes(&v, "viewingTimes", in.ViewingTimes, listing.TimeZone, now)
	}
	if err := v.Err(); err != nil {
		return Thread{}, err
	}
	var occupants *int16
	if in.Occupants > 0 {
		n := int16(in.Occupants)
		occupants = &n
	}

	var id int64
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Again under a share lock, taken before the members' (lockMembers): a suspension or
		// closure hid the listing before it closed the owner's threads, or waits for this one
		// and closes it with them.
		active, err := q.LockEnquiryListing(ctx, listing.ID)
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return errNoListing
		}
		if err != nil {
			return fmt.Errorf("lock listing %d: %w", listing.ID, err)
		}
		from, err := lockSender(ctx, q, me, listing.LandlordID)
		if err != nil {
			return err
		}
		if !active {
			return errInactive
		}
		// Blocked: told before anything counts, and generically (exact under lockSender's lock).
		blocked, err := q.IsEnquirySenderBlocked(ctx, db.IsEnquirySenderBlockedParams{OwnerID: listing.LandlordID, SenderID: me.ID})
		if err != nil {
			return fmt.Errorf("read block: %w", err)
		}
		if blocked {
			return errBlocked
		}
		if err := s.reserveMessage(ctx, q, from); err != nil {
			return err
		}
		// The sender's message key stays locked until the end: their parallel starts take turns
		// here, so two never both open a thread about one listing. An open thread is locked (a
		// close waits for what is added to it); one closed meanwhile is not found, and a new
		// one opens.
		id, err = q.GetOpenEnquiryThread(ctx, db.GetOpenEnquiryThreadParams{PropertyID: listing.ID, EnquirerID: me.ID})
		fresh := errors.Is(store.Err(err), apperr.ErrNotFound)
		if err != nil && !fresh {
			return fmt.Errorf("find open thread: %w", err)
		}
		if fresh {
			if err := s.reserveThread(ctx, q, from); err != nil {
				return err
			}
			if id, err = q.CreateEnquiryThread(ctx, db.CreateEnquiryThreadParams{
				PropertyID: listing.ID, OwnerID: listing.LandlordID, EnquirerID: me.ID, MoveInMonth: month, Occupants: occupants,
			}); err != nil {
				return fmt.Errorf("create thread: %w", err)
			}
			if err := notice(ctx, q, id, SafetyNotice+" "+verifiedNotice(listing.Verified, listing.VerificationProof), 0, 0); err != nil {
				return err
			}
		} else if err := q.SetEnquiryThreadDetails(ctx, db.SetEnquiryThreadDetailsParams{ID: id, MoveInMonth: month, Occupants: occupants}); err != nil {
			return fmt.Errorf("thread details: %w", err)
		}
		if in.Message != "" {
			if _, err := q.AddEnquiryMessage(ctx, db.AddEnquiryMessageParams{ThreadID: id, AuthorID: me.ID, Body: in.Message}); err != nil {
				return fmt.Errorf("add message: %w", err)
			}
		}
		var asked []string
		if len(times) > 0 {
			if asked, err = addViewing(ctx, q, id, listing.TimeZone, listing.LandlordID, times); err != nil {
				return err
			}
		}
		return startTold(ctx, q, from, listing.LandlordID, id, listing.Title, in, fresh, asked)
	})
	if err != nil {
		return Thread{}, err
	}
	return member(ctx, s.q, me.ID, id)
}

// startTold tells the owner of a new enquiry, or of more in an open one.
func startTold(ctx context.Context, q *db.Queries, from sender, owner int32, id int64, title string, in Start, fresh bool, asked []string) error {
	e := tell{to: owner, role: RoleOwner, thread: id, kind: "enquiry_reply", title: fmt.Sprintf("New message about %s", title)}
	if fresh {
		e.kind, e.title = "new_enquiry", fmt.Sprintf("New enquiry about %s", title)
	}
	intro := from.name + " wrote about your listing " + title + ":"
	e.body = in.Message
	if len(asked) > 0 {
		e.kind = "viewing_requested"
		e.title = fmt.Sprintf("Viewing requested: %s", title)
		intro = from.name + " asks to view your listing " + title + " at one of these times:"
		if e.body == "" {
			e.body = "Proposed times: " + strings.Join(asked, "; ")
		}
	}
	e.paragraphs = append([]string{intro}, asked...)
	e.paragraphs = append(e.paragraphs, quoted(in.Message)...)
	if in.MoveInMonth != "" || in.Occupants > 0 {
		var facts []string
		if in.MoveInMonth != "" {
			facts = append(facts, "move-in month "+in.MoveInMonth)
		}
		if in.Occupants > 0 {
			facts = append(facts, fmt.Sprintf("%d occupant(s)", in.Occupants))
		}
		e.paragraphs = append(e.paragraphs, "They told you: "+strings.Join(facts, ", ")+".")
	}
	return e.send(ctx, q)
}
