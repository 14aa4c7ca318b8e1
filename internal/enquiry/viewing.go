package enquiry

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The refusals of viewings.
var (
	errNotEnquirer  = apperr.PermissionDenied("Only the member who started this conversation can ask to view the listing")
	errNotOwnerView = apperr.PermissionDenied("Only the listing's owner can answer a viewing request")
	errDecided      = apperr.FailedPrecondition("This viewing request was already answered")
	errNotCancel    = apperr.FailedPrecondition("Only a requested or accepted viewing can be cancelled")
	errPastTime     = apperr.FailedPrecondition("That time has passed: ask for new times instead")
	errNoTime       = apperr.NotFound("That time is not one of this viewing's")
	errTookPlace    = apperr.FailedPrecondition("This viewing's time has passed, so it can no longer be cancelled")
)

// addViewing writes a viewing request of times into thread id with its notice (unread for the
// owner, a viewing waiting) and answers the times as the notice words them.
func addViewing(ctx context.Context, q *db.Queries, id int64, zone string, owner int32, times []proposed) ([]string, error) {
	viewing, err := q.CreateEnquiryViewing(ctx, db.CreateEnquiryViewingParams{ThreadID: id, TimeZone: zone})
	if err != nil {
		return nil, fmt.Errorf("create viewing: %w", err)
	}
	starts := make([]time.Time, len(times))
	locals := make([]string, len(times))
	for i, t := range times {
		starts[i], locals[i] = t.at, t.local
	}
	if err := q.AddEnquiryViewingTimes(ctx, db.AddEnquiryViewingTimesParams{ViewingID: viewing, StartsAt: starts, Locals: locals}); err != nil {
		return nil, fmt.Errorf("viewing times: %w", err)
	}
	asked := describe(starts, zone)
	return asked, notice(ctx, q, id, "Viewing requested at one of these times: "+strings.Join(asked, "; ")+".", owner, 1)
}

// RequestViewing asks, in an open thread the caller started, to view the listing at one to
// three new times, with an optional note. A withdrawn listing takes none (checked again under
// the listing's lock, so a request and a withdrawal take turns), nor does an owner who blocked
// the caller.
func (s *Service) RequestViewing(ctx context.Context, threadID int64, times []string, note string) (Viewing, error) {
	me, t, err := s.mine(ctx, threadID)
	if err != nil {
		return Viewing{}, err
	}
	if t.Role != RoleEnquirer {
		return Viewing{}, errNotEnquirer
	}
	if err := refuseBlocked(ctx, s.q, t, me.ID); err != nil {
		return Viewing{}, err
	}
	switch {
	case !t.Open():
		return Viewing{}, errClosed
	case !t.Listing.Active:
		return Viewing{}, errInactiveViewing
	}
	note = strings.TrimSpace(note)
	var v apperr.Validator
	v.Check(!vocab.Enquiry.ViewingNote.TooLong(note), "message", msgMessageLong)
	proposedTimes := parseTimes(&v, "times", times, t.Listing.TimeZone, s.now())
	if err := v.Err(); err != nil {
		return Viewing{}, err
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		// Again under a share lock (before the members'), until the viewing is in: a withdrawal
		// or hiding in flight commits first (and the listing is inactive here), or waits for it.
		active, err := q.LockEnquiryListing(ctx, t.Listing.PropertyID)
		if err != nil {
			return fmt.Errorf("lock listing %d: %w", t.Listing.PropertyID, err)
		}
		from, err := lockSender(ctx, q, me, t.ownerID)
		if err != nil {
			return err
		}
		if !active {
			return errInactiveViewing
		}
		if err := refuseBlocked(ctx, q, t, me.ID); err != nil {
			return err
		}
		if err := s.reserveMessage(ctx, q, from); err != nil {
			return err
		}
		// The thread stays locked until the viewing is in: a close in flight commits first (and
		// the thread is closed here), or waits and cancels the viewing with the thread.
		status, err := q.LockEnquiryThread(ctx, t.ID)
		if err != nil {
			return fmt.Errorf("lock thread %d: %w", t.ID, err)
		}
		if status != "open" {
			return errClosed // closed since the first look
		}
		if note != "" {
			if _, err := q.AddEnquiryMessage(ctx, db.AddEnquiryMessageParams{ThreadID: t.ID, AuthorID: me.ID, Body: note}); err != nil {
				return fmt.Errorf("add message: %w", err)
			}
		}
		asked, err := addViewing(ctx, q, t.ID, t.Listing.TimeZone, t.ownerID, proposedTimes)
		if err != nil {
			return err
		}
		return startTold(ctx, q, from, t.ownerID, t.ID, t.Listing.Title, Start{Message: note}, false, asked)
	})
	if err != nil {
		return Viewing{}, err
	}
	full, err := s.read(ctx, me.ID, t)
	if err != nil || len(full.Viewings) == 0 {
		return Viewing{}, err
	}
	return full.Viewings[0], nil // newest first: the one just asked for
}

// lockViewing locks viewing id for the caller, one of its thread's members (errNoViewing for
// anyone else), and returns it with the thread as the caller sees it.
func lockViewing(ctx context.Context, q *db.Queries, me int32, id int64) (db.LockEnquiryViewingRow, Thread, error) {
	var v db.LockEnquiryViewingRow
	_, err := q.LockEnquiryViewingThread(ctx, id)
	if err == nil {
		v, err = q.LockEnquiryViewing(ctx, id)
	}
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return v, Thread{}, errNoViewing
		}
		return v, Thread{}, fmt.Errorf("lock viewing %d: %w", id, err)
	}
	if me != v.EnquirerID && me != v.OwnerID {
		return v, Thread{}, errNoViewing
	}
	t, err := member(ctx, q, me, v.ThreadID)
	return v, t, err
}

// answer decides viewing id as the signed-in caller: check judges the request first (nil: no
// rule), then, in one transaction, the thread's members are locked (lockMembers: a suspension
// or closure of either comes first, or waits), then the viewing's thread and the viewing
// (lockViewing), and decide runs; the answer is the viewing as it then is. Of parallel answers
// to one viewing, each decide sees what the one before it left.
func (s *Service) answer(ctx context.Context, id int64, check func() error, decide func(q *db.Queries, me identity.User, v db.LockEnquiryViewingRow, t Thread) error) (Viewing, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Viewing{}, err
	}
	if check != nil {
		if err := check(); err != nil {
			return Viewing{}, err
		}
	}
	members, err := s.q.GetEnquiryViewingMembers(ctx, db.GetEnquiryViewingMembersParams{ID: id, ViewerID: me.ID})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Viewing{}, errNoViewing
		}
		return Viewing{}, fmt.Errorf("get viewing %d: %w", id, err)
	}
	other := members.OwnerID
	if other == me.ID {
		other = members.EnquirerID
	}
	var t Thread
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockMembers(ctx, q, me.ID, other); err != nil {
			return err
		}
		v, th, err := lockViewing(ctx, q, me.ID, id)
		if err != nil {
			return err
		}
		t = th
		return decide(q, me, v, th)
	})
	if err != nil {
		return Viewing{}, err
	}
	return s.viewing(ctx, me.ID, t, id)
}

// timeOf is the proposed time id of viewing, or nil.
func timeOf(ctx context.Context, q *db.Queries, viewing, id int64) (*db.ListEnquiryViewingTimesRow, error) {
	times, err := q.ListEnquiryViewingTimes(ctx, viewing)
	if err != nil {
		return nil, fmt.Errorf("viewing times: %w", err)
	}
	for i := range times {
		if times[i].ID == id {
			return &times[i], nil
		}
	}
	return nil, nil
}

// AcceptViewingTime accepts one proposed time of a requested viewing (the owner only): the other
// times close, both members are told, and the email carries the calendar file. Of parallel
// accepts and cancels one decides and the others are refused.
func (s *Service) AcceptViewingTime(ctx context.Context, viewingID, timeID int64) (Viewing, error) {
	return s.answer(ctx, viewingID, nil, func(q *db.Queries, me identity.User, v db.LockEnquiryViewingRow, t Thread) error {
		switch {
		case me.ID != v.OwnerID:
			return errNotOwnerView
		case v.Status != "requested":
			return errDecided
		case !t.Open():
			return errClosed
		}
		chosen, err := timeOf(ctx, q, viewingID, timeID)
		switch {
		case err != nil:
			return err
		case chosen == nil:
			return errNoTime
		case !chosen.StartsAt.After(s.now()):
			return errPastTime
		}
		if err := q.DecideEnquiryViewing(ctx, db.DecideEnquiryViewingParams{ID: viewingID, Status: "accepted", TimeID: &timeID}); err != nil {
			return fmt.Errorf("accept viewing: %w", err)
		}
		when := describe([]time.Time{chosen.StartsAt}, v.TimeZone)[0]
		if err := notice(ctx, q, t.ID, "Viewing accepted: "+when+".", v.EnquirerID, -1); err != nil {
			return err
		}
		ics := viewingEvent(viewingID, chosen.StartsAt, s.now(), t.Listing.Title, t.Listing.City)
		file := &mail.Attachment{Name: "viewing.ics", ContentType: CalendarType, Data: ics.Bytes()}
		for _, to := range []struct {
			id   int32
			role string
		}{{v.EnquirerID, RoleEnquirer}, {v.OwnerID, RoleOwner}} {
			if err := (tell{
				to: to.id, role: to.role, thread: t.ID, kind: "viewing_accepted", attachment: file,
				title: "Viewing accepted: " + t.Listing.Title, body: "The viewing is on " + when + ".",
				paragraphs: []string{"The viewing of " + t.Listing.Title + " is on " + when + ".", "The calendar file attached adds it to your calendar."},
			}).send(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}

// DeclineViewing declines a requested viewing with a message (the owner only).
func (s *Service) DeclineViewing(ctx context.Context, viewingID int64, message string) (Viewing, error) {
	message = strings.TrimSpace(message)
	check := func() error {
		var v apperr.Validator
		vocab.Enquiry.Decline.CheckText(&v, "message", "Message", message)
		return v.Err()
	}
	return s.answer(ctx, viewingID, check, func(q *db.Queries, me identity.User, v db.LockEnquiryViewingRow, t Thread) error {
		switch {
		case me.ID != v.OwnerID:
			return errNotOwnerView
		case v.Status != "requested":
			return errDecided
		}
		if err := q.DecideEnquiryViewing(ctx, db.DecideEnquiryViewingParams{ID: viewingID, Status: "declined", Message: &message}); err != nil {
			return fmt.Errorf("decline viewing: %w", err)
		}
		if err := notice(ctx, q, t.ID, "Viewing declined: “"+message+"”", v.EnquirerID, -1); err != nil {
			return err
		}
		return tell{
			to: v.EnquirerID, role: RoleEnquirer, thread: t.ID, kind: "viewing_declined",
			title: "Viewing declined: " + t.Listing.Title, body: message,
			paragraphs: append([]string{"The owner of " + t.Listing.Title + " declined your viewing request:"}, quoted(message)...),
		}.send(ctx, q)
	})
}

// CancelViewing cancels a requested or accepted viewing (either member) with an optional note;
// the other member is told. An accepted viewing whose time has passed took place: it stays.
func (s *Service) CancelViewing(ctx context.Context, viewingID int64, message string) (Viewing, error) {
	message = strings.TrimSpace(message)
	check := func() error {
		var v apperr.Validator
		vocab.Enquiry.Cancel.CheckText(&v, "message", "Message", message)
		return v.Err()
	}
	return s.answer(ctx, viewingID, check, func(q *db.Queries, me identity.User, v db.LockEnquiryViewingRow, t Thread) error {
		switch v.Status {
		case "requested":
		case "accepted":
			at, err := timeOf(ctx, q, viewingID, *v.AcceptedTimeID)
			if err != nil {
				return err
			}
			if at != nil && !at.StartsAt.After(s.now()) {
				return errTookPlace
			}
		default:
			return errNotCancel
		}
		var note *string
		if message != "" {
			note = &message
		}
		if err := q.DecideEnquiryViewing(ctx, db.DecideEnquiryViewingParams{ID: viewingID, Status: "cancelled", Message: note, CancelledBy: &me.ID}); err != nil {
			return fmt.Errorf("cancel viewing: %w", err)
		}
		pending := int32(0)
		if v.Status == "requested" {
			pending = -1
		}
		from, err := lookupSender(ctx, q, me)
		if err != nil {
			return err
		}
		other := t.other(me.ID)
		text := "Viewing cancelled."
		if message != "" {
			text = "Viewing cancelled: “" + message + "”"
		}
		if err := notice(ctx, q, t.ID, text, other, pending); err != nil {
			return err
		}
		return tell{
			to: other, role: t.otherRole(), thread: t.ID, kind: "viewing_cancelled",
			title: "Viewing cancelled: " + t.Listing.Title, body: cmp.Or(message, "The viewing was cancelled."),
			paragraphs: append([]string{from.name + " cancelled the viewing of " + t.Listing.Title + "."}, quoted(message)...),
		}.send(ctx, q)
	})
}

// viewing is one viewing of thread t as the caller sees it now.
func (s *Service) viewing(ctx context.Context, me int32, t Thread, id int64) (Viewing, error) {
	full, err := s.read(ctx, me, t)
	if err != nil {
		return Viewing{}, err
	}
	for _, v := range full.Viewings {
		if v.ID == id {
			return v, nil
		}
	}
	return Viewing{}, errNoViewing
}

// Calendar is an accepted viewing's calendar file, for the two members of its thread only.
func (s *Service) Calendar(ctx context.Context, viewingID int64) ([]byte, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return nil, err
	}
	r, err := s.q.GetEnquiryViewingCalendar(ctx, db.GetEnquiryViewingCalendarParams{ID: viewingID, ViewerID: me.ID})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return nil, apperr.NotFound("No accepted viewing here")
		}
		return nil, fmt.Errorf("viewing calendar %d: %w", viewingID, err)
	}
	return viewingEvent(r.ID, r.StartsAt, r.DecidedAt, r.Title, r.City).Bytes(), nil
}

// viewingEvent is the calendar event of viewing id, accepted at stamp for start: the same UID
// whether it comes attached to the email or downloaded, so a calendar keeps one copy.
func viewingEvent(id int64, start, stamp time.Time, title, city string) Event {
	return Event{
		UID: fmt.Sprintf("viewing-%d@rentproof", id), Start: start, End: start.Add(ViewingLength), Stamp: stamp,
		Summary: "Viewing: " + title, Location: title + ", " + city,
		Description: "A viewing arranged on RentProof. Your conversation with the other member is under Enquiries in your dashboard.",
	}
}
