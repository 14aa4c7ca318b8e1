package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v76"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
	"github.com/rentproof/rentproof/internal/store"
)

// Every refund the product owes — a paid check an administrator rejects (OweRefund), one closed
// because the listing moved or was verified another way, or a payment that arrived after its
// check closed — is a row of paid_check_refunds written in the transaction that rejects or closes
// the check (the outbox): Stripe is never asked inside that transaction, whose request may be
// cancelled while Stripe answers (stripe-go takes no context), so the refund and the decision
// commit or roll back together.
// They are settled after that transaction commits: PostgreSQL's NOTIFY, sent by the row's insert
// trigger, reaches every server's RunRefunds only on commit; each claims one row at a time with
// FOR UPDATE SKIP LOCKED, so two servers never ask for one refund together, and Stripe's
// idempotency key (paid-check-refund-R) makes a retry after a lost answer return the same refund.
// A failed attempt waits twice as long each time (1 minute to 6 hours) and is tried again.

// refundsChannel is the NOTIFY channel of due refunds (the trigger paid_check_refunds_notify).
const refundsChannel = "paid_check_refunds_due"

// refundSweep is how often RunRefunds looks for refunds due without being told (retries, and
// bells rung while no server listened).
const refundSweep = time.Minute

// latePaymentReason is what the owner reads on a check whose payment arrived after it closed.
const latePaymentReason = "This check was closed before its payment arrived (the listing moved or was verified another way): the fee is refunded in full."

// RunRefunds settles due refunds until ctx ends: at once when one is owed, and every minute for
// retries. Call it once per server, in its own goroutine.
func (s *Service) RunRefunds(ctx context.Context) {
	for ctx.Err() == nil {
		err := s.listenForRefunds(ctx)
		if ctx.Err() != nil {
			return
		}
		slog.WarnContext(ctx, "refunds: listening failed, trying again", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
		}
	}
}

// listenForRefunds holds a connection of its own (not one of the pool's) listening on the
// channel, and settles what is due after each bell or sweep.
func (s *Service) listenForRefunds(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+refundsChannel); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	for {
		if _, err := s.SettleDueRefunds(ctx); jobs.Failed(ctx, "refunds", err) {
			slog.WarnContext(ctx, "refunds: settling failed", "err", err)
		}
		wait, cancel := context.WithTimeout(ctx, refundSweep)
		_, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil && !errors.Is(err, context.DeadlineExceeded):
			return fmt.Errorf("wait for notification: %w", err)
		}
	}
}

// SettleDueRefunds settles every refund due now, one at a time, and returns how many it settled.
// A refund Stripe refuses stays due, postponed; the others are still tried.
func (s *Service) SettleDueRefunds(ctx context.Context) (int, error) {
	settled := 0
	var failures []error
	for ctx.Err() == nil {
		found, err := s.settleOneRefund(ctx)
		if err != nil {
			failures = append(failures, err)
		}
		if !found {
			break
		}
		if err == nil {
			settled++
		}
	}
	return settled, errors.Join(failures...)
}

// settleOneRefund claims one due refund and asks for it; found is false when none is due.
func (s *Service) settleOneRefund(ctx context.Context) (found bool, err error) {
	var failed error
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		due, err := q.ClaimDueRefund(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("claim a due refund: %w", err)
		}
		found = true
		refundID, err := s.refund(due.RequestID, due.PaymentIntentID)
		if err != nil {
			failed = fmt.Errorf("refund paid check %d: %w", due.RequestID, err)
			level := slog.LevelWarn
			if due.Attempts >= 9 { // ten tries over about 17 hours: an operator should look
				level = slog.LevelError
			}
			slog.Log(ctx, level, "refunds: Stripe did not refund, will try again", "request", due.RequestID, "attempt", due.Attempts+1, "err", err)
			return q.PostponeDueRefund(ctx, db.PostponeDueRefundParams{RequestID: due.RequestID, LastError: clip(err.Error())})
		}
		if err := q.SettleDueRefund(ctx, db.SettleDueRefundParams{RequestID: due.RequestID, RefundID: refundID}); err != nil {
			return err
		}
		return notifyRefunded(ctx, q, due.RequestID)
	})
	if err != nil {
		return found, err
	}
	return found, failed
}

// refund asks Stripe to refund a paid check's payment in full (or records a demo refund for a
// demo payment) and returns the refund's id. The idempotency key is the check's: asked again,
// after a failure or a lost answer, Stripe answers with the same refund.
func (s *Service) refund(requestID int32, intentID string) (string, error) {
	if intentID == "" {
		return "", errors.New("the check has no payment")
	}
	if strings.HasPrefix(intentID, demoIntentPrefix) {
		return demoRefundPrefix + randomHex(), nil
	}
	if s.stripe == nil {
		return "", errors.New("refund a card payment: no Stripe key configured")
	}
	params := &stripe.RefundParams{PaymentIntent: new(intentID)}
	params.AddMetadata("verification_request_id", strconv.Itoa(int(requestID)))
	params.SetIdempotencyKey(fmt.Sprintf("paid-check-refund-%d", requestID))
	refund, err := s.stripe.Refunds.New(params)
	if err != nil {
		if se, ok := errors.AsType[*stripe.Error](err); ok && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			return "already_refunded", nil // refunded outside RentProof (Stripe's dashboard)
		}
		return "", err
	}
	return refund.ID, nil
}

// OweRefund makes a paid check's full refund due in the caller's transaction q, the one that
// rejects the check (administrators only: the queue's Refunder). Stripe is not asked here: the
// refund is owed exactly when that transaction commits, and RunRefunds, woken by the commit,
// settles it with the check's idempotency key, as it settles a closed check's. So a rejection
// whose request is cancelled, or whose transaction fails, leaves no refund behind, and a
// committed one always gets its refund. Owing a refund owed or made already does nothing more.
// The caller holds the request's row locked.
func (s *Service) OweRefund(ctx context.Context, q *db.Queries, requestID int32) error {
	me, err := identity.RequireAdmin(ctx, errAdminOnly, errAdminOnly)
	if err != nil {
		return err
	}
	check, err := q.GetPaidCheck(ctx, requestID)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound(msgRefundNotFound)
	}
	if err != nil {
		return fmt.Errorf("get paid check: %w", err)
	}
	intentID := deref(check.PaymentIntentID)
	if check.PaidAt == nil || deref(check.PaymentStatus) != PaymentSucceeded || intentID == "" {
		return apperr.FailedPrecondition(msgNotPaid)
	}
	if !strings.HasPrefix(intentID, demoIntentPrefix) && s.stripe == nil {
		return apperr.FailedPrecondition(msgNoCardRefunds) // it would stay owed: refuse now instead
	}
	amount := FeeCents
	if check.PaymentAmountCents != nil {
		amount = *check.PaymentAmountCents
	}
	if _, err := q.OwePaidCheckRefund(ctx, db.OwePaidCheckRefundParams{RequestID: check.ID, AmountCents: amount, RefundedBy: &me.ID}); err != nil {
		return fmt.Errorf("owe refund: %w", err)
	}
	return nil
}
