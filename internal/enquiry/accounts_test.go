package enquiry_test

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// When a member closes their account, or an administrator suspends one, their open threads close
// with a neutral notice; the other member keeps what was said, from a "Former member" once the
// account is closed. A reported thread reaches /admin with its messages, and handling it is kept
// in admin_decisions.
func TestAccountsEndingCloseThreads(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou, mo := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord"), w.Member(t, "moe", "tenant")
	root := w.Member(t, "root", "admin")
	hash, err := account.HashSecret(testworld.Password)
	if err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `UPDATE users SET password_hash = $1 WHERE username = 'tina'`, hash)
	flat := w.Property(t, "lou", "Quiet flat")
	closed := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Can I bring a cat?"})
	suspended := w.start(t, mo, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Please pay the deposit to my bank first"})

	if _, err := w.client.ReportThread(ctx, testworld.As(lou, &enquiryv1.ReportThreadRequest{ThreadId: suspended.Id, Reason: "scam", Note: "Asks for money"})); err != nil {
		t.Fatal(err)
	}
	reports := adminv1connect.NewEnquiryReportServiceClient(w.Client, w.URL)
	if _, err := reports.ListReportedThreads(ctx, testworld.As(lou, &adminv1.ListReportedThreadsRequest{})); testworld.Failure(err) !=
		"permission_denied: Only administrators can read reported conversations." {
		t.Errorf("a member lists reported threads: %s", testworld.Failure(err))
	}
	listed, err := reports.ListReportedThreads(ctx, testworld.As(root, &adminv1.ListReportedThreadsRequest{}))
	if err != nil || len(listed.Msg.Threads) != 1 || listed.Msg.Threads[0].ThreadId != suspended.Id ||
		len(listed.Msg.Threads[0].Reports) != 1 || listed.Msg.Threads[0].Reports[0].ReporterUsername != "lou" ||
		len(listed.Msg.Threads[0].Messages) != 2 || listed.Msg.Threads[0].Messages[1].AuthorUsername != "moe" {
		t.Fatalf("the reported threads: %v %v", listed, err)
	}
	if _, err := reports.HandleThreadReports(ctx, testworld.As(root, &adminv1.HandleThreadReportsRequest{ThreadId: suspended.Id, Note: "Suspending the sender."})); err != nil {
		t.Fatal(err)
	}
	if _, err := reports.HandleThreadReports(ctx, testworld.As(root, &adminv1.HandleThreadReportsRequest{ThreadId: suspended.Id, Note: "Again"})); testworld.Failure(err) !=
		"failed_precondition: This conversation has no report waiting" {
		t.Errorf("handled twice: %s", testworld.Failure(err))
	}
	if n := w.ID(t, `SELECT count(*)::int FROM admin_decisions WHERE enquiry_thread_id = $1 AND decision = 'enquiry_handled'`, suspended.Id); n != 1 {
		t.Errorf("decisions kept: %d", n)
	}

	if _, err := adminv1connect.NewAdminAccountServiceClient(w.Client, w.URL).SuspendAccount(ctx,
		testworld.As(root, &adminv1.SuspendAccountRequest{UserId: w.UserID(t, "moe"), Reason: "Asked for money outside the site."})); err != nil {
		t.Fatal(err)
	}
	if _, err := accountv1connect.NewAccountClosureServiceClient(w.Client, w.URL).DeleteAccount(ctx,
		testworld.As(tina, &accountv1.DeleteAccountRequest{Username: "tina", Password: testworld.Password})); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id            int64
		reason, other string
		notice        string
	}{
		{closed.Id, enquiry.AccountClosed, enquiry.FormerMember, enquiry.NoticeAccountClosed},
		{suspended.Id, enquiry.AccountSuspended, "Moe T.", enquiry.NoticeAccountSuspended},
	} {
		got, err := w.client.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: c.id}))
		if err != nil {
			t.Fatal(err)
		}
		msgs := got.Msg.Messages
		th := got.Msg.Thread
		if th.Status != "closed" || th.ClosedReason != c.reason || th.Other.Name != c.other || len(msgs) != 3 ||
			msgs[1].Author != "them" || msgs[2].Author != "system" || msgs[2].Body != c.notice {
			t.Errorf("thread %d as the owner keeps it: %+v %+v", c.id, th, msgs)
		}
		if strings.Contains(th.Other.Name, "closed:") {
			t.Errorf("a closed account's tombstone shows: %q", th.Other.Name)
		}
	}
}

// A reported thread reaches /admin with its latest messages only, after a notice saying earlier
// ones are left out: a member can grow a thread by thousands of messages (here 3,000 of 2,000
// characters, stored directly) and then report it, and the list, which holds fifty threads, used
// to read and answer every message of each (6 MB for this one alone). A short thread comes whole.
func TestReportedThreadsListHoldsTheLatestMessages(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, moe, root := w.Member(t, "tina", "tenant"), w.Member(t, "moe", "tenant"), w.Member(t, "root", "admin")
	w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	long := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "First question"})
	short := w.start(t, moe, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Only question"})
	w.Exec(t, `INSERT INTO enquiry_messages (thread_id, author_id, body)
		SELECT $1, t.enquirer_id, 'Message ' || i || ' ' || repeat('x', 2000) FROM enquiry_threads t, generate_series(1, 3000) i WHERE t.id = $1`, long.Id)
	for _, c := range []struct {
		token string
		id    int64
	}{{tina, long.Id}, {moe, short.Id}} {
		if _, err := w.client.ReportThread(ctx, testworld.As(c.token, &enquiryv1.ReportThreadRequest{ThreadId: c.id, Reason: "spam"})); err != nil {
			t.Fatal(err)
		}
	}
	listed, err := adminv1connect.NewEnquiryReportServiceClient(w.Client, w.URL).ListReportedThreads(ctx, testworld.As(root, &adminv1.ListReportedThreadsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if size := proto.Size(listed.Msg); size > 500_000 {
		t.Errorf("the list answered %d bytes", size)
	}
	threads := listed.Msg.Threads
	if len(threads) != 2 || threads[0].ThreadId != long.Id || threads[1].ThreadId != short.Id {
		t.Fatalf("the reported threads: %v", threads)
	}
	msgs := threads[0].Messages
	if len(msgs) != enquiry.ReportedMessages+1 || msgs[0].AuthorUsername != "" || msgs[0].Body != enquiry.EarlierLeftOut ||
		!strings.HasPrefix(msgs[1].Body, "Message 2901 ") || !strings.HasPrefix(msgs[len(msgs)-1].Body, "Message 3000 ") || msgs[len(msgs)-1].AuthorUsername != "tina" {
		t.Errorf("the long thread: %d messages, from %.30q to %.30q", len(msgs), msgs[0].Body, msgs[len(msgs)-1].Body)
	}
	if msgs := threads[1].Messages; len(msgs) != 2 || msgs[0].AuthorUsername != "" || msgs[1].Body != "Only question" {
		t.Errorf("the short thread: %v", msgs)
	}
}
