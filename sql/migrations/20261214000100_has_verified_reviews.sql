-- migrate:up

-- A tenancy confirmed or approved labels its tenant's review, and the listing's
-- verified_review_count moves. Eight of the listing's indexes carried that count (the search's
-- "has verified reviews" filter reads it), so every such update wrote a new entry into all
-- thirty of them (issue 33: a confirmation wrote 6.6–7.3 KB of WAL at a million listings). The
-- filter only asks whether the count is above zero: the indexes now carry that, so a listing's
-- second and later verified reviews leave every index alone (4.5–5.5 KB a confirmation). The
-- table is rewritten (the stored column) with room on each page for a row's next version, so such
-- an update stays on its page (a HOT update) rather than moving the row.
DROP INDEX properties_city_price;
DROP INDEX properties_city_type_price;
DROP INDEX properties_locality_price;
DROP INDEX properties_postal_price;
DROP INDEX properties_price;
DROP INDEX properties_type_price;
DROP INDEX properties_position;
DROP INDEX properties_with_verified_reviews;

ALTER TABLE properties SET (fillfactor = 85);
ALTER TABLE properties
    ADD COLUMN has_verified_reviews boolean NOT NULL GENERATED ALWAYS AS (verified_review_count > 0) STORED;

CREATE INDEX properties_city_price ON properties (city_key, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished,
        square_feet, area_unit, has_verified_reviews)
    WHERE active;
CREATE INDEX properties_city_type_price ON properties (city_key, property_type, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet,
        area_unit, has_verified_reviews)
    WHERE active;
CREATE INDEX properties_locality_price ON properties (locality_key, currency, monthly_rent, id)
    INCLUDE (postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet,
        area_unit, has_verified_reviews)
    WHERE active;
CREATE INDEX properties_postal_price ON properties (postal_code_key, currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        has_verified_reviews)
    WHERE active;
CREATE INDEX properties_price ON properties (currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        has_verified_reviews)
    WHERE active;
CREATE INDEX properties_type_price ON properties (property_type, currency, monthly_rent, id)
    INCLUDE (verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, has_verified_reviews)
    WHERE active;
CREATE INDEX properties_position ON properties USING gist (position)
    INCLUDE (id, verified, rating, review_count, created_at, currency, monthly_rent, city_key, locality_key,
        postal_code_key, property_type, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        has_verified_reviews)
    WHERE active AND position IS NOT NULL;
CREATE INDEX properties_with_verified_reviews ON properties (city_key) WHERE active AND has_verified_reviews;

-- migrate:down

DROP INDEX properties_city_price;
DROP INDEX properties_city_type_price;
DROP INDEX properties_locality_price;
DROP INDEX properties_postal_price;
DROP INDEX properties_price;
DROP INDEX properties_type_price;
DROP INDEX properties_position;
DROP INDEX properties_with_verified_reviews;

ALTER TABLE properties DROP COLUMN has_verified_reviews;
ALTER TABLE properties RESET (fillfactor);

CREATE INDEX properties_city_price ON properties (city_key, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished,
        square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_city_type_price ON properties (city_key, property_type, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet,
        area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_locality_price ON properties (locality_key, currency, monthly_rent, id)
    INCLUDE (postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet,
        area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_postal_price ON properties (postal_code_key, currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        verified_review_count)
    WHERE active;
CREATE INDEX properties_price ON properties (currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        verified_review_count)
    WHERE active;
CREATE INDEX properties_type_price ON properties (property_type, currency, monthly_rent, id)
    INCLUDE (verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_position ON properties USING gist (position)
    INCLUDE (id, verified, rating, review_count, created_at, currency, monthly_rent, city_key, locality_key,
        postal_code_key, property_type, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit,
        verified_review_count)
    WHERE active AND position IS NOT NULL;
CREATE INDEX properties_with_verified_reviews ON properties (city_key) WHERE active AND verified_review_count > 0;
