-- Every list of reviews carries each review's label in its own statement: the proof of the
-- tenancy behind a verified review (t, joined only while the review is verified), for a
-- landlord's verified review of a tenant, the tenant's name (tu), and whether the review is about
-- another address than its property's current one (previous_address: reviews.elsewhere, the
-- stored answer of SQL review_previous_address, which a trigger keeps in step with every change
-- of an address; working it out again costs a lookup of the property per review, six times the
-- rest of a page). A review hidden by the blind reveal (reveal_at in the future) is listed to its
-- author only.
--
-- (The semicolon below ends this header, which sqlc would otherwise take for the first
-- statement's comment.)
;

-- name: ListPropertyReviews :many
-- One page of a property's published reviews (verified ones only when asked), newest first, with
-- the author's name, the label's proof, the owner's response and whether the viewer found it
-- helpful: one statement for the whole list. The viewer's own reviews that reports hid, or that
-- the blind reveal hides, are listed too, so their author sees them.
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name,
    o.content AS response_content, o.created_at AS response_created_at, o.updated_at AS response_updated_at,
    (v.user_id IS NOT NULL)::bool AS helpful_by_viewer,
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
LEFT JOIN users u ON u.id = r.user_id
LEFT JOIN review_owner_responses o ON o.review_id = r.id
LEFT JOIN review_helpful_votes v ON v.review_id = r.id AND v.user_id = sqlc.arg(viewer_id)
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.property_id = sqlc.arg(property_id)
  AND (r.status = 'published' OR (r.status = 'hidden' AND r.user_id = sqlc.arg(viewer_id)))
  AND (r.reveal_at IS NULL OR r.reveal_at <= now() OR r.user_id = sqlc.arg(viewer_id))
  AND (NOT sqlc.arg(verified_only)::bool OR r.verified)
  AND (cardinality(sqlc.arg(review_types)::text[]) = 0 OR r.review_type = ANY(sqlc.arg(review_types)::text[]))
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetReviewDetails :one
-- One review as lists show it, whatever its status (callers decide who may see it).
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name,
    o.content AS response_content, o.created_at AS response_created_at, o.updated_at AS response_updated_at,
    (v.user_id IS NOT NULL)::bool AS helpful_by_viewer,
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
LEFT JOIN users u ON u.id = r.user_id
LEFT JOIN review_owner_responses o ON o.review_id = r.id
LEFT JOIN review_helpful_votes v ON v.review_id = r.id AND v.user_id = sqlc.arg(viewer_id)
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.id = sqlc.arg(review_id);

-- name: CountPropertyReviewsByType :many
-- A property's published reviews per type (what each tab holds), how many of them count (their
-- authors are established: counted), the average of those, how many are verified, how many do
-- not count because they are about another address than the property's current one
-- (previous_address: uncounted and elsewhere, review.NotCountedPreviousAddress),
-- and how many of the others never count because their authors were linked to the owner
-- (not_independent: uncounted and owner_linked, review.NotCountedNotIndependent), as each
-- review's not_counted_reason says: a new member's review is listed but moves no average until
-- it counts. Reviews the blind reveal still hides are left out (their authors see them in the
-- list, not in the counts).
SELECT review_type, count(*)::int AS reviews, count(*) FILTER (WHERE counted)::int AS counted,
    coalesce(round(avg(rating) FILTER (WHERE counted), 1), 0)::float8 AS average,
    count(*) FILTER (WHERE verified)::int AS verified,
    count(*) FILTER (WHERE NOT counted AND owner_linked AND NOT previous)::int AS not_independent,
    count(*) FILTER (WHERE NOT counted AND previous)::int AS previous_address
FROM (
    SELECT review_type, counted, rating, verified, owner_linked,
        elsewhere AS previous
    FROM reviews
    WHERE property_id = $1 AND status = 'published' AND (reveal_at IS NULL OR reveal_at <= now())
) r
GROUP BY review_type
ORDER BY review_type;

-- name: ListRecentReviews :many
-- The newest published reviews of active properties that the blind reveal does not hide, with
-- author names, labels and property titles.
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name, p.title AS property_title,
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
JOIN properties p ON p.id = r.property_id AND p.active
LEFT JOIN users u ON u.id = r.user_id
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.status = 'published' AND (r.reveal_at IS NULL OR r.reveal_at <= now())
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows);

-- name: ListReportedReviews :many
-- Reviews whose reports wait for a moderator (review_awaits_moderation: a decision answers
-- them) for the admins: hidden ones first, then the most reported.
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name, p.title AS property_title,
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
JOIN properties p ON p.id = r.property_id
LEFT JOIN users u ON u.id = r.user_id
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.report_count > 0 AND r.status IN ('hidden', 'published') AND review_awaits_moderation(r.id)
ORDER BY (r.status = 'hidden') DESC, r.report_count DESC, r.id DESC
LIMIT 200;

-- name: CreateReview :one
-- The review counts at once when its author is already established (account_established, which
-- cannot see this review yet: CountNewReview looks again) and it may count. The trigger
-- reviews_label_new stamps it with the property's address key, labels it (its author's verified
-- tenancy, or the tenancy a landlord's review names: tenancy_id, null for other types; a verified
-- review counts at once when it may) and asks review_may_count whether it may count at all (not
-- by an account linked to the property's owner, owner_linked, which the service judged; about
-- the property's current address); the blind reveal may hide it.
INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, stay_period, pros, cons,
    categories, photos, language, counted, tenancy_id, owner_linked)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
    account_established($2), sqlc.narg(tenancy_id), sqlc.arg(owner_linked)::bool)
RETURNING *;

-- name: LockPropertyForReview :one
-- The property a review is being written about, locked until the review's transaction ends, before
-- anything else it locks: a move of the listing (LockPropertyForEdit, the same mode) and the post
-- take turns, so the review is stamped with the address it was written about and the move
-- uncounts it if that address is left (UncountReviewsElsewhere). FOR NO KEY UPDATE, not FOR SHARE:
-- the tallies trigger updates this row when the review counts, and two posts holding a share lock
-- would each wait for the other's there (a deadlock).
SELECT id FROM properties WHERE id = $1 FOR NO KEY UPDATE;

-- name: UncountReviewsElsewhere :execrows
-- The listing moved (called in the move's transaction, under the property's lock): its counted
-- reviews that may not count any more — those about an earlier address — stop counting, and the
-- tallies trigger takes them out of the stored counts. Returns how many.
UPDATE reviews r SET counted = false
WHERE r.property_id = $1 AND r.counted
  AND NOT review_may_count(r.owner_linked,
      (SELECT t.proof FROM tenant_verifications t WHERE t.id = r.tenancy_id AND r.verified),
      review_previous_address(r.property_id, r.address_key));

-- name: LockReviewedTenancy :one
-- The tenancy a landlord's review names, locked against a change of status until the review is
-- written.
SELECT id, property_id, status FROM tenant_verifications WHERE id = $1 FOR SHARE;

-- name: ReviewsDueReveal :many
-- Up to max_rows reviews whose blind reveal is over (reveal_at passed, through reviews_due_reveal),
-- read without a lock: the catch-up locks their properties next (LockPropertiesForCounting), and
-- RevealReviews asks again under those locks.
SELECT id, property_id FROM reviews
WHERE reveal_at <= now()
ORDER BY id
LIMIT sqlc.arg(max_rows);

-- name: RevealReviews :execrows
-- Shows reviews of a batch (its properties locked) whose blind reveal is over; the trigger adds the verified ones
-- to their property's stored count.
UPDATE reviews SET reveal_at = NULL WHERE id = ANY(sqlc.arg(ids)::int[]) AND reveal_at <= now();

-- name: CountNewReview :execrows
-- Counts a review just written, in its transaction, when its author is established now that it
-- is published (an old account's first review makes it established) and it may count: a review
-- not counted yet is unverified, or verified by the owner's word (review_may_count with no proof).
UPDATE reviews SET counted = true
WHERE id = $1 AND NOT counted AND review_may_count(owner_linked, NULL, review_previous_address(property_id, address_key))
  AND account_established(user_id);

-- name: ReviewsDueCounting :many
-- Up to max_rows published reviews not counted yet that may count and whose authors are
-- established now (account_established), in id order through the partial index
-- reviews_due_counting_here, read without a lock: the catch-up locks their properties next
-- (LockPropertiesForCounting), and CountReviews asks again under those locks.
-- review_may_count(owner_linked, NULL, …) is NOT owner_linked AND the review is about its
-- property's current address; the index leaves out owner-linked reviews (never due:
-- 20261207000100) and those marked about an earlier address (elsewhere, kept by the properties'
-- trigger: 20261210000200), so a catch-up reads only reviews that may be due.
SELECT id, property_id FROM reviews
WHERE NOT counted AND NOT elsewhere
  AND review_may_count(owner_linked, NULL, review_previous_address(property_id, address_key))
  AND status = 'published' AND user_id IS NOT NULL
  AND account_established(user_id)
ORDER BY id
LIMIT sqlc.arg(max_rows);

-- name: LockPropertiesForCounting :exec
-- Locks the properties of a catch-up's batch in id order before it changes their reviews (whose
-- trigger updates their stars), and before it locks any review: a move of a listing, a post, a
-- moderator's decision take the property first too, so none of them waits for the catch-up in a
-- circle, and catch-ups running at once take the properties in one order.
SELECT id FROM properties WHERE id = ANY(sqlc.arg(ids)::int[]) ORDER BY id FOR NO KEY UPDATE;

-- name: CountReviews :execrows
-- Counts in a batch whose properties are locked; the trigger adds each review to its property's
-- stars, once. Asked again under the properties' locks: a review another catch-up counted, hidden
-- since, or about the earlier address of a listing that moved while the batch waited, is left.
UPDATE reviews SET counted = true
WHERE id = ANY(sqlc.arg(ids)::int[]) AND NOT counted AND status = 'published' AND user_id IS NOT NULL
  AND review_may_count(owner_linked, NULL, review_previous_address(property_id, address_key));

-- name: LockPropertyOfReview :one
-- The property of a review, locked before the review in a change that moves its stars (a
-- moderator's decision, a report that hides it): a move of the listing takes the property and
-- then its reviews, so taking them in the other order could close a circle (a deadlock).
SELECT p.id FROM properties p WHERE p.id = (SELECT r.property_id FROM reviews r WHERE r.id = $1)
FOR NO KEY UPDATE;

-- name: LockReview :one
-- The review's author, property owner and status, and whether the blind reveal hides it now,
-- locking the row for the vote, report or response at hand.
SELECT r.id, r.user_id, r.status, p.landlord_id, (r.reveal_at IS NOT NULL AND r.reveal_at > now())::bool AS unrevealed
FROM reviews r JOIN properties p ON p.id = r.property_id
WHERE r.id = $1
FOR UPDATE OF r;

-- name: AddHelpfulVote :execrows
INSERT INTO review_helpful_votes (review_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING;

-- name: IncrementHelpful :one
UPDATE reviews SET helpful = helpful + 1 WHERE id = $1 RETURNING helpful;

-- name: GetHelpful :one
SELECT helpful FROM reviews WHERE id = $1;

-- name: AddReport :execrows
-- The report with the network and browser (device cookie hash) it was sent from.
INSERT INTO review_reports (review_id, user_id, reason, detail, network, device_hash) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT DO NOTHING;

-- name: CountHidingReporters :one
-- The independent reporters that may hide a review before a moderator decides, counted up to
-- enough (SQL review_hiding_reporters, the one definition).
SELECT review_hiding_reporters(sqlc.arg(review_id)::int, sqlc.arg(enough)::int)::int;

-- name: RecordReport :exec
UPDATE reviews SET report_count = report_count + 1,
    status = CASE WHEN status = 'published' AND sqlc.arg(hide)::bool THEN 'hidden' ELSE status END
WHERE id = sqlc.arg(review_id);

-- name: SetReviewStatus :exec
UPDATE reviews SET status = $2, updated_at = now() WHERE id = $1;

-- name: RecordModeration :exec
INSERT INTO review_moderation_decisions (review_id, admin_id, decision, note) VALUES ($1, $2, $3, $4);

-- name: UpsertOwnerResponse :exec
INSERT INTO review_owner_responses (review_id, owner_id, content) VALUES ($1, $2, $3)
ON CONFLICT (review_id) DO UPDATE SET content = EXCLUDED.content, owner_id = EXCLUDED.owner_id, updated_at = now();

-- name: ListMyReviews :many
-- One page of an author's reviews in every status (the author sees hidden and removed ones),
-- newest first (reviews_user_newest), those whose title or content holds the pattern (escaped for
-- LIKE; '' matches all), with the property's title, how many match and how many they wrote.
SELECT sqlc.embed(r), p.title AS property_title,
    count(*) OVER ()::int AS total_count,
    (SELECT count(*) FROM reviews a WHERE a.user_id = sqlc.arg(user_id)::int)::int AS review_count,
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
JOIN properties p ON p.id = r.property_id
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.user_id = sqlc.arg(user_id)::int
  AND (sqlc.arg(pattern)::text = ''
       OR r.title ILIKE '%' || sqlc.arg(pattern) || '%'
       OR r.content ILIKE '%' || sqlc.arg(pattern) || '%')
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: ListMyReviewsOfProperty :many
-- An author's reviews of one property in every status, in the order of type_order: one per type
-- (reviews_one_per_type finds them), but for the owner's reviews of tenants, one per verified
-- tenancy beside the one unlinked review, each with its label.
SELECT sqlc.embed(r),
    t.proof AS proof, t.from_month AS proof_from_month, t.to_month AS proof_to_month,
    coalesce(t.verification_date, t.decided_at) AS proof_verified_at,
    tu.first_name AS tenant_first_name, tu.last_name AS tenant_last_name,
    r.elsewhere AS previous_address
FROM reviews r
LEFT JOIN tenant_verifications t ON t.id = r.tenancy_id AND r.verified
LEFT JOIN users tu ON tu.id = t.tenant_id AND r.review_type = 'landlord_to_tenant'
WHERE r.user_id = sqlc.arg(user_id)::int AND r.property_id = sqlc.arg(property_id)::int
ORDER BY array_position(sqlc.arg(type_order)::text[], r.review_type), r.id;

-- name: CountUserReviews :one
-- How many reviews a user wrote, in every status.
SELECT count(*)::int FROM reviews WHERE user_id = sqlc.arg(user_id)::int;
