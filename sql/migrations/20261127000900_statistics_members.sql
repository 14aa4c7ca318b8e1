-- migrate:up

-- The home page's headline figures count landlord and tenant accounts (issue 27: real counts in
-- place of SPEC's fixed ones), computed with the other statistics in the one cached row.
ALTER TABLE statistics_cache
    ADD COLUMN total_landlords integer NOT NULL DEFAULT 0,
    ADD COLUMN total_tenants   integer NOT NULL DEFAULT 0;
-- Recompute at the next request, so the new figures never read 0 for a minute.
UPDATE statistics_cache SET computed_at = 'epoch';

-- migrate:down

ALTER TABLE statistics_cache DROP COLUMN total_tenants, DROP COLUMN total_landlords;
