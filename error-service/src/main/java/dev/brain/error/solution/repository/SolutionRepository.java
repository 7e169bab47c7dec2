package dev.brain.error.solution.repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The writes of solutions, outcomes and failed attempts (error-code.md §6), always tenant-scoped: tables
 * {@code solution}, {@code error_solution}, {@code solution_outcome} and {@code solution_attempt}, and the
 * resolution of {@code error}. Confidence = wilson(S + 0.5·P, S + F + P) × 0.5^(age_days/half-life), recomputed in
 * SQL ({@link #confidenceSql}) on every outcome for the link and the solution. The reads of solutions as records are
 * {@code dev.brain.error.report.repository.SolutionRows}.
 */
@ApplicationScoped
public class SolutionRepository {

    private final Jdbc jdbc;

    public SolutionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The §6 confidence as a SQL expression over count columns and a last-used column: wilson(S + 0.5·P, n) ×
     * 0.5^(age_days/half-life). Two parameters: now and the half-life in days.
     */
    public static String confidenceSql(String success, String failure, String partial, String lastUsed) {
        String n = "(%s + %s + %s)".formatted(success, failure, partial);
        String p = "((%s + 0.5 * %s)::float8 / %s)".formatted(success, partial, n);
        return """
                (case when %2$s = 0 then 0 else
                   (%1$s + 1.96 ^ 2 / (2.0 * %2$s) - 1.96 * sqrt((%1$s * (1 - %1$s) + 1.96 ^ 2 / (4.0 * %2$s)) / %2$s))
                   / (1 + 1.96 ^ 2 / %2$s) end)
                * 0.5 ^ (greatest(0, extract(epoch from (?::timestamptz - %3$s)) / 86400.0) / ?)"""
                .formatted(p, n, lastUsed);
    }

    /** How many of {@code moduleIds} are modules of the tenant. */
    public long countModules(String tenant, Long[] moduleIds) {
        return jdbc.count("select count(*) from code_module where tenant = ? and id = any(?)", tenant, moduleIds);
    }

    public boolean exists(String tenant, long solutionId) {
        return jdbc.count("select count(*) from solution where tenant = ? and id = ?", tenant, solutionId) != 0;
    }

    /** A reported solution (no successes yet; the caller records its first outcome); its id. */
    public long insertReported(String tenant, Long projectId, String title, String description, String[] steps,
            String codeBefore, String codeAfter, String diff, String[] removedLineHashes, Long[] moduleIds,
            Long sessionId, OffsetDateTime now, String changeKey) {
        return jdbc.one("""
                insert into solution (tenant, project_id, title, description, steps, code_before, code_after, diff,
                                      removed_line_hashes, module_ids, success_count, last_used_at, created_session_id,
                                      created_at, updated_at, change_key)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?) returning id""", rs -> rs.getLong(1),
                tenant, projectId, title, description, steps, codeBefore, codeAfter, diff, removedLineHashes, moduleIds,
                now, sessionId, now, now, changeKey).orElseThrow();
    }

    /** An observed solution (source {@code observed}: a fix seen in a session's trail); its id. */
    public long insertObserved(String tenant, Long projectId, String title, String description, String diff,
            String[] removedLineHashes, Long sessionId, OffsetDateTime now, String changeKey) {
        return jdbc.one("""
                insert into solution (tenant, project_id, title, description, diff, removed_line_hashes, last_used_at,
                                      created_session_id, created_at, updated_at, source, change_key)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'observed', ?) returning id""", rs -> rs.getLong(1),
                tenant, projectId, title, description, diff, removedLineHashes, now, sessionId, now, now,
                changeKey).orElseThrow();
    }

    /**
     * One outcome of a solution on an error: the link created or its counts added to ({@code success},
     * {@code failure}, {@code partial}, {@code observedSuccess} are 0 or 1), the outcome row inserted, both
     * confidences recomputed and the solution's counts added to. {@code outcome} is the column value.
     */
    public void recordOutcome(String tenant, long projectId, long errorId, long solutionId, String outcome,
            int success, int failure, int partial, int observedSuccess, Long sessionId, String notes, boolean observed,
            double halfLifeDays, OffsetDateTime now) {
        jdbc.update("""
                insert into error_solution as es (error_id, solution_id, tenant, success_count, failure_count,
                                                  partial_count, observed_success_count, last_outcome, last_applied_at,
                                                  created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (error_id, solution_id) do update set
                    success_count = es.success_count + excluded.success_count,
                    failure_count = es.failure_count + excluded.failure_count,
                    partial_count = es.partial_count + excluded.partial_count,
                    observed_success_count = es.observed_success_count + excluded.observed_success_count,
                    last_outcome = excluded.last_outcome, last_applied_at = excluded.last_applied_at""",
                errorId, solutionId, tenant, success, failure, partial, observedSuccess, outcome, now, now);
        jdbc.update("""
                insert into solution_outcome (tenant, project_id, error_id, solution_id, outcome, session_id, notes,
                                              applied_at, observed) values (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                tenant, projectId, errorId, solutionId, outcome, sessionId, notes, now, observed);
        jdbc.update("update error_solution set confidence = "
                + confidenceSql("success_count", "failure_count", "partial_count", "last_applied_at")
                + " where error_id = ? and solution_id = ?", now, halfLifeDays,
                errorId, solutionId);
        jdbc.update("update solution set success_count = success_count + ?, failure_count = failure_count + ?,"
                + " partial_count = partial_count + ?, observed_success_count = observed_success_count + ?,"
                + " last_used_at = ?, updated_at = ? where id = ?", success, failure, partial, observedSuccess, now, now,
                solutionId);
        jdbc.update("update solution set confidence = "
                + confidenceSql("success_count", "failure_count", "partial_count", "last_used_at")
                + " where id = ?", now, halfLifeDays, solutionId);
    }

    /** The solution's title. */
    public Optional<String> title(long solutionId) {
        return jdbc.one("select title from solution where id = ?", rs -> rs.getString(1), solutionId);
    }

    /** The error resolved ({@code resolved_at} kept when it was resolved already). */
    public void resolve(long errorId, OffsetDateTime now) {
        jdbc.update("update error set resolved = true, resolved_at = coalesce(resolved_at, ?) where id = ?", now,
                errorId);
    }

    /** The ids of the tenant's errors of the fingerprint in other projects than {@code projectId}, by id. */
    public List<Long> errorsInOtherProjects(String tenant, String fingerprint, long projectId) {
        return jdbc.list("select id from error where tenant = ? and fingerprint = ? and project_id <> ?"
                + " order by id", rs -> rs.getLong(1), tenant, fingerprint, projectId);
    }

    /** A failed attempt ({@code outcome} {@code failure} or {@code partial}) reported by a caller; its id. */
    public long insertAttempt(String tenant, long projectId, long errorId, String description, String outcome,
            String reason, Long sessionId, OffsetDateTime now) {
        return jdbc.one("""
                insert into solution_attempt (tenant, project_id, error_id, description, outcome, reason, session_id,
                                              attempted_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id""",
                rs -> rs.getLong(1), tenant, projectId, errorId, description, outcome, reason, sessionId, now)
                .orElseThrow();
    }

    /** A failed attempt seen in a session's trail (source {@code observed}); its id. */
    public long insertObservedAttempt(String tenant, long projectId, long errorId, String description, String reason,
            Long sessionId, OffsetDateTime now) {
        return jdbc.one("""
                insert into solution_attempt (tenant, project_id, error_id, description, outcome, reason, session_id,
                                              attempted_at, source) values (?, ?, ?, ?, 'failure', ?, ?, ?, 'observed')
                returning id""", rs -> rs.getLong(1), tenant, projectId, errorId, description, reason, sessionId, now)
                .orElseThrow();
    }

    /** The error's solution whose diff is the same fix ({@code change_key}), if it has one. */
    public Optional<Long> sameFix(String tenant, long errorId, String changeKey) {
        return jdbc.one("""
                select s.id from error_solution es join solution s on s.id = es.solution_id
                where es.tenant = ? and es.error_id = ? and s.change_key = ? order by s.id limit 1""",
                rs -> rs.getLong(1), tenant, errorId, changeKey);
    }

    /** The diff of the tenant's solution (empty when it has none or is not the tenant's). */
    public Optional<String> diff(String tenant, long solutionId) {
        return jdbc.one("select diff from solution where tenant = ? and id = ?", rs -> rs.getString(1), tenant,
                solutionId);
    }

    /** Attempts plus failure outcomes of the error (antipattern input, §8 phase 6). */
    public long failedTotal(String tenant, long errorId) {
        return jdbc.count("""
                select (select count(*) from solution_attempt where tenant = ? and error_id = ?)
                     + (select count(*) from solution_outcome where tenant = ? and error_id = ? and outcome = 'failure')""",
                tenant, errorId, tenant, errorId);
    }
}
