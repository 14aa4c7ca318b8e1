-- migrate:up
-- Only security mail is capped per address (verification, reset, sign-in links and alerts), so
-- only its rows need the address index: other mail no longer writes a random page of it.
DROP INDEX outbox_emails_address;
CREATE INDEX outbox_emails_address ON outbox_emails (lower(to_address), kind, created_at) WHERE category = 'security';

-- migrate:down
DROP INDEX outbox_emails_address;
CREATE INDEX outbox_emails_address ON outbox_emails (lower(to_address), kind, created_at);
