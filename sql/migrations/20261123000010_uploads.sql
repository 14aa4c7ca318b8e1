-- migrate:up

-- Every file the upload service stores: who uploaded it and what it was attached to. An upload
-- is attached once, to one listing or one review of its uploader, in the transaction that
-- creates that listing or review; one never attached is removed a day after its upload.
CREATE TABLE uploads (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The blob's key, as the service generates it (served under /uploads/).
    key          text NOT NULL UNIQUE CHECK (key ~ '^properties/[0-9a-f]{32}\.(jpg|png|gif|webp)$'),
    owner_id     integer NOT NULL REFERENCES users (id),
    -- The stored version's size; unknown (null) for files stored before this table existed.
    bytes        integer CHECK (bytes > 0),
    width        integer CHECK (width > 0),
    height       integer CHECK (height > 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    attached_at  timestamptz,
    -- What it is attached to: kept when that listing or review goes, so the upload is never
    -- taken for one waiting to be attached (and never attached again).
    property_id  integer REFERENCES properties (id) ON DELETE SET NULL,
    review_id    integer REFERENCES reviews (id) ON DELETE SET NULL,
    CHECK (property_id IS NULL OR review_id IS NULL),
    CHECK (attached_at IS NOT NULL OR (property_id IS NULL AND review_id IS NULL))
);
-- The daily quota counts an account's recent uploads.
CREATE INDEX uploads_owner_created ON uploads (owner_id, created_at);
-- Housekeeping finds the ones never attached.
CREATE INDEX uploads_unattached ON uploads (created_at) WHERE attached_at IS NULL;
-- Deleting a listing or review finds its uploads.
CREATE INDEX uploads_property_id ON uploads (property_id) WHERE property_id IS NOT NULL;
CREATE INDEX uploads_review_id ON uploads (review_id) WHERE review_id IS NOT NULL;

-- Files stored before this table belong to the landlord of the listing that shows them (the
-- first listing when several do), attached to that listing; then review photos to their author.
INSERT INTO uploads (key, owner_id, created_at, attached_at, property_id)
SELECT DISTINCT ON (key) substr(img.url, length('/uploads/') + 1) AS key, p.landlord_id, p.created_at, p.created_at, p.id
FROM properties p, jsonb_array_elements_text(p.images) AS img(url)
WHERE img.url ~ '^/uploads/properties/[0-9a-f]{32}\.(jpg|png|gif|webp)$'
ORDER BY key, p.id;

INSERT INTO uploads (key, owner_id, created_at, attached_at, review_id)
SELECT DISTINCT ON (key) substr(photo.url, length('/uploads/') + 1) AS key, r.user_id, r.created_at, r.created_at, r.id
FROM reviews r, jsonb_array_elements_text(r.photos) AS photo(url)
WHERE r.user_id IS NOT NULL AND photo.url ~ '^/uploads/properties/[0-9a-f]{32}\.(jpg|png|gif|webp)$'
ORDER BY key, r.id
ON CONFLICT (key) DO NOTHING;

-- migrate:down

DROP TABLE uploads;
