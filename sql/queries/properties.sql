-- name: GetProperty :one
SELECT * FROM properties WHERE id = $1 AND active;

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
-- The property page's, batches and similar properties, with the viewer's saved flags, are in
-- sql/queries/saved_properties.sql.
;

-- name: CreateProperty :one
INSERT INTO properties (
    title, description, address, locality, city, state, zip_code, country, property_type, monthly_rent,
    bedrooms, bathrooms, square_feet, area_unit, currency, landlord_id, amenities, images,
    latitude, longitude, year_built, pets_allowed, furnished, meta_description, meta_keywords, keywords, slug, time_zone
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
    $19, $20, $21, $22, $23, $24, $25, $26, $27, $28
)
RETURNING *;

-- name: CountryTimeZone :one
-- The time zone a listing in country takes when its owner names none (SQL country_time_zone).
SELECT country_time_zone(sqlc.arg(country)::text)::text;

-- name: SetPropertySlug :one
UPDATE properties SET slug = $2 WHERE id = $1 RETURNING *;

-- name: ListMyProperties :many
-- One page of an owner's active listings, newest first (properties_landlord_newest), those whose
-- title, address or city holds the pattern (escaped for LIKE; '' matches all), with how many match
-- (counted once, apart: without a pattern an index-only scan, where a window count would read
-- every listing's row) and whether the owner saved each (the saved flag every list carries).
SELECT sqlc.embed(p),
    (SELECT count(*) FROM properties c
     WHERE c.landlord_id = sqlc.arg(landlord_id) AND c.active
       AND (sqlc.arg(pattern)::text = ''
            OR c.title ILIKE '%' || sqlc.arg(pattern) || '%'
            OR c.address ILIKE '%' || sqlc.arg(pattern) || '%'
            OR c.city ILIKE '%' || sqlc.arg(pattern) || '%'))::int AS total_count,
    EXISTS (SELECT 1 FROM saved_properties s WHERE s.user_id = sqlc.arg(landlord_id) AND s.property_id = p.id) AS saved
FROM properties p
WHERE p.landlord_id = sqlc.arg(landlord_id) AND p.active
  AND (sqlc.arg(pattern)::text = ''
       OR p.title ILIKE '%' || sqlc.arg(pattern) || '%'
       OR p.address ILIKE '%' || sqlc.arg(pattern) || '%'
       OR p.city ILIKE '%' || sqlc.arg(pattern) || '%')
ORDER BY p.created_at DESC, p.id DESC
LIMIT sqlc.arg(max_rows) OFFSET sqlc.arg(row_offset);

-- name: GetLandlordStats :many
-- An owner's active listings summed from their stored columns in one pass: one row per currency
-- (rent), one per property type, and the grand total (also without listings) with the verified count and
-- the stars of the reviews that rate the properties (the stored rating counts). A rolled-up key
-- reads '' (no listing has an empty currency or type).
SELECT coalesce(currency, '')::text AS currency, coalesce(property_type, '')::text AS property_type,
    count(*)::int AS properties,
    count(*) FILTER (WHERE verified)::int AS verified,
    coalesce(sum(monthly_rent), 0)::bigint AS monthly_rent,
    coalesce(sum(review_count), 0)::int AS rated_reviews,
    coalesce(round(sum(rating1_count + 2 * rating2_count + 3 * rating3_count + 4 * rating4_count + 5 * rating5_count)::numeric
        / nullif(sum(review_count), 0), 1), 0)::float8 AS average_rating
FROM properties
WHERE landlord_id = sqlc.arg(landlord_id) AND active
GROUP BY GROUPING SETS ((currency), (property_type), ());

-- name: PlacesNamed :many
-- The cities and neighbourhoods with listings named by any of places (keys: lower-cased names),
-- for reading a typed search line; a city before a neighbourhood of the same name.
SELECT kind, key, name, property_count FROM (
    SELECT 'city'::text AS kind, key, name, property_count, 1 AS rank FROM cities WHERE key = ANY(sqlc.arg(places)::text[])
    UNION ALL
    SELECT 'locality'::text, key, name, property_count, 2 FROM localities WHERE key = ANY(sqlc.arg(places)::text[])
) AS places
ORDER BY rank;

-- name: CountInMapArea :one
-- How many active listings a map area holds, counted up to count_cap from the position index
-- alone: the search walks a sort's index for an area holding many, and sorts a few.
SELECT count(*)::int FROM (
    SELECT 1 FROM properties WHERE active AND position IS NOT NULL AND position <@ search_area(sqlc.arg(map_area)::float8[])
    LIMIT sqlc.arg(count_cap)
) AS inside;
