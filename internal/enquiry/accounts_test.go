package enquiry_test

import (
	"context"
	"strings"
	"testing"

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
