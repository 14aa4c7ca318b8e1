package enquiry

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The refusals of threads.
var (
	errNotOwnerBlock = apperr.PermissionDenied("Only the listing's owner can block a sender")
	msgReason        = "Please choose a reason: scam, harassment, spam or other"
	errNotYourList   = apperr.NotFound("Property Not Found")
	reportReasons    = []string{"scam", "harassment", "spam", "other"}
	msgReplyRequired = "Please write a message"
	msgReplyLong     = fmt.Sprintf("Message must be at most %d characters", vocab.Enquiry.Reply.MaxChars)
)

// ListMine lists the threads the caller started, unread first, then the latest.
func (s *Service) ListMine(ctx context.Context, page int32) (Page, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Page{}, err
	}
	p, err := paging(page)
	if err != nil {
		return Page{}, err
	}
	rows, err := s.q.ListMyEnquiryThreads(ctx, db.ListMyEnquiryThreadsParams{ViewerID: me.ID, MaxRows: p.Size + 1, RowOffset: p.Offset})
	if err != nil {
		return Page{}, fmt.Errorf("list my enquiries: %w", err)
	}
	threads := make([]Thread, len(rows))
	for i, r := range rows {
		threads[i] = threadRow(r).thread()
	}
	return s.page(ctx, threads, p.Size, db.CountUnreadEnquiryThreadsParams{ViewerID: me.ID, AsEnquirer: true})
}

// ListReceived lists the threads about the caller's listings (one listing's when propertyID is
// not 0: another member's listing is answered as not found), unread first, then the latest.
func (s *Service) ListReceived(ctx context.Context, propertyID, page int32) (Page, error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Page{}, err
	}
	p, err := paging(page)
	if err != nil {
		return Page{}, err
	}
	if propertyID != 0 {
		listing, err := s.q.GetEnquiryListing(ctx, propertyID)
		if errors.Is(store.Err(err), apperr.ErrNotFound) || (err == nil && listing.LandlordID != me.ID) {
			return Page{}, errNotYourList
		}
		if err != nil {
			return Page{}, fmt.Errorf("get listing %d: %w", propertyID, err)
		}
	}
	// Two statements, so that each plan reads its own index in order (sql/queries/enquiries.sql).
	var threads []Thread
	if propertyID == 0 {
		rows, err := s.q.ListReceivedEnquiryThreads(ctx, db.ListReceivedEnquiryThreadsParams{ViewerID: me.ID, MaxRows: p.Size + 1, RowOffset: p.Offset})
		if err != nil {
			return Page{}, fmt.Errorf("list received enquiries: %w", err)
		}
		for _, r := range rows {
			threads = append(threads, threadRow(r).thread())
		}
	} else {
		rows, err := s.q.ListListingEnquiryThreads(ctx, db.ListListingEnquiryThreadsParams{
			PropertyID: propertyID, ViewerID: me.ID, MaxRows: p.Size + 1, RowOffset: p.Offset,
		})
		if err != nil {
			return Page{}, fmt.Errorf("list a listing's enquiries: %w", err)
		}
		for _, r := range rows {
			threads = append(threads, threadRow(r).thread())
		}
	}
	return s.page(ctx, threads, p.Size, db.CountUnreadEnquiryThreadsParams{ViewerID: me.ID, PropertyID: propertyID})
}

// paging checks a page number (0: the first) of PageSize threads.
func paging(page int32) (store.Page, error) {
	var v apperr.Validator
	p := store.Paging(&v, page, PageSize, PageSize, PageSize)
	return p, v.Err()
}

// page is one page of threads (read one past the page, to know whether another follows) with
// how many of all the list's threads are unread: one more statement, whatever the page holds.
func (s *Service) page(ctx context.Context, threads []Thread, size int32, count db.CountUnreadEnquiryThreadsParams) (Page, error) {
	out := Page{Threads: threads}
	if len(threads) > int(size) {
		out.Threads, out.HasMore = threads[:size], true
	}
	if out.Threads == nil {
		out.Threads = []Thread{}
	}
	n, err := s.q.CountUnreadEnquiryThreads(ctx, count)
	if err != nil {
		return Page{}, fmt.Errorf("count unread threads: %w", err)
	}
	out.UnreadThreads = n
	return out, nil
}

// A thread is read a page of messages at a time, so a long conversation costs its reader what
// they look at: MessagesPerPage, the latest or those before one, or every message from one on (a
// reader who paged back and watches new ones arrive), at most MessagesSinceMax of them.
const (
	MessagesPerPage  = 100
	MessagesSinceMax = 1000
)

// Window says which of a thread's messages to read: the latest page (zero), the page before
// message Before, or those from message Since on. At most one is set.
type Window struct{ Before, Since int64 }

var errWindow = apperr.New(apperr.ErrInvalidArgument, "Ask for the messages before one message or from one on, not both")

// GetThread is one thread with its messages (the window w) and viewings, for one of its two
// members.
func (s *Service) GetThread(ctx context.Context, id int64, w Window) (Full, error) {
	if w.Before < 0 || w.Since < 0 || (w.Before > 0 && w.Since > 0) {
		return Full{}, errWindow
	}
	me, t, err := s.mine(ctx, id)
	if err != nil {
		return Full{}, err
	}
	return s.readWindow(ctx, me.ID, t, w)
}

// read adds thread t's latest messages and its viewings, as me sees them.
func (s *Service) read(ctx context.Context, me int32, t Thread) (Full, error) {
	return s.readWindow(ctx, me, t, Window{})
}

// readWindow adds thread t's messages in window w and its viewings, as me sees them.
func (s *Service) readWindow(ctx context.Context, me int32, t Thread, w Window) (Full, error) {
	size := int32(MessagesPerPage)
	if w.Since > 0 {
		size = MessagesSinceMax
	}
	msgs, err := s.q.ListEnquiryMessages(ctx, db.ListEnquiryMessagesParams{ThreadID: t.ID, SinceID: w.Since, BeforeID: w.Before, MaxRows: size + 1})
	if err != nil {
		return Full{}, fmt.Errorf("list messages of %d: %w", t.ID, err)
	}
	out := Full{Thread: t, Viewings: []Viewing{}}
	if len(msgs) > int(size) { // one more than shown: earlier ones remain
		msgs, out.HasEarlier = msgs[1:], true
	} else if w.Since > 0 {
		first := w.Since
		if len(msgs) > 0 {
			first = msgs[0].ID
		}
		if out.HasEarlier, err = s.q.HasEnquiryMessagesBefore(ctx, db.HasEnquiryMessagesBeforeParams{ThreadID: t.ID, ID: first}); err != nil {
			return Full{}, fmt.Errorf("messages of %d before %d: %w", t.ID, first, err)
		}
	}
	out.Messages = make([]Message, len(msgs))
	for i, m := range msgs {
		out.Messages[i] = Message{ID: m.ID, Author: author(me, m.AuthorID), Body: m.Body, SentAt: m.CreatedAt}
		if out.Messages[i].Author == "me" {
			out.Messages[i].ReadAt = m.ReadAt
		}
	}
	rows, err := s.q.ListEnquiryViewings(ctx, t.ID)
	if err != nil {
		return Full{}, fmt.Errorf("list viewings of %d: %w", t.ID, err)
	}
	for _, r := range rows {
		if n := len(out.Viewings); n == 0 || out.Viewings[n-1].ID != r.ID {
			v := Viewing{ID: r.ID, Status: r.Status, TimeZone: r.TimeZone, Message: r.Message, CreatedAt: r.CreatedAt, Times: []ViewingTime{}}
			if r.CancelledBy != nil {
				v.CancelledBy = author(me, r.CancelledBy)
			}
			if r.Status == "accepted" {
				v.CalendarURL = CalendarPath(r.ID)
			}
			out.Viewings = append(out.Viewings, v)
		}
		v := &out.Viewings[len(out.Viewings)-1]
		v.Times = append(v.Times, ViewingTime{
			ID: r.TimeID, StartsAt: r.StartsAt, Local: r.Local, Accepted: r.AcceptedTimeID != nil && *r.AcceptedTimeID == r.TimeID,
		})
	}
	return out, nil
}

// author is who wrote a message (or cancelled a viewing) as me sees it.
func author(me int32, id *int32) string {
	switch {
	case id == nil:
		return "system"
	case *id == me:
		return "me"
	}
	return "them"
}

// MarkRead records that the caller read the thread up to its latest message.
func (s *Service) MarkRead(ctx context.Context, id int64) error {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return err
	}
	if _, err := s.q.MarkEnquiryThreadRead(ctx, db.MarkEnquiryThreadReadParams{ViewerID: me.ID, ID: id}); err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return errNoThread
		}
		return fmt.Errorf("mark thread %d read: %w", id, err)
	}
	return nil
}

// SendMessage replies in an open thread of the caller's, within the limits per sender; the other
// member is told. An enquirer the owner blocked is refused.
func (s *Service) SendMessage(ctx context.Context, id int64, body string) (Message, error) {
	me, t, err := s.mine(ctx, id)
	if err != nil {
		return Message{}, err
	}
	if err := refuseBlocked(ctx, s.q, t, me.ID); err != nil {
		return Message{}, err
	}
	if !t.Open() {
		return Message{}, errClosed
	}
	body = strings.TrimSpace(body)
	var v apperr.Validator
	v.Check(body != "", "body", msgReplyRequired)
	v.Check(!vocab.Enquiry.Reply.TooLong(body), "body", msgReplyLong)
	if err := v.Err(); err != nil {
		return Message{}, err
	}
	var out Message
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		from, err := lockSender(ctx, q, me, t.other(me.ID))
		if err != nil {
			return err
		}
		if err := refuseBlocked(ctx, q, t, me.ID); err != nil {
			return err
		}
		if err := s.reserveMessage(ctx, q, from); err != nil {
			return err
		}
		m, err := q.AddEnquiryMessage(ctx, db.AddEnquiryMessageParams{ThreadID: id, AuthorID: me.ID, Body: body})
		if err != nil {
			if errors.Is(store.Err(err), apperr.ErrNotFound) {
				return errClosed // closed since the first look
			}
			return fmt.Errorf("add message: %w", err)
		}
		out = Message{ID: m.ID, Author: "me", Body: m.Body, SentAt: m.CreatedAt}
		return tell{
			to: t.other(me.ID), role: t.otherRole(), thread: id, kind: "enquiry_reply",
			title: fmt.Sprintf("New message about %s", t.Listing.Title), body: body,
			paragraphs: append([]string{from.name + " wrote about " + t.Listing.Title + ":"}, quoted(body)...),
		}.send(ctx, q)
	})
	return out, err
}

// CloseThread closes an open thread for both members; what was said stays readable.
func (s *Service) CloseThread(ctx context.Context, id int64) (Thread, error) {
	me, t, err := s.mine(ctx, id)
	if err != nil {
		return Thread{}, err
	}
	reason := ClosedByEnquirer
	if t.Role == RoleOwner {
		reason = ClosedByOwner
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockMembers(ctx, q, me.ID, t.other(me.ID)); err != nil {
			return err
		}
		return closeThread(ctx, q, id, reason, me.ID, "This conversation was closed. What was said stays here.")
	})
	if err != nil {
		return Thread{}, err
	}
	return member(ctx, s.q, me.ID, id)
}

// closeThread closes open thread id with a notice and cancels its waiting viewings by by, or
// refuses a closed one.
func closeThread(ctx context.Context, q *db.Queries, id int64, reason string, by int32, text string) error {
	if _, err := q.CloseEnquiryThread(ctx, db.CloseEnquiryThreadParams{ID: id, Reason: reason, Notice: text}); err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return apperr.FailedPrecondition("This conversation is already closed")
		}
		return fmt.Errorf("close thread %d: %w", id, err)
	}
	return cancelViewings(ctx, q, []int64{id}, by, false)
}

// cancelViewings cancels by by the viewings waiting in threads just closed in tx q (with
// upcoming, also those accepted for a time still to come): a statement after the close, so it
// sees a viewing the close waited for (CancelEnquiryViewingsOf).
func cancelViewings(ctx context.Context, q *db.Queries, threads []int64, by int32, upcoming bool) error {
	if len(threads) == 0 {
		return nil
	}
	if err := q.CancelEnquiryViewingsOf(ctx, db.CancelEnquiryViewingsOfParams{CancelledBy: by, ThreadIds: threads, Upcoming: upcoming}); err != nil {
		return fmt.Errorf("cancel viewings of closed threads: %w", err)
	}
	return nil
}

// BlockSender blocks the thread's enquirer (the owner only). A block is between the owner and
// that member, whichever thread it came from: every open thread of the member's about the
// owner's listings closes, the viewings of all their threads with the owner are cancelled
// (those accepted for a time still to come too, in threads closed before as well: a viewing
// kept would leave the member a meeting with the owner, and a cancel note to write them), and
// from then on the member can start, write or ask for a viewing in none of
// them, told only that the owner is not taking enquiries from them (errBlocked). The member's sends take turns with the block
// (LockEnquirySends): each commits before it, and its thread closes here, or sees it. The owner
// is not blocked in return: in threads about the member's own listings both still write.
func (s *Service) BlockSender(ctx context.Context, id int64) (Thread, error) {
	me, t, err := s.mine(ctx, id)
	if err != nil {
		return Thread{}, err
	}
	if t.Role != RoleOwner {
		return Thread{}, errNotOwnerBlock
	}
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockMembers(ctx, q, me.ID, t.enquirerID); err != nil {
			return err
		}
		if err := q.LockEnquirySends(ctx, t.enquirerID); err != nil {
			return fmt.Errorf("lock sends of %d: %w", t.enquirerID, err)
		}
		if err := q.BlockEnquirySender(ctx, db.BlockEnquirySenderParams{OwnerID: me.ID, BlockedID: t.enquirerID, ThreadID: &id}); err != nil {
			return fmt.Errorf("block sender: %w", err)
		}
		if _, err := q.CloseEnquiryThreadsBetween(ctx, db.CloseEnquiryThreadsBetweenParams{
			OwnerID: me.ID, EnquirerID: t.enquirerID, Reason: SenderBlocked,
			Notice: "This conversation is closed. The owner is not taking enquiries from this member.",
		}); err != nil {
			return fmt.Errorf("close threads of a blocked sender: %w", err)
		}
		if err := q.CancelEnquiryViewingsBetween(ctx, db.CancelEnquiryViewingsBetweenParams{OwnerID: me.ID, EnquirerID: t.enquirerID}); err != nil {
			return fmt.Errorf("cancel viewings of a blocked sender: %w", err)
		}
		return nil
	})
	if err != nil {
		return Thread{}, err
	}
	return member(ctx, s.q, me.ID, id)
}

// refuseBlocked refuses me, the enquirer of t, once t's owner blocked them (BlockSender).
func refuseBlocked(ctx context.Context, q *db.Queries, t Thread, me int32) error {
	if t.Role != RoleEnquirer {
		return nil
	}
	blocked, err := q.IsEnquirySenderBlocked(ctx, db.IsEnquirySenderBlockedParams{OwnerID: t.ownerID, SenderID: me})
	if err != nil {
		return fmt.Errorf("read block: %w", err)
	}
	if blocked {
		return errBlocked
	}
	return nil
}

// ReportThread reports the thread to the administrators (either member), who may then read it.
// Reporting it again before an administrator looked adds nothing.
func (s *Service) ReportThread(ctx context.Context, id int64, reason, note string) error {
	me, _, err := s.mine(ctx, id)
	if err != nil {
		return err
	}
	note = strings.TrimSpace(note)
	var v apperr.Validator
	v.Check(slices.Contains(reportReasons, reason), "reason", msgReason)
	vocab.Enquiry.ReportNote.CheckText(&v, "note", "Note", note)
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.q.ReportEnquiryThread(ctx, db.ReportEnquiryThreadParams{ThreadID: id, ReporterID: me.ID, Reason: reason, Note: note}); err != nil {
		return fmt.Errorf("report thread %d: %w", id, err)
	}
	return nil
}

// CloseThreadsOf closes every open thread of userID, whose account closed (AccountClosed) or was
// suspended (AccountSuspended), with a neutral notice; their viewings still to come are
// cancelled. The other members keep what was said. Runs in the caller's transaction q.
func CloseThreadsOf(ctx context.Context, q *db.Queries, userID int32, reason string) error {
	text := NoticeAccountClosed
	if reason == AccountSuspended {
		text = NoticeAccountSuspended
	}
	rows, err := q.CloseEnquiryThreadsOf(ctx, db.CloseEnquiryThreadsOfParams{UserID: userID, Reason: reason, Notice: text})
	if err != nil {
		return fmt.Errorf("close enquiry threads of %d: %w", userID, err)
	}
	closed := make([]int64, len(rows))
	for i, r := range rows {
		closed[i] = r.ID
	}
	return cancelViewings(ctx, q, closed, userID, true)
}
