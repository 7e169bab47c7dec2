-- A token may name a user of its tenant (memory pair user_id = '<tenant>:<user>'), and a fourth scope, 'system',
-- manages every tenant's tokens and runs the global jobs.
ALTER TABLE api_token ADD COLUMN user_id text CHECK (user_id ~ '^[A-Za-z0-9._@-]{1,64}$');
ALTER TABLE api_token DROP CONSTRAINT api_token_scopes_check;
ALTER TABLE api_token ADD CONSTRAINT api_token_scopes_check
  CHECK (scopes <@ ARRAY['read', 'write', 'admin', 'system']::text[]);
-- token list of a tenant, newest first
CREATE INDEX api_token_tenant ON api_token (tenant, id);
