-- migrate:up

-- The search's trigram index takes its new entries at once instead of in a pending list. With
-- the list (GIN's default), whichever write overflowed it merged it into the index while every
-- other write to properties waited: granting a verification rewrites the property's index
-- entries (verified leads the featured indexes, so the update cannot be HOT), and at 200
-- approvals/s one in twenty waited 190 ms or more for such a merge (docs/benchmarks.md). Reads
-- gain too: no pending list to scan.
ALTER INDEX properties_search_trgm SET (fastupdate = off);

-- migrate:down

ALTER INDEX properties_search_trgm RESET (fastupdate);
