-- migrate:up

-- A listing's time zone (issue 31): viewing times are asked and shown in it. The owner sets it on
-- the add and edit forms; an empty one takes its country's (country_time_zone). The column has a
-- constant default, so adding it rewrites nothing and the previous release, which never names
-- it, keeps inserting listings (in New York's zone, the default country's default).

-- The zone a listing in country takes when its owner names none, by the country's English name
-- (case and surrounding spaces ignored), as the forms write it. Countries with one zone map to
-- it; countries with several to the zone of their largest rental market (United States: New
-- York; Canada: Toronto; Australia: Sydney; Brazil: São Paulo; Mexico: Mexico City; Russia:
-- Moscow; Indonesia: Jakarta; Spain: Madrid; Portugal: Lisbon); a country not in the table: UTC.
-- internal/property names the same function, so the table lives here only.
CREATE FUNCTION country_time_zone(country text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
    SELECT coalesce((SELECT z FROM (VALUES
        ('united states', 'America/New_York'), ('usa', 'America/New_York'), ('us', 'America/New_York'),
        ('united states of america', 'America/New_York'),
        ('canada', 'America/Toronto'), ('mexico', 'America/Mexico_City'), ('brazil', 'America/Sao_Paulo'),
        ('argentina', 'America/Argentina/Buenos_Aires'), ('chile', 'America/Santiago'), ('colombia', 'America/Bogota'),
        ('peru', 'America/Lima'),
        ('united kingdom', 'Europe/London'), ('uk', 'Europe/London'), ('england', 'Europe/London'),
        ('scotland', 'Europe/London'), ('wales', 'Europe/London'), ('northern ireland', 'Europe/London'),
        ('great britain', 'Europe/London'),
        ('ireland', 'Europe/Dublin'), ('france', 'Europe/Paris'), ('germany', 'Europe/Berlin'),
        ('spain', 'Europe/Madrid'), ('portugal', 'Europe/Lisbon'), ('italy', 'Europe/Rome'),
        ('netherlands', 'Europe/Amsterdam'), ('the netherlands', 'Europe/Amsterdam'), ('belgium', 'Europe/Brussels'),
        ('luxembourg', 'Europe/Luxembourg'), ('switzerland', 'Europe/Zurich'), ('austria', 'Europe/Vienna'),
        ('denmark', 'Europe/Copenhagen'), ('norway', 'Europe/Oslo'), ('sweden', 'Europe/Stockholm'),
        ('finland', 'Europe/Helsinki'), ('iceland', 'Atlantic/Reykjavik'), ('poland', 'Europe/Warsaw'),
        ('czech republic', 'Europe/Prague'), ('czechia', 'Europe/Prague'), ('slovakia', 'Europe/Bratislava'),
        ('hungary', 'Europe/Budapest'), ('romania', 'Europe/Bucharest'), ('bulgaria', 'Europe/Sofia'),
        ('greece', 'Europe/Athens'), ('croatia', 'Europe/Zagreb'), ('slovenia', 'Europe/Ljubljana'),
        ('estonia', 'Europe/Tallinn'), ('latvia', 'Europe/Riga'), ('lithuania', 'Europe/Vilnius'),
        ('turkey', 'Europe/Istanbul'), ('ukraine', 'Europe/Kyiv'), ('russia', 'Europe/Moscow'),
        ('israel', 'Asia/Jerusalem'), ('united arab emirates', 'Asia/Dubai'), ('uae', 'Asia/Dubai'),
        ('saudi arabia', 'Asia/Riyadh'), ('qatar', 'Asia/Qatar'), ('egypt', 'Africa/Cairo'),
        ('south africa', 'Africa/Johannesburg'), ('nigeria', 'Africa/Lagos'), ('kenya', 'Africa/Nairobi'),
        ('morocco', 'Africa/Casablanca'), ('india', 'Asia/Kolkata'), ('pakistan', 'Asia/Karachi'),
        ('bangladesh', 'Asia/Dhaka'), ('china', 'Asia/Shanghai'), ('hong kong', 'Asia/Hong_Kong'),
        ('taiwan', 'Asia/Taipei'), ('japan', 'Asia/Tokyo'), ('south korea', 'Asia/Seoul'), ('korea', 'Asia/Seoul'),
        ('singapore', 'Asia/Singapore'), ('malaysia', 'Asia/Kuala_Lumpur'), ('thailand', 'Asia/Bangkok'),
        ('vietnam', 'Asia/Ho_Chi_Minh'), ('philippines', 'Asia/Manila'), ('indonesia', 'Asia/Jakarta'),
        ('australia', 'Australia/Sydney'), ('new zealand', 'Pacific/Auckland')
    ) AS t (c, z) WHERE t.c = lower(btrim(country))), 'UTC')
$$;

ALTER TABLE properties ADD COLUMN time_zone text NOT NULL DEFAULT 'America/New_York'
    CHECK (time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$');
-- The backfill touches only the listings whose country's zone is not the default.
UPDATE properties SET time_zone = country_time_zone(country)
WHERE country_time_zone(country) <> 'America/New_York';

-- migrate:down

ALTER TABLE properties DROP COLUMN time_zone;
DROP FUNCTION country_time_zone(text);
