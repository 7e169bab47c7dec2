-- API tokens: the gateway's only durable state. Tokens are 256-bit random strings; only their SHA-256 is kept.
CREATE TABLE api_token (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_sha256    text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  tenant          text NOT NULL CHECK (tenant ~ '^[A-Za-z0-9._-]{1,64}$'),
  default_project text NOT NULL CHECK (default_project ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'),
  scopes          text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'write', 'admin']::text[]),
  label           text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL,
  revoked_at      timestamptz
);
