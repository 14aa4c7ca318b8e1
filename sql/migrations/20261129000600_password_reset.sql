-- migrate:up
-- Recovery by email (issue 29). SPEC §3's password_reset_tokens (created with the schema, unused
-- until now) holds a random token only as the hex of its SHA-256, with an expiry and a used flag;
-- purpose 'reset' sets a new password, 'unlock' lets one browser past the account-wide sign-in
-- limit (internal/account/reset.go).
ALTER TABLE password_reset_tokens
    ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'unlock')),
    ADD CONSTRAINT password_reset_tokens_token_hash_hex CHECK (token_hash ~ '^[0-9a-f]{64}$');
CREATE INDEX password_reset_tokens_expires_at ON password_reset_tokens (expires_at);

-- How the security answers were hashed: 1 as typed (trimmed; SPEC's case-sensitive answers),
-- 2 normalised (case and spacing folded). A version-1 answer is re-hashed as 2 on its next
-- successful use.
ALTER TABLE users ADD COLUMN security_answers_version smallint NOT NULL DEFAULT 1
    CHECK (security_answers_version IN (1, 2));

-- migrate:down
ALTER TABLE users DROP COLUMN security_answers_version;
DROP INDEX password_reset_tokens_expires_at;
ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_token_hash_hex, DROP COLUMN purpose;
