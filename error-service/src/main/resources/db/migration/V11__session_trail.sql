-- Session trails (issue 39, docs/errors.md "Session trail"): what a Claude Code session did, in order, so that
-- Brain learns a fix from the session itself. A failure of a command, the edits after it and the same command's
-- success make an observed solution; the same error again after edits makes a failed attempt. Bounded: the last
-- 200 events of a session, 24 h (the session clean-up deletes older ones), and at most 50 files' last-seen content.
CREATE TABLE trail_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint NOT NULL,
  session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('failure', 'edit', 'success')),
  at timestamptz NOT NULL,
  command text,                                  -- failure, success: the normalised command
  error_id bigint REFERENCES error ON DELETE CASCADE,                -- failure
  occurrence_id bigint,                                              -- failure
  offered_solution_id bigint REFERENCES solution ON DELETE SET NULL, -- failure: what the hook's answer offered
  episode_id bigint,                                                 -- failure: its fix_episode
  file_path text,                                -- edit: relative to the project's root
  diff text,                                     -- edit: unified-diff hunks, redacted; null when withheld
  changed_lines integer NOT NULL DEFAULT 0,      -- edit: '-' and '+' lines
  withheld boolean NOT NULL DEFAULT false,       -- edit: a never-learn file, or a change Brain could not see
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);
CREATE INDEX trail_event_session_idx ON trail_event (session_id, id DESC);
CREATE INDEX trail_event_at_idx ON trail_event (at);

CREATE TABLE trail_file (                        -- what a session last saw of a file (a Read, the content after an edit)
  session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
  project_id bigint NOT NULL, file_path text NOT NULL, tenant text NOT NULL,
  content text NOT NULL, seen_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, project_id, file_path));

-- One observed failure of a command and how it ended in its session: the figures of Brain's lift (GetStatus).
-- Outlives the trail (it is a summary); deleted with its error.
CREATE TABLE fix_episode (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant text NOT NULL, project_id bigint NOT NULL,
  error_id bigint NOT NULL REFERENCES error ON DELETE CASCADE,
  session_id bigint REFERENCES session (id) ON DELETE SET NULL,
  known boolean NOT NULL,                        -- the error was stored before this failure
  offered_solution_id bigint,                    -- the fix the hook's answer offered; null = none
  failed_at timestamptz NOT NULL, closed_at timestamptz,
  outcome text CHECK (outcome IN ('succeeded', 'recurred', 'other_error')),   -- null while open
  FOREIGN KEY (tenant, project_id) REFERENCES project (tenant, id) ON DELETE CASCADE);
CREATE INDEX fix_episode_project_idx ON fix_episode (tenant, project_id) WHERE known;

-- Where a solution or an attempt comes from; the normalised change of a solution's diff (sha-256 over its sorted
-- changed lines), so that an observed fix equal to a known solution adds a success instead of a row; and the
-- observed successes, which hints prefer ("worked 3× in this project").
ALTER TABLE solution ADD COLUMN source text NOT NULL DEFAULT 'reported' CHECK (source IN ('reported', 'observed')),
                     ADD COLUMN change_key char(64),
                     ADD COLUMN observed_success_count integer NOT NULL DEFAULT 0;
ALTER TABLE error_solution ADD COLUMN observed_success_count integer NOT NULL DEFAULT 0;
ALTER TABLE solution_attempt ADD COLUMN source text NOT NULL DEFAULT 'reported'
    CHECK (source IN ('reported', 'observed'));
ALTER TABLE solution_outcome ADD COLUMN observed boolean NOT NULL DEFAULT false;
