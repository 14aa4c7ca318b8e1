-- migrate:up
-- Bursts of notifications (issue 29): per member, kind and UTC hour, the first five emails go one
-- by one and the rest wait for one digest at the end of the hour. The counter row is bumped by
-- an upsert in the event's transaction, so parallel events count each other (internal/notify).
CREATE TABLE notify_bursts (
    user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
    hour         timestamptz NOT NULL, -- the UTC hour the notifications fell in
    sent         integer NOT NULL CHECK (sent >= 1), -- how many notifications of the kind in that hour
    digested_at  timestamptz, -- when the digest of the ones past the fifth was written
    PRIMARY KEY (user_id, kind, hour)
);
-- The digest job reads only the hours not yet digested.
CREATE INDEX notify_bursts_due ON notify_bursts (hour) WHERE digested_at IS NULL;

-- Where each notification fell in its burst (1 = the first of its kind that hour): past the
-- fifth, its email waits for the digest.
ALTER TABLE notifications ADD COLUMN burst_seq integer NOT NULL DEFAULT 1 CHECK (burst_seq >= 1);
CREATE INDEX notifications_held ON notifications (user_id, kind, created_at) WHERE burst_seq > 5;

-- migrate:down
DROP INDEX notifications_held;
ALTER TABLE notifications DROP COLUMN burst_seq;
DROP TABLE notify_bursts;
