package dev.brain.error.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ListedError;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.UpdateErrorRequest;
import dev.brain.wire.WireNames;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * What a person does to the record (gateway tools brain_list_errors, brain_update_error, brain_forget): list a
 * project's errors, mark one resolved / unresolved / not an error, delete a wrongly recorded error, solution or
 * attempt with what hangs only on it. Each call is one transaction with the scope's check.
 */
@ApplicationScoped
@Transactional
public class ErrorCorrections {

    static final int DEFAULT_LIST = 20;
    static final int MAX_LIST = 100;

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final Outbox outbox;

    public ErrorCorrections(Jdbc jdbc, Scopes scopes, ErrorRows errors, SolutionRows solutions, Outbox outbox) {
        this.jdbc = jdbc;
        this.scopes = scopes;
        this.errors = errors;
        this.solutions = solutions;
        this.outbox = outbox;
    }

    /**
     * The scope's errors by the filter, each with its best solution: unresolved (most occurrences first), recurring
     * (unresolved and seen more than once) or recent; errors marked not-an-error are never listed.
     */
    public List<ListedError> list(Scope requestScope, ErrorListFilter filter, int limit) {
        CallScope scope = scopes.forRead(requestScope);
        if (limit < 0 || limit > MAX_LIST) {
            throw Status.INVALID_ARGUMENT.withDescription("limit: 0-" + MAX_LIST).asRuntimeException();
        }
        if (scope.project() != null && scope.projectId() == null) {
            return List.of(); // a project this tenant never used
        }
        // the narrow error_recency table orders and filters (V9); only the listed rows are read from `error`
        String where = switch (filter) {
            case ERROR_LIST_FILTER_RECURRING ->
                "r.open and r.occurrence_count > 1 order by r.occurrence_count desc, r.last_seen_at desc";
            case ERROR_LIST_FILTER_RECENT -> "r.listed order by r.last_seen_at desc";
            case ERROR_LIST_FILTER_UNSPECIFIED, ERROR_LIST_FILTER_UNRESOLVED ->
                "r.open order by r.occurrence_count desc, r.last_seen_at desc";
            default -> throw Status.INVALID_ARGUMENT.withDescription("filter: unresolved, recurring or recent")
                    .asRuntimeException();
        };
        int rows = limit == 0 ? DEFAULT_LIST : limit;
        // two statements rather than "(? is null or project_id = ?)", whose generic plan could not use the index
        Long[] ids = (scope.projectId() == null
                ? jdbc.list("select r.error_id from error_recency r where r.tenant = ? and " + where
                        + ", r.error_id desc limit ?", rs -> rs.getLong(1), scope.tenant(), rows)
                : jdbc.list("select r.error_id from error_recency r where r.tenant = ? and r.project_id = ? and " + where
                        + ", r.error_id desc limit ?", rs -> rs.getLong(1), scope.tenant(), scope.projectId(), rows))
                .toArray(Long[]::new);
        Map<Long, ErrorRecord> byId = new java.util.HashMap<>();
        errors.byIds(scope.tenant(), ids).forEach(e -> byId.put(e.getId(), e));
        List<ErrorRecord> listed = java.util.Arrays.stream(ids).map(byId::get).filter(java.util.Objects::nonNull).toList();
        Map<Long, List<SolutionForError>> best = solutions.forErrors(scope.tenant(), ids, 1);
        return listed.stream().map(e -> {
            ListedError.Builder item = ListedError.newBuilder().setError(e);
            List<SolutionForError> s = best.getOrDefault(e.getId(), List.of());
            if (!s.isEmpty()) {
                item.setBestSolution(s.get(0));
            }
            return item.build();
        }).toList();
    }

    /** Marks the error resolved / unresolved / not an error; the error as it is now. */
    public ErrorRecord update(UpdateErrorRequest request) {
        CallScope scope = scopes.forCall(request.getScope());
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
        if (notAnError) {
            // its antipatterns warn about something that is no error
            jdbc.update("update antipattern set active = false, updated_at = ? where tenant = ? and source_error_id = ?",
                    scope.now(), scope.tenant(), error.getId());
        }
        Log.infof("error #%d of tenant %s: resolved %s, not an error %s (%s)", error.getId(), scope.tenant(), resolved,
                notAnError, request.getNote().isBlank() ? "no note" : request.getNote());
        return errors.require(scope.tenant(), error.getId(), "error_id");
    }

    /** Deletes what {@code kind} and {@code id} name; returns the rows deleted per table. */
    public Map<String, Long> forget(Scope requestScope, ForgetKind kind, long id, String reason) {
        CallScope scope = scopes.forCall(requestScope);
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
        Log.infof("forgot %s #%d of tenant %s (%s): %s", WireNames.of(kind),
                id, scope.tenant(), reason == null || reason.isBlank() ? "no reason given" : reason, deleted);
        return deleted;
    }

    private void forgetError(CallScope scope, long id, Map<String, Long> deleted) {
        ErrorRecord error = errors.require(scope.tenant(), id, "id");
        // solutions linked to this error alone go with it, unless an active rule offers them (as retention keeps them)
        List<Long> onlyHere = jdbc.list("""
                select es.solution_id from error_solution es where es.tenant = ? and es.error_id = ?
                  and not exists (select 1 from error_solution o where o.solution_id = es.solution_id and o.error_id <> ?)
                  and not exists (select 1 from rule r where r.tenant = es.tenant and r.active
                                    and r.action -> 'solution_ids' @> to_jsonb(es.solution_id))""",
                rs -> rs.getLong(1), scope.tenant(), id, id);
        // what the delete takes with it (foreign keys ON DELETE CASCADE), counted first; the error is the tenant's
        for (String[] table : new String[][] { { "error_occurrence", "error_id" }, { "stack_frame", "error_id" },
                { "solution_attempt", "error_id" }, { "error_solution", "error_id" }, { "error_match", "error_id" },
                { "error_chain_entry", "error_id" }, { "antipattern", "source_error_id" } }) {
            deleted.put(table[0], jdbc.count("select count(*) from " + table[0] + " where " + table[1] + " = ?", id));
        }
        deleted.put("error", (long) jdbc.update("delete from error where tenant = ? and id = ?", scope.tenant(), id));
        // rules keep their evidence, without the deleted error
        jdbc.update("update rule set source_error_ids = array_remove(source_error_ids, ?) where tenant = ?"
                + " and source_error_ids @> array[?]::bigint[]", id, scope.tenant(), id);
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
                rs -> new String[] { rs.getString(1), rs.getString(2) }, scope.tenant(), array);
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
