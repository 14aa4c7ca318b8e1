-- The sitemap (internal/server/sitemap.go): every public page search engines should know.

-- name: MaxPropertyID :one
-- The highest property id: the property sitemaps are ranges of ids (one backward step of the
-- primary key's index).
SELECT coalesce(max(id), 0)::bigint AS max_id FROM properties;

-- name: ListSitemapProperties :many
-- The active properties with ids from first to last, in id order (a range of the primary key).
SELECT id, updated_at FROM properties
WHERE id BETWEEN sqlc.arg(first_id)::bigint AND sqlc.arg(last_id)::bigint AND active
ORDER BY id;

-- name: ListSitemapResources :many
-- Every article, in id order.
SELECT id, updated_at FROM resources ORDER BY id;

-- name: ListSitemapLocations :many
-- The postal codes that have active listings, one spelling each, with their latest change
-- (the location pages that show properties).
SELECT min(btrim(zip_code))::text AS code, max(updated_at)::timestamptz AS updated_at
FROM properties
WHERE active AND postal_code_key <> ''
GROUP BY postal_code_key
ORDER BY postal_code_key;
