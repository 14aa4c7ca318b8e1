-- migrate:up

-- Two accounts are linked when they signed in from one network (an IPv4 address, an IPv6 /64)
-- or with one browser (the device cookie) in the last 90 days, in either order. This is the one
-- definition: an approval from an account linked to the property's owner waits for an
-- administrator, linked accounts cannot vouch for each other's requests or earn from them, and
-- linked reporters count as one. b_network and b_device are b's client now (the request being
-- judged), which counts as one more sign-in of b. Every lookup is by account (sign_ins_user_time,
-- known_devices_user).
CREATE FUNCTION accounts_linked(a integer, b integer, b_network text DEFAULT NULL, b_device bytea DEFAULT NULL)
    RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
        WITH a_networks AS (
            SELECT s.network FROM sign_ins s
            WHERE s.user_id = a AND s.created_at > now() - interval '90 days' AND s.network IS NOT NULL
        ), b_networks AS (
            SELECT s.network FROM sign_ins s
            WHERE s.user_id = b AND s.created_at > now() - interval '90 days' AND s.network IS NOT NULL
            UNION ALL
            SELECT b_network WHERE b_network IS NOT NULL
        ), a_devices AS (
            SELECT s.device_hash AS hash FROM sign_ins s
            WHERE s.user_id = a AND s.created_at > now() - interval '90 days' AND s.device_hash IS NOT NULL
            UNION ALL
            SELECT d.token_hash FROM known_devices d WHERE d.user_id = a AND d.last_used_at > now() - interval '90 days'
        ), b_devices AS (
            SELECT s.device_hash AS hash FROM sign_ins s
            WHERE s.user_id = b AND s.created_at > now() - interval '90 days' AND s.device_hash IS NOT NULL
            UNION ALL
            SELECT d.token_hash FROM known_devices d WHERE d.user_id = b AND d.last_used_at > now() - interval '90 days'
            UNION ALL
            SELECT b_device WHERE b_device IS NOT NULL
        )
        SELECT a IS NOT NULL AND b IS NOT NULL AND (a = b
            OR EXISTS (SELECT 1 FROM a_networks x JOIN b_networks y ON y.network = x.network)
            OR EXISTS (SELECT 1 FROM a_devices x JOIN b_devices y ON y.hash = x.hash))
    $$;

-- migrate:down

DROP FUNCTION accounts_linked(integer, integer, text, bytea);
