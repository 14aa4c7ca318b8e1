-- Editing a listing (issue 15): the owner's form replaces every field it carries; the
-- generated keys (city, neighbourhood, postal code, search text) and the stored aggregates
-- (ratings, verification) follow by themselves.

-- name: LockPropertyForEdit :one
-- The active property to edit, locked until the transaction ends in the mode verification
-- takes (FOR NO KEY UPDATE): an edit and an approval of one property take turns, so the edit
-- sees the verification an approval granted before it, and withdraws it when the address moves.
SELECT * FROM properties WHERE id = $1 AND active FOR NO KEY UPDATE;

-- name: UpdateProperty :one
UPDATE properties SET
    title = sqlc.arg(title), description = sqlc.arg(description), address = sqlc.arg(address),
    locality = sqlc.narg(locality), city = sqlc.arg(city), state = sqlc.narg(state), zip_code = sqlc.narg(zip_code),
    country = sqlc.arg(country), property_type = sqlc.arg(property_type), monthly_rent = sqlc.arg(monthly_rent),
    bedrooms = sqlc.arg(bedrooms), bathrooms = sqlc.arg(bathrooms), square_feet = sqlc.narg(square_feet),
    area_unit = sqlc.arg(area_unit), currency = sqlc.arg(currency), amenities = sqlc.arg(amenities),
    images = sqlc.arg(images), latitude = sqlc.narg(latitude), longitude = sqlc.narg(longitude),
    year_built = sqlc.narg(year_built), pets_allowed = sqlc.arg(pets_allowed), furnished = sqlc.arg(furnished),
    meta_description = sqlc.narg(meta_description), meta_keywords = sqlc.narg(meta_keywords),
    keywords = sqlc.arg(keywords), slug = sqlc.arg(slug), time_zone = sqlc.arg(time_zone), updated_at = now()
WHERE id = sqlc.arg(id)
RETURNING *;

-- name: LockCityCounts :exec
-- The listing counts of the cities named (kept by the deferred trigger properties_sync_cities),
-- locked in key order by a write that changes listings in more than one city (a move, a
-- suspension), as its last step (internal/places): the trigger takes them at the commit in the
-- order it meets them, old city first, so two such writes in opposite directions each held one
-- and waited for the other. A count that is not there yet is created
-- here, at zero, in the same order (a row that does not exist cannot be locked, and the trigger
-- created them in the order met: two reinstatements in the same empty cities deadlocked); one
-- that no listing counts by the commit is dropped then (cities_drop_empty). DO UPDATE ... WHERE
-- false locks an existing row without writing it. Cities before neighbourhoods, as the triggers
-- run.
INSERT INTO cities (key, name, property_count)
SELECT lower(n), min(n), 0 FROM unnest(sqlc.arg(names)::text[]) n GROUP BY lower(n) ORDER BY lower(n)
ON CONFLICT (key) DO UPDATE SET property_count = cities.property_count WHERE false;

-- name: LockLocalityCounts :exec
-- The neighbourhoods' counts (properties_sync_localities), as LockCityCounts, after it; a listing
-- without a neighbourhood ('') has no count.
INSERT INTO localities (key, name, property_count)
SELECT lower(n), min(n), 0 FROM unnest(sqlc.arg(names)::text[]) n WHERE n <> '' GROUP BY lower(n) ORDER BY lower(n)
ON CONFLICT (key) DO UPDATE SET property_count = localities.property_count WHERE false;
