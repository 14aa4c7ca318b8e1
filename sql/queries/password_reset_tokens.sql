-- name: CreatePasswordResetToken :exec
INSERT INTO password_reset_tokens (user_id, purpose, token_hash, expires_at)
VALUES ($1, $2, $3, $4);

-- name: UsePasswordResetToken :one
-- Spends a live token once: of two parallel uses, the second waits on the row lock and then
-- finds it used.
UPDATE password_reset_tokens SET used = true
WHERE token_hash = $1 AND purpose = $2 AND NOT used AND expires_at > now()
RETURNING user_id;

-- name: GetLivePasswordResetToken :one
-- A live token's account, without spending it (a sign-in link is spent only by a sign-in that
-- succeeds).
SELECT user_id FROM password_reset_tokens
WHERE token_hash = $1 AND purpose = $2 AND NOT used AND expires_at > now();

-- name: DeleteOldPasswordResetTokens :exec
-- Housekeeping: tokens a day past their expiry.
DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day';

-- name: LockEmailAddress :exec
-- Serialises the capped mail to one address (the count and the insert of mail.EnqueueCapped)
-- until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended('mail-cap:' || lower(sqlc.arg(address)::text), 0));

-- name: RehashSecurityAnswers :exec
-- Replaces legacy answer hashes with normalised ones, unless the answers changed meanwhile.
UPDATE users SET security_answer1_hash = sqlc.arg(answer1_hash), security_answer2_hash = sqlc.arg(answer2_hash),
    security_answers_version = 2
WHERE id = sqlc.arg(id) AND security_answer1_hash = sqlc.arg(old_answer1_hash) AND security_answers_version = 1;

-- name: SpendPasswordResetTokens :exec
-- A new password spends every other link still out for the account.
UPDATE password_reset_tokens SET used = true WHERE user_id = $1 AND NOT used;

-- name: FindRecoveryAccount :one
-- The account a recovery form's username names, and whether the email is its address: one
-- statement whichever the answer, so a hit and a miss cost alike.
SELECT id, security_question1, security_question2, lower(email) = lower(sqlc.arg(email)::text) AS email_matches
FROM users WHERE lower(username) = lower(sqlc.arg(username)::text);
