package enquiry

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/notify"
)

// SafetyNotice is the first words of every thread, before anything either member writes.
const SafetyNotice = "RentProof never asks anyone to pay a deposit or fee outside the site. Do not send money, bank or card details, or ID documents to someone you have not met, before you have viewed the property and signed a tenancy agreement. If you are asked to, report this conversation."

// Notices for a thread closed because of an account: neutral, the same for both sides.
const (
	NoticeAccountClosed    = "This conversation is closed: one of its members closed their account. What was said stays here."
	NoticeAccountSuspended = "This conversation is closed: one of its members can no longer use RentProof. What was said stays here."
)

// verifiedNotice says whether and how the listing is verified, in words that claim no more than
// the verification checked.
func verifiedNotice(verified bool, proof string) string {
	if !verified {
		return "This listing is not verified: RentProof has not checked that the person who listed it owns or manages it."
	}
	switch proof {
	case "documents":
		return "This listing is verified: an administrator checked its owner's documents."
	case "paid_check":
		return "This listing is verified: an administrator checked it in a paid verification check."
	case "demo":
		return "This listing is part of RentProof's sample data."
	}
	return "This listing is verified: people who know the property confirmed that its owner lists it."
}

// notice writes a system notice into thread id: unread for unreadFor (0: no one), moving the
// waiting viewings by pending.
func notice(ctx context.Context, q *db.Queries, id int64, body string, unreadFor int32, pending int32) error {
	if _, err := q.AddEnquiryNotice(ctx, db.AddEnquiryNoticeParams{
		ThreadID: id, Body: body, UnreadFor: unreadFor, PendingDelta: pending,
	}); err != nil {
		return fmt.Errorf("notice in thread %d: %w", id, err)
	}
	return nil
}

// tell is one event told to member to (whose side of thread t is role): the notification, and
// the email with what happened and a link to the thread. Neither carries anyone's address, and
// the email has no Reply-To: answers go through RentProof.
type tell struct {
	to         int32
	role       string
	thread     int64
	kind       string // new_enquiry, enquiry_reply, viewing_requested, viewing_accepted, …
	title      string
	body       string   // the notification's text
	paragraphs []string // the email's text (the message itself among them)
	attachment *mail.Attachment
}

func (e tell) send(ctx context.Context, q *db.Queries) error {
	paragraphs := append(slices.Clone(e.paragraphs), "Answer on RentProof: your email address is never shown to the other member, and replying to this email does not reach them.")
	return notify.Send(ctx, q, notify.Notice{
		UserID: e.to, Category: notify.Enquiries, Kind: e.kind, Title: e.title, Body: e.body,
		Link: ThreadPath(e.role, e.thread), Action: "Open the conversation",
		Email:      mail.Content{Heading: e.title, Paragraphs: paragraphs},
		Attachment: e.attachment,
	})
}

// quoted is a member's message as an email paragraph: its own paragraphs, quoted.
func quoted(text string) []string {
	var out []string
	for p := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, "“"+p+"”")
		}
	}
	return out
}
