-- migrate:up
-- A property type keeps one listing in fifteen, yet a count asking for one read the whole rent
-- range of the price indexes and dropped the other types row by row: at 1,000 searches a second,
-- "rent + bedrooms + pets + type" read ~5,400 index entries for 322 matches in the largest city
-- and ~18,000 everywhere (issue 32). These indexes put the type before the currency, so such a
-- count (and the other currencies' count beside it) reads only its type's entries, and a price
-- sort with a type walks its type's rents in order.
CREATE INDEX properties_city_type_price ON properties (city_key, property_type, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_type_price ON properties (property_type, currency, monthly_rent, id)
    INCLUDE (verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;

-- migrate:down
DROP INDEX properties_type_price;
DROP INDEX properties_city_type_price;
