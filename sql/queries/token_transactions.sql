-- The token ledger (internal/ledger): the only statements that change users.tokens.

-- name: CreditTokens :one
-- The ledger row and the balance move in one statement, so neither exists without the other.
WITH entry AS (
    INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_id, related_entity_type, description)
    VALUES (sqlc.arg(user_id), sqlc.arg(amount), sqlc.arg(transaction_type), sqlc.narg(related_entity_id),
        sqlc.narg(related_entity_type), sqlc.arg(description))
    RETURNING user_id, amount
)
UPDATE users u SET tokens = u.tokens + entry.amount
FROM entry
WHERE u.id = entry.user_id
RETURNING u.tokens;

-- name: OpenLedger :execrows
-- The opening row of a new account: its starting balance (users.tokens' default), once.
INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
SELECT u.id, u.tokens, 'initial_allocation', 'system', sqlc.arg(description)
FROM users u
WHERE u.id = sqlc.arg(user_id) AND NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.user_id = u.id);

-- name: GetTokenBalance :one
SELECT tokens FROM users WHERE id = $1;

-- name: ListTokenTransactions :many
-- Walks token_transactions_user_newest; total counts the account's rows (an index-only scan).
SELECT t.id, t.amount, t.transaction_type, t.related_entity_id, t.related_entity_type, t.description, t.created_at,
    (SELECT count(*) FROM token_transactions c WHERE c.user_id = sqlc.arg(user_id))::int AS total
FROM token_transactions t
WHERE t.user_id = sqlc.arg(user_id)
ORDER BY t.created_at DESC, t.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: CountTokenTransactions :one
SELECT count(*)::int FROM token_transactions WHERE user_id = $1;

-- name: ReverseRequestRewards :many
-- Takes back the verification rewards one request paid, from each account it paid, as far as the
-- balance goes: never below zero, and the rest is written off (the row's metadata says how much
-- was owed and taken). One row per account, even when nothing could be taken, so its owner reads
-- why. Accounts are locked in id order, as CreditAll takes them.
WITH paid AS (
    SELECT t.user_id, sum(t.amount)::int AS net FROM token_transactions t
    WHERE t.related_entity_type = 'verification_request' AND t.related_entity_id = sqlc.arg(request_id)
      AND t.transaction_type = 'verification_reward'
    GROUP BY t.user_id HAVING sum(t.amount) > 0
), locked AS (
    SELECT u.id, u.tokens, p.net FROM users u JOIN paid p ON p.user_id = u.id ORDER BY u.id FOR NO KEY UPDATE OF u
), entry AS (
    INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_id, related_entity_type, description, metadata)
    SELECT l.id, -least(l.net, l.tokens), 'verification_reward', sqlc.arg(request_id), 'verification_request', sqlc.arg(description),
        jsonb_build_object('reversal', true, 'owed', l.net, 'taken', least(l.net, l.tokens))
    FROM locked l
    RETURNING user_id, amount
)
UPDATE users u SET tokens = u.tokens + entry.amount
FROM entry
WHERE u.id = entry.user_id
RETURNING u.id, entry.amount;
