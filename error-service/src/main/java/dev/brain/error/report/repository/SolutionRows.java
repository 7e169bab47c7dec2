package dev.brain.error.report.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.ErrorSolutionLink;
import dev.brain.grpc.v1.Solution;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.SolutionSource;
import dev.brain.wire.WireNames;

/**
 * Reads of solutions and their links to errors (tables {@code solution}, {@code error_solution}, and the failed
 * attempts of {@code solution_attempt}), tenant-scoped, and the columns and row mappings other reads share.
 */
@ApplicationScoped
public class SolutionRows {

    public static final String SOLUTION_COLUMNS = """
            s.id as s_id, sp.name as s_project, s.title, s.description, s.steps, s.code_before, s.code_after, s.diff,
            s.labels, s.module_ids, s.success_count as s_success, s.failure_count as s_failure,
            s.partial_count as s_partial, s.confidence as s_confidence, s.last_used_at, s.created_at as s_created,
            s.updated_at as s_updated, s.source as s_source, s.observed_success_count as s_observed""";
    public static final String LINK_COLUMNS = """
            es.error_id, es.solution_id, es.success_count, es.failure_count, es.partial_count, es.confidence,
            es.last_outcome, es.last_applied_at, es.created_at, es.observed_success_count""";

    /** Solutions of errors, each error's best first; the errors chosen by the caller's condition on {@code es}. */
    public static final String FOR_ERRORS = "select " + SOLUTION_COLUMNS + ", " + LINK_COLUMNS + """
             from error_solution es join solution s on s.id = es.solution_id
            join project sp on sp.id = s.project_id
            where es.tenant = ? and %s
            order by es.error_id, es.observed_success_count > 0 desc, es.confidence desc, s.confidence desc, s.id""";
    /** Failed attempts of errors, each error's newest first; the errors chosen by the caller's condition on {@code a}. */
    public static final String ATTEMPTS = """
            select a.id, a.error_id, a.description, a.reason, a.outcome, s.session_key, a.attempted_at, a.source
            from solution_attempt a left join session s on s.id = a.session_id
            where a.tenant = ? and %s order by a.error_id, a.attempted_at desc, a.id desc""";

    private final Jdbc jdbc;

    public SolutionRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Solutions linked to each of the errors: those with an observed success on the error first (a fix seen to work
     * beats a fix someone said works), then by link confidence desc, solution confidence desc, solution id.
     */
    public Map<Long, List<SolutionForError>> forErrors(String tenant, Long[] errorIds, int perError) {
        Map<Long, List<SolutionForError>> result = new LinkedHashMap<>();
        if (errorIds.length == 0) {
            return result;
        }
        jdbc.list(FOR_ERRORS.formatted("es.error_id = any(?)"), collectSolutions(result, perError), tenant, errorIds);
        return result;
    }

    /** Adds each row of {@link #FOR_ERRORS} to its error's list, at most {@code perError} each. */
    public static Jdbc.RowMapper<Long> collectSolutions(Map<Long, List<SolutionForError>> into, int perError) {
        return rs -> {
            long errorId = rs.getLong("error_id");
            List<SolutionForError> list = into.computeIfAbsent(errorId, k -> new ArrayList<>());
            if (list.size() < perError) {
                list.add(SolutionForError.newBuilder().setSolution(solution(rs)).setLink(link(rs)).build());
            }
            return errorId;
        };
    }

    /** Failed attempts of each of the errors, newest first, at most {@code perError} each. */
    public Map<Long, List<SolutionAttempt>> attempts(String tenant, Long[] errorIds, int perError) {
        Map<Long, List<SolutionAttempt>> result = new LinkedHashMap<>();
        if (errorIds.length == 0) {
            return result;
        }
        jdbc.list(ATTEMPTS.formatted("a.error_id = any(?)"), collectAttempts(result, perError), tenant, errorIds);
        return result;
    }

    /** Adds each row of {@link #ATTEMPTS} to its error's list, at most {@code perError} each. */
    public static Jdbc.RowMapper<Long> collectAttempts(Map<Long, List<SolutionAttempt>> into, int perError) {
        return rs -> {
            List<SolutionAttempt> list = into.computeIfAbsent(rs.getLong("error_id"), k -> new ArrayList<>());
            if (list.size() < perError) {
                list.add(SolutionAttempt.newBuilder().setId(rs.getLong("id")).setErrorId(rs.getLong("error_id"))
                        .setDescription(rs.getString("description")).setReason(Columns.text(rs, "reason"))
                        .setOutcome(rs.getString("outcome").equals("failure") ? SolutionOutcome.SOLUTION_OUTCOME_FAILURE
                                : SolutionOutcome.SOLUTION_OUTCOME_PARTIAL)
                        .setSessionKey(Columns.text(rs, "session_key"))
                        .setAttemptedAt(Columns.timestamp(rs, "attempted_at"))
                        .setSource(source(rs.getString("source"))).build());
            }
            return null;
        };
    }

    /** Every failed attempt of the error, newest first. */
    public List<SolutionAttempt> attempts(String tenant, long errorId) {
        return attempts(tenant, new Long[] { errorId }, Integer.MAX_VALUE).getOrDefault(errorId, List.of());
    }

    public List<SolutionForError> forError(String tenant, long errorId) {
        return forErrors(tenant, new Long[] { errorId }, Integer.MAX_VALUE).getOrDefault(errorId, List.of());
    }

    public Optional<SolutionForError> linked(String tenant, long errorId, long solutionId) {
        return jdbc.one("select " + SOLUTION_COLUMNS + ", " + LINK_COLUMNS + """
                 from error_solution es join solution s on s.id = es.solution_id
                join project sp on sp.id = s.project_id
                where es.tenant = ? and es.error_id = ? and es.solution_id = ?""",
                rs -> SolutionForError.newBuilder().setSolution(solution(rs)).setLink(link(rs)).build(), tenant,
                errorId, solutionId);
    }

    public static Solution solution(ResultSet rs) throws SQLException {
        return Solution.newBuilder()
                .setId(rs.getLong("s_id"))
                .setProject(rs.getString("s_project"))
                .setTitle(rs.getString("title"))
                .setDescription(Columns.text(rs, "description"))
                .addAllSteps(Jdbc.strings(rs, "steps"))
                .setCodeBefore(Columns.text(rs, "code_before"))
                .setCodeAfter(Columns.text(rs, "code_after"))
                .setDiff(Columns.text(rs, "diff"))
                .addAllLabels(Jdbc.strings(rs, "labels"))
                .addAllModuleIds(Jdbc.longs(rs, "module_ids"))
                .setSuccessCount(rs.getInt("s_success"))
                .setFailureCount(rs.getInt("s_failure"))
                .setPartialCount(rs.getInt("s_partial"))
                .setConfidence(rs.getDouble("s_confidence"))
                .setLastUsedAt(Columns.timestamp(rs, "last_used_at"))
                .setCreatedAt(Columns.timestamp(rs, "s_created"))
                .setUpdatedAt(Columns.timestamp(rs, "s_updated"))
                .setSource(source(rs.getString("s_source")))
                .setObservedSuccessCount(rs.getInt("s_observed"))
                .build();
    }

    public static ErrorSolutionLink link(ResultSet rs) throws SQLException {
        String last = rs.getString("last_outcome");
        return ErrorSolutionLink.newBuilder()
                .setErrorId(rs.getLong("error_id"))
                .setSolutionId(rs.getLong("solution_id"))
                .setSuccessCount(rs.getInt("success_count"))
                .setFailureCount(rs.getInt("failure_count"))
                .setPartialCount(rs.getInt("partial_count"))
                .setConfidence(rs.getDouble("confidence"))
                .setLastOutcome(last == null ? SolutionOutcome.SOLUTION_OUTCOME_UNSPECIFIED
                        : WireNames.valueOf(SolutionOutcome.class, last))
                .setLastAppliedAt(Columns.timestamp(rs, "last_applied_at"))
                .setCreatedAt(Columns.timestamp(rs, "created_at"))
                .setObservedSuccessCount(rs.getInt("observed_success_count"))
                .build();
    }

    /** The stored {@code source} of a solution or attempt. */
    public static SolutionSource source(String stored) {
        return "observed".equals(stored) ? SolutionSource.SOLUTION_SOURCE_OBSERVED : SolutionSource.SOLUTION_SOURCE_REPORTED;
    }
}
