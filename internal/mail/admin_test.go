package mail_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A message the mail server refuses for good (550) is dead at once and listed for administrators;
// only an administrator can resend it, and once the mailbox takes mail again the resend delivers
// it, once, with the same Message-ID. A second resend of it is refused.
func TestDeadMailIsListedAndResentByAnAdministrator(t *testing.T) {
	t.Parallel()
	mp := mailtest.Start(t)
	refuser := mp.Refuse(t)
	w := testworld.Start(t, testserver.Options{SMTPURL: refuser.SMTPURL})
	admin, tenant := w.Person(t, "outbox_admin", "admin"), w.Person(t, "outbox_tenant", "tenant")
	to := mailtest.Address("resend")
	id := enqueue(t, w.Pool, 0, to, "contact_replies", "")
	waitFor(t, "the refused message dead", func() bool { st, _, _ := row(t, w.Pool, id); return st == "dead" })
	if _, attempts, lastError := row(t, w.Pool, id); attempts != 1 || !strings.Contains(lastError, "550") {
		t.Fatalf("dead after %d attempts (%q), want 1 with the 550", attempts, lastError)
	}

	client := adminv1connect.NewOutboxServiceClient(http.DefaultClient, w.URL)
	ctx := context.Background()
	list, err := client.ListUndeliveredEmails(ctx, testworld.As(admin, &adminv1.ListUndeliveredEmailsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if list.Msg.Dead != 1 || len(list.Msg.Emails) != 1 || list.Msg.Emails[0].To != to || list.Msg.Emails[0].Status != "dead" {
		t.Fatalf("listed %+v", list.Msg)
	}
	for _, token := range []string{"", tenant} {
		_, err := client.ResendEmail(ctx, testworld.As(token, &adminv1.ResendEmailRequest{Id: id}))
		if got := testworld.Failure(err); !strings.HasPrefix(got, "unauthenticated") && !strings.HasPrefix(got, "permission_denied") {
			t.Errorf("resend by %q: %s, want refused", token, got)
		}
		_, err = client.ListUndeliveredEmails(ctx, testworld.As(token, &adminv1.ListUndeliveredEmailsRequest{}))
		if got := testworld.Failure(err); got == "ok" {
			t.Errorf("list by %q allowed", token)
		}
	}
	if st, _, _ := row(t, w.Pool, id); st != "dead" {
		t.Fatalf("after refused resends: %s, want still dead", st)
	}

	refuser.Set(false)
	if _, err := client.ResendEmail(ctx, testworld.As(admin, &adminv1.ResendEmailRequest{Id: id})); err != nil {
		t.Fatal(err)
	}
	m := mp.Latest(t, to)
	if m.MessageID != mail.MessageID(id, "localhost") {
		t.Errorf("resent Message-ID %q, want %q", m.MessageID, mail.MessageID(id, "localhost"))
	}
	waitFor(t, "the resent message marked sent", func() bool { st, _, _ := row(t, w.Pool, id); return st == "sent" })
	if n, _ := mp.Count(ctx, to); n != 1 {
		t.Errorf("delivered %d times, want once", n)
	}
	_, err = client.ResendEmail(ctx, testworld.As(admin, &adminv1.ResendEmailRequest{Id: id}))
	if got := testworld.Failure(err); got != "failed_precondition: This email was already delivered." {
		t.Errorf("second resend: %s", got)
	}
	var resends int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox_email_resends WHERE email_id = $1 AND admin_id = $2`, id, w.UserID(t, "outbox_admin")).Scan(&resends); err != nil || resends != 1 {
		t.Errorf("%d resends kept (%v), want the administrator's one", resends, err)
	}
}

// A resend of mail that is not dead says why, truly: waiting to be sent, rendered ('pending') or
// compact ('queued'), or withheld for its unverified address.
func TestResendOfMailThatIsNotDeadSaysWhy(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{}) // no sender: what is written stays as written
	admin := w.Person(t, "outbox_admin", "admin")
	pending := enqueue(t, w.Pool, 0, mailtest.Address("pending"), "contact_replies", "")
	var queued, withheld int64
	for _, status := range []string{"queued", "withheld"} {
		id := int64(w.ID(t, `INSERT INTO outbox_emails (to_address, category, kind, subject, content, status)
			VALUES ('x@example.test', 'reviews', 'review_response', 'Hello', '{}', $1) RETURNING id::int`, status))
		if status == "queued" {
			queued = id
		} else {
			withheld = id
		}
	}
	client := adminv1connect.NewOutboxServiceClient(http.DefaultClient, w.URL)
	for _, c := range []struct {
		id   int64
		want string
	}{
		{pending, "failed_precondition: This email is already waiting to be sent."},
		{queued, "failed_precondition: This email is already waiting to be sent."},
		{withheld, "failed_precondition: This email was withheld because its address is not verified: only emails that could not be delivered can be resent."},
	} {
		_, err := client.ResendEmail(context.Background(), testworld.As(admin, &adminv1.ResendEmailRequest{Id: c.id}))
		if got := testworld.Failure(err); got != c.want {
			t.Errorf("resend of %d: %s, want %s", c.id, got, c.want)
		}
	}
}
