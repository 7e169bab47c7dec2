package dev.brain.error.transfer.repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.transfer.ImportRow;
import dev.brain.db.transfer.ImportWriter;
import dev.brain.db.transfer.OnConflict;

/**
 * Import's statements (error-code.md §14) on tables {@code error}, {@code stack_frame}, {@code error_embedding},
 * {@code solution}, {@code error_solution}, {@code solution_outcome}, {@code solution_attempt}, {@code error_chain},
 * {@code error_chain_entry}, {@code rule} and {@code antipattern}: the lookups of existing rows by their unique key,
 * the inserts of imported rows, the deletes of what a replaced error owns, and the writer of the rows that go by the
 * on_conflict policy ({@link ImportWriter}). The caller holds the transaction.
 */
@ApplicationScoped
public class ImportRepository {

    /** A solution of the file, written when first linked to a written error (or at the end of the import). */
    public record NewSolution(String title, String description, String[] steps, String codeBefore,
            String codeAfter, String diff, String[] labels, int success, int failure, int partial, double confidence,
            OffsetDateTime lastUsed, OffsetDateTime created, OffsetDateTime updated, String source, int observed) {
    }

    private final Jdbc jdbc;

    public ImportRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The writer of one import's rows under its on_conflict policy. */
    public ImportWriter writer(OnConflict onConflict) {
        return new ImportWriter(jdbc, onConflict);
    }

    /** Inserts the solution into the project with the hashes of its removed lines and its change key; its id. */
    public long insertSolution(String tenant, long project, NewSolution s, String[] removedLineHashes,
            String changeKey) {
        return jdbc.one("""
                insert into solution (tenant, project_id, title, description, steps, code_before, code_after, diff,
                                      labels, removed_line_hashes, success_count, failure_count, partial_count,
                                      confidence, last_used_at, created_at, updated_at, source,
                                      observed_success_count, change_key)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""",
                rs -> rs.getLong(1), tenant, project, s.title(), s.description(), s.steps(), s.codeBefore(),
                s.codeAfter(), s.diff(), s.labels(), removedLineHashes, s.success(), s.failure(), s.partial(),
                s.confidence(), s.lastUsed(), s.created(), s.updated(), s.source(), s.observed(), changeKey)
                .orElseThrow();
    }

    /** The project's error with this fingerprint. */
    public Optional<Long> errorIdByFingerprint(String tenant, long project, String fingerprint) {
        return jdbc.one("select id from error where tenant = ? and project_id = ? and fingerprint = ?",
                rs -> rs.getLong(1), tenant, project, fingerprint);
    }

    /** Inserts the error unless its project holds the fingerprint already (reported concurrently); its new id. */
    public Optional<Long> insertErrorIfNew(ImportRow row) {
        return jdbc.one(row.insertSql() + " on conflict (project_id, fingerprint) do nothing"
                + " returning id", rs -> rs.getLong(1), row.insertParams());
    }

    /**
     * Deletes what a replaced error owns that the import brings anew: its vector, its frames, its solution links
     * (their outcomes go with them) and its attempts.
     */
    public void deleteDependentsOf(long errorId, String tenant) {
        jdbc.update("delete from error_embedding where error_id = ?", errorId);
        jdbc.update("delete from stack_frame where error_id = ?", errorId);
        jdbc.update("delete from error_solution where error_id = ? and tenant = ?", errorId, tenant);
        jdbc.update("delete from solution_attempt where error_id = ? and tenant = ?", errorId, tenant);
    }

    /**
     * Inserts the error's frames in one statement; each frame is {position (Long), function, file, line, column,
     * context, in_app, normalized}, bound as text arrays (unnest) and cast back.
     */
    public void insertFrames(long errorId, List<Object[]> frames) {
        int n = frames.size();
        Long[] positions = new Long[n];
        String[][] columns = new String[7][n];
        for (int i = 0; i < n; i++) {
            Object[] f = frames.get(i);
            positions[i] = (Long) f[0];
            for (int c = 1; c < 8; c++) {
                columns[c - 1][i] = f[c] == null ? null : f[c].toString();
            }
        }
        jdbc.update("""
                insert into stack_frame (error_id, position, function_name, file_path, line_number, column_number,
                                         context_line, in_app, normalized)
                select ?, p, fn, fp, ln::integer, col::integer, ctx, ia::boolean, k
                from unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                     as t(p, fn, fp, ln, col, ctx, ia, k)""", errorId, positions, columns[0], columns[1],
                columns[2], columns[3], columns[4], columns[5], columns[6]);
    }

    /** Inserts the link between the error and the solution with its counts. */
    public void insertLink(long errorId, long solutionId, String tenant, int success, int failure, int partial,
            double confidence, String lastOutcome, OffsetDateTime lastApplied, OffsetDateTime created, int observed) {
        jdbc.update("""
                insert into error_solution (error_id, solution_id, tenant, success_count, failure_count,
                                            partial_count, confidence, last_outcome, last_applied_at, created_at,
                                            observed_success_count)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", errorId, solutionId, tenant, success, failure, partial,
                confidence, lastOutcome, lastApplied, created, observed);
    }

    /** Inserts an outcome of the linked error and solution into the project's history. */
    public void insertOutcome(String tenant, long project, long errorId, Long solutionId, String outcome, String notes,
            OffsetDateTime applied) {
        jdbc.update("""
                insert into solution_outcome (tenant, project_id, error_id, solution_id, outcome, notes, applied_at)
                values (?, ?, ?, ?, ?, ?, ?)""", tenant, project, errorId, solutionId, outcome, notes, applied);
    }

    /** Inserts an attempt at the error that did not work. */
    public void insertAttempt(String tenant, long project, long errorId, String description, String outcome,
            String reason, OffsetDateTime attempted, String source) {
        jdbc.update("""
                insert into solution_attempt (tenant, project_id, error_id, description, outcome, reason, attempted_at,
                                              source)
                values (?, ?, ?, ?, ?, ?, ?, ?)""", tenant, project, errorId, description, outcome, reason, attempted,
                source);
    }

    /** Whether the project has a chain with this start, this length and these errors in this order. */
    public boolean hasIdenticalChain(String tenant, long project, OffsetDateTime started, int length,
            Long[] errorIds) {
        return jdbc.one("""
                select exists (select 1 from error_chain c where c.tenant = ? and c.project_id = ?
                                 and c.started_at = ? and c.length = ?
                                 and array(select ce.error_id from error_chain_entry ce where ce.chain_id = c.id
                                           order by ce.position) = ?::bigint[])""", rs -> rs.getBoolean(1), tenant,
                project, started, length, errorIds).orElse(false);
    }

    /** Inserts a chain of the project (its entries follow); its id. */
    public long insertChain(String tenant, long project, OffsetDateTime started, OffsetDateTime last, int length) {
        return jdbc.one("""
                insert into error_chain (tenant, project_id, started_at, last_at, length) values (?, ?, ?, ?, ?)
                returning id""", rs -> rs.getLong(1), tenant, project, started, last, length).orElseThrow();
    }

    /** Inserts the chain's entries in one statement; imported entries have no occurrence (0). */
    public void insertChainEntries(long chainId, Long[] positions, Long[] errorIds, Long[] deltas) {
        jdbc.update("""
                insert into error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)
                select ?, p, e, 0, d from unnest(?::bigint[], ?::bigint[], ?::bigint[]) as t(p, e, d)""", chainId,
                positions, errorIds, deltas);
    }

    /** The tenant's rule with this dedup key. */
    public Optional<Long> ruleIdByDedupKey(String tenant, String dedupKey) {
        return jdbc.one("select id from rule where tenant = ? and dedup_key = ?", rs -> rs.getLong(1), tenant,
                dedupKey);
    }

    /** The tenant's antipattern learned from the error. */
    public Optional<Long> antipatternIdOfError(String tenant, long errorId) {
        return jdbc.one("select id from antipattern where tenant = ? and source_error_id = ?", rs -> rs.getLong(1),
                tenant, errorId);
    }
}
