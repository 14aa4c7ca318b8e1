package enquiry

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// ReportedListed is how many reported threads /admin's list holds at most.
const ReportedListed = 50

// ReportedMessages is how many of a reported thread's latest messages the list holds at most: a
// thread can grow by thousands of messages a month, and the list holds fifty threads.
const ReportedMessages = 100

// EarlierLeftOut is the notice that opens a reported thread whose earlier messages the list
// leaves out.
var EarlierLeftOut = fmt.Sprintf("Earlier messages are left out: these are the latest %d.", ReportedMessages)

var (
	errAdminSignedOut = apperr.Unauthenticated("Please sign in as an administrator.")
	errNotAdmin       = apperr.PermissionDenied("Only administrators can read reported conversations.")
	errNoOpenReport   = apperr.FailedPrecondition("This conversation has no report waiting")
)

// Report is one member's open report on a thread.
type Report struct {
	Reason, Note, Reporter string
	ReportedAt             time.Time
}

// ReportedMessage is one message of a reported thread, as an administrator reads it.
type ReportedMessage struct {
	Author string // username; "" for a system notice
	Body   string
	SentAt time.Time
}

// Reported is a reported thread with what an administrator needs to decide.
type Reported struct {
	ThreadID                int64
	PropertyID              int32
	PropertyTitle           string
	EnquirerName, OwnerName string // usernames
	Reports                 []Report
	Messages                []ReportedMessage
}

// ListReported lists the threads with reports no administrator has handled, the oldest report
// first, each with its open reports and its latest ReportedMessages messages (after an
// EarlierLeftOut notice when there were more): three statements for the whole list.
func (s *Service) ListReported(ctx context.Context) ([]Reported, error) {
	if _, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin); err != nil {
		return nil, err
	}
	threads, err := s.q.ListReportedEnquiryThreads(ctx, ReportedListed)
	if err != nil {
		return nil, fmt.Errorf("list reported threads: %w", err)
	}
	out := make([]Reported, len(threads))
	ids := make([]int64, len(threads))
	at := make(map[int64]*Reported, len(threads))
	for i, t := range threads {
		out[i] = Reported{
			ThreadID: t.ID, PropertyID: t.PropertyID, PropertyTitle: t.PropertyTitle,
			EnquirerName: t.EnquirerUsername, OwnerName: t.OwnerUsername, Reports: []Report{}, Messages: []ReportedMessage{},
		}
		ids[i] = t.ID
		at[t.ID] = &out[i]
	}
	if len(ids) == 0 {
		return out, nil
	}
	reports, err := s.q.ListOpenEnquiryReports(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("list open reports: %w", err)
	}
	for _, r := range reports {
		at[r.ThreadID].Reports = append(at[r.ThreadID].Reports, Report{Reason: r.Reason, Note: r.Note, Reporter: r.ReporterUsername, ReportedAt: r.CreatedAt})
	}
	// One past the most shown, to tell that earlier ones are left out.
	msgs, err := s.q.ListReportedEnquiryMessages(ctx, db.ListReportedEnquiryMessagesParams{ThreadIds: ids, MaxRows: ReportedMessages + 1})
	if err != nil {
		return nil, fmt.Errorf("list reported messages: %w", err)
	}
	for _, m := range msgs {
		at[m.ThreadID].Messages = append(at[m.ThreadID].Messages, ReportedMessage{Author: m.AuthorUsername, Body: m.Body, SentAt: m.CreatedAt})
	}
	for i := range out {
		if ms := out[i].Messages; len(ms) > ReportedMessages {
			ms[0] = ReportedMessage{Body: EarlierLeftOut, SentAt: ms[0].SentAt} // in place of the oldest read
			out[i].Messages = ms
		}
	}
	return out, nil
}

// HandleReports marks a thread's open reports handled by the calling administrator, keeps the
// note in admin_decisions, and tells each reporter it was looked at. A thread with no open report
// is refused.
func (s *Service) HandleReports(ctx context.Context, threadID int64, note string) error {
	admin, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin)
	if err != nil {
		return err
	}
	note = strings.TrimSpace(note)
	var v apperr.Validator
	vocab.Enquiry.HandledNote.CheckText(&v, "note", "Note", note)
	if err := v.Err(); err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		reporters, err := q.HandleEnquiryReports(ctx, db.HandleEnquiryReportsParams{AdminID: admin.ID, ThreadID: threadID})
		if err != nil {
			return fmt.Errorf("handle reports of %d: %w", threadID, err)
		}
		if len(reporters) == 0 {
			return errNoOpenReport
		}
		if err := q.RecordEnquiryDecision(ctx, db.RecordEnquiryDecisionParams{AdminID: admin.ID, ThreadID: threadID, Message: note}); err != nil {
			return fmt.Errorf("record decision: %w", err)
		}
		return notify.SendEach(ctx, q, reporters, notify.Notice{
			Category: notify.Moderation, Kind: "enquiry_report_handled",
			Title: "We looked at the conversation you reported",
			Body:  "An administrator read the conversation you reported and acted on it where needed. Thank you for telling us.",
			Link:  "/dashboard",
		})
	})
}
