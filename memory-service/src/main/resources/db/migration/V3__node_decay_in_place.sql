-- NODE_DECAY rewrites decay_weight of every active node each day. A node row carries its embedding (~1.5 KB at
-- 384 dimensions); with no free space left on its page every new row version went to another page and into
-- every index, the HNSW index included: 113–141 s for 1.1M nodes, and an HNSW index that grew by the active nodes
-- each day until vacuumed, slowing every read. Decay changes no indexed column, so with room on the page the new
-- version stays there (a HOT update) and no index is touched.
-- (Pages written before this migration are full; `VACUUM FULL memory.long_term_node` once applies the fillfactor.)
ALTER TABLE long_term_node SET (fillfactor = 50);
