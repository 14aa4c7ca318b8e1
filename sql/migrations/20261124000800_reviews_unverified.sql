-- migrate:up

-- Nothing in RentProof checks a reviewer's tenancy yet, so no review may show a Verified label:
-- the only ones that did came from the demo data, which no longer claims it (internal/seed).
UPDATE reviews SET verified = false WHERE verified;

-- migrate:down

-- Nothing to undo: the labels were claims nobody had checked.
