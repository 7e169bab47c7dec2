-- The message shape (V3) ignores where a removed name stood: "Error: no such table 'users'" and "Error: no such
-- table" left "no such table " and "no such table", two shapes, because whitespace was collapsed but not trimmed.
-- With the trim both are one shape. The stored column is recomputed by dropping and adding it again, which
-- rewrites the table and rebuilds its indexes (seconds at 100k errors; longer when many errors have an embedding,
-- as the HNSW index is rebuilt too).
ALTER TABLE error DROP COLUMN message_shape;
CREATE OR REPLACE FUNCTION message_shape(error_type text, message_template text) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN hashtextextended(error_type || chr(31) || btrim(regexp_replace(regexp_replace(message_template,
        '''[^'']*''|"[^"]*"|`[^`]*`|<[A-Z]+>|[0-9]+', '', 'g'), '\s+', ' ', 'g')), 0);
ALTER TABLE error ADD COLUMN message_shape bigint
    GENERATED ALWAYS AS (message_shape(error_type, message_template)) STORED;
CREATE INDEX error_shape_idx ON error (tenant, message_shape, last_seen_at DESC);

-- The full-text index holds the tenant with the words (btree_gin). Every full-text search is tenant-scoped; with
-- words alone the index returned every tenant's hits and the tenant was filtered from the heap, and a prepared
-- statement's generic plan, not knowing the tenant, ANDed the words' bitmap with the tenant's whole range of
-- another index (~100k entries, ~10 ms). btree_gin is a trusted contrib extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX error_tenant_fts_idx ON error USING gin (tenant, search_vector) WITH (fastupdate = off);
DROP INDEX error_fts_idx;
