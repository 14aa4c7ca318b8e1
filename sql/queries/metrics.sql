-- Totals the metrics endpoint shows (internal/metrics): read from the database, so they are
-- exact, agree between servers and survive restarts. Each is one scan, read at most every 30 s.

-- name: LedgerTotals :many
-- The token ledger's rows and tokens by transaction type.
SELECT transaction_type, count(*)::bigint AS entries, coalesce(sum(amount), 0)::bigint AS tokens
FROM token_transactions
GROUP BY transaction_type;

-- name: VerificationRequestTotals :many
-- Verification requests by status, paid checks apart, with their payment's status.
SELECT status, (payment_amount_cents IS NOT NULL)::boolean AS paid_check, coalesce(payment_status, '')::text AS payment_status,
       count(*)::bigint AS requests
FROM verification_requests
GROUP BY 1, 2, 3;

-- name: AdminDecisionTotals :many
-- The administrators' decisions by kind.
SELECT decision, count(*)::bigint AS decisions
FROM admin_decisions
GROUP BY decision;

-- name: RefundTotals :one
-- The paid checks refunded, and the cents refunded.
SELECT count(*)::bigint AS refunds, coalesce(sum(amount_cents), 0)::bigint AS cents
FROM paid_check_refunds;
