package verifyqueue_test

import (
	"context"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

// An administrator who owns a listing does not decide its verification: one account would both
// ask for and grant the badge. Another administrator does.
func TestAdministratorsDoNotVerifyTheirOwnListings(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	olga := w.Person(t, "olga", "landlord")
	home := w.Property(t, "olga", "Olga's flat")
	request, _ := w.submit(t, olga, home)
	w.Exec(t, `UPDATE users SET role = 'admin' WHERE username = 'olga'`) // an administrator who lets a flat
	ada := w.Person(t, "ada", "admin")
	for _, decision := range []string{"approve", "reject"} {
		_, err := w.admin.DecideRequest(ctx, testworld.As(olga, &adminv1.DecideRequestRequest{RequestId: request, Decision: decision, Message: "Mine"}))
		if got := testworld.Failure(err); got != "permission_denied: You own this property or took part in this request: another administrator must decide it." {
			t.Errorf("the owner's %s: %s", decision, got)
		}
	}
	if proof := w.verified(t, home); proof != "" {
		t.Fatalf("the owner's refused decision verified the listing (%s)", proof)
	}
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: request, Decision: "approve"})); err != nil {
		t.Fatalf("another administrator approving: %v", err)
	}
	if proof := w.verified(t, home); proof != "documents" {
		t.Errorf("after another administrator's approval the proof is %q, want documents", proof)
	}
}
