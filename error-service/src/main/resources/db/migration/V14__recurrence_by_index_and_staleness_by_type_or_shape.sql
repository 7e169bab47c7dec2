-- The recurrence fast path, second version (issue 42).
-- 1. The fingerprint is compared as the column's type (character(64)). Compared with a text parameter PostgreSQL
--    chose text = text and cast the column: a sequential scan of the error table, 5 ms at 10k errors, six times per
--    recurrence.
-- 2. Stale matches: an error came after they were computed *of the same error type or the same message shape* (the
--    candidate lists a newer error most likely joins; a newer error of another type and shape matched this one at its
--    own report if it matches it at all, and that pair is this one's match too). Any newer error of the tenant made
--    nearly every recurrence of an active tenant stale and its re-match a background load as large as matching on
--    the caller's path.
CREATE INDEX error_type_id_idx ON error (tenant, error_type, id);
CREATE INDEX error_shape_id_idx ON error (tenant, message_shape, id);

-- The error of (tenant, project name, fingerprint), if the project holds it.
CREATE OR REPLACE FUNCTION recurring_error(p_tenant text, p_project text, p_fingerprint text)
RETURNS TABLE (id bigint, project_id bigint)
LANGUAGE sql STABLE AS $$
  select e.id, e.project_id from project p join error e on e.project_id = p.id and e.fingerprint = p_fingerprint::character(64)
  where p.tenant = p_tenant and p.name = p_project
$$;

-- A recurrence, written (error-code.md §5.8 for a known fingerprint): the session heartbeated, the occurrence
-- counted and inserted, a resolved error reopened (unless a person said it is not an error), a missing task
-- context filled, the chain linked (§5.10, Chains.java), the notifications (§11) and the synapse events (§12.1) of
-- the report written, and the error marked for a background re-match when an error came after its matches were
-- computed. No row when the project does not hold the fingerprint: the caller takes the full path.
CREATE OR REPLACE FUNCTION report_recurrence(p_tenant text, p_project text, p_fingerprint text, p_session_key text,
                                  p_now timestamptz, p_command text, p_working_directory text, p_raw_sha256 text,
                                  p_task_context text, p_same_command_before bigint, p_chain_window_ms bigint,
                                  p_project_only boolean, p_threshold double precision, p_max integer)
RETURNS TABLE (error_id bigint, project_id bigint, session_id bigint, occurrence_id bigint, reopened boolean,
               chain_id bigint, chain_position integer, previous_error_id bigint, time_delta_ms bigint,
               new_chain boolean, rematch_due boolean)
LANGUAGE plpgsql AS $$
DECLARE
  e record;
  v_session bigint;
  v_occurrence bigint;
  v_reopens boolean;
  v_elsewhere boolean;
  v_stale boolean;
  v_node jsonb;
  v_label text;
  v_prev bigint;
  v_prev_error bigint;
  v_prev_at timestamptz;
  v_chain bigint;
  v_position integer;
  v_new_chain boolean;
  v_delta bigint;
  v_best bigint;
  v_best_score double precision;
  v_best_label text;
  v_offer bigint;
  v_offer_title text;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT x.id, x.project_id, x.resolved, x.not_an_error, x.task_context, x.error_type, x.message_template,
         x.message_shape, x.matched_through, x.rematch_due
    INTO e
    FROM error x JOIN project p ON p.id = x.project_id
   WHERE p.tenant = p_tenant AND p.name = p_project AND x.fingerprint = p_fingerprint::character(64)
     FOR UPDATE OF x;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  IF p_session_key IS NOT NULL THEN
    INSERT INTO session AS s (tenant, project_id, session_key, kind, client_name, status, connected_at,
                              last_heartbeat_at)
    VALUES (p_tenant, e.project_id, p_session_key, 'service', null, 'connected', p_now, p_now)
    ON CONFLICT (tenant, session_key) DO UPDATE SET
        last_heartbeat_at = excluded.last_heartbeat_at, status = 'connected', disconnected_at = null,
        project_id = coalesce(excluded.project_id, s.project_id)
    WHERE s.last_heartbeat_at <= excluded.last_heartbeat_at - interval '5 seconds'
       OR s.status <> 'connected'
       OR (excluded.project_id IS NOT NULL AND s.project_id IS DISTINCT FROM excluded.project_id)
    RETURNING s.id INTO v_session;
    IF v_session IS NULL THEN
      SELECT s.id INTO v_session FROM session s WHERE s.tenant = p_tenant AND s.session_key = p_session_key;
    END IF;
  END IF;

  v_reopens := e.resolved AND NOT e.not_an_error;
  v_stale := e.matched_through IS NULL
          OR EXISTS (SELECT 1 FROM error o WHERE o.tenant = p_tenant AND o.error_type = e.error_type
                       AND o.id > e.matched_through AND o.id <> e.id)
          OR EXISTS (SELECT 1 FROM error o WHERE o.tenant = p_tenant AND o.message_shape = e.message_shape
                       AND o.id > e.matched_through AND o.id <> e.id);
  UPDATE error x SET occurrence_count = x.occurrence_count + 1, last_seen_at = greatest(x.last_seen_at, p_now),
         resolved = x.resolved AND x.not_an_error,
         resolved_at = CASE WHEN x.not_an_error THEN x.resolved_at END,
         rematch_due = x.rematch_due OR v_stale
   WHERE x.id = e.id;
  IF p_task_context IS NOT NULL AND e.task_context IS NULL THEN
    -- not in the update above: naming the column recomputes the search vector (task_context is one of its parts)
    UPDATE error x SET task_context = p_task_context WHERE x.id = e.id;
  END IF;
  INSERT INTO error_occurrence (tenant, project_id, error_id, session_id, occurred_at, command, working_directory,
                                raw_output_sha256)
  VALUES (p_tenant, e.project_id, e.id, v_session, p_now, p_command, p_working_directory, p_raw_sha256)
  RETURNING id INTO v_occurrence;
  v_elsewhere := EXISTS (SELECT 1 FROM error o WHERE o.tenant = p_tenant AND o.fingerprint = p_fingerprint::character(64)
                          AND o.project_id <> e.project_id AND o.last_seen_at >= p_now - interval '24 hours');

  -- the chain (Chains.java): the same command's previous failure of another error, else the session's previous
  -- occurrence within the window
  IF v_session IS NOT NULL THEN
    IF p_same_command_before IS NOT NULL THEN
      SELECT o.id, o.error_id, o.occurred_at INTO v_prev, v_prev_error, v_prev_at FROM error_occurrence o
       WHERE o.id = p_same_command_before AND o.tenant = p_tenant AND o.session_id = v_session AND o.error_id <> e.id;
    END IF;
    IF v_prev IS NULL THEN
      SELECT o.id, o.error_id, o.occurred_at INTO v_prev, v_prev_error, v_prev_at FROM error_occurrence o
       WHERE o.session_id = v_session AND o.tenant = p_tenant AND o.id <> v_occurrence AND o.occurred_at <= p_now
         AND o.occurred_at >= p_now - p_chain_window_ms * interval '1 millisecond'
       ORDER BY o.occurred_at DESC, o.id DESC LIMIT 1;
    END IF;
    IF v_prev IS NOT NULL AND v_prev_error <> e.id THEN
      v_delta := floor(extract(epoch FROM (p_now - v_prev_at)) * 1000)::bigint;
      SELECT c.id, c.length INTO v_chain, v_position
        FROM error_chain_entry ce JOIN error_chain c ON c.id = ce.chain_id
       WHERE ce.occurrence_id = v_prev AND c.tenant = p_tenant AND ce.position = c.length - 1
       ORDER BY c.id DESC LIMIT 1;
      v_new_chain := v_chain IS NULL;
      IF v_new_chain THEN
        INSERT INTO error_chain (tenant, project_id, session_id, started_at, last_at, length)
        VALUES (p_tenant, e.project_id, v_session, v_prev_at, p_now, 2) RETURNING id INTO v_chain;
        INSERT INTO error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)
        VALUES (v_chain, 0, v_prev_error, v_prev, null);
        v_position := 1;
      ELSE
        UPDATE error_chain SET length = length + 1, last_at = p_now WHERE id = v_chain;
      END IF;
      INSERT INTO error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)
      VALUES (v_chain, v_position, e.id, v_occurrence, v_delta);
    END IF;
  END IF;

  -- notifications (§11): a known solution to the session (the first returned match with one, else the error's
  -- own), the reopening to the project, the fingerprint elsewhere today to the tenant
  IF v_session IS NOT NULL AND NOT e.not_an_error THEN
    SELECT r.id, s.title INTO v_offer, v_offer_title
      FROM (SELECT e.id AS id, 0 AS rank
            UNION ALL SELECT m.matched_error_id, m.rank
            FROM recurrence_matches(e.id, e.project_id, p_project_only, p_threshold, p_max) m) r
      CROSS JOIN LATERAL (SELECT s.title, es.confidence FROM error_solution es JOIN solution s ON s.id = es.solution_id
                          WHERE es.tenant = p_tenant AND es.error_id = r.id
                          ORDER BY es.observed_success_count > 0 DESC, es.confidence DESC, s.confidence DESC, s.id
                          LIMIT 1) s
     WHERE s.confidence > 0
     ORDER BY r.rank = 0, r.rank LIMIT 1;
    IF v_offer IS NOT NULL THEN
      PERFORM notify(p_tenant, 'solution_available', e.project_id, v_session, v_offer,
                     'A known solution exists for error #' || e.id || ': ' || v_offer_title,
                     'solution_available:' || e.id || ':' || v_session, p_now);
    END IF;
  END IF;
  IF v_reopens THEN
    PERFORM notify(p_tenant, 'error_reopened', e.project_id, null, e.id,
                   'Error #' || e.id || ' was resolved and occurred again: ' || e.error_type || ': '
                   || e.message_template, 'error_reopened:' || e.id, p_now);
  END IF;
  IF v_elsewhere AND NOT e.not_an_error THEN
    PERFORM notify(p_tenant, 'error_recurring', null, null, e.id,
                   'Error recurring across projects: ' || e.error_type || ': ' || e.message_template,
                   'error_recurring:' || p_fingerprint || ':' || to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
                   p_now);
  END IF;

  -- synapse events (§12.1): co-occurs with its project, similar to its best match, caused by the chain's previous
  v_node := synapse_node('error', e.id, e.error_type || ': ' || e.message_template);
  PERFORM outbox_strengthen(p_tenant, p_project, 'co_occurs', v_node, synapse_node('project', e.project_id, p_project),
                            null, p_now);
  SELECT m.matched_error_id, m.score, o.error_type || ': ' || o.message_template INTO v_best, v_best_score, v_best_label
    FROM recurrence_matches(e.id, e.project_id, p_project_only, p_threshold, 1) m JOIN error o ON o.id = m.matched_error_id;
  IF v_best IS NOT NULL THEN
    PERFORM outbox_strengthen(p_tenant, p_project, 'similar_to', v_node,
                              synapse_node('error', v_best, v_best_label),
                              jsonb_build_object('score', v_best_score), p_now);
  END IF;
  IF v_chain IS NOT NULL THEN
    SELECT o.error_type || ': ' || o.message_template INTO v_label FROM error o WHERE o.id = v_prev_error;
    PERFORM outbox_strengthen(p_tenant, p_project, 'causes', synapse_node('error', v_prev_error, v_label), v_node,
                              jsonb_build_object('time_delta_ms', v_delta), p_now);
  END IF;

  RETURN QUERY SELECT e.id, e.project_id, v_session, v_occurrence, v_reopens, v_chain, v_position, v_prev_error,
                      v_delta, v_new_chain, e.rematch_due OR v_stale;
END
$$;
