package verifyqueue_test

import (
	"context"
	"net/http"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Issue 30: a paid check's card carries what a moderator checks it against: the listing's type,
// address and owner, and the ownership documents on file from the property's earlier requests,
// which the administrator may open and no other member may.
func TestPaidCheckShowsTheListingAndTheDocumentsOnFile(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	olga := w.Established(t, "olga", "landlord")
	ada := w.Person(t, "ada", "admin")
	stranger := w.Established(t, "sam", "tenant")
	flat := w.Property(t, "olga", "Olga Flat")
	earlier, url := w.submit(t, olga, flat)
	if _, err := w.admin.DecideRequest(ctx, testworld.As(ada, &adminv1.DecideRequestRequest{RequestId: earlier, Decision: "reject", Message: "The scan is blurred."})); err != nil {
		t.Fatal(err)
	}
	check := w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, status, payment_intent_id, payment_status)
		SELECT $1, landlord_id, 'paid', 'pi_flat', 'succeeded' FROM properties WHERE id = $1 RETURNING id`, flat)

	res, err := w.admin.ListQueue(ctx, testworld.As(ada, &adminv1.ListQueueRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Msg.Items) != 1 {
		t.Fatalf("queue: %v", res.Msg.Items)
	}
	it := res.Msg.Items[0]
	if it.RequestId != check || it.Kind != "paid_check" || it.PropertyTitle != "Olga Flat" || it.PropertyType != "apartment" ||
		it.OwnerUsername != "olga" || it.CurrentAddress == "" || len(it.Documents) != 0 {
		t.Errorf("paid check card: %v", it)
	}
	if len(it.DocumentsOnFile) != 1 || it.DocumentsOnFile[0].Url != url || it.DocumentsOnFile[0].RequestId != earlier || it.DocumentsOnFile[0].FileName != "deed.pdf" {
		t.Fatalf("documents on file: %v", it.DocumentsOnFile)
	}
	for token, want := range map[string]int{ada: http.StatusOK, stranger: http.StatusForbidden, "": http.StatusUnauthorized} {
		if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+url, token, "", nil); status != want {
			t.Errorf("reading the document on file as %q: %d, want %d", token, status, want)
		}
	}
}
