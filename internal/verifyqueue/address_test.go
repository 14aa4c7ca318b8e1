package verifyqueue_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
)

// Issue 25, item 1, for the owner's documents: proof gathered for one address verified the
// listing after it moved. The owner sent documents for "1407 Kenwood Avenue", moved the listing
// to "500 Somewhere Else Blvd", and an administrator approved the open request.

func TestDocumentsForTheOldAddressVerifyNothingAfterAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	home := w.Kenwood(t, "olga", "Kenwood flat", "kenwood")
	request, _ := w.submit(t, olga, home)
	if w.Move(t, olga, home, "Kenwood flat").GetVerificationRemoved() {
		t.Error("the move withdrew a verification the listing did not have")
	}
	_, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: request, Decision: "approve"}))
	if got, want := testworld.Failure(err), "failed_precondition: This request was closed: t"+verification.MovedReason[1:]; got != want {
		t.Errorf("approving documents for the old address: %s", got)
	}
	if proof := w.verified(t, home); proof != "" {
		t.Fatalf("the listing is verified (%s) at an address nobody checked", proof)
	}
	queue, err := w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil || len(queue.Msg.Items) != 0 {
		t.Errorf("the closed request is still queued: %v %v", queue, err)
	}
}

// The queue shows the address each proof was gathered for beside the listing's current one, and
// refuses to approve when they differ — whatever left the request open (here a listing whose
// address was changed beneath the product, as an import or a repair by hand could).
func TestTheQueueShowsBothAddressesAndRefusesWhenTheyDiffer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	home := w.Kenwood(t, "olga", "Kenwood flat", "kenwood")
	request, _ := w.submit(t, olga, home)
	queue, err := w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil || len(queue.Msg.Items) != 1 {
		t.Fatalf("queue: %v %v", queue, err)
	}
	if it := queue.Msg.Items[0]; it.Address != "1407 Kenwood Avenue, Springfield, 62704, United States" || it.CurrentAddress != it.Address || it.AddressChanged {
		t.Errorf("before: %q / %q / %v", it.Address, it.CurrentAddress, it.AddressChanged)
	}
	w.Exec(t, `UPDATE properties SET address = '500 Somewhere Else Blvd' WHERE id = $1`, home)
	queue, err = w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil || len(queue.Msg.Items) != 1 {
		t.Fatalf("queue: %v %v", queue, err)
	}
	if it := queue.Msg.Items[0]; it.CurrentAddress != "500 Somewhere Else Blvd, Springfield, 62704, United States" || !it.AddressChanged {
		t.Errorf("after: %q / %q / %v", it.Address, it.CurrentAddress, it.AddressChanged)
	}
	_, err = w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: request, Decision: "approve"}))
	want := "failed_precondition: This request was about 1407 Kenwood Avenue, Springfield, 62704, United States, but the listing is now at " +
		"500 Somewhere Else Blvd, Springfield, 62704, United States: its proof cannot verify the new address."
	if got := testworld.Failure(err); got != want {
		t.Errorf("approve: %s", got)
	}
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: request, Decision: "reject", Message: "The listing moved."})); err != nil {
		t.Errorf("reject: %v", err)
	}
	// Spelling is not moving: case, spaces and a ZIP+4 name the same place.
	other := w.Kenwood(t, "olga", "Kenwood flat", "kenwood-2")
	again, _ := w.submit(t, olga, other)
	w.Exec(t, `UPDATE properties SET address = '  1407  KENWOOD avenue ', zip_code = '62704-1234' WHERE id = $1`, other)
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: again, Decision: "approve"})); err != nil {
		t.Errorf("approve after a respelling: %v", err)
	}
}

// The move racing the approval, on many listings at once: the approval takes the property's
// lock, so it sees the move (and is refused) or the move sees it (and withdraws the badge).
func TestMovingRacingTheApprovalOfDocuments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	olga := w.Person(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	const n = 12
	homes, requests := make([]int32, n), make([]int32, n)
	for i := range n {
		homes[i] = w.Kenwood(t, "olga", "Kenwood flat", fmt.Sprintf("kenwood-%d", i))
		requests[i], _ = w.submit(t, olga, homes[i])
	}
	approved, removed := make([]bool, n), make([]bool, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			_, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: requests[i], Decision: "approve"}))
			approved[i] = err == nil
			if err != nil && !strings.HasPrefix(testworld.Failure(err), "failed_precondition: This request was closed: the listing's address changed") {
				t.Errorf("approve %d: %s", requests[i], testworld.Failure(err))
			}
		})
		wg.Go(func() { removed[i] = w.Move(t, olga, homes[i], "Kenwood flat").GetVerificationRemoved() })
	}
	wg.Wait()
	for i := range n {
		if proof := w.verified(t, homes[i]); proof != "" || approved[i] != removed[i] {
			t.Errorf("listing %d: proof %q, approved %v, the move withdrew %v", homes[i], proof, approved[i], removed[i])
		}
	}
}
