-- The administrators' moderation (issue 30, ModerationService): reported reviews with their
-- reports, any review found, verified listings whose badge may be withdrawn.

-- name: ListReviewsAwaitingModeration :many
-- The reviews whose reports wait for a moderator (review_awaits_moderation), hidden ones first,
-- then the most reported, each with those reports as one JSON array (oldest first): reason, note,
-- reporter, whether the reporter is established, and whether another report on the review came
-- from the same network or browser. One statement for the whole list.
SELECT r.id, r.property_id, p.title AS property_title, coalesce(u.username, '')::text AS author_username,
    r.rating, r.title, r.content, r.status, r.report_count, r.created_at, r.photos,
    rep.reports::jsonb AS reports
FROM reviews r
JOIN properties p ON p.id = r.property_id
LEFT JOIN users u ON u.id = r.user_id
CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
            'id', rr.id, 'reason', rr.reason, 'note', coalesce(rr.detail, ''),
            'username', coalesce(ru.username, ''),
            'established', coalesce(account_established(rr.user_id), false),
            'shared', EXISTS (
                SELECT 1 FROM review_reports o
                WHERE o.review_id = rr.review_id AND o.user_id <> rr.user_id
                  AND (o.network = rr.network OR o.device_hash = rr.device_hash)),
            'createdAt', rr.created_at) ORDER BY rr.id), '[]'::jsonb) AS reports
    FROM review_reports rr
    LEFT JOIN users ru ON ru.id = rr.user_id
    WHERE rr.review_id = r.id
      AND rr.created_at > coalesce((SELECT max(d.created_at) FROM review_moderation_decisions d WHERE d.review_id = r.id), '-infinity')
) rep
WHERE r.report_count > 0 AND r.status IN ('hidden', 'published') AND review_awaits_moderation(r.id)
ORDER BY (r.status = 'hidden') DESC, r.report_count DESC, r.id DESC
LIMIT 200;

-- name: SearchReviewsForModeration :many
-- One page of reviews in every status, newest first: the one numbered review_id (when not 0),
-- or those whose title, text, author's username or property's title holds pattern (escaped for
-- LIKE; '' matches all), of one status (when not ''); one more row than asked tells the caller
-- more follow.
SELECT r.id, r.property_id, p.title AS property_title, coalesce(u.username, '')::text AS author_username,
    r.rating, r.title, r.content, r.status, r.report_count, r.created_at, r.photos
FROM reviews r
JOIN properties p ON p.id = r.property_id
LEFT JOIN users u ON u.id = r.user_id
WHERE (sqlc.arg(status)::text = '' OR r.status = sqlc.arg(status)::text)
  AND (sqlc.arg(review_id)::int = 0 AND (sqlc.arg(pattern)::text = ''
        OR r.title ILIKE '%' || sqlc.arg(pattern) || '%'
        OR r.content ILIKE '%' || sqlc.arg(pattern) || '%'
        OR u.username ILIKE '%' || sqlc.arg(pattern) || '%'
        OR p.title ILIKE '%' || sqlc.arg(pattern) || '%')
       OR r.id = sqlc.arg(review_id)::int)
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetModeratedReview :one
-- One review as a moderator sees it, whatever its status.
SELECT r.id, r.property_id, p.title AS property_title, coalesce(u.username, '')::text AS author_username,
    r.rating, r.title, r.content, r.status, r.report_count, r.created_at, r.photos
FROM reviews r
JOIN properties p ON p.id = r.property_id
LEFT JOIN users u ON u.id = r.user_id
WHERE r.id = sqlc.arg(id);

-- name: ReviewAwaitsModeration :one
SELECT review_awaits_moderation(sqlc.arg(review_id)::int)::bool;

-- name: ListVerifiedProperties :many
-- One page of the properties whose verification is in force, newest grant first, those whose
-- title, address or owner's username holds pattern (escaped for LIKE; '' matches all); one more
-- row than asked tells the caller more follow.
SELECT p.id, p.title, coalesce(property_address_text(p.address, p.city, p.state, p.zip_code, p.country), '')::text AS address,
    p.property_type, coalesce(u.username, '')::text AS owner_username, v.proof, v.granted_at
FROM property_verifications v
JOIN properties p ON p.id = v.property_id
LEFT JOIN users u ON u.id = p.landlord_id
WHERE v.withdrawn_at IS NULL
  AND (sqlc.arg(pattern)::text = ''
       OR p.title ILIKE '%' || sqlc.arg(pattern) || '%'
       OR p.address ILIKE '%' || sqlc.arg(pattern) || '%'
       OR p.city ILIKE '%' || sqlc.arg(pattern) || '%'
       OR u.username ILIKE '%' || sqlc.arg(pattern) || '%')
ORDER BY v.granted_at DESC, v.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: ListQueueDocuments :many
-- The ownership documents of the queued requests (request_ids) and those on file for their
-- properties (property_ids: sent with any request), each once, by property then request.
SELECT d.* FROM ownership_documents d
WHERE d.request_id = ANY(sqlc.arg(request_ids)::int[])
   OR (d.property_id = ANY(sqlc.arg(property_ids)::int[]) AND d.request_id IS NOT NULL)
ORDER BY d.property_id, d.request_id, d.id;
