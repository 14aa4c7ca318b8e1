-- Issue 30: closing and suspending accounts (internal/account closure.go, suspension.go).

-- name: LockAccount :one
-- The account row, locked against a concurrent sign-in (sessions_refuse_barred_accounts reads it
-- FOR SHARE), suspension or closure.
SELECT * FROM users WHERE id = $1 FOR UPDATE;

-- name: LockActiveAdmins :many
-- Every administrator who can still act, locked in id order: two administrators closing their
-- accounts at once are decided one after the other, so the last one always stays.
SELECT id FROM users WHERE role = 'admin' AND closed_at IS NULL AND suspended_at IS NULL ORDER BY id FOR UPDATE;

-- name: RevokeAccountSessions :exec
-- Every session of the account ends at once.
UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL;

-- name: LockClosingAccountProperties :exec
-- The properties a closure changes, locked in id order before anything else: the member's
-- listings, which it hides, and (with_reviews) those they reviewed, whose stars lose their
-- reviews. A move of a listing, a review posted and a moderator's decision each lock the property
-- first, then its reviews or its people; taking the same order here keeps a closure out of a
-- circle with any of them.
SELECT id FROM properties
WHERE landlord_id = sqlc.arg(user_id)
   OR (sqlc.arg(with_reviews)::bool AND id IN (
        SELECT property_id FROM reviews WHERE user_id = sqlc.arg(user_id) AND status <> 'deleted'))
ORDER BY id
FOR NO KEY UPDATE;

-- name: LockOwnerListings :many
-- An owner's listings, locked in id order before their account by a suspension or reinstatement
-- that hides or shows them: the property before its people, as a tenancy or verification
-- decision and a move take them (LockClosingAccountProperties for a closure). With their places,
-- whose counts the caller locks next (LockCityCounts).
SELECT city, coalesce(locality, '')::text AS locality FROM properties WHERE landlord_id = $1 ORDER BY id FOR NO KEY UPDATE;

-- name: HideOwnerListings :exec
-- Takes an owner's listings out of public view for reason (a closure also takes those a
-- suspension hid). The triggers on active keep the city and neighbourhood counts.
UPDATE properties SET active = false, hidden_reason = sqlc.arg(reason)::text, updated_at = now()
WHERE landlord_id = sqlc.arg(landlord_id) AND (active OR hidden_reason = 'owner_suspended');

-- name: ShowSuspendedListings :exec
-- Shows again the listings a suspension hid.
UPDATE properties SET active = true, hidden_reason = NULL, updated_at = now()
WHERE landlord_id = $1 AND hidden_reason = 'owner_suspended';

-- name: DeleteAuthorReviews :exec
-- The reviews the author chose to delete with their account: out of public lists and the
-- aggregates (the rating trigger counts published reviews only).
UPDATE reviews SET status = 'deleted', updated_at = now() WHERE user_id = $1 AND status <> 'deleted';

-- name: DeleteReviewPhotosOf :many
-- The photos of an author's deleted reviews: their rows go, and the caller deletes their files.
DELETE FROM uploads u USING reviews r
WHERE u.review_id = r.id AND r.user_id = $1 AND r.status = 'deleted'
RETURNING u.key;

-- name: DeleteOwnershipDocumentsOf :many
-- An owner's private documents: their files go (the caller deletes them), their rows stay as the
-- audit trail of the requests they belonged to.
UPDATE ownership_documents SET deleted_at = now() WHERE owner_id = $1 AND deleted_at IS NULL RETURNING key;

-- name: DeleteTenancyDocumentsOf :many
-- A tenant's private documents, as DeleteOwnershipDocumentsOf.
UPDATE tenancy_documents SET deleted_at = now() WHERE tenant_id = $1 AND deleted_at IS NULL RETURNING key;

-- name: DeleteDataExportsOf :many
-- The copies of their data the member asked for, built or not (a build under way finds its row
-- gone and deletes its file); returns their tokens, whose files the caller deletes.
DELETE FROM data_exports WHERE user_id = $1 RETURNING token;

-- name: EraseContactMessagesOf :exec
-- The messages the member sent while signed in stay for the administrators until their retention
-- ends, without the name and address they were signed with.
UPDATE contact_messages SET name = 'Former member', email = 'closed-' || user_id || '@closed.invalid'
WHERE user_id = $1;

-- name: RetireUsername :exec
-- The closed account's username, kept from registration for the retention period.
INSERT INTO retired_usernames (key, user_id) VALUES (lower(sqlc.arg(username)::text), sqlc.arg(user_id))
ON CONFLICT (key) DO UPDATE SET user_id = EXCLUDED.user_id, retired_at = now();

-- name: UsernameRetiredUntil :one
-- When a recently closed account's username may be taken again (no row: it may now).
SELECT (retired_at + sqlc.arg(retention_seconds)::int * interval '1 second')::timestamptz AS until
FROM retired_usernames
WHERE key = lower(sqlc.arg(username)::text) AND retired_at > now() - sqlc.arg(retention_seconds)::int * interval '1 second';

-- name: EraseAccount :exec
-- The tombstone: every personal field erased, the password unusable (tombstone_hash is no hash
-- any secret verifies against), the username and address given up for ones no one can choose
-- (no '@': anyone may register an address, and a taken one would block the deletion).
UPDATE users SET
    username = 'closed:' || id, email = 'closed:' || id,
    password_hash = sqlc.arg(tombstone_hash)::text, first_name = '', last_name = '',
    bio = NULL, profile_image = NULL, phone_number = NULL, address = NULL, city = NULL, state = NULL,
    zip_code = NULL, country = '', social_profiles = NULL, notification_preferences = NULL,
    security_question1 = NULL, security_answer1_hash = NULL, security_question2 = NULL,
    security_answer2_hash = NULL, email_verified_at = NULL, leaderboard_full_name = false,
    suspended_at = NULL, suspension_reason = NULL, closed_at = now(), updated_at = now()
WHERE id = sqlc.arg(id);

-- name: ForgetAccountTraces :exec
-- What else the account leaves about its person: the browsers and networks it used, its saved
-- list, its notifications and emails, its unused reset tokens and its passkeys (with their
-- challenges and the requirement to use one), and its place on the leaderboard (its XP stays: the
-- sum of its rows).
WITH x AS (INSERT INTO user_xp (user_id, account_closed) VALUES ($1, true)
           ON CONFLICT (user_id) DO UPDATE SET account_closed = true),
     d1 AS (DELETE FROM known_devices WHERE known_devices.user_id = $1),
     d2 AS (DELETE FROM sign_ins WHERE sign_ins.user_id = $1),
     d3 AS (DELETE FROM saved_properties WHERE saved_properties.user_id = $1),
     d4 AS (DELETE FROM notifications WHERE notifications.user_id = $1),
     d5 AS (DELETE FROM password_reset_tokens WHERE password_reset_tokens.user_id = $1),
     d6 AS (DELETE FROM passkeys WHERE passkeys.user_id = $1),
     d7 AS (DELETE FROM passkey_challenges WHERE passkey_challenges.user_id = $1),
     d8 AS (DELETE FROM passkey_requirements WHERE passkey_requirements.user_id = $1),
     -- the mail written to them, sent or not, but the confirmation of this closure
     d9 AS (DELETE FROM outbox_emails WHERE outbox_emails.user_id = $1 AND outbox_emails.kind <> 'account_closed')
DELETE FROM sessions WHERE sessions.user_id = $1;

-- name: SuspendAccount :exec
UPDATE users SET suspended_at = now(), suspension_reason = sqlc.arg(reason)::text, updated_at = now()
WHERE id = sqlc.arg(id);

-- name: ReinstateAccount :exec
UPDATE users SET suspended_at = NULL, suspension_reason = NULL, updated_at = now() WHERE id = $1;

-- name: RecordAccountDecision :exec
INSERT INTO admin_decisions (admin_id, user_id, decision, message)
VALUES (sqlc.arg(admin_id), sqlc.arg(user_id), sqlc.arg(decision)::text, sqlc.arg(message)::text);

-- name: FindAccounts :many
-- The administrators' account search: an id, or a username or email that contains query
-- (users_username_trgm), open accounts first.
SELECT id, username, email, first_name, last_name, role, created_at, suspended_at, suspension_reason, closed_at
FROM users
WHERE id = sqlc.arg(id) OR (sqlc.arg(query)::text <> '' AND (lower(username) LIKE '%' || sqlc.arg(query)::text || '%'
    OR lower(email) = sqlc.arg(query)::text))
ORDER BY closed_at IS NOT NULL, id
LIMIT 20;

-- name: SendOwnerClaimsToDocuments :exec
-- The tenancy claims waiting for an owner whose account is suspended or closed go to the
-- documents path: that owner cannot answer, and must never block a tenant's claim.
UPDATE tenant_verifications t
SET stage = 'documents', updated_at = now(), changed_by = sqlc.arg(changed_by)::int,
    change_note = 'The owner''s account is no longer open'
FROM properties p
WHERE p.id = t.property_id AND p.landlord_id = sqlc.arg(owner_id)::int AND t.status = 'pending' AND t.stage = 'landlord';
