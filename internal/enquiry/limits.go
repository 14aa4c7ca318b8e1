package enquiry

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ratelimit"
)

// sender is what the limits and the notices need of the member sending.
type sender struct {
	id                     int32
	name                   string
	emailVerified, settled bool // settled: an established account
}

// fresh tells whether the stricter limits apply.
func (s sender) fresh() bool { return !s.emailVerified || !s.settled }

// lockSender begins a send of me's to other in tx q, before anything else it locks: the two
// members' rows (LockEnquiryMembers: a suspension or closure of either, which locks the account
// before it closes their threads, commits first or waits for the send), then me's sends
// (LockEnquirySends: a block of me commits first or waits). Then it reads me's standing; a
// sender suspended or closed meanwhile is refused as signed out (their sessions ended with it).
// Every transaction that writes into threads locks in this order: members, sends, rate keys,
// threads.
func lockSender(ctx context.Context, q *db.Queries, me identity.User, other int32) (sender, error) {
	barred, err := lockMembers(ctx, q, me.ID, other)
	if err != nil {
		return sender{}, err
	}
	if barred[me.ID] {
		return sender{}, errSignedOut
	}
	if err := q.LockEnquirySends(ctx, me.ID); err != nil {
		return sender{}, fmt.Errorf("lock sends of %d: %w", me.ID, err)
	}
	return lookupSender(ctx, q, me)
}

// lockMembers locks the rows of a thread's members (LockEnquiryMembers) and tells which of them
// are suspended or closed.
func lockMembers(ctx context.Context, q *db.Queries, ids ...int32) (map[int32]bool, error) {
	rows, err := q.LockEnquiryMembers(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("lock members %v: %w", ids, err)
	}
	barred := make(map[int32]bool, len(rows))
	for _, r := range rows {
		barred[r.ID] = r.Barred
	}
	return barred, nil
}

// lookupSender reads the sending member's standing (no lock: lockSender is a send's).
func lookupSender(ctx context.Context, q *db.Queries, me identity.User) (sender, error) {
	r, err := q.GetEnquirySender(ctx, me.ID)
	if err != nil {
		return sender{}, fmt.Errorf("read sender %d: %w", me.ID, err)
	}
	return sender{id: me.ID, name: PublicName(r.FirstName, r.LastName, false), emailVerified: r.EmailVerified, settled: r.Established}, nil
}

// reserveMessage counts one message of s (per sender and per network) in tx, or refuses it.
// Called right after lockSender in a transaction that sends (ratelimit.Reserve locks its keys),
// so parallel sends of one member are counted one after another: N parallel sends against a
// limit of L let exactly L through.
func (svc *Service) reserveMessage(ctx context.Context, q *db.Queries, s sender) error {
	l := svc.limits
	return reserve(ctx, q, s, "messages", time.Hour, l.MessagesPerHour, l.MessagesPerHourNew, l.MessagesPerNetwork,
		"You have sent %d messages in the last hour, the most you can for now")
}

// reserveThread counts one new thread of s, or refuses it. Called after reserveMessage (whose
// lock on the sender's key orders the sender's parallel starts) and before any thread is locked.
func (svc *Service) reserveThread(ctx context.Context, q *db.Queries, s sender) error {
	l := svc.limits
	return reserve(ctx, q, s, "threads", 24*time.Hour, l.ThreadsPerDay, l.ThreadsPerDayNew, l.ThreadsPerNetwork,
		"You have started %d enquiries in the last 24 hours, the most you can for now")
}

// reserve counts one event of kind for s and their network within window: at most settled
// (new while s is fresh) for the sender, network for the network; own words the sender's refusal.
func reserve(ctx context.Context, q *db.Queries, s sender, kind string, window time.Duration, settled, fresh, network int, own string) error {
	limit := settled
	if s.fresh() {
		limit = fresh
	}
	_, err := ratelimit.Reserve(ctx, q,
		ratelimit.Rule{Key: "enquiry:" + kind + ":user:" + strconv.Itoa(int(s.id)), Max: limit, Window: window},
		ratelimit.Rule{Key: "enquiry:" + kind + ":net:" + ratelimit.Network(identity.ClientFrom(ctx).IP), Max: network, Window: window},
	)
	return refusal(err, s, fmt.Sprintf(own, limit))
}

// refusal turns a full limit into the message for the sender: the network's, or their own with
// what raises it.
func refusal(err error, s sender, own string) error {
	e, ok := ratelimit.IsExceeded(err)
	if !ok {
		return err
	}
	msg := "Too many messages from your network: please try again later"
	if !strings.Contains(e.Rule.Key, ":net:") {
		msg = own + ": please try again later"
		switch {
		case !s.emailVerified:
			msg += " (verifying your email address raises the limit)"
		case !s.settled:
			msg += " (the limit rises once your account is a week old and has a published review)"
		}
	}
	return &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter, Message: msg}
}
