package enquiry_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// roomy is a sender's limits wide enough for a race test's many sends.
var roomy = testserver.Options{Limits: server.Limits{Enquiries: enquiry.Limits{
	ThreadsPerDay: 1000, ThreadsPerDayNew: 1000, MessagesPerHour: 1000, MessagesPerHourNew: 1000,
}}}

// only fails the test for any outcome of a race but those allowed.
func only(t *testing.T, what string, results map[string]int, allowed ...string) {
	t.Helper()
	for code, n := range results {
		ok := false
		for _, a := range allowed {
			ok = ok || code == a
		}
		if !ok {
			t.Errorf("%s: %d answered %s (all: %v)", what, n, code, results)
		}
	}
}

// A viewing asked for while the thread is being closed either comes first, and is cancelled
// with the close, or is refused: no closed thread keeps a viewing waiting. Both ways of asking
// race the owner's close: RequestViewing, and a viewing request from the property page into the
// open thread (which, once the thread has closed, opens a new one).
func TestViewingRacingCloseNeverWaitsInAClosedThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	const rounds = 16
	flats := make([]int32, rounds)
	threads := make([]int64, rounds)
	for i := range rounds {
		flats[i] = w.Property(t, "lou", fmt.Sprintf("Flat %d", i))
		threads[i] = w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flats[i], Message: "Is it free?"}).Id
	}
	results := parallel(2*rounds, func(i int) error {
		r := i / 2
		if i%2 == 1 {
			_, err := w.client.CloseThread(ctx, testworld.As(lou, &enquiryv1.CloseThreadRequest{ThreadId: threads[r]}))
			return err
		}
		if r%2 == 0 {
			_, err := w.client.RequestViewing(ctx, testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: threads[r], Times: []string{local(4, 10)}}))
			return err
		}
		_, err := w.client.StartEnquiry(ctx, testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: flats[r], ViewingTimes: []string{local(4, 10)}}))
		return err
	})
	only(t, "viewings racing closes", results, "ok", "failed_precondition")
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
		WHERE t.status = 'closed' AND v.status = 'requested'`); n != 0 {
		t.Errorf("closed threads with a viewing waiting: %d of %d (%v)", n, rounds, results)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads WHERE status = 'closed' AND pending_viewings > 0`); n != 0 {
		t.Errorf("closed threads showing a viewing waiting: %d", n)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads WHERE id = ANY($1) AND status = 'open'`, threads); n != 0 {
		t.Errorf("threads the owner closed are open: %d", n)
	}
}

// An enquiry sent while its listing's owner is being suspended, or while its sender is, never
// leaves an open thread with a suspended member: it is sent first and closed with the rest, or
// it is refused.
func TestEnquiryRacingSuspensionLeavesNoOpenThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	root := w.Member(t, "root", "admin")
	tina := w.Member(t, "tina", "tenant")
	w.Member(t, "ann", "landlord")
	const rounds = 16
	owners, senders := make([]int32, rounds), make([]int32, rounds)
	tokens := make([]string, rounds)
	flats, annsFlats := make([]int32, rounds), make([]int32, rounds)
	for i := range rounds {
		owner, from := fmt.Sprintf("owner%d", i), fmt.Sprintf("sender%d", i)
		w.Member(t, owner, "landlord")
		tokens[i] = w.Member(t, from, "tenant")
		owners[i], senders[i] = w.UserID(t, owner), w.UserID(t, from)
		flats[i] = w.Property(t, owner, fmt.Sprintf("Flat %d", i))
		annsFlats[i] = w.Property(t, "ann", fmt.Sprintf("Ann's flat %d", i))
	}
	admin := adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL)
	suspend := func(id int32) error {
		_, err := admin.SuspendAccount(ctx, testworld.As(root, &adminv1.SuspendAccountRequest{UserId: id, Reason: "Asked for money outside the site."}))
		return err
	}
	results := parallel(4*rounds, func(i int) error {
		r := i / 4
		switch i % 4 {
		case 0: // tina writes to an owner being suspended
			_, err := w.client.StartEnquiry(ctx, testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: flats[r], Message: "Is it free?"}))
			return err
		case 1:
			return suspend(owners[r])
		case 2: // a sender being suspended writes to Ann
			_, err := w.client.StartEnquiry(ctx, testworld.As(tokens[r], &enquiryv1.StartEnquiryRequest{PropertyId: annsFlats[r], Message: "Is it free?"}))
			return err
		default:
			return suspend(senders[r])
		}
	})
	// A sender suspended first is signed out (its session ends) or told its session ended.
	only(t, "enquiries racing suspensions", results, "ok", "failed_precondition", "unauthenticated")
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads t JOIN users e ON e.id = t.enquirer_id JOIN users o ON o.id = t.owner_id
		WHERE t.status = 'open' AND (e.suspended_at IS NOT NULL OR o.suspended_at IS NOT NULL)`); n != 0 {
		t.Errorf("open threads with a suspended member: %d of %d (%v)", n, 2*rounds, results)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM users WHERE id = ANY($1) AND suspended_at IS NULL`, slices.Concat(owners, senders)); n != 0 {
		t.Errorf("suspensions refused: %d", n)
	}
}

// A block is between an owner and a member: it closes every open thread of the member's about
// the owner's listings (their waiting viewings cancelled), and the member can no longer start,
// write or ask for a viewing in any of them, told only that the owner is not taking enquiries
// from them. Sends racing the block come first and are closed with the rest, or are refused.
func TestBlockClosesEveryThreadWithTheOwner(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	tina, lou, mo := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord"), w.Member(t, "moe", "tenant")
	w.Member(t, "ann", "landlord")
	flat, house, cottage := w.Property(t, "lou", "Quiet flat"), w.Property(t, "lou", "Big house"), w.Property(t, "lou", "Small cottage")
	elsewhere := w.Property(t, "ann", "Other flat")
	a := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hello"})
	b := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: house, ViewingTimes: []string{local(3, 10)}})
	moes := w.start(t, mo, &enquiryv1.StartEnquiryRequest{PropertyId: house, Message: "Hello"})
	anns := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: elsewhere, Message: "Hello"})
	if _, err := w.client.BlockSender(ctx, testworld.As(lou, &enquiryv1.BlockSenderRequest{ThreadId: a.Id})); err != nil {
		t.Fatal(err)
	}
	other, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: b.Id}))
	if err != nil || other.Msg.Thread.Status != "closed" || other.Msg.Thread.ClosedReason != enquiry.SenderBlocked ||
		other.Msg.Thread.PendingViewing || other.Msg.Viewings[0].Status != "cancelled" {
		t.Errorf("the blocked member's other thread with the owner: %v %v", other, err)
	}
	const blocked = "failed_precondition: The owner of this listing is not taking enquiries from you"
	for name, err := range map[string]error{
		"send":    second(w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: b.Id, Body: "Hello?"}))),
		"viewing": second(w.client.RequestViewing(ctx, testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: b.Id, Times: []string{local(4, 10)}}))),
		"start":   second(w.client.StartEnquiry(ctx, testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: cottage, Message: "Hello"}))),
	} {
		if got := testworld.Failure(err); got != blocked {
			t.Errorf("%s by the blocked member: %s, want %s", name, got, blocked)
		}
	}
	for _, th := range []int64{moes.Id, anns.Id} {
		if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads WHERE id = $1 AND status = 'open'`, th); n != 1 {
			t.Errorf("thread %d of another member or another owner closed", th)
		}
	}
	if _, err := w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: anns.Id, Body: "Still there?"})); err != nil {
		t.Errorf("the member writes to another owner: %v", err)
	}

	// Many members, each blocked while they start, write and ask for a viewing in their threads
	// with the owner: none keeps an open thread with him, none a viewing waiting.
	const members = 12
	tokens := make([]string, members)
	flats, houses := make([]int64, members), make([]int64, members)
	for i := range members {
		tokens[i] = w.Member(t, fmt.Sprintf("member%d", i), "tenant")
		flats[i] = w.start(t, tokens[i], &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hello"}).Id
		houses[i] = w.start(t, tokens[i], &enquiryv1.StartEnquiryRequest{PropertyId: house, Message: "Hello"}).Id
	}
	results := parallel(4*members, func(i int) error {
		m := i / 4
		var err error
		switch i % 4 {
		case 0:
			_, err = w.client.BlockSender(ctx, testworld.As(lou, &enquiryv1.BlockSenderRequest{ThreadId: flats[m]}))
		case 1:
			_, err = w.client.StartEnquiry(ctx, testworld.As(tokens[m], &enquiryv1.StartEnquiryRequest{PropertyId: cottage, Message: "Hello"}))
		case 2:
			_, err = w.client.SendMessage(ctx, testworld.As(tokens[m], &enquiryv1.SendMessageRequest{ThreadId: houses[m], Body: "Hello?"}))
		default:
			_, err = w.client.RequestViewing(ctx, testworld.As(tokens[m], &enquiryv1.RequestViewingRequest{ThreadId: houses[m], Times: []string{local(4, 10)}}))
		}
		return err
	})
	only(t, "sends racing blocks", results, "ok", "failed_precondition")
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads t JOIN enquiry_blocks b ON b.owner_id = t.owner_id AND b.blocked_id = t.enquirer_id
		WHERE t.status = 'open'`); n != 0 {
		t.Errorf("open threads of blocked members with the owner: %d (%v)", n, results)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
		WHERE t.status = 'closed' AND v.status = 'requested'`); n != 0 {
		t.Errorf("closed threads with a viewing waiting: %d", n)
	}
}
