-- name: GetProperty :one
SELECT * FROM properties WHERE id = $1 AND active;

-- name: BatchGetProperties :many
SELECT * FROM properties WHERE id = ANY(sqlc.arg(ids)::int[]) AND active;

-- name: ClosestCity :one
-- The best-spelled match among cities with listings, for typo-tolerant search.
SELECT key, name, property_count FROM cities
WHERE key % lower(sqlc.arg(city))
ORDER BY similarity(key, lower(sqlc.arg(city))) DESC, property_count DESC
LIMIT 1;

-- Plain searches: a place (or none) and a sort, no other filter — most searches, and the home
-- page. Their text fixes the index, so they run on sessions that keep generic plans
-- (store.OpenFixedPlans): PostgreSQL would otherwise plan them again on every call, which costs
-- several times their execution. A city's page carries the city's listing count, kept by trigger.

-- name: PlainCityFeatured :many
SELECT sqlc.embed(properties), (SELECT property_count FROM cities WHERE key = sqlc.arg(city_key))::int AS city_total
FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainCityHighestRated :many
SELECT sqlc.embed(properties), (SELECT property_count FROM cities WHERE key = sqlc.arg(city_key))::int AS city_total
FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainCityMostReviews :many
SELECT sqlc.embed(properties), (SELECT property_count FROM cities WHERE key = sqlc.arg(city_key))::int AS city_total
FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainCityNewest :many
SELECT sqlc.embed(properties), (SELECT property_count FROM cities WHERE key = sqlc.arg(city_key))::int AS city_total
FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainPostalFeatured :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainPostalHighestRated :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainPostalMostReviews :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainPostalNewest :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainAllFeatured :many
SELECT * FROM properties
WHERE active
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainAllHighestRated :many
SELECT * FROM properties
WHERE active
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainAllMostReviews :many
SELECT * FROM properties
WHERE active
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: PlainAllNewest :many
SELECT * FROM properties
WHERE active
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- Search. Statements are static so PostgreSQL caches one plan each: a mandatory leading
-- filter picks the index (city, postal code, text, or none), the optional filters are checked
-- on the rows it yields. Places and everything get one statement per sort, each walking its
-- own index; a text match, usually small, sorts in one statement.
-- Orders always end on id, so pages are stable and complete.

-- name: SearchCityFeatured :many
SELECT * FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchCityHighestRated :many
SELECT * FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchCityMostReviews :many
SELECT * FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchCityNewest :many
SELECT * FROM properties
WHERE active AND city_key = sqlc.arg(city_key)
  AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchAllFeatured :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchAllHighestRated :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchAllMostReviews :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchAllNewest :many
SELECT * FROM properties
WHERE active
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchPostalFeatured :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY verified DESC, rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchPostalHighestRated :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY rating DESC, review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchPostalMostReviews :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY review_count DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchPostalNewest :many
SELECT * FROM properties
WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
  AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
ORDER BY created_at DESC, id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- name: SearchText :many
SELECT * FROM properties
WHERE active AND search_text LIKE '%' || sqlc.arg(query)::text || '%'
  AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
ORDER BY
    CASE WHEN sqlc.arg(sort_by)::text = 'featured' THEN verified END DESC,
    CASE WHEN sqlc.arg(sort_by) IN ('featured', 'highestRated') THEN rating END DESC,
    CASE WHEN sqlc.arg(sort_by) IN ('featured', 'highestRated', 'mostReviews') THEN review_count END DESC,
    CASE WHEN sqlc.arg(sort_by) = 'newestListed' THEN created_at END DESC,
    id DESC
LIMIT sqlc.arg(page_size) OFFSET sqlc.arg(page_offset);

-- Counts stop at a cap: exact counts over a large city cost ~100x the page itself.

-- name: CountCity :one
SELECT count(*)::int FROM (
    SELECT 1 FROM properties
    WHERE active AND city_key = sqlc.arg(city_key)
    AND (sqlc.narg(postal_code_key)::text IS NULL OR postal_code_key = sqlc.narg(postal_code_key))
    AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
    AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
    LIMIT sqlc.arg(count_cap)
) AS matches;

-- name: CountPostalCode :one
SELECT count(*)::int FROM (
    SELECT 1 FROM properties
    WHERE active AND postal_code_key = sqlc.arg(postal_code_key)
    AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
    AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
    LIMIT sqlc.arg(count_cap)
) AS matches;

-- name: CountText :one
SELECT count(*)::int FROM (
    SELECT 1 FROM properties
    WHERE active AND search_text LIKE '%' || sqlc.arg(query)::text || '%'
    AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
    LIMIT sqlc.arg(count_cap)
) AS matches;

-- name: CountAll :one
SELECT count(*)::int FROM (
    SELECT 1 FROM properties
    WHERE active
    AND (sqlc.narg(property_type)::text IS NULL OR property_type = sqlc.narg(property_type))
  AND (NOT sqlc.arg(verified_only)::bool OR verified)
    AND (sqlc.narg(query)::text IS NULL OR search_text LIKE '%' || sqlc.narg(query) || '%')
    LIMIT sqlc.arg(count_cap)
) AS matches;

-- name: CityListingCount :one
-- The exact number of active listings in a city, kept by trigger.
SELECT property_count FROM cities WHERE key = sqlc.arg(city_key);

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
