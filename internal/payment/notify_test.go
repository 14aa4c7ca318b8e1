package payment_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Issue 29: rejecting a paid check notifies its owner of the decision (the refund on its way) and,
// once the refund is made, of the refund, each once, linking to the property.
func TestRejectedPaidCheckNotifiesDecisionAndRefund(t *testing.T) {
	t.Parallel()
	w := worldFor(t, "demo")
	home := w.Property(t, "olga", "Queued Flat")
	w.VerifyEmail(t, "olga")
	requestID := w.demoPaid(t, home)
	ada := w.Person(t, "ada", "admin")
	queue := adminv1connect.NewAdminServiceClient(http.DefaultClient, w.URL)
	if _, err := queue.DecideRequest(context.Background(), testworld.As(ada, &adminv1.DecideRequestRequest{
		RequestId: requestID, Decision: "reject", Message: "The listing's details do not match."})); err != nil {
		t.Fatal(err)
	}
	w.waitRefunded(t, requestID) // by the server's refund worker, after the rejection commits
	got := w.Notifications(t, "olga")
	if kinds := testworld.Kinds(got); !slices.Equal(kinds, []string{"paid_check_decided", "refund"}) {
		t.Fatalf("olga's notifications: %+v", got)
	}
	if got[1].Title != "Your paid check of Queued Flat was refunded" || got[0].Title != "Your paid check of Queued Flat was rejected" ||
		got[0].Body != "Your payment is being refunded. An administrator wrote: “The listing's details do not match.”" || got[0].Link != got[1].Link {
		t.Errorf("olga's notifications: %+v", got)
	}
	if kinds := testworld.EmailKinds(w.Emails(t, "olga@example.com")); !slices.Equal(kinds, []string{"paid_check_decided", "refund"}) {
		t.Errorf("olga's emails: %v", kinds)
	}
}
