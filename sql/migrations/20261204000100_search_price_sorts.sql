-- migrate:up
-- The search's price sorts (issue 32): one index per place a search is led by, walked forward
-- for the lowest rent first and backward for the highest. Rents compare only within a currency,
-- so the currency comes first: with a currency filter a walk reads that currency's rents in order.
CREATE INDEX properties_city_price ON properties (city_key, currency, monthly_rent, id) WHERE active;
CREATE INDEX properties_locality_price ON properties (locality_key, currency, monthly_rent, id) WHERE active;
CREATE INDEX properties_postal_price ON properties (postal_code_key, currency, monthly_rent, id) WHERE active;
CREATE INDEX properties_price ON properties (currency, monthly_rent, id) WHERE active;

-- migrate:down
DROP INDEX properties_price;
DROP INDEX properties_postal_price;
DROP INDEX properties_locality_price;
DROP INDEX properties_city_price;
