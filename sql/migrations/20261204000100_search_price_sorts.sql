-- migrate:up
-- The search's price sorts and filters (issue 32). One index per place a search is led by,
-- walked forward for the lowest rent first and backward for the highest. Rents compare only
-- within a currency, so the currency comes first: with a currency filter a walk reads that
-- currency's rents in order. The index holds every other filter's column too, so a search
-- without text is counted from it alone (an index-only scan) rather than from one heap page per
-- listing; the page statements still read the rows they show.
CREATE INDEX properties_city_price ON properties (city_key, currency, monthly_rent, id)
    INCLUDE (locality_key, postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_locality_price ON properties (locality_key, currency, monthly_rent, id)
    INCLUDE (postal_code_key, property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_postal_price ON properties (postal_code_key, currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;
CREATE INDEX properties_price ON properties (currency, monthly_rent, id)
    INCLUDE (property_type, verified, bedrooms, bathrooms, pets_allowed, furnished, square_feet, area_unit, verified_review_count)
    WHERE active;

-- migrate:down
DROP INDEX properties_price;
DROP INDEX properties_postal_price;
DROP INDEX properties_locality_price;
DROP INDEX properties_city_price;
