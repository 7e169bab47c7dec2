-- research-service, schema `research` (research.md §1.1, §2.2). Flyway runs this with the schema `research` as
-- default schema; the extensions live in schema public (created by the superuser), so both statements are no-ops.
-- The vector dimension is the Flyway placeholder `dim` (brain.embedding.dimension); every vector column uses it,
-- and the service reads the stored dimension back from the columns (atttypmod) at startup.
-- Insights are partitioned by `tenant`; the knowledge library by the pair (`user_id`, `agent_id`), as its
-- directory tree is (research.md §2.1; the gateway makes user_id unique across tenants).
-- Time columns have no defaults: the service passes `now` from its Clock.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- array_to_string() is only STABLE, which PostgreSQL rejects in a generated column; for text[] the result
-- cannot change, so this wrapper is IMMUTABLE (used by knowledge_entry.search_text).
CREATE FUNCTION immutable_array_to_string(arr text[], sep text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.array_to_string(arr, sep);

-- ---------------------------------------------------------------------------------------------------------
-- Insights (§1.1)
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE insight (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL,
  type text NOT NULL CHECK (type IN ('trend','pattern','gap','synergy','optimization','template_candidate',
                                     'project_suggestion','warning')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL,
  evidence jsonb NOT NULL                   -- ids, counts, rates; never empty
    CHECK (evidence <> ALL (ARRAY['null', '{}', '[]', '""']::jsonb[])),
  confidence double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  actionable boolean NOT NULL DEFAULT false,
  suggested_action jsonb,                   -- {action, message, ...ids}
  action_taken boolean,
  action_outcome text,
  affected_projects bigint[] NOT NULL DEFAULT '{}',   -- error-service project ids
  priority text NOT NULL CHECK (priority IN ('low','medium','high','critical')),
  status text NOT NULL DEFAULT 'active'
    CHECK (status IN ('active','acknowledged','acted_upon','dismissed','expired')),
  dedup_key text NOT NULL,                  -- type + normalised subject, e.g. trend:error-rate:project:42:up
  embedding vector(${dim}),                 -- title + description, for Suggest (§1.2); null until embedded
  embedded_at timestamptz,
  expires_at timestamptz NOT NULL,          -- default created_at + 30 days (service)
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL);
-- one insight per subject among the non-expired ones: a cycle updates instead of inserting a twin
CREATE UNIQUE INDEX insight_dedup_idx   ON insight (tenant, dedup_key) WHERE status <> 'expired';
CREATE INDEX insight_list_idx           ON insight (tenant, status, type, created_at DESC);
CREATE INDEX insight_active_idx         ON insight (tenant, created_at DESC) WHERE status = 'active';
CREATE INDEX insight_expiry_idx         ON insight (expires_at) WHERE status <> 'expired';
CREATE INDEX insight_projects_idx       ON insight USING gin (affected_projects);
CREATE INDEX insight_vec_idx            ON insight USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);

-- ---------------------------------------------------------------------------------------------------------
-- Knowledge library metadata (§2.2); the markdown files live on the volume
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE knowledge_entry (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  observer text NOT NULL CHECK (observer IN ('user','assistant')),
  path text NOT NULL UNIQUE,                -- relative to brain.knowledge.root: <agent_id>/<user_id>/<file>.md
  topic text NOT NULL CHECK (topic ~ '\S'),
  summary text NOT NULL,
  summary_embedding vector(${dim}),         -- null while the embedding provider is unavailable
  type text NOT NULL CHECK (type IN ('knowledge','report')),
  mode text NOT NULL CHECK (mode IN ('research','deepening','dream','clarifying')),
  status text NOT NULL CHECK (status IN ('deep','supplement','repetition','failure')),
  keywords text[] NOT NULL DEFAULT '{}',
  entity_ids bigint[] NOT NULL DEFAULT '{}',  -- memory-service entity ids of the pair
  search_text tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', topic), 'A')
   || setweight(to_tsvector('simple', immutable_array_to_string(keywords, ' ')), 'A')
   || setweight(to_tsvector('simple', summary), 'B')) STORED,
  initial_salience double precision NOT NULL CHECK (initial_salience >= 0 AND initial_salience <= 1), -- no default
  weight_raw double precision NOT NULL CHECK (weight_raw >= 0),
  weight_absolute double precision NOT NULL CHECK (weight_absolute >= 0),
  weight_decay double precision NOT NULL CHECK (weight_decay >= 0),   -- materialised by the daily decay job
  frequency integer NOT NULL DEFAULT 1 CHECK (frequency >= 1),
  reinforced_at timestamptz NOT NULL,
  decayed_at timestamptz,                   -- null until the first decay run
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL);
CREATE INDEX knowledge_active_idx   ON knowledge_entry (user_id, agent_id, type) WHERE active;
CREATE INDEX knowledge_fts_idx      ON knowledge_entry USING gin (search_text);
CREATE INDEX knowledge_keywords_idx ON knowledge_entry USING gin (keywords);
CREATE INDEX knowledge_entities_idx ON knowledge_entry USING gin (entity_ids);
CREATE INDEX knowledge_topic_idx    ON knowledge_entry USING gin (topic gin_trgm_ops);   -- same-topic lookup
-- §2.2 wants HNSW "once a partition holds >= 10k rows". HNSW (unlike IVFFlat) needs no training and keeps its
-- recall on small tables, so it exists from the start; below 10k rows per pair the service scans exactly.
CREATE INDEX knowledge_vec_idx      ON knowledge_entry USING hnsw (summary_embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);

-- ---------------------------------------------------------------------------------------------------------
-- Job runs: research cycles (§1.2, per tenant, per-phase counts), knowledge prune (§2.7, per pair), decay (§2.4)
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE job_run (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text,                              -- research cycle: the tenant; null for global jobs
  user_id text, agent_id text,              -- prune of one pair; null otherwise
  job text NOT NULL,                        -- research_cycle, knowledge_prune, knowledge_decay
  trigger text NOT NULL CHECK (trigger IN ('scheduled','manual')),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  status text NOT NULL CHECK (status IN ('running','done','failed','skipped')),  -- skipped: lock held or < minDataPoints
  counts jsonb NOT NULL DEFAULT '{}',       -- per phase: {"trends": {...}, "gaps": {...}, ...}
  error text,
  CHECK ((user_id IS NULL) = (agent_id IS NULL)));
CREATE INDEX job_run_idx ON job_run (job, tenant, started_at DESC);
