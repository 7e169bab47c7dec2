-- Report and query cost must not grow with the store (error-code.md §17: ReportError p95 ≤ 15 ms at 100k errors).
--
-- 1. GIN indexes without a pending list. With fastupdate on, every search also reads the whole unsorted pending
--    list (up to gin_pending_list_limit, 4 MB): ~3.5 ms per full-text search at 100k errors, and the backend that
--    overflows it flushes the list inside a report (seconds). Inserting into the posting trees directly is cheaper
--    than both at this write rate.
ALTER INDEX error_fts_idx SET (fastupdate = off);
ALTER INDEX solution_fts_idx SET (fastupdate = off);
ALTER INDEX solution_removed_idx SET (fastupdate = off);
ALTER INDEX module_sketch_idx SET (fastupdate = off);
ALTER INDEX module_fts_idx SET (fastupdate = off);

-- 2. The message shape: type and template without quoted names, placeholders and digits. Errors that differ only
--    in a name or a number share it ("Cannot read properties of undefined (reading 'user')" / "… 'session'").
--    It replaces the store-wide trigram candidate list of §5.7: a trigram search over 100k templates that share
--    most trigrams reads ~15k posting entries (17–45 ms, GIN or GiST alike); the shape is one btree lookup.
--    The trigram similarity stays the message signal of every candidate; nothing searches the trigram index any
--    more, so it goes, and with it ~100 index entries written per reported error.
DROP INDEX error_trgm_idx;
CREATE FUNCTION message_shape(error_type text, message_template text) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN hashtextextended(error_type || chr(31) || regexp_replace(regexp_replace(message_template,
        '''[^'']*''|"[^"]*"|`[^`]*`|<[A-Z]+>|[0-9]+', '', 'g'), '\s+', ' ', 'g'), 0);
ALTER TABLE error ADD COLUMN message_shape bigint
    GENERATED ALWAYS AS (message_shape(error_type, message_template)) STORED;
CREATE INDEX error_shape_idx ON error (tenant, message_shape, last_seen_at DESC);
