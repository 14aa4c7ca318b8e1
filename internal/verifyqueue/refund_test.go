package verifyqueue_test

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// adminCtx signs ada, an administrator, in.
func (w *world) adminCtx(t *testing.T) context.Context {
	t.Helper()
	ada := w.ID(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('ada', 'x', 'ada@example.com', 'Ada', 'A', 'admin') RETURNING id`)
	return identity.WithSession(context.Background(), identity.Session{ID: 1, User: identity.User{ID: ada, Username: "ada", Role: "admin"}})
}

// paidCheck is olga's paid check of a new property, paid (in demo mode) and waiting in the queue.
func (w *world) paidCheck(t *testing.T, title string) (int32, int32) {
	t.Helper()
	p := w.Property(t, "olga", title)
	id := w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, status, payment_intent_id, payment_status, payment_amount_cents, paid_at)
		SELECT $1, landlord_id, 'paid', 'demo_pi_' || $1::int, 'succeeded', 1999, now() FROM properties WHERE id = $1::int RETURNING id`, p)
	return p, id
}

// A paid check whose fee is refunded, or owed back, buys no badge: the approval is refused and
// the check can only be rejected, which owes nothing more. (A refund recorded while the check
// still reads paid is what a rejection that refunded at Stripe and then failed used to leave.)
func TestAPaidCheckWithARefundIsNeverApproved(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Person(t, "olga", "landlord")
	ctx := w.adminCtx(t)
	r := &refunds{}
	svc := verifyqueue.NewService(w.Pool, r)
	for _, refund := range []string{"made", "owed"} {
		p, id := w.paidCheck(t, "Refunded "+refund)
		if refund == "made" {
			w.Exec(t, `INSERT INTO paid_check_refunds (request_id, refund_id, amount_cents, refunded_at) VALUES ($1, 're_lost', 1999, now())`, id)
		} else {
			w.Exec(t, `INSERT INTO paid_check_refunds (request_id, refund_id, amount_cents, refunded_at, next_attempt_at)
				VALUES ($1, 'claimed', 1999, NULL, now() + interval '1 hour')`, id)
		}
		_, err := svc.Decide(ctx, id, verifyqueue.Approve, "")
		if got := testworld.Failure(err); got != "This paid check's fee is refunded or being refunded, so it cannot be approved: reject it, and the owner may pay for a new check." {
			t.Errorf("approving a check with its refund %s: %s", refund, got)
		}
		if proof := w.verified(t, p); proof != "" {
			t.Errorf("refund %s: the property is verified (%s)", refund, proof)
		}
		d, err := svc.Decide(ctx, id, verifyqueue.Reject, "The fee was returned.")
		if err != nil || !d.Refunded {
			t.Errorf("rejecting a check with its refund %s: %+v %v", refund, d, err)
		}
		if n := w.ID(t, `SELECT count(*)::int FROM paid_check_refunds WHERE request_id = $1`, id); n != 1 {
			t.Errorf("refund %s: %d refunds, want 1", refund, n)
		}
	}
}

// cancelling is the payment service as the queue's Refunder, with the administrator's request
// ending (a client's deadline, a closed tab) just after the refund is owed, before the rejection
// is recorded.
type cancelling struct {
	*payment.Service
	cancel context.CancelFunc
}

func (c cancelling) OweRefund(ctx context.Context, tx *db.Queries, id int32) error {
	err := c.Service.OweRefund(ctx, tx, id)
	c.cancel()
	return err
}

// A rejection cancelled halfway through leaves nothing behind: the refund owed goes with the
// rejection, so no refund is made (the server's refund worker finds none) and the check still
// waits, paid, for a decision. Completed, the rejection and its refund owed commit together.
func TestACancelledRejectionOwesNoRefund(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Person(t, "olga", "landlord")
	admin := w.adminCtx(t)
	payments := payment.NewService(w.Pool, payment.Config{}) // demo mode: demo payments are refunded
	_, id := w.paidCheck(t, "Cancelled")

	ctx, cancel := context.WithCancel(admin)
	defer cancel()
	if _, err := verifyqueue.NewService(w.Pool, cancelling{payments, cancel}).Decide(ctx, id, verifyqueue.Reject, "Not the owner"); err == nil {
		t.Fatal("the cancelled rejection succeeded")
	}
	if n, err := payments.SettleDueRefunds(admin); n != 0 || err != nil {
		t.Errorf("refunds settled after the cancelled rejection: %d %v", n, err)
	}
	if st := w.ID(t, `SELECT count(*)::int FROM verification_requests WHERE id = $1 AND status = 'paid'`, id); st != 1 {
		t.Error("the cancelled rejection changed the request")
	}
	if n := w.ID(t, `SELECT count(*)::int FROM paid_check_refunds WHERE request_id = $1`, id); n != 0 {
		t.Errorf("the cancelled rejection left %d refunds", n)
	}

	d, err := verifyqueue.NewService(w.Pool, payments).Decide(admin, id, verifyqueue.Reject, "Not the owner")
	if err != nil || !d.Refunded {
		t.Fatalf("reject: %+v %v", d, err)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM verification_requests r JOIN paid_check_refunds f ON f.request_id = r.id
		WHERE r.id = $1 AND r.status = 'rejected' AND f.amount_cents = 1999`, id); n != 1 {
		t.Error("the rejection and its refund owed are not recorded together")
	}
}
