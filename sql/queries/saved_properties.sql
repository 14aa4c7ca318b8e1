-- Saved properties (issue 15). Every list of properties carries the viewer's saved flag in its own
-- statement, with this expression (viewer_id is 0 for visitors, who have saved nothing):
--     EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = sqlc.arg(viewer_id) AND s.property_id = p.id) AS saved
-- after sqlc.embed(p), so the row converts to property's savedRow (see withSaved).
;

-- name: GetViewedProperty :one
-- One active property with the viewer's saved flag, for its page.
SELECT sqlc.embed(p),
    EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = sqlc.arg(viewer_id) AND s.property_id = p.id) AS saved
FROM properties p WHERE p.id = sqlc.arg(id) AND p.active;

-- name: BatchGetViewedProperties :many
-- The active properties among ids (at most 100), with the viewer's saved flags.
SELECT sqlc.embed(p),
    EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = sqlc.arg(viewer_id) AND s.property_id = p.id) AS saved
FROM properties p WHERE p.id = ANY(sqlc.arg(ids)::int[]) AND p.active;

-- name: ListSimilarViewedProperties :many
-- Same city, same type first, then best rated; never the property itself. With the viewer's
-- saved flags.
SELECT sqlc.embed(p),
    EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = sqlc.arg(viewer_id) AND s.property_id = p.id) AS saved
FROM properties p
JOIN properties ref ON ref.id = sqlc.arg(property_id)
WHERE p.active AND p.id <> ref.id AND p.city_key = ref.city_key
ORDER BY (p.property_type = ref.property_type) DESC, p.rating DESC, p.review_count DESC, p.id DESC
LIMIT sqlc.arg(max_rows);

-- name: LockSavedProperties :exec
-- Serialises one user's saves until the transaction ends, so the count SaveProperty checks stays
-- true until its own row is in (class 7273 of the two-key advisory locks).
SELECT pg_advisory_xact_lock(7273, sqlc.arg(user_id)::int);

-- name: SaveProperty :one
-- Saves an active property for a user who has saved fewer than max_saved listed properties
-- (run under LockSavedProperties). found: the property is listed; already_saved: it was saved
-- before (nothing changes); inserted: this statement saved it (neither: the limit refused it);
-- saved_count: the user's listed saved properties after the statement.
WITH target AS (
    SELECT id FROM properties WHERE id = sqlc.arg(property_id)::int AND active
), current AS (
    SELECT count(*)::int AS n,
           coalesce(bool_or(s.property_id = sqlc.arg(property_id)::int), false) AS already
    FROM saved_properties s JOIN properties p ON p.id = s.property_id AND p.active
    WHERE s.user_id = sqlc.arg(user_id)::int
), inserted AS (
    INSERT INTO saved_properties (user_id, property_id)
    SELECT sqlc.arg(user_id)::int, t.id FROM target t, current c
    WHERE NOT c.already AND c.n < sqlc.arg(max_saved)::int
    ON CONFLICT DO NOTHING
    RETURNING property_id
)
SELECT EXISTS (SELECT 1 FROM target) AS found, c.already::bool AS already_saved,
       EXISTS (SELECT 1 FROM inserted) AS inserted, (c.n + (SELECT count(*) FROM inserted))::int AS saved_count
FROM current c;

-- name: UnsaveProperty :one
-- Takes a property off a user's saved list (none saved: nothing changes) and counts the user's
-- listed saved properties left.
WITH removed AS (
    DELETE FROM saved_properties WHERE user_id = sqlc.arg(user_id)::int AND property_id = sqlc.arg(property_id)::int
    RETURNING property_id
)
SELECT count(*)::int AS saved_count
FROM saved_properties s JOIN properties p ON p.id = s.property_id AND p.active
WHERE s.user_id = sqlc.arg(user_id)::int AND s.property_id NOT IN (SELECT property_id FROM removed);

-- name: ListSavedProperties :many
-- A page of a user's saved properties that are still listed, most recently saved first, each
-- with the number of them all (total).
SELECT sqlc.embed(p), true AS saved, count(*) OVER ()::int AS total
FROM saved_properties s JOIN properties p ON p.id = s.property_id
WHERE s.user_id = sqlc.arg(user_id) AND p.active
ORDER BY s.created_at DESC, s.property_id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: CountSavedProperties :one
-- The number of a user's saved properties that are still listed.
SELECT count(*)::int
FROM saved_properties s JOIN properties p ON p.id = s.property_id
WHERE s.user_id = sqlc.arg(user_id) AND p.active;
