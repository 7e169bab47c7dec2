-- The daily decay rewrites `weight` of every idle synapse. With `weight` in three indexes every one of those
-- updates also wrote three index entries (~100 s for 860k idle synapses on 2 cores). Keeping `weight` out of
-- every index lets PostgreSQL update in place on the page (HOT, no index writes), and the fillfactor leaves
-- room on each page for the new row versions: the same decay takes ~9 s. Traversals range-scan on
-- base_weight, which is never below weight, and filter on weight.
-- (Pages written before this migration are full; `VACUUM FULL memory.synapse` once applies the fillfactor to them.)
ALTER TABLE synapse SET (fillfactor = 50);
DROP INDEX synapse_source_idx;
DROP INDEX synapse_target_idx;
DROP INDEX synapse_weight_idx;
CREATE INDEX synapse_source_idx ON synapse (tenant, source_type, source_id, base_weight DESC);
CREATE INDEX synapse_target_idx ON synapse (tenant, target_type, target_id, base_weight DESC);
