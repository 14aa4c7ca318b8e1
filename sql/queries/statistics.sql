-- name: GetStatistics :one
-- Every figure of the statistics panel in one statement.
SELECT
    (SELECT count(*) FROM users WHERE last_login > now() - interval '30 days')::int AS active_users,
    (SELECT count(*) FROM properties WHERE active)::int AS total_properties,
    (SELECT count(DISTINCT lower(country)) FROM properties WHERE active)::int AS unique_countries,
    (SELECT count(*) FROM properties WHERE active AND created_at > now() - interval '30 days')::int AS new_properties_30d,
    (SELECT count(*) FROM properties WHERE active AND created_at <= now() - interval '30 days'
        AND created_at > now() - interval '60 days')::int AS new_properties_prev_30d,
    (SELECT count(*) FROM properties WHERE active AND verified)::int AS total_verified_properties,
    (SELECT count(*) FROM reviews WHERE status = 'published')::int AS total_reviews,
    -- Properties' ratings are made of the reviews that rate a property; so is their average.
    (SELECT coalesce(round(avg(rating), 1), 0) FROM reviews
        WHERE status = 'published' AND review_rates_property(review_type))::float8 AS average_rating,
    (SELECT count(*) FROM users WHERE created_at <= now() - interval '30 days')::int AS established_users,
    (SELECT count(*) FROM users WHERE created_at <= now() - interval '30 days'
        AND last_login > now() - interval '30 days')::int AS retained_users;
