-- The error full text indexes identifiers whole and by their parts (error-code.md §5.9): dotted, slashed, `::`-,
-- `$`-, `@`- and `#`-joined names and camelCase / snake_case words, in the type, the template, the task context and
-- the frames' functions and files (stack text). PostgreSQL's `simple` parser keeps `com.acme.billing.PaymentClient.charge`
-- as one host token and `src/api/users.ts` as one file token, and a template's `<PATH>/users.ts` as `/users.ts`, so
-- none was found by `PaymentClient`, `payment client`, `users.ts` or `users`.
--
-- identifier_parts(t): the text again three times — split at `/ \ $ : @ #` (keeps `users.ts`, `Inner.run`), split
-- into camelCase words (`PaymentClient` → `Payment Client`, `HTTPSConnectionPool` → `HTTPS Connection Pool`,
-- `UserRepoV2` → `User Repo V2`) and split at every other character (`PaymentClient`, `users`, `ts`).
CREATE FUNCTION identifier_parts(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN translate(t, '/\$:@#', '      ') || ' '
        || regexp_replace(regexp_replace(regexp_replace(t, '([[:lower:][:digit:]])([[:upper:]])', '\1 \2', 'g'),
               '([[:upper:]])([[:upper:]][[:lower:]])', '\1 \2', 'g'), '[^[:alnum:]]+', ' ', 'g') || ' '
        || regexp_replace(t, '[^[:alnum:]]+', ' ', 'g');

-- searchable_words(t): the `simple` parser's lexemes of t with their positions, as before, plus the lexemes of t's
-- identifier parts that the parser did not already give (so a plain word keeps one position and its rank). Template
-- placeholders (`<PATH>`, `<NUM>`, …) are no words: the parser skips them as tags, the parts must too.
CREATE FUNCTION searchable_words(t text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_tsvector('simple', t)
        || ts_delete(to_tsvector('simple', identifier_parts(regexp_replace(t, '<[A-Z]+>', ' ', 'g'))),
                     tsvector_to_array(to_tsvector('simple', t)));

-- §3's search vector with searchable_words in place of to_tsvector('simple', …). A generated column's expression
-- cannot be altered in PostgreSQL 15, so the column is dropped (with its index) and added again: that rewrites the
-- table and computes every stored row's vector (~150 µs a row: ~15 s at 100k errors on 2 cores, plus the rewrite and
-- the index build; measured in error-service/README.md). A new error's insert pays the same ~0.15 ms once, and its
-- vector holds ~2.5 times the lexemes (GIN entries) it held. A recurrence does not recompute it (V6).
ALTER TABLE error DROP COLUMN search_vector;
ALTER TABLE error ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(searchable_words(error_type), 'A')
   || setweight(searchable_words(message_template), 'A')
   || setweight(searchable_words(coalesce(left(task_context, 2000), '')), 'C')
   || setweight(searchable_words(coalesce(left(stack_text, 4000), '')), 'D')) STORED;
CREATE INDEX error_tenant_fts_idx ON error USING gin (tenant, search_vector) WITH (fastupdate = off);
