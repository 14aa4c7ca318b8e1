-- name: ListPropertyReviews :many
-- Newest first, with the author's public name in the same query.
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name
FROM reviews r
LEFT JOIN users u ON u.id = r.user_id
WHERE r.property_id = $1
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows);

-- name: ListRecentReviews :many
-- The newest reviews of active properties, with author names and property titles.
SELECT sqlc.embed(r), u.first_name AS author_first_name, u.last_name AS author_last_name, p.title AS property_title
FROM reviews r
JOIN properties p ON p.id = r.property_id AND p.active
LEFT JOIN users u ON u.id = r.user_id
ORDER BY r.created_at DESC, r.id DESC
LIMIT sqlc.arg(max_rows);
