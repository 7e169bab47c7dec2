-- ListErrors (the SessionStart digest runs it at every session start, gateway.md §3: ≤ 300 ms) orders a project's
-- unresolved errors by occurrences. On `error` that needs an index holding occurrence_count, which V6 removed so that
-- a recurrence's update stays HOT; without one it read and sorted the whole wide table (278 ms at 100k errors with
-- 128 MB of buffers, growing with the store). The narrow `error_recency` table, which every recurrence already
-- updates through its trigger (its last_seen_at is indexed, so its updates are never HOT), now also carries the count
-- and whether the error is open (unresolved and not marked not-an-error), and a partial index over the open errors
-- of a project serves the unresolved and recurring lists; the other lists read the narrow table.
ALTER TABLE error_recency ADD COLUMN occurrence_count integer NOT NULL DEFAULT 1,
                          ADD COLUMN open boolean NOT NULL DEFAULT true,
                          ADD COLUMN listed boolean NOT NULL DEFAULT true;

UPDATE error_recency r SET occurrence_count = e.occurrence_count, open = NOT e.resolved AND NOT e.not_an_error,
                           listed = NOT e.not_an_error
  FROM error e WHERE e.id = r.error_id;

CREATE OR REPLACE FUNCTION error_recency_sync() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO error_recency (error_id, tenant, project_id, error_type, message_shape, last_seen_at, occurrence_count,
                               open, listed)
    VALUES (NEW.id, NEW.tenant, NEW.project_id, NEW.error_type, NEW.message_shape, NEW.last_seen_at,
            NEW.occurrence_count, NOT NEW.resolved AND NOT NEW.not_an_error, NOT NEW.not_an_error);
  ELSE
    UPDATE error_recency SET tenant = NEW.tenant, project_id = NEW.project_id, error_type = NEW.error_type,
                             message_shape = NEW.message_shape, last_seen_at = NEW.last_seen_at,
                             occurrence_count = NEW.occurrence_count, open = NOT NEW.resolved AND NOT NEW.not_an_error,
                             listed = NOT NEW.not_an_error
     WHERE error_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER error_recency_sync ON error;
CREATE TRIGGER error_recency_sync AFTER INSERT OR UPDATE OF tenant, project_id, error_type, message_template,
    last_seen_at, occurrence_count, resolved, not_an_error ON error FOR EACH ROW EXECUTE FUNCTION error_recency_sync();

CREATE INDEX error_recency_open_idx ON error_recency (tenant, project_id, occurrence_count DESC, last_seen_at DESC)
    WHERE open;
