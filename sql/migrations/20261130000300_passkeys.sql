-- migrate:up
-- Passkeys (issue 30, internal/passkey): WebAuthn credentials a member registered, and the
-- one-time challenges of the ceremonies that register, sign in and confirm with them.

-- A credential record as WebAuthn's §4 describes it: the public key and what the next assertion
-- is checked against (sign count, the authenticator data flags as last seen, the attestation
-- format that decides the appid extension), the user handle the authenticator keeps with the
-- credential, and the name its owner gave it.
CREATE TABLE passkeys (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id            integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id      bytea NOT NULL UNIQUE CHECK (octet_length(credential_id) BETWEEN 1 AND 1023),
    public_key         bytea NOT NULL,
    sign_count         bigint NOT NULL DEFAULT 0 CHECK (sign_count BETWEEN 0 AND 4294967295),
    transports         text[] NOT NULL DEFAULT '{}',
    flags              smallint NOT NULL CHECK (flags BETWEEN 0 AND 255),
    aaguid             bytea,
    attestation_type   text NOT NULL DEFAULT '',
    attestation_format text NOT NULL DEFAULT '',
    user_handle        bytea NOT NULL CHECK (octet_length(user_handle) BETWEEN 1 AND 64),
    name               text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    created_at         timestamptz NOT NULL DEFAULT now(),
    last_used_at       timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, id);

-- A ceremony begun and not yet finished: the library's session data without its challenge, found
-- by the challenge's SHA-256 (the challenge itself only travels to the browser and back), bound to
-- the session that began it (register, confirm) or to none (sign_in), spent once by one UPDATE.
CREATE TABLE passkey_challenges (
    challenge_hash bytea PRIMARY KEY CHECK (octet_length(challenge_hash) = 32),
    purpose        text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
    user_id        integer REFERENCES users (id) ON DELETE CASCADE,
    session_id     bigint REFERENCES sessions (id) ON DELETE CASCADE,
    ceremony       jsonb NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz,
    CHECK ((purpose = 'sign_in') = (session_id IS NULL)),
    CHECK ((purpose = 'sign_in') = (user_id IS NULL))
);
CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);

-- "Require a passkey": a member with a row signs in with a passkey only, and changes that could
-- take the account over are confirmed with a passkey, not the password.
CREATE TABLE passkey_requirements (
    user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE passkey_requirements;
DROP TABLE passkey_challenges;
DROP TABLE passkeys;
