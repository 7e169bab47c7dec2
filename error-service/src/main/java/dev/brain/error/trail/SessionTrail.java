package dev.brain.error.trail;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.Redactor;
import dev.brain.error.report.ErrorReporting;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.SolutionRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.DiffLines;
import dev.brain.error.solution.Solutions;
import dev.brain.error.trail.repository.TrailRepository;
import dev.brain.error.trail.repository.TrailRepository.CommandEvent;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.FileEdited;
import dev.brain.grpc.v1.ObservedKind;
import dev.brain.grpc.v1.ObservedLearning;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.RecordToolUseResponse;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.SolutionOutcome;

/**
 * A Claude Code session's trail and what Brain learns from it (docs/errors.md "Session trail"), each event in one
 * transaction with what it teaches:
 * <ul>
 * <li>a command fails with error E (an observed {@code ReportError}): after edits, the same command failing with E
 * again makes those edits a failed attempt of E — or a failure of the solution the last answer offered, when the
 * edits contain its change; failing with another error E2 links E → E2 in the error chain;</li>
 * <li>the command succeeds: the edits since its failure are E's fix — a success of the offered solution when they
 * contain its change (or when there were none), else of E's solution with the same change, else a new solution
 * of source {@code observed};</li>
 * <li>nothing is learned across a withheld edit, from more than {@value ObservedChange#MAX_FILES} files or
 * {@value ObservedChange#MAX_CHANGED_LINES} changed lines, or across more than a day.</li>
 * </ul>
 */
@ApplicationScoped
@Transactional
public class SessionTrail {

    /** How far back the trail looks for a command's failure; older events are deleted by the session clean-up. */
    public static final Duration SPAN = Duration.ofHours(24);
    static final int MAX_COMMAND_BYTES = 8 * 1024;
    static final int MAX_PATH = 4096;
    /** An edit's diff or a file's content: at most this much is kept (a longer diff is counted, not kept). */
    static final int MAX_TEXT_BYTES = 256 * 1024;
    static final int SHOWN_ATTEMPTS = 5;
    static final int SHOWN_SOLUTIONS = 3;

    private final Scopes scopes;
    private final ErrorReporting reporting;
    private final TrailRepository trail;
    private final Solutions solutions;
    private final ErrorRows errors;
    private final SolutionRows solutionRows;

    public SessionTrail(Scopes scopes, ErrorReporting reporting, TrailRepository trail, Solutions solutions,
            ErrorRows errors, SolutionRows solutionRows) {
        this.scopes = scopes;
        this.reporting = reporting;
        this.trail = trail;
        this.solutions = solutions;
        this.errors = errors;
        this.solutionRows = solutionRows;
    }

    /**
     * {@code ReportError} with {@code observed}: the report, then what the trail learns from the failure, then the
     * failure joins the trail with the solution the answer offers. A command that normalises to nothing is reported
     * and kept out of the trail.
     */
    public ReportErrorResponse reportObserved(ReportErrorRequest request) {
        if (request.getScope().getSession().isEmpty()) {
            throw invalid("scope.session is required with observed");
        }
        String command = TrailCommands.normalize(InputNormalizer.clean(request.getCommand()));
        if (command == null) {
            return reporting.report(request);
        }
        CallScope scope = scopes.forWrite(request.getScope());
        Optional<CommandEvent> failedBefore = lastFailure(scope, command);
        ReportErrorResponse response = reporting.report(request,
                failedBefore.map(CommandEvent::occurrenceId).orElse(null));
        long errorId = response.getError().getId();
        ObservedLearning learned = failedBefore.map(f -> failedAgain(scope, f, response)).orElse(null);
        long offered = offered(response);
        Long offeredId = offered == 0 ? null : offered;
        long episode = trail.openEpisode(scope.tenant(), scope.projectId(), errorId, scope.sessionId(),
                !response.getIsNew(), offeredId, scope.now());
        trail.addFailure(scope.tenant(), scope.projectId(), scope.sessionId(), command, errorId,
                response.getOccurrenceId(), offeredId, episode, scope.now());
        ReportErrorResponse.Builder answer = response.toBuilder().setOfferedSolutionId(offered);
        if (learned != null) {
            answer.setLearned(learned);
            if (learned.getKind() != ObservedKind.OBSERVED_KIND_CHAINED) {
                // the answer shows the error's attempts and solutions as they are now
                Long[] ids = { errorId };
                answer.clearAttempts().addAllAttempts(solutionRows.attempts(scope.tenant(), ids, SHOWN_ATTEMPTS)
                        .getOrDefault(errorId, List.of()));
                answer.clearSolutions().addAllSolutions(solutionRows.forErrors(scope.tenant(), ids, SHOWN_SOLUTIONS)
                        .getOrDefault(errorId, List.of()));
            }
        }
        return answer.build();
    }

    /** {@code RecordToolUse}: one tool use joins the trail; a command's success may teach a fix. */
    public RecordToolUseResponse record(RecordToolUseRequest request) {
        RecordToolUseResponse.Builder response = RecordToolUseResponse.newBuilder();
        switch (request.getEventCase()) {
            case COMMAND_SUCCEEDED -> {
                String raw = request.getCommandSucceeded().getCommand();
                checkBytes(raw, MAX_COMMAND_BYTES, "command_succeeded.command");
                String command = TrailCommands.normalize(InputNormalizer.clean(raw));
                if (command == null) {
                    throw invalid("command_succeeded.command: is required and must not be blank");
                }
                succeeded(sessionScope(request), command).ifPresent(response::setLearned);
            }
            case FILE_EDITED -> edited(request);
            case FILE_READ -> {
                String path = path(request.getFileRead().getFilePath(), "file_read.file_path");
                String content = request.getFileRead().getContent();
                CallScope scope = sessionScope(request);
                if (bytes(content) <= MAX_TEXT_BYTES) {
                    trail.see(scope.tenant(), scope.projectId(), scope.sessionId(), path,
                            Redactor.redact(InputNormalizer.clean(content)), scope.now());
                }
            }
            default -> throw invalid("event: one of command_succeeded, file_edited, file_read is required");
        }
        return response.build();
    }

    /** The command succeeded: its open failure, if any, ends, and the edits since teach what fixed it. */
    private Optional<ObservedLearning> succeeded(CallScope scope, String command) {
        Optional<CommandEvent> failed = lastFailure(scope, command);
        trail.addSuccess(scope.tenant(), scope.projectId(), scope.sessionId(), command, scope.now());
        if (failed.isEmpty()) {
            return Optional.empty();
        }
        CommandEvent f = failed.get();
        trail.closeEpisode(f.episodeId(), "succeeded", scope.now());
        Optional<ErrorRecord> found = errors.find(scope.tenant(), f.errorId());
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ErrorRecord error = found.get();
        ObservedChange change = ObservedChange.of(trail.editsAfter(scope.sessionId(), scope.projectId(), f.id()));
        Long offered = f.offeredSolutionId();
        switch (change.verdict()) {
            case NO_EDITS, NO_CHANGE -> {
                if (offered == null) {
                    return Optional.empty();
                }
                solutions.rateObserved(scope, error, offered, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
                return Optional.of(learned(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED, error, offered, 0, ""));
            }
            case LEARNABLE -> {
                if (offered != null && change.contains(solutions.changeOf(scope.tenant(), offered))) {
                    solutions.rateObserved(scope, error, offered, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
                    return Optional.of(learned(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED, error, offered, 0,
                            change.title()));
                }
                Optional<Long> same = solutions.sameFix(scope.tenant(), error.getId(), change.key());
                if (same.isPresent()) {
                    solutions.rateObserved(scope, error, same.get(), SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
                    return Optional.of(learned(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED, error, same.get(), 0,
                            change.title()));
                }
                long id = solutions.recordObservedFix(scope, error, change.title(), description(command, error,
                        change), change.diff());
                return Optional.of(learned(ObservedKind.OBSERVED_KIND_NEW_SOLUTION, error, id, 0, change.title()));
            }
            default -> {
                // withheld or too large: nothing is learned
                return Optional.empty();
            }
        }
    }

    /** The command failed again after {@code before}: with the same error after edits, or with another error. */
    private ObservedLearning failedAgain(CallScope scope, CommandEvent before, ReportErrorResponse now) {
        long errorId = now.getError().getId();
        if (before.errorId() != errorId) {
            trail.closeEpisode(before.episodeId(), "other_error", scope.now());
            if (now.hasChainLink() && now.getChainLink().getPreviousErrorId() == before.errorId()) {
                return ObservedLearning.newBuilder().setKind(ObservedKind.OBSERVED_KIND_CHAINED)
                        .setErrorId(before.errorId()).setNextErrorId(errorId).build();
            }
            return null;
        }
        trail.closeEpisode(before.episodeId(), "recurred", scope.now());
        ObservedChange change = ObservedChange.of(trail.editsAfter(scope.sessionId(), scope.projectId(), before.id()));
        if (change.verdict() != ObservedChange.Verdict.LEARNABLE) {
            return null;
        }
        ErrorRecord error = now.getError();
        Long offered = before.offeredSolutionId();
        if (offered != null && change.contains(solutions.changeOf(scope.tenant(), offered))) {
            solutions.rateObserved(scope, error, offered, SolutionOutcome.SOLUTION_OUTCOME_FAILURE);
            return learned(ObservedKind.OBSERVED_KIND_SOLUTION_FAILED, error, offered, 0, change.title());
        }
        long attempt = solutions.recordObservedAttempt(scope, error, change.title(),
                "still failing: " + headline(error));
        return learned(ObservedKind.OBSERVED_KIND_FAILED_ATTEMPT, error, 0, attempt, change.title());
    }

    /** A file changed: its diff joins the trail (computed for a Write against what the session saw before). */
    private void edited(RecordToolUseRequest request) {
        FileEdited e = request.getFileEdited();
        String path = path(e.getFilePath(), "file_edited.file_path");
        CallScope scope = sessionScope(request);
        String content = bytes(e.getContent()) <= MAX_TEXT_BYTES ? Redactor.redact(InputNormalizer.clean(e.getContent()))
                : "";
        if (e.getWithheld()) {
            trail.addEdit(scope.tenant(), scope.projectId(), scope.sessionId(), path, null, 0, true, scope.now());
            return;
        }
        String diff;
        if (!e.getDiff().isEmpty()) {
            diff = Redactor.redact(InputNormalizer.clean(e.getDiff()));
        } else if (e.getCreated()) {
            diff = FileDiffs.created(content);
        } else if (!content.isEmpty()) {
            diff = trail.seen(scope.sessionId(), scope.projectId(), path).map(before -> FileDiffs.hunks(before, content))
                    .orElse(null);
        } else {
            diff = null;
        }
        if (!content.isEmpty()) {
            trail.see(scope.tenant(), scope.projectId(), scope.sessionId(), path, content, scope.now());
        }
        if (diff == null) {
            // a change Brain could not see (a Write of a file the session never read): nothing is learned across it
            trail.addEdit(scope.tenant(), scope.projectId(), scope.sessionId(), path, null, 0, true, scope.now());
            return;
        }
        int changed = DiffLines.changed(diff).size();
        trail.addEdit(scope.tenant(), scope.projectId(), scope.sessionId(), path,
                bytes(diff) <= MAX_TEXT_BYTES ? diff : null, changed, false, scope.now());
    }

    private Optional<CommandEvent> lastFailure(CallScope scope, String command) {
        return trail.lastOfCommand(scope.sessionId(), scope.projectId(), command, scope.now().minus(SPAN))
                .filter(CommandEvent::failure);
    }

    /** The scope of a trail event: a project and a session are required. */
    private CallScope sessionScope(RecordToolUseRequest request) {
        if (request.getScope().getSession().isEmpty()) {
            throw invalid("scope.session is required");
        }
        return scopes.forWrite(request.getScope());
    }

    /**
     * The solution a hook's answer offers for the reported failure (gateway's {@code HookHints.failure}): the
     * error's best, else the best of the first returned match that has one; 0 for none or a not-an-error.
     */
    static long offered(ReportErrorResponse r) {
        if (r.getError().getNotAnError()) {
            return 0;
        }
        if (r.getSolutionsCount() > 0) {
            return r.getSolutions(0).getSolution().getId();
        }
        for (ErrorMatch m : r.getMatchesList()) {
            if (m.getSolutionsCount() > 0) {
                return m.getSolutions(0).getSolution().getId();
            }
        }
        return 0;
    }

    static String description(String command, ErrorRecord error, ObservedChange change) {
        return "Seen in a Claude Code session: `" + cut(command, 200) + "` failed with " + headline(error)
                + ", then succeeded after this change to " + String.join(", ", change.files()) + ".";
    }

    private static String headline(ErrorRecord error) {
        String message = error.getMessage().strip();
        return cut(message.isEmpty() ? error.getErrorType() : error.getErrorType() + ": " + message, 160);
    }

    private static ObservedLearning learned(ObservedKind kind, ErrorRecord error, long solutionId, long attemptId,
            String title) {
        return ObservedLearning.newBuilder().setKind(kind).setErrorId(error.getId()).setSolutionId(solutionId)
                .setAttemptId(attemptId).setTitle(title).build();
    }

    /** A path within the project's tree: relative, no "..", at most 4,096 characters. */
    static String path(String raw, String field) {
        String path = InputNormalizer.clean(raw).strip();
        if (path.isEmpty()) {
            throw invalid(field + ": is required and must not be blank");
        }
        if (path.length() > MAX_PATH) {
            throw invalid(field + ": at most " + MAX_PATH + " characters");
        }
        if (path.startsWith("/") || path.equals("..") || path.startsWith("../") || path.contains("/../")
                || path.endsWith("/..")) {
            throw invalid(field + ": a path relative to the project's root, without '..'");
        }
        return path;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static void checkBytes(String s, int max, String field) {
        if (bytes(s) > max) {
            throw invalid(field + ": at most " + (max / 1024) + " KiB");
        }
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

}
