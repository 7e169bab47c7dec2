-- error-service, schema `error` (error-code.md §3). Flyway runs this with the schema `error` as default
-- schema; the extensions live in schema public (created by the superuser), so both statements are no-ops.
-- The vector dimension is the Flyway placeholder `dim` (brain.embedding.dimension); every vector column uses it,
-- and the service reads the stored dimension back from the columns (atttypmod) at startup.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- array_to_string() is only STABLE (it calls the element type's output function), so PostgreSQL rejects it
-- in a generated column ("generation expression is not immutable"). For text[] the result cannot change,
-- so this wrapper is declared IMMUTABLE and used in the generated search vectors of `solution` and
-- `code_module` (error-code.md §3 writes array_to_string there directly).
CREATE FUNCTION immutable_array_to_string(arr text[], sep text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.array_to_string(arr, sep);

CREATE TABLE project (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, name text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'),
  root_path text, languages text[] NOT NULL DEFAULT '{}', frameworks text[] NOT NULL DEFAULT '{}',
  description text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
  UNIQUE (tenant, name), UNIQUE (tenant, id));

CREATE TABLE session (                      -- seed: terminals
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint,
  session_key text NOT NULL CHECK (session_key ~ '^[A-Za-z0-9._:-]{1,128}$'),
  kind text NOT NULL CHECK (kind IN ('mcp','hook','cli','service')),
  client_name text, status text NOT NULL CHECK (status IN ('connected','disconnected','stale')),
  connected_at timestamptz NOT NULL, last_heartbeat_at timestamptz NOT NULL, disconnected_at timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}',
  UNIQUE (tenant, session_key), UNIQUE (tenant, id),
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE SET NULL (project_id));
CREATE INDEX session_status_idx ON session (tenant, status, last_heartbeat_at);

CREATE TABLE error (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint NOT NULL,
  fingerprint char(64) NOT NULL,                    -- §5.4, lowercase hex
  error_type text NOT NULL,                         -- ≤ 200
  message text NOT NULL,                            -- ≤ 4,000 (parser output)
  message_template text NOT NULL,                   -- ≤ 1,000 (§5.3)
  language text, parser text NOT NULL,
  source_file text, source_line integer,
  stack_text text,                                  -- frames rendered one per line, ≤ 64 KiB
  raw_output text NOT NULL, raw_truncated_bytes integer NOT NULL DEFAULT 0,
  command text, working_directory text, task_context text,
  labels text[] NOT NULL DEFAULT '{}',
  first_session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  occurrence_count integer NOT NULL DEFAULT 1 CHECK (occurrence_count >= 1),
  first_seen_at timestamptz NOT NULL, last_seen_at timestamptz NOT NULL,
  resolved boolean NOT NULL DEFAULT false, resolved_at timestamptz,
  embedding vector(${dim}), embedded_at timestamptz,
  search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', error_type), 'A')
   || setweight(to_tsvector('simple', message_template), 'A')
   || setweight(to_tsvector('simple', coalesce(left(task_context, 2000), '')), 'C')
   || setweight(to_tsvector('simple', coalesce(left(stack_text, 4000), '')), 'D')) STORED,
  UNIQUE (project_id, fingerprint),
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);
CREATE INDEX error_fp_idx       ON error (tenant, fingerprint);
CREATE INDEX error_type_idx     ON error (tenant, error_type, last_seen_at DESC);
CREATE INDEX error_project_idx  ON error (tenant, project_id, last_seen_at DESC);
CREATE INDEX error_unresolved_idx ON error (tenant, project_id, occurrence_count DESC) WHERE NOT resolved;
CREATE INDEX error_fts_idx      ON error USING gin (search_vector);
CREATE INDEX error_trgm_idx     ON error USING gist (message_template gist_trgm_ops);
CREATE INDEX error_vec_idx      ON error USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64);
CREATE INDEX error_unembedded_idx ON error (id) WHERE embedding IS NULL;

CREATE TABLE error_occurrence (             -- one row per report, incl. the first
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint NOT NULL, error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  occurred_at timestamptz NOT NULL, command text, working_directory text, raw_output_sha256 char(64) NOT NULL);
CREATE INDEX occ_project_time_idx ON error_occurrence (tenant, project_id, occurred_at);
CREATE INDEX occ_session_idx      ON error_occurrence (session_id, occurred_at DESC);
CREATE INDEX occ_error_idx        ON error_occurrence (error_id, occurred_at DESC);

CREATE TABLE stack_frame (
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE, position smallint NOT NULL, -- 0 = innermost
  function_name text, file_path text, line_number integer, column_number integer,
  context_line text, in_app boolean NOT NULL, normalized text NOT NULL,              -- §5.4 frame key
  PRIMARY KEY (error_id, position));                                                 -- ≤ 50 frames kept

CREATE TABLE error_match (                  -- matches ≥ threshold found for an error
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  matched_error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  tenant text NOT NULL, score double precision NOT NULL, strong boolean NOT NULL,
  signals jsonb NOT NULL, source text NOT NULL CHECK (source IN ('report','late','query')),
  created_at timestamptz NOT NULL, PRIMARY KEY (error_id, matched_error_id));

CREATE TABLE solution (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint NOT NULL,          -- project where it was first reported
  title text NOT NULL, description text, steps text[] NOT NULL DEFAULT '{}',
  code_before text, code_after text, diff text, labels text[] NOT NULL DEFAULT '{}',
  removed_line_hashes text[] NOT NULL DEFAULT '{}',          -- §7.2 code check
  module_ids bigint[] NOT NULL DEFAULT '{}',                 -- code modules the fix uses
  success_count integer NOT NULL DEFAULT 0, failure_count integer NOT NULL DEFAULT 0,
  partial_count integer NOT NULL DEFAULT 0, confidence double precision NOT NULL DEFAULT 0,
  last_used_at timestamptz NOT NULL, created_session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
  search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')
   || setweight(to_tsvector('simple', immutable_array_to_string(steps, ' ')), 'B')) STORED,
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);
CREATE INDEX solution_fts_idx ON solution USING gin (search_vector);
CREATE INDEX solution_removed_idx ON solution USING gin (removed_line_hashes);

CREATE TABLE error_solution (
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  solution_id bigint NOT NULL REFERENCES solution ON DELETE CASCADE, tenant text NOT NULL,
  success_count integer NOT NULL DEFAULT 0, failure_count integer NOT NULL DEFAULT 0,
  partial_count integer NOT NULL DEFAULT 0, confidence double precision NOT NULL DEFAULT 0,
  last_outcome text, last_applied_at timestamptz NOT NULL, created_at timestamptz NOT NULL,
  PRIMARY KEY (error_id, solution_id));
CREATE INDEX error_solution_sol_idx ON error_solution (solution_id);

CREATE TABLE solution_outcome (             -- history of every outcome report
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint NOT NULL,
  error_id bigint NOT NULL, solution_id bigint NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success','failure','partial')),
  session_id bigint REFERENCES session (id) ON DELETE SET NULL, notes text, applied_at timestamptz NOT NULL,
  FOREIGN KEY (error_id, solution_id) REFERENCES error_solution ON DELETE CASCADE);
CREATE INDEX outcome_time_idx ON solution_outcome (tenant, project_id, applied_at);

CREATE TABLE solution_attempt (             -- what did NOT work
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint NOT NULL,
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE, description text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('failure','partial')), reason text,
  session_id bigint REFERENCES session (id) ON DELETE SET NULL, attempted_at timestamptz NOT NULL);
CREATE INDEX attempt_error_idx ON solution_attempt (error_id);

CREATE TABLE error_chain (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint NOT NULL,
  session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL, last_at timestamptz NOT NULL, length integer NOT NULL);
CREATE TABLE error_chain_entry (
  chain_id bigint NOT NULL REFERENCES error_chain ON DELETE CASCADE, position integer NOT NULL,
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE, occurrence_id bigint NOT NULL,
  time_delta_ms bigint,                                      -- null at position 0
  PRIMARY KEY (chain_id, position));
CREATE INDEX chain_entry_error_idx ON error_chain_entry (error_id);

CREATE TABLE cross_project_link (           -- dedup of cross-project events (error_a < error_b)
  error_a bigint NOT NULL REFERENCES error ON DELETE CASCADE, error_b bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  tenant text NOT NULL, created_at timestamptz NOT NULL, PRIMARY KEY (error_a, error_b));

CREATE TABLE rule (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL,
  project_id bigint,                                         -- null = all projects of the tenant
  dedup_key char(64) NOT NULL, name text NOT NULL, description text,
  error_type text NOT NULL, required_tokens text[] NOT NULL, file_extensions text[] NOT NULL DEFAULT '{}',
  commands text[] NOT NULL DEFAULT '{}',                     -- normalized commands (§7.1)
  action jsonb NOT NULL,                                     -- {type, solution_ids, message}
  rule_type text NOT NULL CHECK (rule_type IN ('prevention','suggestion','warning','auto_fix')),
  base_successes double precision NOT NULL, base_total double precision NOT NULL,
  confidence double precision NOT NULL, trigger_count integer NOT NULL DEFAULT 0,
  success_count integer NOT NULL DEFAULT 0, rejection_count integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true, prune_reason text CHECK (prune_reason IN ('low_confidence','rejections')),
  source_error_ids bigint[] NOT NULL, last_evidence_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, UNIQUE (tenant, dedup_key));
CREATE INDEX rule_match_idx ON rule (tenant, error_type) WHERE active;

CREATE TABLE antipattern (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint,
  source_error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  description text NOT NULL, error_type text NOT NULL, fingerprint char(64) NOT NULL,
  message_template text NOT NULL, commands text[] NOT NULL DEFAULT '{}',
  severity text NOT NULL CHECK (severity IN ('info','warning','critical')),
  failed_attempts integer NOT NULL, confidence double precision NOT NULL,
  trigger_count integer NOT NULL DEFAULT 0, prevented_count integer NOT NULL DEFAULT 0,
  rejected_count integer NOT NULL DEFAULT 0, active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, UNIQUE (tenant, source_error_id));
CREATE INDEX antipattern_match_idx ON antipattern (tenant, error_type) WHERE active;

CREATE TABLE notification (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL,
  project_id bigint,                                         -- null = whole tenant
  target_session_id bigint REFERENCES session (id) ON DELETE CASCADE,  -- null = broadcast
  type text NOT NULL CHECK (type IN ('solution_available','error_recurring','rule_triggered',
                                     'learning_insight','module_suggested','antipattern_warning')),
  reference_type text CHECK (reference_type IN ('error','solution','rule','antipattern','code_module','insight')),
  reference_id bigint, summary text NOT NULL, dedup_key text NOT NULL,
  acknowledged_at timestamptz, created_at timestamptz NOT NULL);
CREATE UNIQUE INDEX notification_dedup_idx ON notification (tenant, dedup_key) WHERE acknowledged_at IS NULL;
CREATE INDEX notification_pending_idx ON notification (tenant, created_at DESC) WHERE acknowledged_at IS NULL;

CREATE TABLE code_module (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint NOT NULL,
  name text NOT NULL, module_type text NOT NULL CHECK (module_type IN ('file','class','function','pattern')),
  file_path text NOT NULL, start_line integer, end_line integer,
  source_code text NOT NULL, language text NOT NULL,
  raw_hash char(64) NOT NULL, structural_fp char(64) NOT NULL, shape_sketch bigint[] NOT NULL, -- §9.6
  category text, purpose text NOT NULL, interface_signature text,
  exports text[] NOT NULL DEFAULT '{}', dependencies text[] NOT NULL DEFAULT '{}',
  internal_imports text[] NOT NULL DEFAULT '{}', labels text[] NOT NULL DEFAULT '{}',
  reusability_score double precision NOT NULL, signals jsonb NOT NULL, is_pure boolean NOT NULL,
  complexity_score double precision, reuse_count integer NOT NULL DEFAULT 0,
  adaptation_count integer NOT NULL DEFAULT 0, confidence double precision NOT NULL,
  last_used_at timestamptz, embedding vector(${dim}), embedded_at timestamptz,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
  search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', purpose), 'A')
   || setweight(to_tsvector('simple', coalesce(interface_signature, '')), 'B')
   || setweight(to_tsvector('simple', immutable_array_to_string(labels || exports, ' ')), 'B')
   || setweight(to_tsvector('simple', left(source_code, 8000)), 'D')) STORED,
  UNIQUE (project_id, file_path, name),
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);
CREATE INDEX module_raw_idx    ON code_module (tenant, raw_hash);
CREATE INDEX module_fp_idx     ON code_module (tenant, structural_fp);
CREATE INDEX module_sketch_idx ON code_module USING gin (shape_sketch);
CREATE INDEX module_lang_idx   ON code_module (tenant, language, category);
CREATE INDEX module_fts_idx    ON code_module USING gin (search_vector);
CREATE INDEX module_vec_idx    ON code_module USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64);

CREATE TABLE module_usage (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL,
  module_id bigint NOT NULL REFERENCES code_module ON DELETE CASCADE, project_id bigint NOT NULL,
  file_path text NOT NULL, usage_type text NOT NULL CHECK (usage_type IN ('exact','adapted','pattern_based')),
  adaptations jsonb NOT NULL DEFAULT '[]', solution_id bigint REFERENCES solution ON DELETE SET NULL,
  outcome text NOT NULL DEFAULT 'unknown' CHECK (outcome IN ('success','failure','unknown')),
  session_id bigint REFERENCES session (id) ON DELETE SET NULL, used_at timestamptz NOT NULL);
CREATE INDEX usage_module_idx ON module_usage (module_id); CREATE INDEX usage_project_idx ON module_usage (tenant, project_id);

CREATE TABLE module_similarity (            -- module_a < module_b
  module_a bigint NOT NULL REFERENCES code_module ON DELETE CASCADE,
  module_b bigint NOT NULL REFERENCES code_module ON DELETE CASCADE, tenant text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('exact','structural','semantic')), score double precision NOT NULL,
  detected_at timestamptz NOT NULL, PRIMARY KEY (module_a, module_b), CHECK (module_a < module_b));
CREATE INDEX similarity_b_idx ON module_similarity (module_b);

CREATE TABLE finding (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL, project_id bigint NOT NULL,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]{1,64}$'), title text NOT NULL, hook text NOT NULL,
  body text NOT NULL, scope text NOT NULL DEFAULT '', source_task text NOT NULL DEFAULT '',
  verified_against text NOT NULL DEFAULT '', updated_session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, UNIQUE (project_id, slug),
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);

CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text NOT NULL,
  idempotency_key text NOT NULL UNIQUE, event jsonb NOT NULL,     -- §12.1
  created_at timestamptz NOT NULL, attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL, delivered_at timestamptz, dead_at timestamptz, last_error text);
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND dead_at IS NULL;

CREATE TABLE job_run (                      -- learning cycles, retention, cleanup: one row per run
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tenant text, job text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('scheduled','manual')), started_at timestamptz NOT NULL,
  finished_at timestamptz, status text NOT NULL CHECK (status IN ('running','done','failed','skipped')),
  counts jsonb NOT NULL DEFAULT '{}', error text);
CREATE INDEX job_run_idx ON job_run (job, tenant, started_at DESC);
