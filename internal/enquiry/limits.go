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

// lockSender begins a send of me's to other in tx q: lockMembers, then me's sends
// (LockEnquirySends: a block of me commits first or waits), then it reads me's standing.
func lockSender(ctx context.Context, q *db.Queries, me identity.User, other int32) (sender, error) {
	if err := lockMembers(ctx, q, me.ID, other); err != nil {
		return sender{}, err
	}
	if err := q.LockEnquirySends(ctx, me.ID); err != nil {
		return sender{}, fmt.Errorf("lock sends of %d: %w", me.ID, err)
	}
	return lookupSender(ctx, q, me)
}

// lockMembers is the first lock of every transaction that writes into a thread (a send, a
// viewing's answer, a close, a block), but for the listing a new thread or viewing locks before
// it (a property before its people, as a suspension or closure takes them): the rows of the
// thread's two members, me (acting) and other (LockEnquiryMembers, in id order). A suspension
// or closure of either locks the account before it closes their threads, so it commits first,
// and is seen, or waits for this transaction; never the other way round, which would deadlock.
// A member suspended or closed meanwhile is refused as signed out (their sessions ended with
// it). After the members such a transaction locks in this order only: sends
// (LockEnquirySends), rate-limit keys, threads, viewings.
func lockMembers(ctx context.Context, q *db.Queries, me, other int32) error {
	rows, err := q.LockEnquiryMembers(ctx, []int32{me, other})
	if err != nil {
		return fmt.Errorf("lock members %d and %d: %w", me, other, err)
	}
	for _, r := range rows {
		if r.ID == me && r.Barred {
			return errSignedOut
		}
	}
	return nil
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
