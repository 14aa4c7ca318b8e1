package enquiry_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/internal/account"
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

// An answer to a viewing (accept, decline, cancel) and a suspension or closure of either member
// of its thread, in either order, never deadlock: the answer locks both members' rows before the
// thread, as the suspension or closure locks the account before it closes the member's threads.
// (Cancelling writes the member who cancels into the viewing, whose foreign key locks their row:
// had the thread been locked first, a member cancelling while their own account was being
// suspended or closed deadlocked with it.) Each case is played in both orders, the first one held
// up where it hurts until the second waits for it: the answer about to tell the members, its
// thread locked, or the account's end about to hide its listings, the account locked. Answered
// first, the answer stands, and the suspension then cancels the viewing; suspended first, the
// viewing is cancelled before the answer sees it, and the member whose account ended is refused
// as signed out, as a send is.
func TestViewingAnswersAndAccountEndsNeverDeadlock(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	root := w.Member(t, "root", "admin")
	admin := adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL)
	closures := accountv1connect.NewAccountClosureServiceClient(w.Client, w.URL)
	hash, err := account.HashSecret(testworld.Password)
	if err != nil {
		t.Fatal(err)
	}
	accept := func(token string, viewing, time int64) error {
		_, err := w.client.AcceptViewingTime(ctx, testworld.As(token, &enquiryv1.AcceptViewingTimeRequest{ViewingId: viewing, TimeId: time}))
		return err
	}
	decline := func(token string, viewing, _ int64) error {
		_, err := w.client.DeclineViewing(ctx, testworld.As(token, &enquiryv1.DeclineViewingRequest{ViewingId: viewing, Message: "Booked that week, sorry."}))
		return err
	}
	cancel := func(token string, viewing, _ int64) error {
		_, err := w.client.CancelViewing(ctx, testworld.As(token, &enquiryv1.CancelViewingRequest{ViewingId: viewing, Message: "Found another flat."}))
		return err
	}
	const (
		answerFirst = "LOCK TABLE notify_bursts IN EXCLUSIVE MODE" // the answer waits to tell, its thread locked
		endFirst    = "LOCK TABLE properties IN SHARE MODE"        // the account's end waits to hide listings, the account locked
	)
	const gone, signedOut = "failed_precondition", "unauthenticated"
	cases := []struct {
		name     string
		by, ends string // "owner" or "enquirer": who answers, whose account ends
		closes   bool   // the account is closed by its member (else an administrator suspends it)
		accepted bool   // the viewing is accepted before
		answer   func(token string, viewing, time int64) error
		refusal  string // the answer's refusal once the account ended first
	}{
		{"accept, enquirer suspended", "owner", "enquirer", false, false, accept, gone},
		{"decline, enquirer suspended", "owner", "enquirer", false, false, decline, gone},
		{"the enquirer cancels, owner suspended", "enquirer", "owner", false, false, cancel, gone},
		{"the owner cancels an accepted viewing, enquirer suspended", "owner", "enquirer", false, true, cancel, gone},
		{"accept, owner suspended", "owner", "owner", false, false, accept, signedOut},
		{"the enquirer cancels, enquirer suspended", "enquirer", "enquirer", false, false, cancel, signedOut},
		{"the owner cancels an accepted viewing, owner suspended", "owner", "owner", false, true, cancel, signedOut},
		{"the enquirer cancels, enquirer closes the account", "enquirer", "enquirer", true, false, cancel, signedOut},
	}
	n := 0
	for _, c := range cases {
		for _, first := range []string{answerFirst, endFirst} {
			n++
			names := map[string]string{"owner": fmt.Sprintf("owner%d", n), "enquirer": fmt.Sprintf("tenant%d", n)}
			tokens := map[string]string{"owner": w.Member(t, names["owner"], "landlord"), "enquirer": w.Member(t, names["enquirer"], "tenant")}
			flat := w.Property(t, names["owner"], fmt.Sprintf("Flat %d", n))
			th := w.start(t, tokens["enquirer"], &enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(3, 10), local(4, 11)}})
			viewing := int64(w.ID(t, `SELECT id::int FROM enquiry_viewings WHERE thread_id = $1`, th.Id))
			at := int64(w.ID(t, `SELECT id::int FROM enquiry_viewing_times WHERE viewing_id = $1 ORDER BY starts_at LIMIT 1`, viewing))
			if c.accepted {
				if err := accept(tokens["owner"], viewing, at); err != nil {
					t.Fatal(err)
				}
			}
			answering := func() error { return c.answer(tokens[c.by], viewing, at) }
			ending := func() error {
				if c.closes {
					_, err := closures.DeleteAccount(ctx, testworld.As(tokens[c.ends], &accountv1.DeleteAccountRequest{Username: names[c.ends], Password: testworld.Password}))
					return err
				}
				_, err := admin.SuspendAccount(ctx, testworld.As(root, &adminv1.SuspendAccountRequest{UserId: w.UserID(t, names[c.ends]), Reason: "Asked for money outside the site."}))
				return err
			}
			if c.closes {
				w.Exec(t, `UPDATE users SET password_hash = $1 WHERE username = $2`, hash, names[c.ends])
			}
			var got, ended, want, order string
			if first == answerFirst {
				got, ended = w.interleave(t, first, answering, ending)
				want, order = "ok", "answered first"
			} else {
				ended, got = w.interleave(t, first, ending, answering)
				want, order = c.refusal, "the account ended first"
			}
			if got != want || ended != "ok" {
				t.Errorf("%s, %s: the answer %s (want %s), the account's end %s", c.name, order, got, want, ended)
			}
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
		JOIN users e ON e.id = t.enquirer_id JOIN users o ON o.id = t.owner_id
		WHERE (e.suspended_at IS NOT NULL OR o.suspended_at IS NOT NULL OR e.closed_at IS NOT NULL OR o.closed_at IS NOT NULL) AND (v.status = 'requested'
			OR (v.status = 'accepted' AND EXISTS (SELECT 1 FROM enquiry_viewing_times x WHERE x.id = v.accepted_time_id AND x.starts_at > now())))`); n != 0 {
		t.Errorf("viewings still to come with a member whose account ended: %d", n)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads t JOIN users e ON e.id = t.enquirer_id JOIN users o ON o.id = t.owner_id
		WHERE (t.status = 'open' AND (e.suspended_at IS NOT NULL OR o.suspended_at IS NOT NULL OR e.closed_at IS NOT NULL OR o.closed_at IS NOT NULL))
			OR (t.status = 'closed' AND t.pending_viewings > 0)`); n != 0 {
		t.Errorf("open threads with a member whose account ended, or closed ones showing a viewing waiting: %d", n)
	}
}

// interleave runs first, then, once first waits for a lock (the one hold takes, in a
// transaction of the test's), second; once second waits too, hold is released. It answers
// each one's outcome: "ok", or the code it was refused with.
func (w *world) interleave(t *testing.T, hold string, first, second func() error) (string, string) {
	t.Helper()
	ctx := context.Background()
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, hold); err != nil {
		t.Fatal(err)
	}
	run := func(fn func() error) chan string {
		out := make(chan string, 1)
		go func() {
			if err := fn(); err != nil {
				out <- connect.CodeOf(err).String()
				return
			}
			out <- "ok"
		}()
		return out
	}
	a := run(first)
	w.waitForLocks(t, 1, a)
	b := run(second)
	w.waitForLocks(t, 2, a, b)
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	return <-a, <-b
}

// waitForLocks waits until n sessions of the test's database wait for a lock, or one of done
// has finished.
func (w *world) waitForLocks(t *testing.T, n int32, done ...chan string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		for _, d := range done {
			if len(d) > 0 {
				return
			}
		}
		if w.ID(t, `SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`) >= n {
			return
		}
	}
	t.Fatalf("%d sessions never waited for a lock", n)
}

// A viewing asked for while its listing is withdrawn either comes first, and the withdrawal
// (here: hiding the listing, then cancelling the viewings waiting on it, as hiding an owner's
// listings does) cancels it, or waits for the withdrawal and is refused as no longer available:
// the request re-reads the listing under a share lock, and the withdrawal's update takes turns
// with it. No withdrawn listing is left with a viewing waiting. (A listing leaves view today only
// with its owner's account, whose suspension or closure also closes its threads: the withdrawal
// here, a transaction of the test's, stands for any other.)
func TestViewingRacingWithdrawalNeverWaitsOnAnInactiveListing(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	w.Member(t, "lou", "landlord")
	const rounds = 16
	flats, threads := make([]int32, rounds), make([]int64, rounds)
	tokens := make([]string, rounds)
	for i := range rounds {
		tokens[i] = w.Member(t, fmt.Sprintf("tenant%d", i), "tenant")
		flats[i] = w.Property(t, "lou", fmt.Sprintf("Flat %d", i))
		threads[i] = w.start(t, tokens[i], &enquiryv1.StartEnquiryRequest{PropertyId: flats[i], Message: "Is it free?"}).Id
	}
	withdraw := func(flat int32) error {
		return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE properties SET active = false WHERE id = $1`, flat); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE enquiry_viewings v SET status = 'cancelled', cancelled_by = t.owner_id, decided_at = now()
				FROM enquiry_threads t WHERE t.id = v.thread_id AND t.property_id = $1 AND v.status = 'requested'`, flat); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `SELECT pg_sleep(0.1)`) // the rest of the withdrawal's work, before it commits
			return err
		})
	}
	const gone = "failed_precondition: This listing is no longer available, so it takes no new viewing requests"
	results := parallel(2*rounds, func(i int) error {
		r := i / 2
		if i%2 == 1 {
			time.Sleep(time.Duration(i/2%8) * 50 * time.Millisecond) // the requests a head start of 0-350 ms
			return withdraw(flats[r])
		}
		_, err := w.client.RequestViewing(ctx, testworld.As(tokens[r], &enquiryv1.RequestViewingRequest{ThreadId: threads[r], Times: []string{local(4, 10)}}))
		if err != nil && testworld.Failure(err) != gone {
			return fmt.Errorf("%s", testworld.Failure(err)) // counted as unknown
		}
		return err
	})
	only(t, "viewings racing withdrawals", results, "ok", "failed_precondition")
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings v JOIN enquiry_threads t ON t.id = v.thread_id
		JOIN properties p ON p.id = t.property_id WHERE NOT p.active AND v.status = 'requested'`); n != 0 {
		t.Errorf("withdrawn listings with a viewing waiting: %d of %d (%v)", n, rounds, results)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM properties WHERE id = ANY($1) AND active`, flats); n != 0 {
		t.Errorf("listings still active: %d", n)
	}
}

// Thirty enquiries and viewing requests sent at once by one member about one listing open one
// thread, which holds every one of them (the unique open thread per listing and member is never
// what refuses a send): its counters agree with what it holds.
func TestParallelStartsOpenOneThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	tina := w.Member(t, "tina", "tenant")
	w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	const n = 30
	results := parallel(n, func(i int) error {
		req := &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: fmt.Sprintf("Question %d", i)}
		if i%2 == 0 {
			req = &enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(3+i%5, 10+i%7)}}
		}
		_, err := w.client.StartEnquiry(ctx, testworld.As(tina, req))
		return err
	})
	only(t, "parallel starts", results, "ok")
	if got := w.ID(t, `SELECT count(*)::int FROM enquiry_threads`); got != 1 {
		t.Fatalf("threads opened: %d, want 1", got)
	}
	// The safety notice, 15 questions, 15 viewing notices; 30 unread for the owner; 15 waiting.
	if got := w.ID(t, `SELECT count(*)::int FROM enquiry_messages`); got != 1+n {
		t.Errorf("messages: %d, want %d", got, 1+n)
	}
	if got := w.ID(t, `SELECT (owner_unread * 1000 + pending_viewings)::int FROM enquiry_threads`); got != n*1000+n/2 {
		t.Errorf("owner unread * 1000 + waiting viewings: %d, want %d", got, n*1000+n/2)
	}
	if got := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings WHERE status = 'requested'`); got != n/2 {
		t.Errorf("viewings waiting: %d, want %d", got, n/2)
	}
}
