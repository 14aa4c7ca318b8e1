-- name: GetProperty :one
SELECT * FROM properties WHERE id = $1 AND active;

-- name: BatchGetProperties :many
SELECT * FROM properties WHERE id = ANY(sqlc.arg(ids)::int[]) AND active;

-- name: ExactPlace :one
-- The city, else the neighbourhood, of exactly that name (ignoring case) with listings.
SELECT kind, key, name, property_count FROM (
    SELECT 'city'::text AS kind, key, name, property_count, 1 AS rank FROM cities WHERE key = lower(sqlc.arg(place))
    UNION ALL
    SELECT 'locality'::text, key, name, property_count, 2 FROM localities WHERE key = lower(sqlc.arg(place))
) AS places
ORDER BY rank
LIMIT 1;

-- name: ClosestPlace :one
-- The best-spelled match among cities and neighbourhoods with listings, for typo-tolerant
-- search; a city wins a tie.
SELECT kind, key, name, property_count FROM (
    SELECT 'city'::text AS kind, key, name, property_count, similarity(key, lower(sqlc.arg(place))) AS score, 1 AS rank
    FROM cities WHERE key % lower(sqlc.arg(place))
    UNION ALL
    SELECT 'locality'::text, key, name, property_count, similarity(key, lower(sqlc.arg(place))), 2
    FROM localities WHERE key % lower(sqlc.arg(place))
) AS places
ORDER BY score DESC, rank, property_count DESC
LIMIT 1;

-- The search's page and count statements are generated: sql/queries/search.sql (cmd/gensearch).

-- name: ListSimilarProperties :many
-- Same city, same type first, then best rated; never the property itself.
SELECT p.* FROM properties p
JOIN properties ref ON ref.id = sqlc.arg(property_id)
WHERE p.active AND p.id <> ref.id AND p.city_key = ref.city_key
ORDER BY (p.property_type = ref.property_type) DESC, p.rating DESC, p.review_count DESC, p.id DESC
LIMIT sqlc.arg(max_rows);

-- name: CreateProperty :one
INSERT INTO properties (
    title, description, address, locality, city, state, zip_code, country, property_type, monthly_rent,
    bedrooms, bathrooms, square_feet, area_unit, currency, landlord_id, amenities, images,
    latitude, longitude, year_built, pets_allowed, furnished, meta_description, meta_keywords, keywords, slug
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
    $19, $20, $21, $22, $23, $24, $25, $26, $27
)
RETURNING *;

-- name: SetPropertySlug :one
UPDATE properties SET slug = $2 WHERE id = $1 RETURNING *;
