-- migrate:up

-- Failed sign-ins and recovery answers, counted per account and per client address, so the
-- brute-force limit holds across restarts and across several servers.
CREATE TABLE auth_failures (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key         text NOT NULL CHECK (length(key) <= 400),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_key_time ON auth_failures (key, created_at);

-- Sessions end after a week without use, besides their absolute expiry.
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- migrate:down

DROP INDEX sessions_expires_at;
DROP TABLE auth_failures;
