-- name: GetProperty :one
SELECT * FROM properties WHERE id = $1 AND active;

-- name: BatchGetProperties :many
SELECT * FROM properties WHERE id = ANY(sqlc.arg(ids)::int[]) AND active;

-- name: CountProperties :one
SELECT count(*) FROM properties;

-- name: CityExists :one
SELECT EXISTS (SELECT 1 FROM cities WHERE key = lower(sqlc.arg(city)));

-- name: ClosestCity :one
-- The best-spelled match among cities with listings, for typo-tolerant search.
SELECT key, name FROM cities
WHERE key % lower(sqlc.arg(city))
ORDER BY similarity(key, lower(sqlc.arg(city))) DESC, property_count DESC
LIMIT 1;

-- Search: one statement per sort, so each can walk its own index. A NULL filter is off; the
-- server plans every execution for its actual values (plan_cache_mode = force_custom_plan), which
-- folds the unused filters away. Ordering always ends on id, so pages are stable and complete.

-- name: SearchFeatured :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(city_key)::text IS NULL OR lower(city) = sqlc.narg(city_key))
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchHighestRated :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(city_key)::text IS NULL OR lower(city) = sqlc.narg(city_key))
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchMostReviews :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(city_key)::text IS NULL OR lower(city) = sqlc.narg(city_key))
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchNewest :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(city_key)::text IS NULL OR lower(city) = sqlc.narg(city_key))
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: CountSearch :one
-- Counts matches up to a cap: exact counts over a large city cost ~100x the page itself.
SELECT count(*)::int FROM (
    SELECT 1 FROM properties
    WHERE active
      AND (sqlc.narg(city_key)::text IS NULL OR lower(city) = sqlc.narg(city_key))
      AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
      AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
      AND (NOT sqlc.arg(verified_only)::bool OR verified)
      AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
    LIMIT sqlc.arg(count_cap)
) AS matches;

-- name: ListSimilarProperties :many
-- Same city, same type first, then best rated; never the property itself.
SELECT p.* FROM properties p
JOIN properties ref ON ref.id = sqlc.arg(property_id)
WHERE p.active AND p.id <> ref.id AND lower(p.city) = lower(ref.city)
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
