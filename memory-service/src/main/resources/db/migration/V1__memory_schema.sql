-- memory-service, schema `memory` (memory.md §1). Flyway runs this with the schema `memory` as default schema;
-- the extension lives in schema public (created by the superuser), so the statement is a no-op.
-- The vector dimension D is the Flyway placeholder `dim` (brain.embedding.dimension); every vector column
-- uses it, and the service reads the stored dimension back from the columns (atttypmod) at startup.
-- Part A (synapses) is partitioned by `tenant`; part B (entries, nodes, edges, entities, stats, turns) by the
-- pair (`user_id`, `agent_id`). No statement may read another partition's rows.
-- Time columns have no defaults (the service passes `now` from its Clock), except pipeline_log.created_at (§10).
CREATE EXTENSION IF NOT EXISTS vector;

-- ---------------------------------------------------------------------------------------------------------
-- Part A — synapse network (§2)
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE synapse (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('error','solution','code_module','rule','antipattern',
                                                   'project','insight','memory','finding','knowledge')),
  source_id bigint NOT NULL CHECK (source_id > 0),
  source_label text CHECK (char_length(source_label) <= 120),      -- §2.7: kept for rendering paths
  target_type text NOT NULL CHECK (target_type IN ('error','solution','code_module','rule','antipattern',
                                                   'project','insight','memory','finding','knowledge')),
  target_id bigint NOT NULL CHECK (target_id > 0),
  target_label text CHECK (char_length(target_label) <= 120),
  synapse_type text NOT NULL CHECK (synapse_type IN ('solves','causes','similar_to','uses_module','derived_from',
                                                     'co_occurs','prevents','improves','generalizes',
                                                     'cross_project')),
  weight double precision NOT NULL CHECK (weight >= 0 AND weight <= 1),            -- current weight
  base_weight double precision NOT NULL CHECK (base_weight >= 0 AND base_weight <= 1), -- weight at last activation (§2.3)
  activation_count integer NOT NULL DEFAULT 1 CHECK (activation_count >= 0),
  last_activated_at timestamptz NOT NULL,
  context jsonb,                                                   -- replaced when a strengthen carries one
  created_at timestamptz NOT NULL,
  CHECK (NOT (source_type = target_type AND source_id = target_id)),
  UNIQUE (tenant, source_type, source_id, target_type, target_id, synapse_type));
CREATE INDEX synapse_source_idx    ON synapse (tenant, source_type, source_id, weight DESC);
CREATE INDEX synapse_target_idx    ON synapse (tenant, target_type, target_id, weight DESC);
CREATE INDEX synapse_weight_idx    ON synapse (tenant, weight DESC);
CREATE INDEX synapse_activated_idx ON synapse (last_activated_at);

CREATE TABLE synapse_event (                -- idempotent event replay (§2.7), kept event-id-retention (7 d)
  tenant text NOT NULL,
  event_id text NOT NULL,                   -- the producer's idempotency_key
  result jsonb NOT NULL,                    -- the per-event result returned on replay
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant, event_id));
CREATE INDEX synapse_event_created_idx ON synapse_event (created_at);   -- HOUSEKEEPING

-- ---------------------------------------------------------------------------------------------------------
-- Part B — associative long-term memory (§3–§9)
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE entity (                       -- §4.4: entity registry per pair
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  name text NOT NULL CHECK (name ~ '\S'),
  name_key text NOT NULL CHECK (name_key ~ '\S'),   -- name lower-cased, whitespace collapsed
  aliases text[] NOT NULL DEFAULT '{}',             -- names merged into this entity (MergeEntities)
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, agent_id, name_key));
CREATE INDEX entity_aliases_idx ON entity USING gin (aliases);

CREATE TABLE long_term_node (               -- §4.3: a one-to-one copy of its entry plus its dynamics
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  observer text NOT NULL CHECK (observer IN ('user','assistant')),
  source_key text NOT NULL CHECK (char_length(source_key) BETWEEN 1 AND 200),   -- the entry's entry_key
  content text NOT NULL CHECK (octet_length(content) <= 65536 AND content ~ '\S'),
  embedding vector(${dim}) NOT NULL,
  topics text[] NOT NULL DEFAULT '{}' CHECK (cardinality(topics) <= 32),
  topic_keys text[] NOT NULL DEFAULT '{}' CHECK (cardinality(topic_keys) <= 32),
  entity_ids bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(entity_ids) <= 64),
  time_at timestamptz,
  time_precision text CHECK (time_precision IN ('minute','hour','day','week','month','quarter','year')),
  timeline_ref text CHECK (char_length(timeline_ref) <= 100),
  emotion text NOT NULL DEFAULT '' CHECK (char_length(emotion) <= 40),           -- '' = neutral
  arousal double precision NOT NULL DEFAULT 0.5 CHECK (arousal >= 0 AND arousal <= 1),
  metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
  entry_created_at timestamptz NOT NULL,
  raw_weight double precision NOT NULL CHECK (raw_weight >= 0),            -- accumulator (salience + boosts)
  absolute_weight double precision NOT NULL CHECK (absolute_weight >= 0),  -- A(raw), anchor of every edge
  decay_weight double precision NOT NULL CHECK (decay_weight >= 0),        -- present strength, materialised
  decay_base double precision NOT NULL CHECK (decay_base >= 0),            -- §8: value decay starts from
  decay_base_at timestamptz NOT NULL,                                      -- §8: moment decay starts from
  frequency integer NOT NULL DEFAULT 1 CHECK (frequency >= 1),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  reinforced_at timestamptz NOT NULL,
  decayed_at timestamptz,                   -- null until the first NODE_DECAY run
  reactivated_at timestamptz,               -- null until the first half-reactivation
  CHECK ((time_at IS NULL) = (time_precision IS NULL)),
  UNIQUE (user_id, agent_id, source_key),
  UNIQUE (user_id, agent_id, id));          -- target of the edges' pair-preserving foreign keys
CREATE INDEX node_active_idx   ON long_term_node (user_id, agent_id) WHERE active;
CREATE INDEX node_topics_idx   ON long_term_node USING gin (topic_keys);
CREATE INDEX node_entities_idx ON long_term_node USING gin (entity_ids);
CREATE INDEX node_time_idx     ON long_term_node (user_id, agent_id, time_precision, time_at);
CREATE INDEX node_timeline_idx ON long_term_node (user_id, agent_id, timeline_ref);
CREATE INDEX node_vec_idx      ON long_term_node USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);

CREATE TABLE short_term_entry (             -- §4.2
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  observer text NOT NULL CHECK (observer IN ('user','assistant')),
  entry_key text NOT NULL CHECK (char_length(entry_key) BETWEEN 1 AND 200),     -- default stm-<id> (service)
  content text NOT NULL CHECK (octet_length(content) <= 65536 AND content ~ '\S'),
  embedding vector(${dim}) NOT NULL,
  salience double precision NOT NULL CHECK (salience >= 0 AND salience <= 1),  -- no default
  topics text[] NOT NULL DEFAULT '{}' CHECK (cardinality(topics) <= 32),
  topic_keys text[] NOT NULL DEFAULT '{}' CHECK (cardinality(topic_keys) <= 32),
  entity_ids bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(entity_ids) <= 64),
  time_at timestamptz,
  time_precision text CHECK (time_precision IN ('minute','hour','day','week','month','quarter','year')),
  timeline_ref text CHECK (char_length(timeline_ref) <= 100),
  emotion text NOT NULL DEFAULT '' CHECK (char_length(emotion) <= 40),
  arousal double precision NOT NULL DEFAULT 0.5 CHECK (arousal >= 0 AND arousal <= 1),
  metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
  turn_id text CHECK (char_length(turn_id) <= 100),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  promotion_state text NOT NULL CHECK (promotion_state IN ('not_eligible','pending','duplicate','reactivated','failed')),
  hit_node_id bigint,                                                       -- duplicate / reactivated hit
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  CHECK ((time_at IS NULL) = (time_precision IS NULL)),
  UNIQUE (user_id, agent_id, entry_key),
  FOREIGN KEY (user_id, agent_id, hit_node_id) REFERENCES long_term_node (user_id, agent_id, id)
    ON DELETE SET NULL (hit_node_id));
CREATE INDEX entry_pending_idx ON short_term_entry (promotion_state, created_at) WHERE promotion_state = 'pending';
CREATE INDEX entry_expires_idx ON short_term_entry (expires_at);
CREATE INDEX entry_hit_idx     ON short_term_entry (hit_node_id) WHERE hit_node_id IS NOT NULL;
CREATE INDEX entry_vec_idx     ON short_term_entry USING hnsw (embedding vector_cosine_ops)
  WITH (m = 16, ef_construction = 64);

CREATE TABLE long_term_edge (               -- §5.5: one row per directed edge; both rows of a pair share the frozen fields
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,             -- denormalised pair (§1)
  from_node_id bigint NOT NULL,
  to_node_id bigint NOT NULL,
  raw_weight double precision NOT NULL CHECK (raw_weight >= 0),
  absolute_weight double precision NOT NULL CHECK (absolute_weight >= 0),   -- a cache (§3 principle 4)
  reasons text[] NOT NULL                                    -- ordered subset; empty only through import
    CHECK (reasons <@ ARRAY['entity','embedding','topics','timeline']::text[]),
  shared_entity_ids bigint[] NOT NULL DEFAULT '{}',
  shared_topics text[] NOT NULL DEFAULT '{}',                -- display form
  timeline_distance double precision CHECK (timeline_distance >= 0),   -- in the precision's unit (§5.2)
  timeline_precision text CHECK (timeline_precision IN ('minute','hour','day','week','month','quarter','year')),
  embedding_cosine_initial double precision NOT NULL,        -- always stored; rewritten only by Reembed
  layer_count smallint NOT NULL CHECK (layer_count BETWEEN 0 AND 4),
  created_at timestamptz NOT NULL,
  recomputed_at timestamptz,                                 -- last Trigger 2/3 recomputation
  CHECK ((timeline_distance IS NULL) = (timeline_precision IS NULL)),
  CHECK (from_node_id <> to_node_id),
  UNIQUE (from_node_id, to_node_id),
  -- composite keys: an edge can never connect two pairs
  FOREIGN KEY (user_id, agent_id, from_node_id) REFERENCES long_term_node (user_id, agent_id, id) ON DELETE CASCADE,
  FOREIGN KEY (user_id, agent_id, to_node_id)   REFERENCES long_term_node (user_id, agent_id, id) ON DELETE CASCADE);
CREATE INDEX edge_from_idx     ON long_term_edge (from_node_id, absolute_weight DESC, id);
CREATE INDEX edge_to_idx       ON long_term_edge (to_node_id);
CREATE INDEX edge_entities_idx ON long_term_edge USING gin (shared_entity_ids);

CREATE TABLE partition_stats (              -- counts per pair, maintained by promotion / decay / deletes
  user_id text NOT NULL, agent_id text NOT NULL,
  node_count bigint NOT NULL DEFAULT 0 CHECK (node_count >= 0),
  active_count bigint NOT NULL DEFAULT 0 CHECK (active_count >= 0),
  edge_count bigint NOT NULL DEFAULT 0 CHECK (edge_count >= 0),
  PRIMARY KEY (user_id, agent_id));

CREATE TABLE turn_read (                    -- §7 step 1: node ids Read returned per turn, kept 24 h
  turn_id text PRIMARY KEY CHECK (char_length(turn_id) BETWEEN 1 AND 100),
  user_id text NOT NULL, agent_id text NOT NULL,
  node_ids bigint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL);
CREATE INDEX turn_read_created_idx ON turn_read (created_at);            -- HOUSEKEEPING

CREATE TABLE usage_decision (               -- §7 step 6: one decision per turn, kept 30 d; replayed as stored
  turn_id text PRIMARY KEY CHECK (char_length(turn_id) BETWEEN 1 AND 100),
  user_id text NOT NULL, agent_id text NOT NULL,
  answer_text text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('COMPUTED','EMPTY_ANSWER','NO_CANDIDATE','EMBED_ERROR',
                                           'EMPTY_VECTOR','DB_ERROR')),
  reinforced_node_ids bigint[] NOT NULL DEFAULT '{}',
  protocol jsonb NOT NULL,                  -- the protocol line (§7)
  created_at timestamptz NOT NULL);
CREATE INDEX usage_decision_pair_idx    ON usage_decision (user_id, agent_id, created_at DESC);  -- calibration answers
CREATE INDEX usage_decision_created_idx ON usage_decision (created_at);                          -- HOUSEKEEPING

-- ---------------------------------------------------------------------------------------------------------
-- Pipeline log (§10), calibration (§12), job runs (§11)
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE pipeline_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  turn_id text NOT NULL CHECK (char_length(turn_id) <= 100),   -- run id; `background` or the job run id
  span_id uuid,
  source text CHECK (char_length(source) <= 50),              -- user id, agent id, `job` or `system`
  node text CHECK (char_length(node) <= 50),                  -- e.g. memory.read, memory.usage, promotion
  art text NOT NULL CHECK (art IN ('input','prompt','computation','switch','db_write','db_read','output',
                                   'error','note','span_start','span_end','token','turn_raw')),
  content jsonb CHECK (jsonb_typeof(content) IN ('string','object')),
  user_id text, agent_id text,
  CHECK ((user_id IS NULL) = (agent_id IS NULL)));          -- both or neither: a half pair slips through filters
CREATE INDEX pipeline_log_turn_idx    ON pipeline_log (turn_id);
CREATE INDEX pipeline_log_span_idx    ON pipeline_log (span_id);
CREATE INDEX pipeline_log_node_idx    ON pipeline_log (node, art);
CREATE INDEX pipeline_log_created_idx ON pipeline_log (created_at DESC);
CREATE INDEX pipeline_log_pair_idx    ON pipeline_log (user_id, agent_id);

CREATE TABLE calibration (                  -- §12: stored reports; never changes configuration
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL, agent_id text NOT NULL,
  model text NOT NULL,
  dimension integer NOT NULL CHECK (dimension > 0),
  report jsonb NOT NULL,
  created_at timestamptz NOT NULL);
CREATE INDEX calibration_pair_idx ON calibration (user_id, agent_id, created_at DESC);

CREATE TABLE job_run (                      -- PROMOTION, NODE_DECAY, SYNAPSE_DECAY, ...: one row per run (§11)
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('scheduled','manual')),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  status text NOT NULL CHECK (status IN ('running','done','failed','skipped')),   -- skipped = lock held
  counts jsonb NOT NULL DEFAULT '{}',
  error text);
CREATE INDEX job_run_idx ON job_run (job, started_at DESC);
