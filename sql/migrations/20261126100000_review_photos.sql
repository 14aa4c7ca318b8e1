-- migrate:up

-- Review photos have an upload path of their own (any signed-in member, tenants included) and
-- are stored under reviews/<hex>: a listing takes only properties/ keys, a review only reviews/
-- ones (the attach statements check it), and the server serves a photo to everyone only while
-- its review is published (before that to its uploader, after it to its author and administrators). Photos attached to reviews before
-- this change keep their properties/ keys; the server judges them by their review all the same.
ALTER TABLE uploads
    DROP CONSTRAINT uploads_key_check,
    ADD CONSTRAINT uploads_key_check CHECK (key ~ '^(properties|reviews)/[0-9a-f]{32}\.(jpg|png|gif|webp)$'),
    ADD CONSTRAINT uploads_review_photo_not_listed CHECK (key NOT LIKE 'reviews/%' OR property_id IS NULL);

-- migrate:down

DELETE FROM uploads WHERE key LIKE 'reviews/%';
ALTER TABLE uploads
    DROP CONSTRAINT uploads_review_photo_not_listed,
    DROP CONSTRAINT uploads_key_check,
    ADD CONSTRAINT uploads_key_check CHECK (key ~ '^properties/[0-9a-f]{32}\.(jpg|png|gif|webp)$');
