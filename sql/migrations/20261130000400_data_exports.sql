-- migrate:up
-- A member's copies of their data (issue 30, "Your data"): asked for with
-- DataExportService.RequestDataExport (one a day: the request locks the member's key and counts
-- the last day's rows that did not fail), built into a zip in the blob store by a job every server
-- runs (claimed with FOR UPDATE SKIP LOCKED and leased, as the outbox is), downloadable by its
-- member for 7 days, then its file deleted by housekeeping (the row stays: the list shows it
-- expired).
CREATE TABLE data_exports (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The download's name (/api/user/exports/<token>/download) and the file's (exports/<token>.zip).
    token         text NOT NULL UNIQUE CHECK (token ~ '^[0-9a-f]{32}$'),
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed', 'deleted')),
    requested_at  timestamptz NOT NULL DEFAULT now(),
    attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    lease_until   timestamptz, -- while a server builds it, hidden from the others' claims
    last_error    text,
    ready_at      timestamptz,
    expires_at    timestamptz,
    bytes         bigint CHECK (bytes >= 0),
    CHECK ((status IN ('ready', 'deleted')) = (ready_at IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC);
CREATE INDEX data_exports_pending ON data_exports (id) WHERE status = 'pending';
CREATE INDEX data_exports_expiring ON data_exports (expires_at) WHERE status = 'ready';

-- migrate:down
DROP TABLE data_exports;
