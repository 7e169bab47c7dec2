-- §3 lists a GIN index on long_term_edge.shared_entity_ids. No statement reads edges by their shared entities:
-- Trigger 3 finds the affected nodes by the nodes' own entity index and their edges by node. The index was
-- written on every edge insert and on every recomputation of an edge's weights (Trigger 2, which is never a HOT
-- update because the weight is in edge_from_idx) and read by nothing.
DROP INDEX IF EXISTS edge_entities_idx;
