-- job_run as every service has it (data-access's JobRunLog): a tenant column, null for memory-service's jobs, which
-- are all global. Nullable without a default: a catalog change, no table rewrite.
ALTER TABLE job_run ADD COLUMN IF NOT EXISTS tenant text;
