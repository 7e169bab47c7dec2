-- NODE_DECAY rewrites decay_weight of every active node each day. With its embedding inline a node row is ~1.7 KB
-- (384 dimensions: too small for TOAST, whose threshold is fixed at ~2 KB), two rows per page at fillfactor 50:
-- 1.1M nodes were 4.3 GB of pages to read, rewrite and log (15 s, 2.2 GB of WAL per run), and every node lookup
-- of the read path, the triggers and promotion touched a page of mostly vector bytes. The embedding is written
-- once and read only by vector statements, so it moves to a table of its own: a node row is ~250 bytes, the
-- same decay touches 670 MB (~4 s). The pair columns are repeated (composite key, like the edges) so the
-- HNSW scan filters by pair without a join.
-- (The dropped column keeps its bytes in pages written before this migration until each row is rewritten, which
-- the first decay run does for every active node; `VACUUM FULL memory.long_term_node` once gives them back at once.)
CREATE TABLE long_term_node_embedding (
  node_id bigint PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  embedding vector(${dim}) NOT NULL,
  FOREIGN KEY (user_id, agent_id, node_id) REFERENCES long_term_node (user_id, agent_id, id) ON DELETE CASCADE);

INSERT INTO long_term_node_embedding (node_id, user_id, agent_id, embedding)
SELECT id, user_id, agent_id, embedding FROM long_term_node;

CREATE INDEX node_embedding_pair_idx ON long_term_node_embedding (user_id, agent_id, node_id);   -- exact scans
DROP INDEX node_vec_idx;
ALTER TABLE long_term_node DROP COLUMN embedding;
CREATE INDEX node_embedding_vec_idx ON long_term_node_embedding USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);
