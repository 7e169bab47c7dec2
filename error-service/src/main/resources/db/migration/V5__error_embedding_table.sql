-- An error's vector moves out of `error` into a table of its own, written once when the worker embeds the error.
-- A re-reported error updates its row in `error` (occurrence_count, last_seen_at, §5.8). Those columns are indexed,
-- so the update is never HOT: PostgreSQL writes a new row version and inserts it into every index of the table,
-- the HNSW index included. One HNSW insert at 100k errors read ~1,000 buffers: 7–10 ms of a report that takes 15,
-- paid again on every recurrence for a vector that did not change. `error.embedded_at` stays: it marks the errors
-- the worker has embedded (its partial index finds the others), and the vector's row exists exactly when it is set.
-- memory-service keeps its node vectors apart for the same reason (`long_term_node_embedding`).
CREATE TABLE error_embedding (
  error_id bigint PRIMARY KEY REFERENCES error ON DELETE CASCADE,
  tenant text NOT NULL,
  embedding vector(${dim}) NOT NULL);

INSERT INTO error_embedding (error_id, tenant, embedding)
  SELECT id, tenant, embedding FROM error WHERE embedding IS NOT NULL;
UPDATE error SET embedded_at = coalesce(embedded_at, last_seen_at) WHERE embedding IS NOT NULL AND embedded_at IS NULL;

CREATE INDEX error_embedding_vec_idx ON error_embedding USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);
DROP INDEX error_unembedded_idx;
ALTER TABLE error DROP COLUMN embedding;
CREATE INDEX error_unembedded_idx ON error (id) WHERE embedded_at IS NULL;
