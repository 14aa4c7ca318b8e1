package enquiry_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"

	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/gen/rentproof/enquiry/v1/enquiryv1connect"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a test server with the enquiry clients: Connect, and gRPC (h2c) beside it.
type world struct {
	*testworld.World
	client, grpc enquiryv1connect.EnquiryServiceClient
}

func newWorld(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	w := &world{World: testworld.Start(t, opts)}
	w.client = enquiryv1connect.NewEnquiryServiceClient(w.Client, w.URL)
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	w.grpc = enquiryv1connect.NewEnquiryServiceClient(&http.Client{Transport: &http.Transport{Protocols: &protocols}}, w.URL, connect.WithGRPC())
	return w
}

// start sends an enquiry as token and fails the test when it is refused.
func (w *world) start(t *testing.T, token string, req *enquiryv1.StartEnquiryRequest) *enquiryv1.Thread {
	t.Helper()
	res, err := w.client.StartEnquiry(context.Background(), testworld.As(token, req))
	if err != nil {
		t.Fatalf("start enquiry: %v", err)
	}
	return res.Msg.Thread
}

// local is a wall-clock time in New York (the listings' zone here) days ahead, at hh:00.
func local(days, hour int) string {
	zone, _ := time.LoadLocation("America/New_York")
	d := time.Now().In(zone).AddDate(0, 0, days)
	return fmt.Sprintf("%sT%02d:00", d.Format("2006-01-02"), hour)
}

// A thread is its two members' only: a stranger cannot read it, answer in it, mark or close it,
// list it, or list the listing's enquiries, over Connect, gRPC or the REST shim; each is told
// not found, as for a thread that does not exist, and nothing is written.
func TestStrangerCannotReadAnswerOrList(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou, eve := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord"), w.Member(t, "eve", "tenant")
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is parking included?", MoveInMonth: time.Now().AddDate(0, 2, 0).Format("2006-01"), Occupants: 2})
	if th.Role != "enquirer" || th.Other.Name != "Lou T." || th.Status != "open" || th.Listing.TimeZone != "America/New_York" || th.Occupants != 2 {
		t.Errorf("the new thread as its enquirer sees it: %+v", th)
	}
	const notFound = "not_found: Conversation not found"
	for name, err := range map[string]error{
		"get":            second(w.client.GetThread(ctx, testworld.As(eve, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))),
		"send":           second(w.client.SendMessage(ctx, testworld.As(eve, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "Pay me a deposit"}))),
		"read":           second(w.client.MarkThreadRead(ctx, testworld.As(eve, &enquiryv1.MarkThreadReadRequest{ThreadId: th.Id}))),
		"close":          second(w.client.CloseThread(ctx, testworld.As(eve, &enquiryv1.CloseThreadRequest{ThreadId: th.Id}))),
		"block":          second(w.client.BlockSender(ctx, testworld.As(eve, &enquiryv1.BlockSenderRequest{ThreadId: th.Id}))),
		"grpc get":       second(w.grpc.GetThread(ctx, testworld.As(eve, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))),
		"grpc send":      second(w.grpc.SendMessage(ctx, testworld.As(eve, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "Pay me a deposit"}))),
		"no such thread": second(w.client.GetThread(ctx, testworld.As(eve, &enquiryv1.GetThreadRequest{ThreadId: th.Id + 1000}))),
	} {
		if got := testworld.Failure(err); got != notFound {
			t.Errorf("%s by a stranger: %s, want %s", name, got, notFound)
		}
	}
	if _, err := w.client.ListReceivedEnquiries(ctx, testworld.As(eve, &enquiryv1.ListReceivedEnquiriesRequest{PropertyId: flat})); testworld.Failure(err) != "not_found: Property Not Found" {
		t.Errorf("a stranger lists the listing's enquiries: %s", testworld.Failure(err))
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, fmt.Sprintf("/api/enquiries/%d", th.Id), ""},
		{http.MethodPost, fmt.Sprintf("/api/enquiries/%d/messages", th.Id), `{"body":"Pay me a deposit"}`},
		{http.MethodPost, fmt.Sprintf("/api/enquiries/%d/read", th.Id), ""},
		{http.MethodPost, fmt.Sprintf("/api/enquiries/%d/close", th.Id), ""},
		{http.MethodGet, fmt.Sprintf("/api/user/enquiries/received?propertyId=%d", flat), ""},
	} {
		if status, _, body := testworld.Send(t, c.method, w.URL+c.path, eve, "application/json", strings.NewReader(c.body)); status != http.StatusNotFound {
			t.Errorf("REST %s %s by a stranger: %d %s", c.method, c.path, status, body)
		}
	}
	// The stranger's own lists hold nothing of it, over Connect, gRPC and REST.
	for name, client := range map[string]enquiryv1connect.EnquiryServiceClient{"connect": w.client, "grpc": w.grpc} {
		mine, err := client.ListMyEnquiries(ctx, testworld.As(eve, &enquiryv1.ListMyEnquiriesRequest{}))
		if err != nil || len(mine.Msg.Threads) != 0 {
			t.Errorf("%s: a stranger's own enquiries: %v %v", name, mine, err)
		}
		received, err := client.ListReceivedEnquiries(ctx, testworld.As(eve, &enquiryv1.ListReceivedEnquiriesRequest{}))
		if err != nil || len(received.Msg.Threads) != 0 {
			t.Errorf("%s: a stranger's received enquiries: %v %v", name, received, err)
		}
	}
	for _, path := range []string{"/api/user/enquiries", "/api/user/enquiries/received"} {
		status, _, body := testworld.Send(t, http.MethodGet, w.URL+path, eve, "", nil)
		var list struct{ Threads []json.RawMessage }
		if status != http.StatusOK || json.Unmarshal([]byte(body), &list) != nil || len(list.Threads) != 0 {
			t.Errorf("REST %s: a stranger's own list: %d %s", path, status, body)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_messages WHERE thread_id = $1 AND body LIKE 'Pay me%'`, th.Id); n != 0 {
		t.Errorf("a stranger's message was stored: %d", n)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads WHERE id = $1 AND status = 'open'`, th.Id); n != 1 {
		t.Errorf("a stranger closed the thread")
	}

	// Its two members read it: the safety notice first, then the message; the owner sees it
	// unread until they read it, and the enquirer then sees their message read.
	got, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil {
		t.Fatal(err)
	}
	msgs := got.Msg.Messages
	if len(msgs) != 2 || msgs[0].Author != "system" || !strings.Contains(msgs[0].Body, "never asks anyone to pay a deposit or fee outside the site") ||
		!strings.Contains(msgs[0].Body, "This listing is not verified") || msgs[1].Author != "them" || msgs[1].Body != "Is parking included?" {
		t.Errorf("the owner reads: %+v", msgs)
	}
	if got.Msg.Thread.Role != "owner" || got.Msg.Thread.Unread != 1 || got.Msg.Thread.Other.Name != "Tina T." {
		t.Errorf("the thread as its owner sees it: %+v", got.Msg.Thread)
	}
	received, err := w.grpc.ListReceivedEnquiries(ctx, testworld.As(lou, &enquiryv1.ListReceivedEnquiriesRequest{PropertyId: flat}))
	if err != nil || len(received.Msg.Threads) != 1 || received.Msg.UnreadThreads != 1 {
		t.Fatalf("the owner's list: %v %v", received, err)
	}
	if _, err := w.client.MarkThreadRead(ctx, testworld.As(lou, &enquiryv1.MarkThreadReadRequest{ThreadId: th.Id})); err != nil {
		t.Fatal(err)
	}
	mine, err := w.client.GetThread(ctx, testworld.As(tina, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil {
		t.Fatal(err)
	}
	if last := mine.Msg.Messages[1]; last.Author != "me" || last.ReadAt == nil {
		t.Errorf("the enquirer's message after the owner read it: %+v", last)
	}
}

// A viewing is answered only by its thread's members, and only with its own times: a stranger,
// and the owner of another listing, cannot accept, decline or cancel it, ask for one in the
// thread, or report the thread (each told not found, as for what does not exist, over Connect,
// gRPC and REST); its owner cannot accept it with a time of another viewing, nor answer another
// owner's viewing. Nothing changes: no viewing decided, no notice, no report, no notification.
func TestViewingsAnsweredOnlyByTheirMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	eve, ann := w.Member(t, "eve", "tenant"), w.Member(t, "ann", "landlord")
	flat, loft := w.Property(t, "lou", "Quiet flat"), w.Property(t, "ann", "Canal loft")
	mine := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(3, 10)}})
	theirs := w.start(t, eve, &enquiryv1.StartEnquiryRequest{PropertyId: loft, ViewingTimes: []string{local(4, 11)}})
	viewing := func(owner string, id int64) *enquiryv1.Viewing {
		t.Helper()
		full, err := w.client.GetThread(ctx, testworld.As(owner, &enquiryv1.GetThreadRequest{ThreadId: id}))
		if err != nil {
			t.Fatal(err)
		}
		return full.Msg.Viewings[0]
	}
	v, other := viewing(lou, mine.Id), viewing(ann, theirs.Id)
	messages := w.ID(t, `SELECT count(*)::int FROM enquiry_messages`)
	notified := len(w.Notifications(t, "tina")) + len(w.Notifications(t, "lou"))

	const noViewing, noThread = "not_found: Viewing not found", "not_found: Conversation not found"
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a stranger accepts", second(w.client.AcceptViewingTime(ctx, testworld.As(eve, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id}))), noViewing},
		{"another owner accepts", second(w.client.AcceptViewingTime(ctx, testworld.As(ann, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id}))), noViewing},
		{"a stranger accepts over gRPC", second(w.grpc.AcceptViewingTime(ctx, testworld.As(eve, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id}))), noViewing},
		{"a stranger declines", second(w.client.DeclineViewing(ctx, testworld.As(eve, &enquiryv1.DeclineViewingRequest{ViewingId: v.Id, Message: "No"}))), noViewing},
		{"a stranger cancels", second(w.client.CancelViewing(ctx, testworld.As(eve, &enquiryv1.CancelViewingRequest{ViewingId: v.Id, Message: "Off"}))), noViewing},
		{"another owner cancels", second(w.client.CancelViewing(ctx, testworld.As(ann, &enquiryv1.CancelViewingRequest{ViewingId: v.Id}))), noViewing},
		{"a stranger asks for a viewing", second(w.client.RequestViewing(ctx, testworld.As(eve, &enquiryv1.RequestViewingRequest{ThreadId: mine.Id, Times: []string{local(5, 10)}}))), noThread},
		{"a stranger reports", second(w.client.ReportThread(ctx, testworld.As(eve, &enquiryv1.ReportThreadRequest{ThreadId: mine.Id, Reason: "spam"}))), noThread},
		{"the owner accepts with another viewing's time", second(w.client.AcceptViewingTime(ctx, testworld.As(lou, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: other.Times[0].Id}))),
			"not_found: That time is not one of this viewing's"},
		{"the owner accepts another owner's viewing", second(w.client.AcceptViewingTime(ctx, testworld.As(lou, &enquiryv1.AcceptViewingTimeRequest{ViewingId: other.Id, TimeId: other.Times[0].Id}))), noViewing},
		{"the owner declines another owner's viewing", second(w.client.DeclineViewing(ctx, testworld.As(lou, &enquiryv1.DeclineViewingRequest{ViewingId: other.Id, Message: "No"}))), noViewing},
	} {
		if got := testworld.Failure(c.err); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	for _, c := range []struct{ path, body string }{
		{fmt.Sprintf("/api/enquiries/viewings/%d/accept", v.Id), fmt.Sprintf(`{"timeId":%d}`, v.Times[0].Id)},
		{fmt.Sprintf("/api/enquiries/viewings/%d/decline", v.Id), `{"message":"No"}`},
		{fmt.Sprintf("/api/enquiries/viewings/%d/cancel", v.Id), `{}`},
		{fmt.Sprintf("/api/enquiries/%d/viewings", mine.Id), fmt.Sprintf(`{"times":[%q]}`, local(5, 10))},
		{fmt.Sprintf("/api/enquiries/%d/report", mine.Id), `{"reason":"spam"}`},
	} {
		if status, _, body := testworld.Send(t, http.MethodPost, w.URL+c.path, eve, "application/json", strings.NewReader(c.body)); status != http.StatusNotFound {
			t.Errorf("REST POST %s by a stranger: %d %s", c.path, status, body)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings WHERE status = 'requested' AND id IN ($1, $2)`, v.Id, other.Id); n != 2 {
		t.Errorf("a refused answer decided a viewing")
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings`); n != 2 {
		t.Errorf("a refused request stored a viewing: %d", n)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_messages`); n != messages {
		t.Errorf("refused answers wrote %d notices", n-messages)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_reports`); n != 0 {
		t.Errorf("a stranger's report was stored")
	}
	if n := len(w.Notifications(t, "tina")) + len(w.Notifications(t, "lou")); n != notified {
		t.Errorf("refused answers told the members: %d notifications more", n-notified)
	}
}

func second[T any](_ T, err error) error { return err }

// An owner cannot enquire about their own listing; a withdrawn listing takes no new enquiries
// and no new viewing requests, and its existing threads stay readable; the text rules hold (a NUL is refused before anything
// is stored).
func TestStartRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	flat, london := w.Property(t, "lou", "Quiet flat"), w.Property(t, "lou", "London flat")
	w.Exec(t, `UPDATE properties SET time_zone = 'Europe/London' WHERE id = $1`, london)
	if _, err := w.client.StartEnquiry(ctx, testworld.As(lou, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hello me"})); testworld.Failure(err) !=
		"failed_precondition: This is your own listing: enquiries about it come to you" {
		t.Errorf("the owner enquires: %s", testworld.Failure(err))
	}
	for _, c := range []struct {
		req  *enquiryv1.StartEnquiryRequest
		want string
	}{
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "  "}, "invalid_argument: Please write a message"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hi\x00there"}, "invalid_argument: Text must not contain control characters"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: strings.Repeat("é", 2001)}, "invalid_argument: Message must be at most 2000 characters"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hi", Occupants: 21}, "invalid_argument: Occupants must be between 1 and 20"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(-1, 15)}}, "invalid_argument: Viewing time " + local(-1, 15) + " has passed: please choose a time in the future"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(61, 15)}}, "invalid_argument: Viewing time " + local(61, 15) + " is more than 60 days ahead: please choose a time within the next 60 days"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(2, 10), local(3, 10), local(4, 10), local(5, 10)}}, "invalid_argument: Please propose one to 3 viewing times"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: 999999, Message: "Hi"}, "not_found: Property Not Found"},
		// In London: a time the clocks skip, and one they show twice (the clock rule, checked first).
		{&enquiryv1.StartEnquiryRequest{PropertyId: london, ViewingTimes: []string{"2026-03-29T01:30"}},
			"invalid_argument: Viewing time 2026-03-29T01:30 does not exist in Europe/London (the clocks go forward then): please choose another time"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: london, ViewingTimes: []string{"2026-10-25T01:30"}},
			"invalid_argument: Viewing time 2026-10-25T01:30 happens twice in Europe/London (the clocks go back then): please choose another time"},
		{&enquiryv1.StartEnquiryRequest{PropertyId: london, ViewingTimes: []string{"3 December"}},
			`invalid_argument: Viewing time "3 December" is not a date and time such as 2026-12-03T18:30`},
	} {
		if _, err := w.client.StartEnquiry(ctx, testworld.As(tina, c.req)); !strings.HasPrefix(testworld.Failure(err), c.want) {
			t.Errorf("%+v: %s, want %s", c.req, testworld.Failure(err), c.want)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads`); n != 0 {
		t.Fatalf("refused enquiries opened %d threads", n)
	}
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is it still free?"})
	w.Exec(t, `UPDATE properties SET active = false WHERE id = $1`, flat)
	if _, err := w.client.StartEnquiry(ctx, testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hello again"})); testworld.Failure(err) !=
		"failed_precondition: This listing is no longer available, so it takes no new enquiries" {
		t.Errorf("a withdrawn listing: %s", testworld.Failure(err))
	}
	if _, err := w.client.RequestViewing(ctx, testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{local(6, 10)}})); testworld.Failure(err) !=
		"failed_precondition: This listing is no longer available, so it takes no new viewing requests" {
		t.Errorf("a viewing of a withdrawn listing: %s", testworld.Failure(err))
	}
	got, err := w.client.GetThread(ctx, testworld.As(tina, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil || got.Msg.Thread.Listing.Active || len(got.Msg.Messages) != 2 || len(got.Msg.Viewings) != 0 {
		t.Errorf("the thread of a withdrawn listing: %v %v", got, err)
	}
}

// Limits hold exactly under parallel sends: 30 replies at once from a sender whose address is
// not verified meet the stricter hourly limit, and exactly that many are stored; 30 enquiries at
// once on 30 listings open exactly the stricter daily number of threads.
func TestLimitsExactUnderParallelSends(t *testing.T) {
	t.Parallel()
	const perHour, perDay = 7, 2
	w := newWorld(t, testserver.Options{Limits: server.Limits{Enquiries: enquiry.Limits{
		MessagesPerHourNew: perHour, ThreadsPerDayNew: perDay, MessagesPerHour: 100, ThreadsPerDay: 100,
	}}})
	ctx := context.Background()
	tina, mo := w.Member(t, "tina", "tenant"), w.Member(t, "moe", "tenant")
	w.Member(t, "lou", "landlord")
	flats := make([]int32, 30)
	for i := range flats {
		flats[i] = w.Property(t, "lou", fmt.Sprintf("Flat %d", i))
	}
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flats[0], Message: "First message"}) // one of the hour's
	results := parallel(30, func(int) error {
		_, err := w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "Another question"}))
		return err
	})
	if results["ok"] != perHour-1 || results["resource_exhausted"] != 30-(perHour-1) {
		t.Errorf("30 parallel replies: %v, want %d ok", results, perHour-1)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_messages m JOIN users u ON u.id = m.author_id WHERE u.username = 'tina'`); n != perHour {
		t.Errorf("messages stored: %d, want %d", n, perHour)
	}
	_, err := w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "More"}))
	if want := "resource_exhausted: You have sent 7 messages in the last hour, the most you can for now: please try again later (verifying your email address raises the limit)"; testworld.Failure(err) != want {
		t.Errorf("past the limit: %s", testworld.Failure(err))
	}

	results = parallel(30, func(i int) error {
		_, err := w.client.StartEnquiry(ctx, testworld.As(mo, &enquiryv1.StartEnquiryRequest{PropertyId: flats[i], Message: "Is it free?"}))
		return err
	})
	if results["ok"] != perDay || results["resource_exhausted"] != 30-perDay {
		t.Errorf("30 parallel enquiries: %v, want %d ok", results, perDay)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads t JOIN users u ON u.id = t.enquirer_id WHERE u.username = 'moe'`); n != perDay {
		t.Errorf("threads opened: %d, want %d", n, perDay)
	}
}

// The owner declines a viewing with a message, once; the enquirer asks again in the thread and
// cancels; each side sees who cancelled; a closed thread takes no viewing request.
func TestViewingAnswers(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(5, 10)}})
	full, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil {
		t.Fatal(err)
	}
	first := full.Msg.Viewings[0].Id
	if _, err := w.client.DeclineViewing(ctx, testworld.As(lou, &enquiryv1.DeclineViewingRequest{ViewingId: first, Message: " "})); testworld.Failure(err) !=
		"invalid_argument: Message is required" {
		t.Errorf("a decline without a message: %s", testworld.Failure(err))
	}
	declined, err := w.client.DeclineViewing(ctx, testworld.As(lou, &enquiryv1.DeclineViewingRequest{ViewingId: first, Message: "Booked that week, sorry."}))
	if err != nil || declined.Msg.Viewing.Status != "declined" || declined.Msg.Viewing.Message != "Booked that week, sorry." {
		t.Fatalf("decline: %v %v", declined, err)
	}
	if _, err := w.client.DeclineViewing(ctx, testworld.As(lou, &enquiryv1.DeclineViewingRequest{ViewingId: first, Message: "Again"})); testworld.Failure(err) !=
		"failed_precondition: This viewing request was already answered" {
		t.Errorf("declined twice: %s", testworld.Failure(err))
	}
	if _, err := w.client.RequestViewing(ctx, testworld.As(lou, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{local(6, 10)}})); testworld.Failure(err) !=
		"permission_denied: Only the member who started this conversation can ask to view the listing" {
		t.Errorf("the owner asks for a viewing: %s", testworld.Failure(err))
	}
	again, err := w.client.RequestViewing(ctx, testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{local(6, 10), local(7, 12)}, Message: "Any of these?"}))
	if err != nil || again.Msg.Viewing.Status != "requested" || len(again.Msg.Viewing.Times) != 2 {
		t.Fatalf("ask again: %v %v", again, err)
	}
	cancelled, err := w.client.CancelViewing(ctx, testworld.As(tina, &enquiryv1.CancelViewingRequest{ViewingId: again.Msg.Viewing.Id}))
	if err != nil || cancelled.Msg.Viewing.Status != "cancelled" || cancelled.Msg.Viewing.CancelledBy != "me" {
		t.Fatalf("cancel: %v %v", cancelled, err)
	}
	seen, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil || len(seen.Msg.Viewings) != 2 || seen.Msg.Viewings[0].CancelledBy != "them" || seen.Msg.Thread.PendingViewing {
		t.Errorf("the owner's view: %v %v", seen, err)
	}
	if _, err := w.client.CloseThread(ctx, testworld.As(tina, &enquiryv1.CloseThreadRequest{ThreadId: th.Id})); err != nil {
		t.Fatal(err)
	}
	if _, err := w.client.RequestViewing(ctx, testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{local(8, 10)}})); connect.CodeOf(err) != connect.CodeFailedPrecondition {
		t.Errorf("a viewing asked in a closed thread: %v", err)
	}
}

// A client network's limit holds across its members: two members on one address share it, and the
// one past it is told it is their network's.
func TestNetworkLimit(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{Limits: server.Limits{Enquiries: enquiry.Limits{MessagesPerNetwork: 3}}})
	ctx := context.Background()
	tina, moe := w.Member(t, "tina", "tenant"), w.Member(t, "moe", "tenant")
	w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	a := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "One"})
	w.start(t, moe, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Two"})
	if _, err := w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: a.Id, Body: "Three"})); err != nil {
		t.Fatal(err)
	}
	_, err := w.client.StartEnquiry(ctx, testworld.As(moe, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Four"}))
	if testworld.Failure(err) != "resource_exhausted: Too many messages from your network: please try again later" {
		t.Errorf("past the network's limit: %s", testworld.Failure(err))
	}
}

// Throwaway accounts cannot spread one network's enquiries past its limit by forging the
// forwarding header: behind a trusted proxy the network is the address the proxy saw (the last
// X-Forwarded-For entry), whatever the client wrote before it, so three members on one network,
// each claiming another, share its limit, in parallel too; a member on another network is not
// held back by it.
func TestForgedForwardingDoesNotDodgeTheNetworkLimit(t *testing.T) {
	t.Parallel()
	const perNetwork = 4
	w := newWorld(t, testserver.Options{TrustedProxies: 1, Limits: server.Limits{Enquiries: enquiry.Limits{
		MessagesPerNetwork: perNetwork, ThreadsPerNetwork: 100, ThreadsPerDayNew: 100, MessagesPerHourNew: 100, // only the network's messages bind
	}}})
	ctx := context.Background()
	w.Member(t, "lou", "landlord")
	flats := make([]int32, 12)
	for i := range flats {
		flats[i] = w.Property(t, "lou", fmt.Sprintf("Flat %d", i))
	}
	throwaway := []string{w.Member(t, "ann", "tenant"), w.Member(t, "bea", "tenant"), w.Member(t, "cat", "tenant")}
	results := parallel(len(flats), func(i int) error {
		req := testworld.As(throwaway[i%3], &enquiryv1.StartEnquiryRequest{PropertyId: flats[i], Message: "Is it free?"})
		forged := fmt.Sprintf("198.51.%d.%d, 10.0.0.%d, 203.0.113.7", i, i, i) // the proxy appended 203.0.113.7
		_, err := w.client.StartEnquiry(ctx, testworld.From(req, forged, ""))
		return err
	})
	if results["ok"] != perNetwork || results["resource_exhausted"] != len(flats)-perNetwork {
		t.Errorf("%d enquiries from one network under forged addresses: %v, want %d ok", len(flats), results, perNetwork)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads`); n != perNetwork {
		t.Errorf("threads opened: %d, want %d", n, perNetwork)
	}
	elsewhere := testworld.As(w.Member(t, "dee", "tenant"), &enquiryv1.StartEnquiryRequest{PropertyId: flats[0], Message: "Is it free?"})
	if _, err := w.client.StartEnquiry(ctx, testworld.From(elsewhere, "203.0.113.7, 192.0.2.44", "")); err != nil {
		t.Errorf("a member on another network, claiming the full one: %s", testworld.Failure(err))
	}
}

// parallel runs fn n times at once and counts the outcomes by code ("ok" for success).
func parallel(n int, fn func(i int) error) map[string]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[string]int{}
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			err := fn(i)
			code := "ok"
			if err != nil {
				code = connect.CodeOf(err).String()
			}
			mu.Lock()
			out[code]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return out
}

// A blocked sender cannot open a thread on any of the owner's listings, and is told only that
// the owner is not taking enquiries from them; the blocked thread closes; other members and
// other owners are not affected.
func TestBlockedSenderCannotOpenThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou, mo := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord"), w.Member(t, "moe", "tenant")
	w.Member(t, "ann", "landlord")
	flat, house, elsewhere := w.Property(t, "lou", "Quiet flat"), w.Property(t, "lou", "Big house"), w.Property(t, "ann", "Other flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Hello"})
	if _, err := w.client.BlockSender(ctx, testworld.As(tina, &enquiryv1.BlockSenderRequest{ThreadId: th.Id})); testworld.Failure(err) !=
		"permission_denied: Only the listing's owner can block a sender" {
		t.Errorf("the enquirer blocks: %s", testworld.Failure(err))
	}
	blocked, err := w.client.BlockSender(ctx, testworld.As(lou, &enquiryv1.BlockSenderRequest{ThreadId: th.Id}))
	if err != nil || blocked.Msg.Thread.Status != "closed" || blocked.Msg.Thread.ClosedReason != "sender_blocked" {
		t.Fatalf("block: %v %v", blocked, err)
	}
	for _, property := range []int32{flat, house} {
		if _, err := w.client.StartEnquiry(ctx, testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: property, Message: "Hello again"})); testworld.Failure(err) !=
			"failed_precondition: The owner of this listing is not taking enquiries from you" {
			t.Errorf("a blocked sender enquires about %d: %s", property, testworld.Failure(err))
		}
	}
	if _, err := w.client.SendMessage(ctx, testworld.As(tina, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "Hello?"})); connect.CodeOf(err) != connect.CodeFailedPrecondition {
		t.Errorf("a blocked sender answers in the closed thread: %v", err)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_threads t JOIN users u ON u.id = t.enquirer_id WHERE u.username = 'tina'`); n != 1 {
		t.Errorf("a blocked sender's threads: %d", n)
	}
	w.start(t, mo, &enquiryv1.StartEnquiryRequest{PropertyId: house, Message: "Hello"})
	w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: elsewhere, Message: "Hello"})
}

// Twenty parallel accepts of one viewing (ten for each of its two times) decide it once: one
// succeeds, the others are refused; the viewing has one accepted time, one notice says so, and
// each member gets one email with the calendar file.
func TestParallelAcceptsDecideOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	w.VerifyEmail(t, "tina")
	w.VerifyEmail(t, "lou")
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, ViewingTimes: []string{local(3, 18), local(2, 17)}})
	if !th.PendingViewing {
		t.Errorf("the thread shows no viewing waiting: %+v", th)
	}
	full, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil || len(full.Msg.Viewings) != 1 || len(full.Msg.Viewings[0].Times) != 2 {
		t.Fatalf("the viewing: %v %v", full, err)
	}
	v := full.Msg.Viewings[0]
	if v.Times[0].Local != local(2, 17) || v.Times[1].Local != local(3, 18) || v.TimeZone != "America/New_York" {
		t.Errorf("the times, earliest first: %+v", v.Times)
	}
	if _, err := w.client.AcceptViewingTime(ctx, testworld.As(tina, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id})); testworld.Failure(err) !=
		"permission_denied: Only the listing's owner can answer a viewing request" {
		t.Errorf("the enquirer accepts: %s", testworld.Failure(err))
	}
	results := parallel(20, func(i int) error {
		_, err := w.client.AcceptViewingTime(ctx, testworld.As(lou, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[i%2].Id}))
		return err
	})
	if results["ok"] != 1 || results["failed_precondition"] != 19 {
		t.Errorf("20 parallel accepts: %v", results)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings WHERE id = $1 AND status = 'accepted' AND accepted_time_id IS NOT NULL`, v.Id); n != 1 {
		t.Errorf("the viewing is not accepted once")
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_messages WHERE thread_id = $1 AND body LIKE 'Viewing accepted:%'`, th.Id); n != 1 {
		t.Errorf("accepted notices: %d", n)
	}
	for _, to := range []string{"tina@example.com", "lou@example.com"} {
		if n := w.ID(t, `SELECT count(*)::int FROM outbox_emails WHERE to_address = $1 AND kind = 'viewing_accepted' AND attachment_name = 'viewing.ics'`, to); n != 1 {
			t.Errorf("accepted emails with the calendar file to %s: %d", to, n)
		}
	}
	after, err := w.client.GetThread(ctx, testworld.As(tina, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil {
		t.Fatal(err)
	}
	got := after.Msg.Viewings[0]
	accepted := slices.IndexFunc(got.Times, func(x *enquiryv1.ViewingTime) bool { return x.Accepted })
	if got.Status != "accepted" || accepted < 0 || got.CalendarUrl != enquiry.CalendarPath(v.Id) || after.Msg.Thread.PendingViewing {
		t.Fatalf("the viewing as the enquirer sees it: %+v (thread %+v)", got, after.Msg.Thread)
	}
	// The calendar file: its two members only.
	status, header, body := testworld.Send(t, http.MethodGet, w.URL+got.CalendarUrl, tina, "", nil)
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(body, "DTSTART:"+got.Times[accepted].StartsAt.AsTime().UTC().Format("20060102T150405Z")) {
		t.Errorf("the calendar file: %d %v %q", status, header, body)
	}
	eve := w.Member(t, "eve", "tenant")
	if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+got.CalendarUrl, eve, "", nil); status != http.StatusNotFound {
		t.Errorf("a stranger's calendar file: %d", status)
	}
}

// The emails carry the message and a link to the thread (the owner's inbox path for the owner,
// the member's for the member), and never the other member's address: not in the text, not in
// a Reply-To (read back from Mailpit, with the accepted viewing's calendar file parsed back).
func TestEmailCarriesMessageAndNoAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{Mail: true})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	tinaAt, louAt := mailtest.Address("enquirer"), mailtest.Address("owner")
	w.Exec(t, `UPDATE users SET email = $2, email_verified_at = now() WHERE username = $1`, "tina", tinaAt)
	w.Exec(t, `UPDATE users SET email = $2, email_verified_at = now() WHERE username = $1`, "lou", louAt)
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is parking included?\n\nI have a small car.", ViewingTimes: []string{local(4, 11)}})

	toOwner := w.Mailpit.Latest(t, louAt)
	link := fmt.Sprintf("%s/dashboard/enquiries/%d", w.URL, th.Id)
	if !strings.Contains(toOwner.Text, "Is parking included?") || !strings.Contains(toOwner.Text, "I have a small car.") ||
		!slices.Contains(toOwner.Links, link) || strings.Contains(toOwner.Text+toOwner.HTML, tinaAt) ||
		toOwner.Header("Reply-To") != "" || !slices.Equal(toOwner.To, []string{louAt}) {
		t.Errorf("the owner's email: %+v", toOwner)
	}
	full, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.client.SendMessage(ctx, testworld.As(lou, &enquiryv1.SendMessageRequest{ThreadId: th.Id, Body: "Yes, one space behind the house."})); err != nil {
		t.Fatal(err)
	}
	toMember := w.Mailpit.Latest(t, tinaAt)
	if !strings.Contains(toMember.Text, "Yes, one space behind the house.") || !slices.Contains(toMember.Links, fmt.Sprintf("%s/dashboard/my-enquiries/%d", w.URL, th.Id)) ||
		strings.Contains(toMember.Text+toMember.HTML, louAt) || toMember.Header("Reply-To") != "" {
		t.Errorf("the member's email: %+v", toMember)
	}
	if ns := w.Notifications(t, "tina"); len(ns) != 1 || ns[0].Category != "enquiries" || ns[0].Link != fmt.Sprintf("/dashboard/my-enquiries/%d", th.Id) {
		t.Errorf("the member's notifications: %+v", ns)
	}

	v := full.Msg.Viewings[0]
	if _, err := w.client.AcceptViewingTime(ctx, testworld.As(lou, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id})); err != nil {
		t.Fatal(err)
	}
	accepted := w.Mailpit.WaitFor(t, tinaAt, 2)[0]
	ics := attachment(t, w.Mailpit.APIURL, accepted.ID)
	event := parseICS(t, ics)
	start := v.Times[0].StartsAt.AsTime().UTC()
	if event["DTSTART"] != start.Format("20060102T150405Z") || event["DTEND"] != start.Add(30*time.Minute).Format("20060102T150405Z") ||
		event["UID"] != fmt.Sprintf("viewing-%d@rentproof", v.Id) || event["SUMMARY"] != "Viewing: Quiet flat" || event["LOCATION"] != "Quiet flat, Leeds" {
		t.Errorf("the attached calendar file: %v\n%s", event, ics)
	}
}

// attachment downloads the one attachment of Mailpit's message id.
func attachment(t *testing.T, api, id string) string {
	t.Helper()
	var msg struct {
		Attachments []struct {
			PartID      string
			FileName    string
			ContentType string
		}
	}
	get := func(path string) []byte {
		res, err := http.Get(api + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("mailpit %s: %d %v", path, res.StatusCode, err)
		}
		return b
	}
	if err := json.Unmarshal(get("/api/v1/message/"+id), &msg); err != nil {
		t.Fatal(err)
	}
	if len(msg.Attachments) != 1 || msg.Attachments[0].FileName != "viewing.ics" || !strings.HasPrefix(msg.Attachments[0].ContentType, "text/calendar") {
		t.Fatalf("the accepted viewing's attachments: %+v", msg.Attachments)
	}
	return string(get("/api/v1/message/" + id + "/part/" + msg.Attachments[0].PartID))
}

// parseICS reads the VEVENT of an iCalendar file back: lines end in CRLF, none over 75 octets;
// unfolded, each property is NAME:VALUE with TEXT unescaped.
func parseICS(t *testing.T, ics string) map[string]string {
	t.Helper()
	if !strings.HasSuffix(ics, "\r\n") {
		t.Errorf("the file does not end in CRLF")
	}
	for line := range strings.SplitSeq(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if len(line) > 75 || strings.Contains(line, "\n") || !utf8.ValidString(line) {
			t.Errorf("line over 75 octets, with a bare LF or a split character: %q", line)
		}
	}
	unfolded := strings.ReplaceAll(ics, "\r\n ", "")
	out := map[string]string{}
	in := false
	for line := range strings.SplitSeq(strings.TrimSuffix(unfolded, "\r\n"), "\r\n") {
		name, value, ok := strings.Cut(line, ":")
		switch {
		case !ok:
			t.Errorf("not a property: %q", line)
		case line == "BEGIN:VEVENT":
			in = true
		case line == "END:VEVENT":
			in = false
		case in:
			out[name] = strings.NewReplacer(`\n`, "\n", `\,`, ",", `\;`, ";", `\\`, `\`).Replace(value)
		}
	}
	return out
}

// An owner's list holds the threads about all their listings, unread first, then the latest;
// filtered by one listing it holds that listing's alone, in the same order (two statements, each
// reading its own index: sql/queries/enquiries.sql).
func TestOwnersListAndOneListingsList(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	lou := w.Member(t, "lou", "landlord")
	tina, tom, tess := w.Member(t, "tina", "tenant"), w.Member(t, "tom", "tenant"), w.Member(t, "tess", "tenant")
	flat, loft := w.Property(t, "lou", "Quiet flat"), w.Property(t, "lou", "Canal loft")
	first := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is parking included?"})
	second := w.start(t, tom, &enquiryv1.StartEnquiryRequest{PropertyId: loft, Message: "Is the loft quiet at night?"})
	third := w.start(t, tess, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Are pets allowed?"})
	// The owner reads the latest, so the two others come first (unread), the newer of them first.
	if _, err := w.client.MarkThreadRead(ctx, testworld.As(lou, &enquiryv1.MarkThreadReadRequest{ThreadId: third.Id})); err != nil {
		t.Fatal(err)
	}
	ids := func(filter int32) []int64 {
		t.Helper()
		res, err := w.client.ListReceivedEnquiries(ctx, testworld.As(lou, &enquiryv1.ListReceivedEnquiriesRequest{PropertyId: filter}))
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, th := range res.Msg.Threads {
			out = append(out, th.Id)
		}
		return out
	}
	if got, want := ids(0), []int64{second.Id, first.Id, third.Id}; !slices.Equal(got, want) {
		t.Errorf("all listings: %v, want %v", got, want)
	}
	if got, want := ids(flat), []int64{first.Id, third.Id}; !slices.Equal(got, want) {
		t.Errorf("the flat's: %v, want %v", got, want)
	}
	if got, want := ids(loft), []int64{second.Id}; !slices.Equal(got, want) {
		t.Errorf("the loft's: %v, want %v", got, want)
	}
}

// A block ends every viewing between the owner and the member still to come: those waiting, and
// those accepted, in the thread blocked from, in another open thread and in one the member closed
// before; a viewing whose time has passed took place and stays. The blocked member then has no
// viewing to cancel, so no cancel note of theirs reaches the owner (before, an accepted viewing
// outlived the block, and cancelling it with a note wrote to the owner in the thread, in a
// notification and by email); another member's accepted viewing with the owner stays.
func TestBlockCancelsEveryViewingStillToCome(t *testing.T) {
	t.Parallel()
	w := newWorld(t, roomy)
	ctx := context.Background()
	tina, lou, moe := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord"), w.Member(t, "moe", "tenant")
	w.VerifyEmail(t, "lou")
	accepted := func(token string, property int32, hour int) (*enquiryv1.Thread, int64) {
		t.Helper()
		th := w.start(t, token, &enquiryv1.StartEnquiryRequest{PropertyId: property, ViewingTimes: []string{local(3, hour)}})
		full, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id}))
		if err != nil {
			t.Fatal(err)
		}
		v := full.Msg.Viewings[0]
		if _, err := w.client.AcceptViewingTime(ctx, testworld.As(lou, &enquiryv1.AcceptViewingTimeRequest{ViewingId: v.Id, TimeId: v.Times[0].Id})); err != nil {
			t.Fatal(err)
		}
		return th, v.Id
	}
	flat, house, loft, barn := w.Property(t, "lou", "Quiet flat"), w.Property(t, "lou", "Big house"), w.Property(t, "lou", "Canal loft"), w.Property(t, "lou", "Old barn")
	blockedFrom, inBlocked := accepted(tina, flat, 10)
	_, inOpen := accepted(tina, house, 11)
	closedBefore, inClosed := accepted(tina, loft, 12)
	_, past := accepted(tina, barn, 13)
	_, moes := accepted(moe, flat, 14)
	if _, err := w.client.CloseThread(ctx, testworld.As(tina, &enquiryv1.CloseThreadRequest{ThreadId: closedBefore.Id})); err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `UPDATE enquiry_viewing_times SET starts_at = now() - interval '1 day' WHERE viewing_id = $1`, past)
	if _, err := w.client.BlockSender(ctx, testworld.As(lou, &enquiryv1.BlockSenderRequest{ThreadId: blockedFrom.Id})); err != nil {
		t.Fatal(err)
	}
	louID := w.UserID(t, "lou")
	for name, c := range map[string]struct {
		id     int64
		status string
	}{
		"in the thread blocked from": {inBlocked, "cancelled"}, "in another open thread": {inOpen, "cancelled"},
		"in a thread closed before": {inClosed, "cancelled"}, "that took place": {past, "accepted"}, "another member's": {moes, "accepted"},
	} {
		if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings WHERE id = $1 AND status = $2 AND (status = 'accepted' OR cancelled_by = $3)`, c.id, c.status, louID); n != 1 {
			t.Errorf("the viewing %s is not %s", name, c.status)
		}
	}
	before := len(w.Notifications(t, "lou"))
	for _, id := range []int64{inBlocked, inOpen, inClosed, past} {
		if _, err := w.client.CancelViewing(ctx, testworld.As(tina, &enquiryv1.CancelViewingRequest{ViewingId: id, Message: "You will regret blocking me"})); connect.CodeOf(err) != connect.CodeFailedPrecondition {
			t.Errorf("the blocked member cancels viewing %d: %s", id, testworld.Failure(err))
		}
		if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+enquiry.CalendarPath(id), tina, "", nil); id != past && status != http.StatusNotFound {
			t.Errorf("the calendar file of cancelled viewing %d: %d", id, status)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_messages WHERE body LIKE '%regret%'`); n != 0 {
		t.Errorf("the blocked member's cancel notes were stored: %d", n)
	}
	if after := w.Notifications(t, "lou"); len(after) != before {
		t.Errorf("the owner was told of the blocked member's cancels: %v", testworld.Kinds(after))
	}
}

// A viewing time too long to be one is refused without being repeated back, over Connect and
// REST, from the property page and in a thread: the refusal stays a few hundred bytes (before,
// three times of 20,000 characters were answered with 160 KB: each quoted whole, in the message
// and again in the field details), and nothing is stored. A short one is still quoted.
func TestOverlongViewingTimeIsNotRepeated(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	tina := w.Member(t, "tina", "tenant")
	w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is it free?"})
	long := `"` + strings.Repeat("z", 20000) + `"`
	times := "[" + strings.Join([]string{long, long, long}, ",") + "]"
	for _, c := range []struct{ name, path, body string }{
		{"start", enquiryv1connect.EnquiryServiceStartEnquiryProcedure, fmt.Sprintf(`{"propertyId":%d,"viewingTimes":%s}`, flat, times)},
		{"request", enquiryv1connect.EnquiryServiceRequestViewingProcedure, fmt.Sprintf(`{"threadId":%d,"times":%s}`, th.Id, times)},
		{"REST request", fmt.Sprintf("/api/enquiries/%d/viewings", th.Id), fmt.Sprintf(`{"times":%s}`, times)},
	} {
		status, _, res := testworld.Send(t, http.MethodPost, w.URL+c.path, tina, "application/json", strings.NewReader(c.body))
		if status != http.StatusBadRequest || !strings.Contains(res, "A viewing time is not a date and time such as 2026-12-03T18:30") ||
			strings.Contains(res, "zzzz") || len(res) > 1000 {
			t.Errorf("%s: %d bytes answered %d with %d bytes: %.300s", c.name, len(c.body), status, len(res), res)
		}
	}
	if n := w.ID(t, `SELECT count(*)::int FROM enquiry_viewings`); n != 0 {
		t.Errorf("refused requests stored %d viewings", n)
	}
	_, err := w.client.RequestViewing(context.Background(), testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{"next Tuesday"}}))
	if want := `invalid_argument: Viewing time "next Tuesday" is not a date and time such as 2026-12-03T18:30`; testworld.Failure(err) != want {
		t.Errorf("a short time that is none: %s, want %s", testworld.Failure(err), want)
	}
}
