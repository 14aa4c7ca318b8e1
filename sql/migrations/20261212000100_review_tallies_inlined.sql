-- migrate:up

-- review_tallies as one expression, with no FROM: PostgreSQL inlines a SQL function only then, and
-- ran it as a function call of its own for every review a statement or trigger tallied (~10 µs
-- each: counting the stars of 5,000,000 reviews took 352 s, 3.8 s for 368,000 where the inlined
-- form takes 0.7 s). The same answers for every review (the stars condition is repeated where
-- it was named once).
CREATE OR REPLACE FUNCTION review_tallies(r reviews) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY[
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating = 1)::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating = 2)::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating = 3)::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating = 4)::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating = 5)::int,
        (r.status = 'published' AND r.verified AND r.reveal_at IS NULL)::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating >= 4
            AND 'Location' = ANY (r.categories))::int,
        (r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AND r.rating >= 4
            AND 'Management' = ANY (r.categories))::int]
$$;

-- migrate:down

CREATE OR REPLACE FUNCTION review_tallies(r reviews) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY[
        (stars AND r.rating = 1)::int, (stars AND r.rating = 2)::int, (stars AND r.rating = 3)::int,
        (stars AND r.rating = 4)::int, (stars AND r.rating = 5)::int,
        (r.status = 'published' AND r.verified AND r.reveal_at IS NULL)::int,
        (stars AND r.rating >= 4 AND 'Location' = ANY(r.categories))::int,
        (stars AND r.rating >= 4 AND 'Management' = ANY(r.categories))::int]
    FROM (SELECT r.status = 'published' AND r.counted AND review_rates_property(r.review_type) AS stars) s
$$;
