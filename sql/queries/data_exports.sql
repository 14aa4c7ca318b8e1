-- Data exports (issue 30, "Your data"; internal/dataexport).

-- name: LatestDataExport :one
-- The member's newest export that counts toward one a day (a failed one does not), with when the
-- next may be asked for, by the database's clock.
SELECT id, requested_at, (requested_at + make_interval(secs => sqlc.arg(every_seconds)::int))::timestamptz AS next_at,
    (requested_at + make_interval(secs => sqlc.arg(every_seconds)::int) > now())::boolean AS waiting
FROM data_exports
WHERE user_id = sqlc.arg(user_id) AND status <> 'failed'
ORDER BY requested_at DESC
LIMIT 1;

-- name: CreateDataExport :one
INSERT INTO data_exports (user_id, token) VALUES (sqlc.arg(user_id), sqlc.arg(token))
RETURNING *;

-- name: ListDataExports :many
-- The member's exports, newest first, each in the state the member sees: building (asked, not
-- built yet), ready (until expires_at), expired (past it, or its file deleted), failed.
SELECT id, token, requested_at, ready_at, expires_at, coalesce(bytes, 0)::bigint AS bytes,
    (CASE
        WHEN status = 'pending' THEN 'building'
        WHEN status = 'ready' AND expires_at > now() THEN 'ready'
        WHEN status IN ('ready', 'deleted') THEN 'expired'
        ELSE 'failed'
    END)::text AS state
FROM data_exports
WHERE user_id = sqlc.arg(user_id)
ORDER BY requested_at DESC, id DESC
LIMIT sqlc.arg(max_rows)::int;

-- name: GetDataExportByToken :one
SELECT id, user_id, token, status, requested_at, ready_at, expires_at, coalesce(bytes, 0)::bigint AS bytes,
    (status = 'ready' AND expires_at > now())::boolean AS downloadable
FROM data_exports
WHERE token = sqlc.arg(token);

-- name: ClaimDataExport :one
-- One export due to be built, leased to this server (attempts counted): SKIP LOCKED keeps two
-- servers claiming at the same moment apart, and the lease keeps the others off it afterwards,
-- while it is built with no transaction open. A server that dies mid-build leaves it to be claimed
-- again when the lease ends.
UPDATE data_exports d
SET lease_until = now() + make_interval(secs => sqlc.arg(lease_seconds)::int), attempts = d.attempts + 1
WHERE d.id = (
    SELECT id FROM data_exports
    WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
    ORDER BY id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
)
RETURNING d.id, d.user_id, d.token, d.attempts, d.requested_at;

-- name: MarkDataExportReady :one
-- The built export, ready for validity_seconds; no row when it is no longer pending.
UPDATE data_exports
SET status = 'ready', ready_at = now(), expires_at = now() + make_interval(secs => sqlc.arg(validity_seconds)::int),
    bytes = sqlc.arg(bytes), lease_until = NULL, last_error = NULL
WHERE id = sqlc.arg(id) AND status = 'pending'
RETURNING expires_at;

-- name: PostponeDataExport :exec
-- A failed build: tried again after retry_seconds, or failed for good.
UPDATE data_exports
SET status = CASE WHEN sqlc.arg(dead)::boolean THEN 'failed' ELSE status END,
    lease_until = now() + make_interval(secs => sqlc.arg(retry_seconds)::int),
    last_error = sqlc.arg(last_error)
WHERE id = sqlc.arg(id) AND status = 'pending';

-- name: ListExpiredDataExports :many
SELECT id, token FROM data_exports
WHERE status = 'ready' AND expires_at <= now()
ORDER BY expires_at
LIMIT sqlc.arg(max_rows)::int;

-- name: MarkDataExportDeleted :execrows
UPDATE data_exports SET status = 'deleted', bytes = NULL
WHERE id = sqlc.arg(id) AND status = 'ready' AND expires_at <= now();

-- The export's contents: one statement per kind of data, each the member's own rows only, one
-- page (after the previous page's seq, in seq order) at a time, so a large member is streamed
-- into the zip rather than held in memory. doc is the row as the member gets it: secrets (password
-- and answer hashes, session and device token hashes) and internal keys are left out.

-- name: ExportProfile :one
SELECT jsonb_build_object(
    'id', u.id, 'username', u.username, 'email', u.email, 'email_verified_at', u.email_verified_at,
    'first_name', u.first_name, 'last_name', u.last_name, 'role', u.role, 'bio', u.bio,
    'profile_image', u.profile_image, 'phone_number', u.phone_number, 'address', u.address,
    'city', u.city, 'state', u.state, 'zip_code', u.zip_code, 'country', u.country,
    'language_preference', u.language_preference, 'timezone', u.timezone,
    'verification_status', u.verification_status, 'tokens', u.tokens, 'created_at', u.created_at,
    'updated_at', u.updated_at, 'last_login', u.last_login,
    'notification_preferences', u.notification_preferences, 'social_profiles', u.social_profiles,
    'security_question1', u.security_question1, 'security_question2', u.security_question2,
    'leaderboard_full_name', u.leaderboard_full_name,
    'xp', (SELECT x.xp FROM user_xp x WHERE x.user_id = u.id),
    'xp_reached_at', (SELECT x.xp_reached_at FROM user_xp x WHERE x.user_id = u.id)
)::jsonb AS doc
FROM users u WHERE u.id = sqlc.arg(user_id)::int;

-- name: ExportReviews :many
-- The reviews the member wrote (any status). Owners' responses to them are the owners' words,
-- not the member's, and are left out; so is how many members reported one (administrators'
-- alone, as the API's report_count: one report after a quarrel would name its reporter).
SELECT r.id::bigint AS seq, (to_jsonb(r) - 'review_responses' - 'report_count')::jsonb AS doc
FROM reviews r
WHERE r.user_id = sqlc.arg(user_id)::int AND r.id > sqlc.arg(after)::bigint
ORDER BY r.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportReviewResponses :many
-- The responses the member wrote, as owner, to reviews of their listings (the reviews are their
-- authors' data: only the review's id is given).
SELECT o.review_id::bigint AS seq, to_jsonb(o)::jsonb AS doc
FROM review_owner_responses o
WHERE o.owner_id = sqlc.arg(user_id)::int AND o.review_id > sqlc.arg(after)::bigint
ORDER BY o.review_id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportHelpfulVotes :many
SELECT v.review_id::bigint AS seq, to_jsonb(v)::jsonb AS doc
FROM review_helpful_votes v
WHERE v.user_id = sqlc.arg(user_id)::int AND v.review_id > sqlc.arg(after)::bigint
ORDER BY v.review_id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportListings :many
SELECT p.id::bigint AS seq,
    (to_jsonb(p) - 'search_text' - 'city_key' - 'locality_key' - 'postal_code_key')::jsonb AS doc
FROM properties p
WHERE p.landlord_id = sqlc.arg(user_id)::int AND p.id > sqlc.arg(after)::bigint
ORDER BY p.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportUploads :many
-- The images the member uploaded (listing images, review photos), each with its file in the zip.
SELECT u.id::bigint AS seq, u.key AS file_key,
    jsonb_build_object('id', u.id, 'file', 'files/' || u.key, 'bytes', u.bytes, 'width', u.width, 'height', u.height,
        'property_id', u.property_id, 'review_id', u.review_id, 'created_at', u.created_at, 'attached_at', u.attached_at)::jsonb AS doc
FROM uploads u
WHERE u.owner_id = sqlc.arg(user_id)::int AND u.id > sqlc.arg(after)::bigint
ORDER BY u.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportTenancies :many
-- The member's tenancy claims (as tenant). Claims others made on the member's listings are
-- those tenants' data. Who verified or last changed one (verified_by_id, changed_by: an
-- administrator's id, which GET /api/users/{id} would name) is left out, as contact messages'
-- handled_by is: the API says "an administrator"; proof says how it was verified.
SELECT t.id::bigint AS seq, (to_jsonb(t) - 'address_key' - 'verified_by_id' - 'changed_by')::jsonb AS doc
FROM tenant_verifications t
WHERE t.tenant_id = sqlc.arg(user_id)::int AND t.id > sqlc.arg(after)::bigint
ORDER BY t.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportVerificationRequests :many
-- Requests the member sent and requests sent to them; of a received one, the sender's payment and
-- documents are left out, and so is an administrator's message with a decision on it (the
-- status_reason of a held approval or a confirmation an administrator decided: written to the
-- owner, the sender's, as verification.Request.forAddressee withholds it). Which administrator
-- marked one arranged (arranged_by) is left out of both.
SELECT v.id::bigint AS seq,
    (CASE WHEN v.requested_by_id = sqlc.arg(user_id)::int
        THEN to_jsonb(v) - 'address_key' - 'arranged_by' || jsonb_build_object('direction', 'sent')
        ELSE to_jsonb(v) - 'address_key' - 'arranged_by' - 'document_urls' - 'payment_intent_id' - 'payment_status'
            - 'payment_amount_cents' - 'payment_error' - 'paid_at' - 'metadata'
            - CASE WHEN EXISTS (SELECT FROM admin_decisions a WHERE a.request_id = v.id AND a.decision IN ('approve', 'reject'))
                THEN 'status_reason' ELSE '' END
            || jsonb_build_object('direction', 'received')
    END)::jsonb AS doc
FROM verification_requests v
WHERE (v.requested_by_id = sqlc.arg(user_id)::int OR v.requested_to_id = sqlc.arg(user_id)::int) AND v.id > sqlc.arg(after)::bigint
ORDER BY v.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportOwnershipDocuments :many
-- The member's own private documents (ownership), each with its file; deleted ones have none.
SELECT d.id::bigint AS seq, d.key AS file_key,
    jsonb_build_object('id', d.id, 'file', 'files/' || d.key, 'file_name', d.file_name, 'content_type', d.content_type,
        'bytes', d.bytes, 'property_id', d.property_id, 'request_id', d.request_id, 'created_at', d.created_at)::jsonb AS doc
FROM ownership_documents d
WHERE d.owner_id = sqlc.arg(user_id)::int AND d.deleted_at IS NULL AND d.id > sqlc.arg(after)::bigint
ORDER BY d.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportTenancyDocuments :many
SELECT d.id::bigint AS seq, d.key AS file_key,
    jsonb_build_object('id', d.id, 'file', 'files/' || d.key, 'file_name', d.file_name, 'kind', d.kind,
        'content_type', d.content_type, 'bytes', d.bytes, 'tenancy_id', d.tenancy_id, 'created_at', d.created_at)::jsonb AS doc
FROM tenancy_documents d
WHERE d.tenant_id = sqlc.arg(user_id)::int AND d.deleted_at IS NULL AND d.id > sqlc.arg(after)::bigint
ORDER BY d.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportLedger :many
SELECT t.id::bigint AS seq, to_jsonb(t)::jsonb AS doc
FROM token_transactions t
WHERE t.user_id = sqlc.arg(user_id)::int AND t.id > sqlc.arg(after)::bigint
ORDER BY t.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportActivities :many
SELECT a.id::bigint AS seq, to_jsonb(a)::jsonb AS doc
FROM user_activities a
WHERE a.user_id = sqlc.arg(user_id)::int AND a.id > sqlc.arg(after)::bigint
ORDER BY a.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportBadges :many
SELECT ub.id::bigint AS seq, (to_jsonb(ub) || jsonb_build_object('name', b.name, 'description', b.description))::jsonb AS doc
FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
WHERE ub.user_id = sqlc.arg(user_id)::int AND ub.id > sqlc.arg(after)::bigint
ORDER BY ub.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportAchievements :many
SELECT ua.id::bigint AS seq, (to_jsonb(ua) || jsonb_build_object('name', a.name, 'description', a.description))::jsonb AS doc
FROM user_achievements ua JOIN achievements a ON a.id = ua.achievement_id
WHERE ua.user_id = sqlc.arg(user_id)::int AND ua.id > sqlc.arg(after)::bigint
ORDER BY ua.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportNotifications :many
SELECT n.id AS seq, (to_jsonb(n) - 'burst_seq')::jsonb AS doc
FROM notifications n
WHERE n.user_id = sqlc.arg(user_id)::int AND n.id > sqlc.arg(after)::bigint
ORDER BY n.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportContactMessages :many
-- Messages the member sent signed in (one sent signed out names no account).
SELECT m.id AS seq, (to_jsonb(m) - 'handled_by')::jsonb AS doc
FROM contact_messages m
WHERE m.user_id = sqlc.arg(user_id)::int AND m.id > sqlc.arg(after)::bigint
ORDER BY m.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportSignIns :many
SELECT s.id AS seq, (to_jsonb(s) - 'device_hash')::jsonb AS doc
FROM sign_ins s
WHERE s.user_id = sqlc.arg(user_id)::int AND s.id > sqlc.arg(after)::bigint
ORDER BY s.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportSessions :many
-- Sessions without their token hashes.
SELECT s.id AS seq, jsonb_build_object('id', s.id, 'created_at', s.created_at, 'last_seen_at', s.last_seen_at,
    'expires_at', s.expires_at, 'revoked_at', s.revoked_at, 'user_agent', s.user_agent, 'client_ip', s.client_ip)::jsonb AS doc
FROM sessions s
WHERE s.user_id = sqlc.arg(user_id)::int AND s.id > sqlc.arg(after)::bigint
ORDER BY s.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportReports :many
SELECT r.id::bigint AS seq, (to_jsonb(r) - 'device_hash')::jsonb AS doc
FROM review_reports r
WHERE r.user_id = sqlc.arg(user_id)::int AND r.id > sqlc.arg(after)::bigint
ORDER BY r.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportSavedProperties :many
SELECT s.property_id::bigint AS seq, to_jsonb(s)::jsonb AS doc
FROM saved_properties s
WHERE s.user_id = sqlc.arg(user_id)::int AND s.property_id > sqlc.arg(after)::bigint
ORDER BY s.property_id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportSavedSearches :many
-- The member's saved searches: the name, the place it was read as (and the map area: a box's
-- corner 0 is its north-east, 1 its south-west), the search as typed, the filters (null or false: not asked), whether alerts are on, and when it was saved.
SELECT s.id AS seq, jsonb_build_object(
    'id', s.id, 'name', s.name,
    'place', jsonb_build_object('kind', CASE WHEN s.city_key IS NOT NULL THEN 'city' WHEN s.locality_key IS NOT NULL THEN 'locality'
            WHEN s.postal_code_key IS NOT NULL THEN 'postal_code' ELSE 'map_area' END,
        'name', s.place_name,
        'map_area', CASE WHEN s.map_area IS NOT NULL THEN jsonb_build_object('west', (s.map_area[1])[0], 'south', (s.map_area[1])[1],
            'east', (s.map_area[0])[0], 'north', (s.map_area[0])[1]) END),
    'search', jsonb_build_object('city', s.search_city, 'zip_code', s.search_zip_code, 'query', s.search_query),
    'filters', jsonb_build_object('property_type', s.property_type, 'verified_only', s.verified_only, 'currency', s.currency,
        'min_rent', s.min_rent, 'max_rent', s.max_rent, 'min_bedrooms', s.min_bedrooms, 'min_bathrooms', s.min_bathrooms,
        'pets_allowed', s.pets_allowed, 'furnished', s.furnished, 'min_area', s.min_area, 'area_unit', s.area_unit),
    'alerts', s.alerts, 'created_at', s.created_at
)::jsonb AS doc
FROM saved_searches s
WHERE s.user_id = sqlc.arg(user_id)::int AND s.id > sqlc.arg(after)::bigint
ORDER BY s.id LIMIT sqlc.arg(max_rows)::int;

-- name: ExportEnquiries :many
-- The member's enquiry threads, those they started and those about their listings, each with
-- its messages (theirs and the other member's: the conversation was theirs too; author "me",
-- "them" or "system") and its viewings. The other member shows by public name only.
SELECT t.id::bigint AS seq, jsonb_build_object(
    'id', t.id, 'property_id', t.property_id,
    'role', CASE WHEN t.enquirer_id = sqlc.arg(user_id)::int THEN 'enquirer' ELSE 'owner' END,
    'other_member', CASE WHEN o.closed_at IS NOT NULL THEN 'Former member' ELSE o.first_name || ' ' || left(o.last_name, 1) || '.' END,
    'status', t.status, 'closed_reason', t.closed_reason, 'move_in_month', to_char(t.move_in_month, 'YYYY-MM'),
    'occupants', t.occupants, 'created_at', t.created_at, 'closed_at', t.closed_at,
    'messages', coalesce((
        SELECT jsonb_agg(jsonb_build_object(
            'author', CASE WHEN m.author_id IS NULL THEN 'system' WHEN m.author_id = sqlc.arg(user_id)::int THEN 'me' ELSE 'them' END,
            'body', m.body, 'sent_at', m.created_at, 'read_at', m.read_at) ORDER BY m.id)
        FROM enquiry_messages m WHERE m.thread_id = t.id), '[]'::jsonb),
    'viewings', coalesce((
        SELECT jsonb_agg(jsonb_build_object(
            'status', v.status, 'time_zone', v.time_zone, 'message', v.message, 'created_at', v.created_at,
            'times', (SELECT jsonb_agg(jsonb_build_object('starts_at', x.starts_at, 'local', x.local, 'accepted', x.id = v.accepted_time_id) ORDER BY x.starts_at)
                      FROM enquiry_viewing_times x WHERE x.viewing_id = v.id)) ORDER BY v.id)
        FROM enquiry_viewings v WHERE v.thread_id = t.id), '[]'::jsonb)
)::jsonb AS doc
FROM enquiry_threads t
JOIN users o ON o.id = CASE WHEN t.enquirer_id = sqlc.arg(user_id)::int THEN t.owner_id ELSE t.enquirer_id END
WHERE (t.enquirer_id = sqlc.arg(user_id)::int OR t.owner_id = sqlc.arg(user_id)::int) AND t.id > sqlc.arg(after)::bigint
ORDER BY t.id LIMIT sqlc.arg(max_rows)::int;
