-- Candidate preselection must not grow with the store (error-code.md D4, §17).
-- A GiST trigram index answers "nearest templates" (<->) by walking distances over the whole index: ~400 ms at
-- 100k errors. A GIN trigram index answers "similarity >= 0.3" (%) from posting lists, and is cheaper to keep
-- up on every insert; the nearest 30 are then ranked among a bounded set of hits (Matcher, ErrorQueries).
DROP INDEX error_trgm_idx;
CREATE INDEX error_trgm_idx ON error USING gin (message_template gin_trgm_ops);
