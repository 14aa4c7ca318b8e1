package verification_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
)

// Issue 29: each verification event notifies its member once, in its transaction, linking to
// the object; an email goes only to a verified address.
func TestVerificationNotifies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	vera := w.Established(t, "vera", "tenant")
	w.Established(t, "wes", "agent")
	w.VerifyEmail(t, "olga")
	w.VerifyEmail(t, "vera") // wes's address is not verified

	reqs := w.ask(t, owner, flat, "vera", "wes")
	for _, who := range []string{"vera", "wes"} {
		got := w.Notifications(t, who)
		if len(got) != 1 || got[0].Kind != "verification_request" || got[0].Link != verification.ReceivedLink ||
			got[0].Title != "olga asked you to verify Garden flat" || !strings.Contains(got[0].Body, "Please confirm") {
			t.Errorf("%s's notifications: %+v", who, got)
		}
	}
	if got := w.Emails(t, "vera@example.com"); len(got) != 1 || got[0].Kind != "verification_request" || got[0].Unsubscribe == "" ||
		!strings.Contains(got[0].Text, verification.ReceivedLink) {
		t.Errorf("vera's emails: %+v", got)
	}
	if got := w.Emails(t, "wes@example.com"); len(got) != 0 {
		t.Errorf("an unverified address was emailed: %+v", got)
	}

	r := reqs[1] // vera's
	if _, err := w.verification.AnswerVerificationRequest(ctx, testworld.As(vera,
		&verificationv1.AnswerVerificationRequestRequest{Id: r.Id, Status: "approved", ResponseMessage: "Looks right"})); err != nil {
		t.Fatal(err)
	}
	// One answer, one notification: the owner who asked hears that it was approved and that their
	// property is verified in the same one.
	want := []string{"verification_answered"}
	got := w.Notifications(t, "olga")
	if !slices.Equal(testworld.Kinds(got), want) || got[0].Title != "Your verification request for Garden flat was approved" ||
		got[0].Body != verification.VerifiedBadge+" vera wrote: “Looks right”" || got[0].Link != fmt.Sprintf("/properties/%d", flat) {
		t.Errorf("olga's notifications: %+v", got)
	}
	if got := testworld.EmailKinds(w.Emails(t, "olga@example.com")); !slices.Equal(got, want) {
		t.Errorf("olga's emails: %v", got)
	}

	admin := w.Person(t, "root", "admin")
	if _, err := w.verification.WithdrawVerification(ctx, testworld.As(admin,
		&verificationv1.WithdrawVerificationRequest{PropertyId: flat, Reason: "The deed names someone else"})); err != nil {
		t.Fatal(err)
	}
	got = w.Notifications(t, "olga")
	if last := got[len(got)-1]; len(got) != 2 || last.Kind != "verification_withdrawn" || last.Body != "Reason: The deed names someone else" ||
		last.Link != fmt.Sprintf("/properties/%d", flat) {
		t.Errorf("after the withdrawal: %+v", got)
	}
}

// A failed answer (rolled back after its notification was written) leaves neither the
// notification nor its email.
func TestRolledBackAnswerNotifiesNobody(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	vera := w.Established(t, "vera", "tenant")
	w.VerifyEmail(t, "olga")
	r := w.ask(t, owner, flat, "vera")[0]
	// The reward that follows the answer's notification fails.
	w.Exec(t, `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`)
	w.Exec(t, `CREATE TRIGGER refuse BEFORE INSERT ON token_transactions FOR EACH ROW EXECUTE FUNCTION refuse()`)
	if _, err := w.answer(vera, r.Id, "approved"); err == nil {
		t.Fatal("the answer went through")
	}
	if got := w.Notifications(t, "olga"); len(got) != 0 {
		t.Errorf("notifications of a rolled-back answer: %+v", got)
	}
	if got := w.Emails(t, "olga@example.com"); len(got) != 0 {
		t.Errorf("emails of a rolled-back answer: %+v", got)
	}
}
