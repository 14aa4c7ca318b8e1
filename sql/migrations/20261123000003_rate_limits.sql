-- migrate:up

-- Failed sign-ins were the only thing counted; now every limited action is (sign-in and recovery
-- attempts, registrations, reports, reviews). An event is reserved under each of its keys before
-- the action runs, under the keys' advisory locks, so parallel requests are counted one by one.
ALTER TABLE auth_failures RENAME TO rate_events;
ALTER INDEX auth_failures_key_time RENAME TO rate_events_key_time;
ALTER TABLE rate_events RENAME CONSTRAINT auth_failures_pkey TO rate_events_pkey;
ALTER TABLE rate_events RENAME CONSTRAINT auth_failures_key_check TO rate_events_key_check;

-- A browser that signed in to an account before carries a device cookie; only its SHA-256 is
-- kept, with the accounts it signed in to. Such a browser is not held back by failures that
-- others cause on the account from elsewhere.
CREATE TABLE known_devices (
    token_hash    bytea NOT NULL,
    user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX known_devices_last_used ON known_devices (last_used_at);

-- migrate:down

DROP TABLE known_devices;
ALTER TABLE rate_events RENAME CONSTRAINT rate_events_key_check TO auth_failures_key_check;
ALTER TABLE rate_events RENAME CONSTRAINT rate_events_pkey TO auth_failures_pkey;
ALTER INDEX rate_events_key_time RENAME TO auth_failures_key_time;
ALTER TABLE rate_events RENAME TO auth_failures;
