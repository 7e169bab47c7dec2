-- Insights (research.md §1.1, §1.2 "Prioritise"): the analyzer's priority is kept as base_priority, from which the
-- prioritise phase recomputes `priority` (confidence × recency; a critical base stays critical). priority_rank orders
-- ListInsights (priority desc, confidence desc, updated_at desc) and the cap (lowest first) with one index.
ALTER TABLE insight ADD COLUMN base_priority text CHECK (base_priority IN ('low','medium','high','critical'));
ALTER TABLE insight ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (
  CASE priority WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 WHEN 'critical' THEN 4 END) STORED;
CREATE INDEX insight_rank_idx ON insight (tenant, status, priority_rank DESC, confidence DESC, updated_at DESC, id DESC);
