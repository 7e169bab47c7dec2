-- research-service: knowledge library files (research.md §2.1–§2.3).
-- slug:    the topic-slug of the file name; one knowledge file per (pair, slug) — the gate's "same topic" lookup.
-- version: the knowledge file's version ("1.0", "1.1", …) as last written with the row; null for reports. Start-up
--          repair compares it with the file's header to find a file written whose row update was lost.
ALTER TABLE knowledge_entry ADD COLUMN slug text CHECK (slug ~ '^[a-z0-9-]{1,80}$');
ALTER TABLE knowledge_entry ADD COLUMN version text;
CREATE UNIQUE INDEX knowledge_slug_idx ON knowledge_entry (user_id, agent_id, slug) WHERE type = 'knowledge';
-- reports of a pair by status (prune: repetition / failure counts)
CREATE INDEX knowledge_pair_idx ON knowledge_entry (user_id, agent_id, type, status);
