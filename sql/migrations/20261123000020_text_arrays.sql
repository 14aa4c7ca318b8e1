-- migrate:up

-- Lists of strings are text[], which PostgreSQL checks and pgx decodes natively, instead of jsonb
-- arrays parsed by hand. A review's categories were an object keyed by category name
-- ({"Location": 1}, SPEC §7's request shape); they become the list of names, in order.
CREATE FUNCTION pg_temp.strings(j jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE
    AS $$ SELECT coalesce(array_agg(e ORDER BY n), '{}') FROM jsonb_array_elements_text(j) WITH ORDINALITY AS t (e, n) $$;
CREATE FUNCTION pg_temp.keys(j jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE
    AS $$ SELECT coalesce(array_agg(k ORDER BY k), '{}') FROM jsonb_object_keys(coalesce(j, '{}')) AS k $$;

ALTER TABLE properties
    DROP CONSTRAINT properties_amenities_check, DROP CONSTRAINT properties_images_check,
    DROP CONSTRAINT properties_keywords_check,
    ALTER COLUMN amenities DROP DEFAULT, ALTER COLUMN images DROP DEFAULT, ALTER COLUMN keywords DROP DEFAULT,
    ALTER COLUMN amenities TYPE text[] USING pg_temp.strings(amenities),
    ALTER COLUMN images TYPE text[] USING pg_temp.strings(images),
    ALTER COLUMN keywords TYPE text[] USING pg_temp.strings(keywords),
    ALTER COLUMN amenities SET DEFAULT '{}', ALTER COLUMN images SET DEFAULT '{}', ALTER COLUMN keywords SET DEFAULT '{}';

ALTER TABLE reviews
    DROP CONSTRAINT reviews_pros_check, DROP CONSTRAINT reviews_cons_check,
    DROP CONSTRAINT reviews_categories_check, DROP CONSTRAINT reviews_photos_check,
    ALTER COLUMN pros DROP DEFAULT, ALTER COLUMN cons DROP DEFAULT, ALTER COLUMN photos DROP DEFAULT,
    ALTER COLUMN pros TYPE text[] USING pg_temp.strings(pros),
    ALTER COLUMN cons TYPE text[] USING pg_temp.strings(cons),
    ALTER COLUMN photos TYPE text[] USING pg_temp.strings(photos),
    ALTER COLUMN categories TYPE text[] USING pg_temp.keys(categories),
    ALTER COLUMN pros SET DEFAULT '{}', ALTER COLUMN cons SET DEFAULT '{}', ALTER COLUMN photos SET DEFAULT '{}',
    ALTER COLUMN categories SET DEFAULT '{}', ALTER COLUMN categories SET NOT NULL;

ALTER TABLE resources
    DROP CONSTRAINT resources_tags_check,
    ALTER COLUMN tags DROP DEFAULT,
    ALTER COLUMN tags TYPE text[] USING pg_temp.strings(tags),
    ALTER COLUMN tags SET DEFAULT '{}';

ALTER TABLE user_levels
    ALTER COLUMN benefits TYPE text[] USING pg_temp.strings(benefits);

-- migrate:down

CREATE FUNCTION pg_temp.categories(names text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE
    AS $$ SELECT jsonb_object_agg(c, 1) FROM unnest(names) AS c $$;

ALTER TABLE user_levels
    ALTER COLUMN benefits TYPE jsonb USING to_jsonb(benefits);

ALTER TABLE resources
    ALTER COLUMN tags DROP DEFAULT,
    ALTER COLUMN tags TYPE jsonb USING to_jsonb(tags),
    ALTER COLUMN tags SET DEFAULT '[]',
    ADD CONSTRAINT resources_tags_check CHECK (jsonb_typeof(tags) = 'array');

ALTER TABLE reviews
    ALTER COLUMN pros DROP DEFAULT, ALTER COLUMN cons DROP DEFAULT, ALTER COLUMN photos DROP DEFAULT,
    ALTER COLUMN categories DROP DEFAULT, ALTER COLUMN categories DROP NOT NULL,
    ALTER COLUMN pros TYPE jsonb USING to_jsonb(pros),
    ALTER COLUMN cons TYPE jsonb USING to_jsonb(cons),
    ALTER COLUMN photos TYPE jsonb USING to_jsonb(photos),
    ALTER COLUMN categories TYPE jsonb USING pg_temp.categories(categories),
    ALTER COLUMN pros SET DEFAULT '[]', ALTER COLUMN cons SET DEFAULT '[]', ALTER COLUMN photos SET DEFAULT '[]',
    ADD CONSTRAINT reviews_pros_check CHECK (jsonb_typeof(pros) = 'array'),
    ADD CONSTRAINT reviews_cons_check CHECK (jsonb_typeof(cons) = 'array'),
    ADD CONSTRAINT reviews_categories_check CHECK (jsonb_typeof(categories) = 'object'),
    ADD CONSTRAINT reviews_photos_check CHECK (jsonb_typeof(photos) = 'array');

ALTER TABLE properties
    ALTER COLUMN amenities DROP DEFAULT, ALTER COLUMN images DROP DEFAULT, ALTER COLUMN keywords DROP DEFAULT,
    ALTER COLUMN amenities TYPE jsonb USING to_jsonb(amenities),
    ALTER COLUMN images TYPE jsonb USING to_jsonb(images),
    ALTER COLUMN keywords TYPE jsonb USING to_jsonb(keywords),
    ALTER COLUMN amenities SET DEFAULT '[]', ALTER COLUMN images SET DEFAULT '[]', ALTER COLUMN keywords SET DEFAULT '[]',
    ADD CONSTRAINT properties_amenities_check CHECK (jsonb_typeof(amenities) = 'array'),
    ADD CONSTRAINT properties_images_check CHECK (jsonb_typeof(images) = 'array'),
    ADD CONSTRAINT properties_keywords_check CHECK (jsonb_typeof(keywords) = 'array');
