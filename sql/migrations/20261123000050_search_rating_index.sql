-- migrate:up

-- Every search shape and sort walks an index in its order (see sql/queries/search.sql), but the
-- whole-table search sorted by highestRated (the home page's "Highest rated") had none: it
-- sorted every active listing for each page, ~100 ms at 100,000 listings.
CREATE INDEX properties_rating ON properties (rating DESC, review_count DESC, id DESC) WHERE active;

-- migrate:down

DROP INDEX properties_rating;
