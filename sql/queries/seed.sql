-- Statements used only to load the demo data into an empty database.

-- name: SeedUser :one
-- Demo members count as verified from their opening day, so the demo's notifications can email them.
INSERT INTO users (username, password_hash, email, first_name, last_name, role, city, country, bio, last_login, created_at, email_verified_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
RETURNING id;

-- name: SeedProperty :exec
-- Listed unverified; the demo listings that show a badge get it from SeedDemoVerification. Each
-- is in its country's usual time zone.
INSERT INTO properties (
    id, title, description, address, locality, city, state, zip_code, country, property_type, monthly_rent,
    bedrooms, bathrooms, square_feet, area_unit, currency, landlord_id, amenities, images,
    latitude, longitude, year_built, pets_allowed, furnished, meta_description, meta_keywords, keywords, slug, created_at,
    time_zone
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
    $21, $22, $23, $24, $25, $26, $27, $28, $29, country_time_zone($9)
);

-- name: SeedDemoVerification :exec
-- A demo listing's badge says what it is: sample data nobody checked (proof demo).
INSERT INTO property_verifications (property_id, proof, granted_at)
SELECT p.id, 'demo', p.created_at FROM properties p WHERE p.id = $1;

-- name: SyncPropertyIDs :exec
-- Demo properties take fixed ids 1..15; the identity continues after the largest.
SELECT setval(pg_get_serial_sequence('properties', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM properties), false);

-- name: SeedReview :exec
INSERT INTO reviews (
    property_id, user_id, rating, title, content, review_type, stay_period, pros, cons, categories, photos,
    verified, language, created_at, updated_at
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '{}', $11, $12, $13, $13);

-- name: SeedCountReviews :exec
-- The demo reviews count as any review of an established author does (account_established):
-- every demo reviewer is.
UPDATE reviews SET counted = true WHERE NOT counted AND status = 'published' AND account_established(user_id);

-- name: SeedLevel :execrows
-- Without a conflict target: a level is unique by number and by points, and of two initialisations
-- at once the second waits on the first's row in either index, then must skip it in both (a target
-- of level alone made it fail on points_required).
INSERT INTO user_levels (level, name, points_required, benefits, icon)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT DO NOTHING;

-- name: SeedBadge :execrows
INSERT INTO badges (name, description, icon, category, level, requirements)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (name) DO NOTHING;

-- name: SeedAchievement :execrows
INSERT INTO achievements (name, description, points, icon, category, secret, requirements)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (name) DO NOTHING;

-- name: SeedLock :exec
-- Serialises seeding when several servers start at once.
SELECT pg_advisory_xact_lock(727274);
