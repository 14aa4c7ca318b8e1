-- migrate:up
-- Changes that could take an account over (password, email, security questions, passkeys,
-- deletion) need the owner at the keyboard (issue 30): the current password in the request, or a
-- passkey ceremony that confirmed this session within the last few minutes (internal/account).
ALTER TABLE sessions ADD COLUMN confirmed_at timestamptz;

-- migrate:down
ALTER TABLE sessions DROP COLUMN confirmed_at;
