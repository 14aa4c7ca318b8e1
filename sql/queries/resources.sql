-- name: ListResources :many
-- Featured first, then newest; an empty category or query matches everything.
SELECT * FROM resources
WHERE (sqlc.arg(category)::text = '' OR category = sqlc.arg(category))
  AND (sqlc.arg(query)::text = ''
       OR lower(title || ' ' || description) LIKE '%' || sqlc.arg(query) || '%')
ORDER BY featured DESC, published_at DESC, id DESC
LIMIT sqlc.arg(max_rows);

-- name: GetResource :one
SELECT * FROM resources WHERE id = $1;

-- name: SeedResource :exec
INSERT INTO resources (
    title, description, content, category, region, country, author_name, author_title, author_image,
    cover_image, read_time, tags, published_at, featured, meta_description, meta_keywords, slug
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17
)
ON CONFLICT (slug) DO NOTHING;
