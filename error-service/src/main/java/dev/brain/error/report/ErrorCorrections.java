package dev.brain.error.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.db.Jdbc;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.session.CallScope;
import dev.brain.error.solution.SolutionRows;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ListedError;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.UpdateErrorRequest;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * What a person does to the record (gateway tools brain_list_errors, brain_update_error, brain_forget): list a
 * project's errors, mark one resolved / unresolved / not an error, delete a wrongly recorded error, solution or
 * attempt with what hangs only on it.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ErrorCorrections {

    static final int DEFAULT_LIST = 20;
    static final int MAX_LIST = 100;

    private final Jdbc jdbc;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final Outbox outbox;

    public ErrorCorrections(Jdbc jdbc, ErrorRows errors, SolutionRows solutions, Outbox outbox) {
        this.jdbc = jdbc;
        this.errors = errors;
        this.solutions = solutions;
        this.outbox = outbox;
    }

    /** The scope's errors by the filter (errors marked not-an-error are never listed), each with its best solution. */
    public List<ListedError> list(CallScope scope, ErrorListFilter filter, int limit) {
        if (limit < 0 || limit > MAX_LIST) {
            throw Status.INVALID_ARGUMENT.withDescription("limit: 0-" + MAX_LIST).asRuntimeException();
        }
        if (scope.project() != null && scope.projectId() == null) {
            return List.of(); // a project this tenant never used
        }
        String where = switch (filter) {
            case ERROR_LIST_FILTER_RECURRING -> "and e.occurrence_count > 1 order by e.occurrence_count desc, e.last_seen_at desc";
            case ERROR_LIST_FILTER_RECENT -> "order by e.last_seen_at desc";
            case ERROR_LIST_FILTER_UNSPECIFIED, ERROR_LIST_FILTER_UNRESOLVED ->
                    "and not e.resolved order by e.occurrence_count desc, e.last_seen_at desc";
            default -> throw Status.INVALID_ARGUMENT.withDescription("filter: unresolved, recurring or recent")
                    .asRuntimeException();
        };
        List<ErrorRecord> rows = jdbc.list("select " + ErrorRows.COLUMNS + ErrorRows.FROM
                + "where e.tenant = ? and (?::bigint is null or e.project_id = ?) and not e.not_an_error " + where
                + ", e.id desc limit ?", ErrorRows::map, scope.tenant(), scope.projectId(), scope.projectId(),
                limit == 0 ? DEFAULT_LIST : limit);
        Map<Long, List<SolutionForError>> best = solutions.forErrors(scope.tenant(),
                rows.stream().map(ErrorRecord::getId).toArray(Long[]::new), 1);
        return rows.stream().map(e -> {
            ListedError.Builder listed = ListedError.newBuilder().setError(e);
            List<SolutionForError> s = best.getOrDefault(e.getId(), List.of());
            if (!s.isEmpty()) {
                listed.setBestSolution(s.get(0));
            }
            return listed.build();
        }).toList();
    }

    public ErrorRecord update(CallScope scope, UpdateErrorRequest request) {
        ErrorRecord error = errors.require(scope.tenant(), request.getErrorId(), "error_id");
        if (!request.hasResolved() && !request.hasNotAnError()) {
            throw Status.INVALID_ARGUMENT.withDescription("resolved: give resolved or not_an_error").asRuntimeException();
        }
        boolean resolved = request.hasResolved() ? request.getResolved() : error.getResolved();
        boolean notAnError = request.hasNotAnError() ? request.getNotAnError() : error.getNotAnError();
        jdbc.update("""
                update error set resolved = ?, not_an_error = ?,
                    resolved_at = case when ? then coalesce(resolved_at, ?) end
                where tenant = ? and id = ?""", resolved, notAnError, resolved, scope.now(), scope.tenant(),
                error.getId());
        Log.infof("error #%d of tenant %s: resolved %s, not an error %s (%s)", error.getId(), scope.tenant(), resolved,
                notAnError, request.getNote().isBlank() ? "no note" : request.getNote());
        return errors.require(scope.tenant(), error.getId(), "error_id");
    }

    /** Deletes what {@code kind} and {@code id} name; returns the rows deleted per table. */
    public Map<String, Long> forget(CallScope scope, ForgetKind kind, long id) {
        if (id <= 0) {
            throw Status.INVALID_ARGUMENT.withDescription("id is required").asRuntimeException();
        }
        Map<String, Long> deleted = new LinkedHashMap<>();
        switch (kind) {
            case FORGET_KIND_ERROR -> forgetError(scope, id, deleted);
            case FORGET_KIND_SOLUTION -> forgetSolution(scope, id, deleted);
            case FORGET_KIND_ATTEMPT -> {
                long n = jdbc.update("delete from solution_attempt where tenant = ? and id = ?", scope.tenant(), id);
                if (n == 0) {
                    throw notFound("id " + id + ": no such attempt");
                }
                deleted.put("solution_attempt", n);
            }
            default -> throw Status.INVALID_ARGUMENT.withDescription("kind: error, solution or attempt")
                    .asRuntimeException();
        }
        return deleted;
    }

    private void forgetError(CallScope scope, long id, Map<String, Long> deleted) {
        ErrorRecord error = errors.require(scope.tenant(), id, "id");
        // solutions linked to this error alone go with it
        List<Long> onlyHere = jdbc.list("""
                select es.solution_id from error_solution es where es.tenant = ? and es.error_id = ?
                  and not exists (select 1 from error_solution o where o.solution_id = es.solution_id and o.error_id <> ?)""",
                rs -> rs.getLong(1), scope.tenant(), id, id);
        deleted.put("error_occurrence", jdbc.count("select count(*) from error_occurrence where error_id = ?", id));
        deleted.put("solution_attempt", jdbc.count("select count(*) from solution_attempt where error_id = ?", id));
        deleted.put("error_solution", jdbc.count("select count(*) from error_solution where error_id = ?", id));
        deleted.put("error", (long) jdbc.update("delete from error where tenant = ? and id = ?", scope.tenant(), id));
        outbox.nodeDeleted(scope.tenant(), Node.error(id, error.getErrorType(), error.getMessageTemplate()), scope.now());
        deleteSolutions(scope, onlyHere, deleted);
    }

    private void forgetSolution(CallScope scope, long id, Map<String, Long> deleted) {
        List<Long> linkedErrors = jdbc.list("select error_id from error_solution where tenant = ? and solution_id = ?",
                rs -> rs.getLong(1), scope.tenant(), id);
        if (jdbc.count("select count(*) from solution where tenant = ? and id = ?", scope.tenant(), id) == 0) {
            throw notFound("id " + id + ": no such solution");
        }
        deleted.put("error_solution", (long) linkedErrors.size());
        deleteSolutions(scope, List.of(id), deleted);
        // an error that this solution alone had resolved is open again
        jdbc.update("""
                update error e set resolved = false, resolved_at = null where e.tenant = ? and e.id = any(?)
                  and e.resolved and not exists (select 1 from error_solution es where es.error_id = e.id)""",
                scope.tenant(), linkedErrors.toArray(Long[]::new));
    }

    private void deleteSolutions(CallScope scope, List<Long> ids, Map<String, Long> deleted) {
        if (ids.isEmpty()) {
            deleted.putIfAbsent("solution", 0L);
            return;
        }
        Long[] array = ids.toArray(Long[]::new);
        List<String[]> titles = jdbc.list("select id::text, title from solution where tenant = ? and id = any(?)",
                rs -> new String[] {rs.getString(1), rs.getString(2)}, scope.tenant(), array);
        deleted.merge("solution", (long) jdbc.update("delete from solution where tenant = ? and id = any(?)",
                scope.tenant(), array), Long::sum);
        for (String[] t : titles) {
            outbox.nodeDeleted(scope.tenant(), Node.solution(Long.parseLong(t[0]), t[1]), scope.now());
        }
    }

    private static RuntimeException notFound(String description) {
        return Status.NOT_FOUND.withDescription(description).asRuntimeException();
    }
}
