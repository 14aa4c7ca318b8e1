-- name: GetStatisticsCache :one
-- The stored figures (see the statistics_cache table) and whether they are under 60 seconds old.
SELECT sqlc.embed(statistics_cache), (computed_at > now() - interval '60 seconds')::bool AS fresh
FROM statistics_cache;

-- name: RefreshStatistics :one
-- Recomputes every figure in one statement when the stored ones are 60 seconds old or more, and
-- answers no row when they are not: of servers refreshing at once, one recomputes; the others wait
-- for its row lock, find the row fresh and change nothing. A deleted account (its tombstone:
-- closed_at) is no longer a member.
UPDATE statistics_cache SET
    computed_at = now(),
    (active_users, total_properties, unique_countries, new_properties_30d, new_properties_prev_30d,
     total_verified_properties, total_reviews, average_rating, established_users, retained_users,
     total_landlords, total_tenants) = (SELECT
    (SELECT count(*) FROM users WHERE last_login > now() - interval '30 days' AND closed_at IS NULL)::int AS active_users,
    (SELECT count(*) FROM properties WHERE active)::int AS total_properties,
    (SELECT count(DISTINCT lower(country)) FROM properties WHERE active)::int AS unique_countries,
    (SELECT count(*) FROM properties WHERE active AND created_at > now() - interval '30 days')::int AS new_properties_30d,
    (SELECT count(*) FROM properties WHERE active AND created_at <= now() - interval '30 days'
        AND created_at > now() - interval '60 days')::int AS new_properties_prev_30d,
    (SELECT count(*) FROM properties WHERE active AND verified)::int AS total_verified_properties,
    (SELECT count(*) FROM reviews WHERE status = 'published')::int AS total_reviews,
    -- Properties' ratings are made of the counted reviews that rate a property; so is their average.
    (SELECT coalesce(round(avg(rating), 1), 0) FROM reviews
        WHERE status = 'published' AND counted AND review_rates_property(review_type))::float8 AS average_rating,
    (SELECT count(*) FROM users WHERE created_at <= now() - interval '30 days' AND closed_at IS NULL)::int AS established_users,
    (SELECT count(*) FROM users WHERE created_at <= now() - interval '30 days'
        AND last_login > now() - interval '30 days' AND closed_at IS NULL)::int AS retained_users,
    (SELECT count(*) FROM users WHERE role = 'landlord' AND closed_at IS NULL)::int AS total_landlords,
    (SELECT count(*) FROM users WHERE role = 'tenant' AND closed_at IS NULL)::int AS total_tenants)
WHERE computed_at <= now() - interval '60 seconds'
RETURNING *;
