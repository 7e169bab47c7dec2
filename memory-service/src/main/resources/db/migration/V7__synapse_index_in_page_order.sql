-- Traversals read a node's synapses a page at a time in page order: base_weight descending, then id (the tie-break
-- that makes a path search's answer one exhaustive search gives). The indexes of V2 held base_weight only, so
-- PostgreSQL sorted each node's side before it could stop at a page: for a hub with 20,000 synapses every page read
-- all 20,000 rows (~70 ms). With id in the index the scan is in page order and stops after the page (~0.5 ms).
-- The indexes still leave out `weight`, so the daily decay still updates in place (V2).
DROP INDEX synapse_source_idx;
DROP INDEX synapse_target_idx;
CREATE INDEX synapse_source_idx ON synapse (tenant, source_type, source_id, base_weight DESC, id);
CREATE INDEX synapse_target_idx ON synapse (tenant, target_type, target_id, base_weight DESC, id);
