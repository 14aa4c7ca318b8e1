package enquiry_test

// A new thread or viewing request locks the listing before its members, as an account closure
// or suspension of the owner does (the listings in id order, then the account: LockAccount).
// Taken the other way, the members first, either of a pair waited for the other and PostgreSQL
// aborted one of them (40P01). Each test holds the listing as a closure does, lets the send start,
// then takes the owner's row: both must finish.

import (
	"context"
	"fmt"
	"testing"

	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// duringClosure makes tina, lou and lou's flat, then runs send (as tina, about the flat) while a
// test transaction locks the flat and then lou's account, in the order of account closure and
// suspension.
func duringClosure(t *testing.T, send func(w *world, tina string, flat int32) func() error) {
	t.Helper()
	w := newWorld(t, testserver.Options{})
	tina := w.Member(t, "tina", "tenant")
	w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	w.Interleave(t,
		fmt.Sprintf(`SELECT id FROM properties WHERE id = %d FOR NO KEY UPDATE`, flat),
		fmt.Sprintf(`SELECT id FROM users WHERE id = %d FOR UPDATE`, w.UserID(t, "lou")),
		send(w, tina, flat))
}

func TestStartBesideAClosure(t *testing.T) {
	t.Parallel()
	duringClosure(t, func(w *world, tina string, flat int32) func() error {
		return func() error {
			_, err := w.client.StartEnquiry(context.Background(), testworld.As(tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is parking included?"}))
			return err
		}
	})
}

func TestViewingRequestBesideAClosure(t *testing.T) {
	t.Parallel()
	duringClosure(t, func(w *world, tina string, flat int32) func() error {
		th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Is parking included?"})
		return func() error {
			_, err := w.client.RequestViewing(context.Background(), testworld.As(tina, &enquiryv1.RequestViewingRequest{ThreadId: th.Id, Times: []string{local(5, 10)}}))
			return err
		}
	})
}
