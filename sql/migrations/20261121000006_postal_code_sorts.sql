-- migrate:up

-- A postal code can hold thousands of listings: like a city, one index per sort, so every sort
-- walks its index instead of sorting all matches.
DROP INDEX properties_postal_code;
CREATE INDEX properties_postal_featured ON properties (postal_code_key, verified DESC, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_rating ON properties (postal_code_key, rating DESC, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_reviews ON properties (postal_code_key, review_count DESC, id DESC) WHERE active;
CREATE INDEX properties_postal_newest ON properties (postal_code_key, created_at DESC, id DESC) WHERE active;

-- migrate:down

DROP INDEX properties_postal_featured, properties_postal_rating, properties_postal_reviews, properties_postal_newest;
CREATE INDEX properties_postal_code ON properties (postal_code_key, rating DESC, id DESC) WHERE active;
