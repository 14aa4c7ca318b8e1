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
