-- Error search finds short raw tokens (issue 40): a port (3000), a short identifier (idx), a path segment
-- (profile, client) or a build's package line (# app/store) are in the stored raw output but in no word of the
-- full-text vector (the template replaces numbers and paths; the parser keeps "/v1/profile/6ce6…" as one token).
-- QueryErrors adds a list of the rows whose raw output holds a short query as a substring, through a trigram index
-- of the output's first 4 KiB (where a report names what it is about) with the tenant (btree_gin). Report matching
-- does not read it.
CREATE INDEX error_raw_trgm_idx ON error USING gin (tenant, left(raw_output, 4096) gin_trgm_ops) WITH (fastupdate = off);
