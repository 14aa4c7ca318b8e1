-- migrate:up

-- Where and with which browser each account signed in, for 90 days: an approval of a
-- verification request from the network or device its property's owner used is held for an
-- administrator. Sessions cannot tell: they are deleted a day after they end (at most ~31 days).
-- network is the client's network as limits count it (an IPv4 address, an IPv6 /64), null for
-- the server's own machine (loopback: development, tests, or a proxy not declared with
-- TRUST_PROXY, where every client would look alike). device_hash is the SHA-256 of the device
-- token the browser presented, whichever account it was issued to: a browser shared by two
-- accounts links them even though each gets its own token.
CREATE TABLE sign_ins (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    network      text CHECK (length(network) <= 100),
    device_hash  bytea
);
CREATE INDEX sign_ins_user_time ON sign_ins (user_id, created_at);
CREATE INDEX sign_ins_created_at ON sign_ins (created_at);

-- Devices are looked up by account too.
CREATE INDEX known_devices_user ON known_devices (user_id, last_used_at);

-- The sessions still stored are the sign-ins known so far.
INSERT INTO sign_ins (user_id, created_at, network)
SELECT user_id, created_at,
       CASE WHEN family(ip) = 4 THEN host(ip) ELSE network(set_masklen(ip, 64))::text END
FROM (SELECT user_id, created_at, client_ip::inet AS ip FROM sessions
      WHERE client_ip ~ '^[0-9A-Fa-f:.]+$' AND created_at > now() - interval '90 days') s
WHERE NOT (ip <<= '127.0.0.0/8' OR ip = '::1');

-- migrate:down

DROP INDEX known_devices_user;
DROP TABLE sign_ins;
