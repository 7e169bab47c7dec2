-- Candidate layer a of a promotion (the pair's 200 nearest nodes, §6 step 3) and the read path's anchors
-- (§9.2) search the pair's vectors by HNSW. With one index over every pair's vectors, the scan filters by pair
-- and walks the other pairs' nodes too (38–51 ms of a ~65 ms promotion for a pair of 10k nodes beside 1.1M of
-- other pairs; 12–28 instead of 72–165 ms on a slower machine through an index over that pair's vectors alone).
-- The vectors are therefore partitioned by pair: 64 hash partitions, each with its own HNSW index, so a pair's
-- search walks only its partition. Pairs whose hashes meet share one; with the users and agents of one
-- deployment most pairs have theirs alone. Every statement names the pair of the vector table (directly or by
-- joining on it), which is what lets PostgreSQL prune to one partition; the primary key holds the pair, as a
-- partitioned table's keys must hold the partition key.
ALTER TABLE long_term_node_embedding RENAME TO long_term_node_embedding_v4;
ALTER INDEX long_term_node_embedding_pkey RENAME TO long_term_node_embedding_v4_pkey;

CREATE TABLE long_term_node_embedding (
  node_id bigint NOT NULL,
  user_id text NOT NULL, agent_id text NOT NULL,
  embedding vector(${dim}) NOT NULL,
  PRIMARY KEY (user_id, agent_id, node_id),
  FOREIGN KEY (user_id, agent_id, node_id) REFERENCES long_term_node (user_id, agent_id, id) ON DELETE CASCADE)
  PARTITION BY HASH (user_id, agent_id);

DO $$
BEGIN
  FOR r IN 0..63 LOOP
    EXECUTE format('CREATE TABLE long_term_node_embedding_%s PARTITION OF long_term_node_embedding'
                   ' FOR VALUES WITH (MODULUS 64, REMAINDER %s)', lpad(r::text, 2, '0'), r);
  END LOOP;
END $$;

INSERT INTO long_term_node_embedding (node_id, user_id, agent_id, embedding)
  SELECT node_id, user_id, agent_id, embedding FROM long_term_node_embedding_v4;
DROP TABLE long_term_node_embedding_v4;

CREATE INDEX node_embedding_vec_idx ON long_term_node_embedding USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);
ANALYZE long_term_node_embedding;
