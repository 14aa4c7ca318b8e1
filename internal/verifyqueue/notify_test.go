package verifyqueue_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
)

// Issue 29: an administrator's decision on an owner's documents notifies the owner once, linking
// to the property (with the verification it granted); a rejection says why.
func TestDocumentDecisionsNotify(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	w.VerifyEmail(t, "olga")
	home := w.Property(t, "olga", "Olga Home")
	flat := w.Property(t, "olga", "Olga Flat")
	approveID, _ := w.submit(t, olga, home)
	rejectID, _ := w.submit(t, olga, flat)
	ctx := context.Background()
	for id, d := range map[int32][2]string{approveID: {"approve", ""}, rejectID: {"reject", "The deed names someone else."}} {
		if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: id, Decision: d[0], Message: d[1]})); err != nil {
			t.Fatal(err)
		}
	}
	got := w.Notifications(t, "olga")
	byTitle := map[string]testworld.Noted{}
	for _, n := range got {
		byTitle[n.Title] = n
	}
	// One decision, one notification: the approval that verified Olga Home says so itself.
	approved, rejected := byTitle["Your documents for Olga Home were approved"], byTitle["Your documents for Olga Flat were rejected"]
	if len(got) != 2 || approved.Link != fmt.Sprintf("/properties/%d", home) || rejected.Body != "An administrator wrote: “The deed names someone else.”" ||
		approved.Body != verification.VerifiedBadge || approved.Category != "documents" {
		t.Errorf("olga's notifications: %+v", got)
	}
	kinds := testworld.EmailKinds(w.Emails(t, "olga@example.com"))
	if !slices.Equal(kinds, []string{"documents_decided", "documents_decided"}) {
		t.Errorf("olga's emails: %v", kinds)
	}
}
