-- A re-reported error updates `occurrence_count` and `last_seen_at` of its row (§5.8). Both were indexed (the
-- "most recent" orderings of §5.7's lists and the unresolved-by-count index), so the update was never HOT: every
-- recurrence wrote a new version of the wide row into every index of `error`, the two GIN indexes (full text and
-- trigrams: tens of entries each) included: ~92 buffers per recurrence at 100k errors, ~9 when HOT.
--
-- The orderings move to a narrow table, `error_recency`, kept equal to `error` by a trigger (so every writer —
-- reporting, import, the benchmark's bulk load — keeps it right). `error` keeps its columns, the readers theirs;
-- no index of `error` holds a column a recurrence changes, so its update can be HOT, and the table leaves room on
-- each page for the new version (fillfactor 80; the table is rewritten once below so that stored rows have it:
-- ~3 s at 116k errors).
CREATE TABLE error_recency (
  error_id bigint PRIMARY KEY REFERENCES error ON DELETE CASCADE,
  tenant text NOT NULL,
  project_id bigint NOT NULL,
  error_type text NOT NULL,
  message_shape bigint NOT NULL,
  last_seen_at timestamptz NOT NULL);

INSERT INTO error_recency (error_id, tenant, project_id, error_type, message_shape, last_seen_at)
  SELECT id, tenant, project_id, error_type, message_shape, last_seen_at FROM error;

CREATE INDEX error_recency_type_idx  ON error_recency (tenant, error_type, last_seen_at DESC);
CREATE INDEX error_recency_shape_idx ON error_recency (tenant, message_shape, last_seen_at DESC);

-- the function runs with the migration's search path (this schema), whatever the path of the writing session
CREATE FUNCTION error_recency_sync() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO error_recency (error_id, tenant, project_id, error_type, message_shape, last_seen_at)
    VALUES (NEW.id, NEW.tenant, NEW.project_id, NEW.error_type, NEW.message_shape, NEW.last_seen_at);
  ELSE
    UPDATE error_recency SET tenant = NEW.tenant, project_id = NEW.project_id, error_type = NEW.error_type,
                             message_shape = NEW.message_shape, last_seen_at = NEW.last_seen_at
     WHERE error_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

-- message_shape is generated from error_type and message_template
CREATE TRIGGER error_recency_sync AFTER INSERT OR UPDATE OF tenant, project_id, error_type, message_template,
    last_seen_at ON error FOR EACH ROW EXECUTE FUNCTION error_recency_sync();

DROP INDEX error_type_idx;
DROP INDEX error_shape_idx;
-- lookups by project use the unique (project_id, fingerprint) index
DROP INDEX error_project_idx;
-- UnresolvedRecurring and the learning cycle's unresolved scan read the tenant's rows (scheduled jobs)
DROP INDEX error_unresolved_idx;

ALTER TABLE error SET (fillfactor = 80);
CLUSTER error USING error_pkey;
