-- name: ListPasskeys :many
-- A member's passkeys, oldest first.
SELECT * FROM passkeys WHERE user_id = $1 ORDER BY id;

-- name: GetPasskeyByCredential :one
SELECT * FROM passkeys WHERE credential_id = $1;

-- name: LockPasskeyOwner :exec
-- Serialises the changes to one member's passkeys (the count before an insert, the last one's
-- removal while required) until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended('passkeys:' || sqlc.arg(user_id)::int, 0));

-- name: CountPasskeys :one
SELECT count(*) FROM passkeys WHERE user_id = $1;

-- name: CreatePasskey :one
INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, flags, aaguid,
    attestation_type, attestation_format, user_handle, name)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
RETURNING *;

-- name: RenamePasskey :one
UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING *;

-- name: DeletePasskey :one
DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING *;

-- name: UsePasskey :execrows
-- Records a successful assertion: the new sign count and flags, unless another assertion of the
-- credential moved the count first (then nothing changes and the caller refuses).
UPDATE passkeys SET sign_count = sqlc.arg(new_count), flags = sqlc.arg(flags), last_used_at = now()
WHERE id = sqlc.arg(id) AND sign_count = sqlc.arg(old_count);

-- name: CreatePasskeyChallenge :exec
INSERT INTO passkey_challenges (challenge_hash, purpose, user_id, session_id, ceremony, expires_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: SpendPasskeyChallenge :one
-- Spends a live challenge of the purpose once: of two parallel finishes, the second waits on the
-- row lock and then finds it used.
UPDATE passkey_challenges SET used_at = now()
WHERE challenge_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
RETURNING *;

-- name: DeleteOldPasskeyChallenges :exec
-- Housekeeping: challenges an hour past their expiry.
DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 hour';

-- name: PasskeyRequired :one
SELECT EXISTS (SELECT 1 FROM passkey_requirements WHERE user_id = $1) AS required;

-- name: RequirePasskey :exec
INSERT INTO passkey_requirements (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING;

-- name: StopRequiringPasskey :execrows
DELETE FROM passkey_requirements WHERE user_id = $1;
