-- What an owner is told of a property's paid check (internal/payment's read side) and the
-- payment's progress as Stripe reports it.

-- name: GetLatestPaidCheck :one
-- The property's latest paid check, open or not (an open one is always the latest: a new check
-- opens only when none is), with its refund: requested while the refund row holds its
-- 'claimed' placeholder, refunded once a refund id is recorded.
SELECT r.id, r.status, coalesce(r.status_reason, '')::text AS status_reason,
    coalesce(r.response_message, '')::text AS response_message,
    coalesce(r.payment_status, '')::text AS payment_status, coalesce(r.payment_error, '')::text AS payment_error,
    coalesce(r.payment_amount_cents, 0)::int AS amount_cents,
    (CASE WHEN f.request_id IS NULL THEN '' WHEN f.refund_id = 'claimed' THEN 'requested' ELSE 'refunded' END)::text AS refund_status,
    coalesce(f.amount_cents, 0)::int AS refund_amount_cents,
    coalesce(r.payment_intent_id, '')::text AS payment_intent_id, (r.paid_at IS NOT NULL)::bool AS paid
FROM verification_requests r
LEFT JOIN paid_check_refunds f ON f.request_id = r.id
WHERE r.property_id = $1 AND r.requested_to_id IS NULL AND r.payment_amount_cents IS NOT NULL
ORDER BY r.created_at DESC, r.id DESC
LIMIT 1;

-- name: MarkPaidCheckProcessing :one
-- Stripe is still confirming the payment (a bank transfer, a slow card network): recorded so the
-- owner is told, while the check waits for the outcome. Only a check being paid changes.
UPDATE verification_requests SET payment_status = 'processing', payment_error = NULL, updated_at = now()
WHERE id = $1 AND status = 'pending' AND payment_amount_cents IS NOT NULL
RETURNING *;
