package dev.brain.error.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.report.repository.CorrectionRepository;
import dev.brain.error.report.repository.CorrectionRepository.Listing;
import dev.brain.error.report.repository.CorrectionRepository.Titled;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.SolutionRows;
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

    private final CorrectionRepository corrections;
    private final Scopes scopes;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final Outbox outbox;

    public ErrorCorrections(CorrectionRepository corrections, Scopes scopes, ErrorRows errors, SolutionRows solutions,
            Outbox outbox) {
        this.corrections = corrections;
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
        Listing listing = switch (filter) {
            case ERROR_LIST_FILTER_RECURRING -> Listing.RECURRING;
            case ERROR_LIST_FILTER_RECENT -> Listing.RECENT;
            case ERROR_LIST_FILTER_UNSPECIFIED, ERROR_LIST_FILTER_UNRESOLVED -> Listing.UNRESOLVED;
            default -> throw Status.INVALID_ARGUMENT.withDescription("filter: unresolved, recurring or recent")
                    .asRuntimeException();
        };
        int rows = limit == 0 ? DEFAULT_LIST : limit;
        Long[] ids = corrections.listedIds(scope.tenant(), scope.projectId(), listing, rows).toArray(Long[]::new);
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
        corrections.mark(scope.tenant(), error.getId(), resolved, notAnError, scope.now());
        if (notAnError) {
            // its antipatterns warn about something that is no error
            corrections.deactivateAntipatternsOf(scope.tenant(), error.getId(), scope.now());
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
                long n = corrections.deleteAttempt(scope.tenant(), id);
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
        List<Long> onlyHere = corrections.solutionsOnlyOf(scope.tenant(), id);
        // what the delete takes with it (foreign keys ON DELETE CASCADE), counted first; the error is the tenant's
        deleted.putAll(corrections.deleteError(scope.tenant(), id));
        // rules keep their evidence, without the deleted error
        corrections.removeFromRuleEvidence(scope.tenant(), id);
        outbox.nodeDeleted(scope.tenant(), Node.error(id, error.getErrorType(), error.getMessageTemplate()), scope.now());
        deleteSolutions(scope, onlyHere, deleted);
    }

    private void forgetSolution(CallScope scope, long id, Map<String, Long> deleted) {
        List<Long> linkedErrors = corrections.errorsOfSolution(scope.tenant(), id);
        if (!corrections.solutionExists(scope.tenant(), id)) {
            throw notFound("id " + id + ": no such solution");
        }
        deleted.put("error_solution", (long) linkedErrors.size());
        deleteSolutions(scope, List.of(id), deleted);
        // an error that this solution alone had resolved is open again
        corrections.reopenUnsolved(scope.tenant(), linkedErrors.toArray(Long[]::new));
    }

    private void deleteSolutions(CallScope scope, List<Long> ids, Map<String, Long> deleted) {
        if (ids.isEmpty()) {
            deleted.putIfAbsent("solution", 0L);
            return;
        }
        Long[] array = ids.toArray(Long[]::new);
        List<Titled> titles = corrections.solutionTitles(scope.tenant(), array);
        deleted.merge("solution", corrections.deleteSolutions(scope.tenant(), array), Long::sum);
        for (Titled t : titles) {
            outbox.nodeDeleted(scope.tenant(), Node.solution(t.id(), t.title()), scope.now());
        }
    }

    private static RuntimeException notFound(String description) {
        return Status.NOT_FOUND.withDescription(description).asRuntimeException();
    }
}
