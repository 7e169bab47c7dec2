package dev.brain.error.solution;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.Redactor;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.prevention.RemovedLines;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.SolutionRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.repository.SolutionRepository;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.RateSolutionResponse;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportAttemptResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.ReportSolutionResponse;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.wire.WireNames;
import io.grpc.Status;

/**
 * Solutions, outcomes and failed attempts (error-code.md §6). Confidence = wilson(S + 0.5·P, S + F + P) ×
 * 0.5^(age_days/30), recomputed in SQL on every outcome for the link and the solution.
 */
@ApplicationScoped
@Transactional
public class Solutions {

    static final int MAX_TITLE = 200;
    static final int MAX_DESCRIPTION_BYTES = 64 * 1024;
    static final int MAX_STEP = 2000;
    static final int MAX_STEPS = 50;
    static final int MAX_CODE_BYTES = 256 * 1024;

    private final SolutionRepository repository;
    private final Scopes scopes;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final Outbox outbox;
    private final CrossProject crossProject;
    private final ErrorConfig config;

    public Solutions(SolutionRepository repository, Scopes scopes, ErrorRows errors, SolutionRows solutions,
            Outbox outbox, CrossProject crossProject, ErrorConfig config) {
        this.repository = repository;
        this.scopes = scopes;
        this.errors = errors;
        this.solutions = solutions;
        this.outbox = outbox;
        this.crossProject = crossProject;
        this.config = config;
    }

    public ReportSolutionResponse reportSolution(ReportSolutionRequest r) {
        String title = InputNormalizer.clean(r.getTitle()).strip();
        if (title.isEmpty()) {
            throw invalid("title is required");
        }
        if (title.length() > MAX_TITLE || title.contains("\n")) {
            throw invalid("title: one line of at most " + MAX_TITLE + " characters");
        }
        checkBytes(r.getDescription(), MAX_DESCRIPTION_BYTES, "description");
        if (r.getStepsCount() > MAX_STEPS) {
            throw invalid("steps: at most " + MAX_STEPS);
        }
        for (String step : r.getStepsList()) {
            if (step.length() > MAX_STEP) {
                throw invalid("steps: each at most " + MAX_STEP + " characters");
            }
        }
        checkBytes(r.getCodeBefore(), MAX_CODE_BYTES, "code_before");
        checkBytes(r.getCodeAfter(), MAX_CODE_BYTES, "code_after");
        checkBytes(r.getDiff(), MAX_CODE_BYTES, "diff");
        CallScope scope = scopes.forWrite(r.getScope());
        ErrorRecord error = errors.require(scope.tenant(), r.getErrorId(), "error_id");
        Long[] moduleIds = r.getModuleIdsList().toArray(Long[]::new);
        if (moduleIds.length > 0 && repository.countModules(scope.tenant(), moduleIds) != moduleIds.length) {
            throw Status.NOT_FOUND.withDescription("module_ids: unknown module").asRuntimeException();
        }
        String description = text(r.getDescription());
        String codeBefore = text(r.getCodeBefore());
        String codeAfter = text(r.getCodeAfter());
        String diff = text(r.getDiff());
        OffsetDateTime now = scope.now();
        long solutionId = repository.insertReported(scope.tenant(), scope.projectId(), Redactor.redact(title), description,
                r.getStepsList().stream().map(s -> Redactor.redact(InputNormalizer.clean(s))).toArray(String[]::new),
                codeBefore, codeAfter, diff, RemovedLines.hashes(diff, codeBefore, codeAfter), moduleIds,
                scope.sessionId(), now, DiffLines.key(diff));
        recordOutcome(scope, error, solutionId, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS, null, false);
        String solutionTitle = Redactor.redact(title);
        for (Long module : moduleIds) {
            outbox.strengthen(scope.tenant(), scope.project(), "uses_module", Node.solution(solutionId, solutionTitle),
                    new Node("code_module", module, null), null, now);
        }
        crossProject.link(scope.tenant(), error.getFingerprint(), now);
        SolutionForError linked = solutions.linked(scope.tenant(), error.getId(), solutionId).orElseThrow();
        ReportSolutionResponse.Builder response = ReportSolutionResponse.newBuilder()
                .setSolution(linked.getSolution()).setLink(linked.getLink());
        Long[] others = repository.errorsInOtherProjects(scope.tenant(), error.getFingerprint(), error.getProjectId())
                .toArray(Long[]::new);
        response.addAllCrossProjectErrors(errors.byIds(scope.tenant(), others));
        return response.build();
    }

    public RateSolutionResponse rateSolution(RateSolutionRequest r) {
        if (r.getOutcome() == SolutionOutcome.SOLUTION_OUTCOME_UNSPECIFIED
                || r.getOutcome() == SolutionOutcome.UNRECOGNIZED) {
            throw invalid("outcome is required: SUCCESS, FAILURE or PARTIAL");
        }
        CallScope scope = scopes.forCall(r.getScope());
        ErrorRecord error = errors.require(scope.tenant(), r.getErrorId(), "error_id");
        if (r.getSolutionId() <= 0) {
            throw invalid("solution_id is required");
        }
        if (!repository.exists(scope.tenant(), r.getSolutionId())) {
            throw Status.NOT_FOUND.withDescription("solution_id " + r.getSolutionId() + ": no such solution")
                    .asRuntimeException();
        }
        checkBytes(r.getNotes(), MAX_DESCRIPTION_BYTES, "notes");
        recordOutcome(scope, error, r.getSolutionId(), r.getOutcome(), text(r.getNotes()), false);
        SolutionForError linked = solutions.linked(scope.tenant(), error.getId(), r.getSolutionId()).orElseThrow();
        boolean resolved = errors.find(scope.tenant(), error.getId()).orElseThrow().getResolved();
        return RateSolutionResponse.newBuilder().setSolution(linked.getSolution()).setLink(linked.getLink())
                .setErrorResolved(resolved).build();
    }

    /**
     * Links if needed, records the outcome, updates counts and both confidences, resolves and emits events;
     * {@code observed}: the outcome was seen in a session's trail (a success also counts as an observed success).
     */
    private void recordOutcome(CallScope scope, ErrorRecord error, long solutionId, SolutionOutcome outcome,
            String notes, boolean observed) {
        OffsetDateTime now = scope.now();
        String o = WireNames.of(outcome);
        int s = o.equals("success") ? 1 : 0;
        int f = o.equals("failure") ? 1 : 0;
        int p = o.equals("partial") ? 1 : 0;
        int seen = observed ? s : 0;
        repository.recordOutcome(scope.tenant(), error.getProjectId(), error.getId(), solutionId, o, s, f, p, seen,
                scope.sessionId(), notes, observed, config.learning().decayHalfLifeDays(), now);
        String title = repository.title(solutionId).orElseThrow();
        Node solutionNode = Node.solution(solutionId, title);
        Node errorNode = Node.error(error.getId(), error.getErrorType(), error.getMessageTemplate());
        if (s == 1) {
            repository.resolve(error.getId(), now);
            outbox.strengthen(scope.tenant(), scope.project() != null ? scope.project() : error.getProject(), "solves",
                    solutionNode, errorNode, java.util.Map.of("outcome", "success"), now);
        } else if (f == 1) {
            outbox.weaken(scope.tenant(), scope.project() != null ? scope.project() : error.getProject(), "solves",
                    solutionNode, errorNode, 0.7, now);
        }
    }

    /**
     * An observed fix (docs/errors.md "Session trail"): a new solution of source {@code observed} for the error,
     * with the change's title, description and diff (redacted; the caller cut it at 2 KiB), and one observed success
     * (which resolves the error, as a reported solution does). Returns its id.
     */
    public long recordObservedFix(CallScope scope, ErrorRecord error, String title, String description, String diff) {
        OffsetDateTime now = scope.now();
        String redactedDiff = Redactor.redact(diff);
        long solutionId = repository.insertObserved(scope.tenant(), scope.projectId(),
                Redactor.redact(InputNormalizer.clean(title)), Redactor.redact(InputNormalizer.clean(description)),
                redactedDiff, RemovedLines.hashes(redactedDiff, null, null), scope.sessionId(), now,
                DiffLines.key(redactedDiff));
        recordOutcome(scope, error, solutionId, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS, null, true);
        crossProject.link(scope.tenant(), error.getFingerprint(), now);
        return solutionId;
    }

    /** An outcome of a solution seen in a session's trail (no notes; a success counts as observed). */
    public void rateObserved(CallScope scope, ErrorRecord error, long solutionId, SolutionOutcome outcome) {
        recordOutcome(scope, error, solutionId, outcome, null, true);
    }

    /** A failed attempt seen in a session's trail (source {@code observed}); its id. */
    public long recordObservedAttempt(CallScope scope, ErrorRecord error, String description, String reason) {
        return repository.insertObservedAttempt(scope.tenant(), error.getProjectId(), error.getId(),
                Redactor.redact(InputNormalizer.clean(description)), Redactor.redact(InputNormalizer.clean(reason)),
                scope.sessionId(), scope.now());
    }

    /** The error's solution whose diff is the same fix ({@code change_key}), if it has one. */
    public java.util.Optional<Long> sameFix(String tenant, long errorId, String changeKey) {
        if (changeKey == null) {
            return java.util.Optional.empty();
        }
        return repository.sameFix(tenant, errorId, changeKey);
    }

    /** The normalised change of a solution's diff (empty when it has none or is not the tenant's). */
    public java.util.Set<String> changeOf(String tenant, long solutionId) {
        return repository.diff(tenant, solutionId).map(DiffLines::normalised).orElse(java.util.Set.of());
    }

    public ReportAttemptResponse reportAttempt(ReportAttemptRequest r) {
        String description = InputNormalizer.clean(r.getDescription()).strip();
        if (description.isEmpty()) {
            throw invalid("description is required");
        }
        checkBytes(description, MAX_DESCRIPTION_BYTES, "description");
        checkBytes(r.getReason(), MAX_DESCRIPTION_BYTES, "reason");
        SolutionOutcome outcome = r.getOutcome() == SolutionOutcome.SOLUTION_OUTCOME_UNSPECIFIED
                ? SolutionOutcome.SOLUTION_OUTCOME_FAILURE
                : r.getOutcome();
        if (outcome != SolutionOutcome.SOLUTION_OUTCOME_FAILURE && outcome != SolutionOutcome.SOLUTION_OUTCOME_PARTIAL) {
            throw invalid("outcome: FAILURE or PARTIAL (an attempt that worked is a solution)");
        }
        CallScope scope = scopes.forCall(r.getScope());
        ErrorRecord error = errors.require(scope.tenant(), r.getErrorId(), "error_id");
        String o = outcome == SolutionOutcome.SOLUTION_OUTCOME_FAILURE ? "failure" : "partial";
        long id = repository.insertAttempt(scope.tenant(), error.getProjectId(), error.getId(),
                Redactor.redact(description), o, text(r.getReason()), scope.sessionId(), scope.now());
        SolutionAttempt attempt = solutions.attempts(scope.tenant(), error.getId()).stream().filter(a -> a.getId() == id)
                .findFirst().orElseThrow();
        return ReportAttemptResponse.newBuilder().setAttempt(attempt)
                .setFailedTotal((int) failedTotal(scope.tenant(), error.getId())).build();
    }

    /** Attempts plus failure outcomes of the error (antipattern input, §8 phase 6). */
    public long failedTotal(String tenant, long errorId) {
        return repository.failedTotal(tenant, errorId);
    }

    private static String text(String s) {
        if (s == null || s.isEmpty()) {
            return null;
        }
        return Redactor.redact(InputNormalizer.clean(s));
    }

    private static void checkBytes(String s, int max, String field) {
        if (s != null && s.getBytes(StandardCharsets.UTF_8).length > max) {
            throw invalid(field + ": at most " + (max / 1024) + " KiB");
        }
    }

}
