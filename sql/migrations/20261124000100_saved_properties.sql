-- migrate:up

-- Saved properties (issue 15): the properties a user keeps to come back to, most recently saved
-- first. One row per user and property (saving twice changes nothing); both sides cascade, so a
-- deleted account or listing takes its rows along. The primary key's order (user first) serves
-- the user's list and the saved flag every property list carries (one index probe per row,
-- user_id = viewer AND property_id = p.id). At most 500 per user: internal/property checks it
-- under a per-user advisory lock, which a table constraint cannot express.
CREATE TABLE saved_properties (
    user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    property_id integer NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, property_id)
);

-- The user's list, newest first, without sorting the user's rows.
CREATE INDEX saved_properties_user_newest ON saved_properties (user_id, created_at DESC, property_id DESC);
-- The cascade from a deleted listing finds its rows.
CREATE INDEX saved_properties_property ON saved_properties (property_id);

-- migrate:down

DROP TABLE saved_properties;
