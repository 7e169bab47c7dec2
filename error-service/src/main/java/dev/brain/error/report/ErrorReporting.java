package dev.brain.error.report;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.Redactor;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.prevention.Prevention;
import dev.brain.error.report.repository.ErrorRepository;
import dev.brain.error.report.repository.ErrorRepository.NewOccurrence;
import dev.brain.error.report.repository.ErrorRepository.Upserted;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.MatchRows;
import dev.brain.error.report.repository.SolutionRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ChainLink;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.MatchSource;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * {@code ReportError} (error-code.md §5.8, docs/errors.md "A recurrence"). The request is checked and the output
 * analyzed; a fingerprint the project already holds is a recurrence and takes {@link RecurrenceReport}'s one round
 * trip. Otherwise, in one transaction and the spec's order: the error upserted on (project, fingerprint) with its
 * occurrence, matching, what the answer shows, the chain, prevention, notifications and outbox events — all commit
 * together or not at all.
 */
@ApplicationScoped
public class ErrorReporting {

    static final int MAX_FRAMES = 50;
    static final int MAX_CONTEXT_BYTES = 8 * 1024;
    static final int MAX_PATH = 4096;
    static final int MAX_MATCHES = 50;
    static final int MAX_MESSAGE = 4000;
    static final int MAX_STACK_TEXT = 64 * 1024;
    static final int MAX_ATTEMPTS = 5;

    private final ErrorRepository repository;
    private final Scopes scopes;
    private final RecurrenceReport recurrences;
    private final Matcher matcher;
    private final MatchRows matchRows;
    private final Chains chains;
    private final Prevention prevention;
    private final Notifications notifications;
    private final Outbox outbox;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final ErrorConfig config;

    public ErrorReporting(ErrorRepository repository, Scopes scopes, RecurrenceReport recurrences, Matcher matcher,
            MatchRows matchRows, Chains chains, Prevention prevention, Notifications notifications, Outbox outbox,
            ErrorRows errors, SolutionRows solutions, ErrorConfig config) {
        this.repository = repository;
        this.scopes = scopes;
        this.recurrences = recurrences;
        this.matcher = matcher;
        this.matchRows = matchRows;
        this.chains = chains;
        this.prevention = prevention;
        this.notifications = notifications;
        this.outbox = outbox;
        this.errors = errors;
        this.solutions = solutions;
        this.config = config;
    }

    /** The request's fields checked, cleaned and redacted, and the analyzed output with its first frames. */
    record Input(AnalyzedError analyzed, List<Frame> frames, String stackText, String command,
            String taskContext, String workingDirectory, int maxMatches, boolean projectOnly) {
    }

    /** The matching's result, the matches stored (best first) and the ones the answer returns. */
    private record Matches(Matcher.Result result, List<Matcher.Scored> stored, List<Matcher.Scored> returned) {
    }

    /**
     * What the answer shows of the error and its returned matches: their records, best 3 solutions and failed
     * attempts by error id, and the error's own record and solutions.
     */
    private record Shown(ErrorRecord error, Map<Long, ErrorRecord> records, Map<Long, List<SolutionForError>> solutions,
            Map<Long, List<SolutionAttempt>> attempts, List<SolutionForError> own) {
    }

    public ReportErrorResponse report(ReportErrorRequest request) {
        return report(request, null);
    }

    /**
     * {@code ReportError}; {@code sameCommandBefore}, when not null, is the occurrence of the session's previous
     * failure of the same command (the session trail's), which this one follows in the error chain when it is
     * another error. Outside a transaction a recurrence is one round trip (its statements commit together); inside
     * the caller's, it joins it.
     */
    public ReportErrorResponse report(ReportErrorRequest request, Long sameCommandBefore) {
        Input input = checked(request);
        CallScope named = scopes.checkedForWrite(request.getScope());
        return recurrences.report(named, input, sameCommandBefore).orElseGet(() -> QuarkusTransaction
                .joiningExisting().call(() -> reportInFull(request, input, sameCommandBefore)));
    }

    /** A fingerprint new to the project (or one that arrived between the recurrence's look and this): §5.8 whole. */
    private ReportErrorResponse reportInFull(ReportErrorRequest request, Input input, Long sameCommandBefore) {
        CallScope scope = scopes.forWrite(request.getScope());
        commitWithoutWaitingForTheFlush();
        Upserted stored = store(scope, input);
        Matches matches = match(scope, input, stored);
        Shown shown = readWhatTheAnswerShows(scope, stored, matches);
        Optional<ChainLink> link = linkChain(scope, stored, sameCommandBefore);
        List<PreventionWarning> warnings = checkPrevention(scope, input);
        notifySessions(scope, input, stored, matches, shown);
        emitSynapseEvents(scope, stored, matches, shown, link);
        return answer(scope, input, stored, matches, shown, link, warnings);
    }

    /**
     * 1. The request (§5.1–§5.5, limits §15): command and task context at most 8 KiB each, working directory at
     * most 4,096 characters, each cleaned and redacted; {@code max_matches} 0–50 (0 = {@code matching.max-matches});
     * the raw output normalized, redacted, parsed, templated, fingerprinted and labelled, its first 50 frames kept.
     */
    private Input checked(ReportErrorRequest request) {
        String command = cleaned(request.getCommand(), "command");
        String taskContext = cleaned(request.getTaskContext(), "task_context");
        if (request.getWorkingDirectory().length() > MAX_PATH) {
            throw invalid("working_directory: at most " + MAX_PATH + " characters");
        }
        String workingDirectory = Redactor.redact(emptyToNull(InputNormalizer.clean(request.getWorkingDirectory())));
        if (request.getMaxMatches() < 0 || request.getMaxMatches() > MAX_MATCHES) {
            throw invalid("max_matches: 0-" + MAX_MATCHES);
        }
        int maxMatches = request.getMaxMatches() == 0 ? config.matching().maxMatches() : request.getMaxMatches();
        AnalyzedError analyzed;
        try {
            analyzed = AnalyzedError.of(request.getRawOutput());
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        List<Frame> frames = analyzed.parsed().frames();
        if (frames.size() > MAX_FRAMES) {
            frames = frames.subList(0, MAX_FRAMES);
        }
        return new Input(analyzed, frames, stackText(frames), command, taskContext, workingDirectory, maxMatches,
                request.getProjectOnly());
    }

    /**
     * 2. (After the scope: tenant checked, project created when missing, session heartbeated.) The commit does not
     * wait for the WAL flush (~1–10 ms on this path): a crash of the machine can lose the reports of the last
     * ~0.6 s, whole (error, occurrence and outbox events together), never a part of one.
     */
    private void commitWithoutWaitingForTheFlush() {
        repository.commitWithoutWaitingForTheFlush();
    }

    /**
     * 3. §5.8: the error upserted on (project, fingerprint) and its occurrence inserted, in one statement (a
     * statement fewer per report). A resolved error that occurs again is reopened, unless a person said it is not
     * an error; {@code was} reads the row as it was before the statement. A recurring error without a task context
     * takes the report's; a new error's frames are stored.
     */
    private Upserted store(CallScope scope, Input input) {
        AnalyzedError analyzed = input.analyzed();
        ParsedError parsed = analyzed.parsed();
        Upserted stored = repository.upsert(new NewOccurrence(scope.tenant(), scope.projectId(), scope.sessionId(),
                scope.now(), analyzed, cut(parsed.type(), 200), cut(parsed.message(), MAX_MESSAGE), input.stackText(),
                input.command(), input.workingDirectory(), input.taskContext(), Fingerprints.sha256(analyzed.rawOutput())));
        if (!stored.inserted() && input.taskContext() != null) {
            // §5.8 fills a missing task context. Not in the upsert's SET: naming the column there recomputes the
            // generated search vector (task_context is one of its parts) on every recurrence
            repository.fillTaskContext(stored.errorId(), input.taskContext());
        }
        if (stored.inserted() && !input.frames().isEmpty()) {
            repository.insertFrames(stored.errorId(), input.frames(), parsed.parser());
        }
        return stored;
    }

    /**
     * 4. §5.7 matching, excluding the error itself (and, with {@code project_only}, other projects): the matches at
     * or above {@code matching.threshold} that no person marked not an error are stored (source {@code report});
     * the best {@code max_matches} are returned. List 5 (nearest by vector) only for a recurring error: a new one
     * has no embedding yet (the worker fills it, §12.3).
     */
    private Matches match(CallScope scope, Input input, Upserted stored) {
        ParsedError parsed = input.analyzed().parsed();
        long errorId = stored.errorId();
        List<String> keys = Fingerprints.selectedKeys(input.frames(), parsed.parser(), 10);
        Matcher.Probe probe = new Matcher.Probe(scope.tenant(), input.projectOnly() ? scope.projectId() : null,
                errorId, input.analyzed().fingerprint(), cut(parsed.type(), 200), input.analyzed().template(),
                parsed.sourceFile(), input.workingDirectory(), keys);
        List<Long> nearest = stored.embedded() ? matcher.nearest(scope.tenant(), errorId, probe.projectOnly(),
                config.embedding().lateMatchNeighbours()) : List.of();
        Matcher.Result result = matcher.match(probe, nearest);
        List<Matcher.Scored> matches = matchRows.withoutNotAnError(scope.tenant(),
                result.matches(config.matching().threshold()));
        matchRows.store(scope.tenant(), errorId, matches, scope.now());
        return new Matches(result, matches, matches.subList(0, Math.min(input.maxMatches(), matches.size())));
    }

    /**
     * 5. What the answer shows of the error and each returned match (gateway.md §1): its record, its best 3
     * solutions, each with its steps and diff, and its last {@value #MAX_ATTEMPTS} failed attempts.
     */
    private Shown readWhatTheAnswerShows(CallScope scope, Upserted stored, Matches matches) {
        long errorId = stored.errorId();
        Long[] ids = new Long[matches.returned().size() + 1];
        ids[0] = errorId;
        for (int i = 0; i < matches.returned().size(); i++) {
            ids[i + 1] = matches.returned().get(i).errorId();
        }
        Map<Long, List<SolutionForError>> solutionsById = solutions.forErrors(scope.tenant(), ids, 3);
        Map<Long, List<SolutionAttempt>> attemptsById = solutions.attempts(scope.tenant(), ids, MAX_ATTEMPTS);
        Map<Long, ErrorRecord> records = new HashMap<>();
        errors.byIds(scope.tenant(), ids).forEach(r -> records.put(r.getId(), r));
        return new Shown(records.get(errorId), records, solutionsById, attemptsById,
                solutionsById.getOrDefault(errorId, List.of()));
    }

    /**
     * 6. §5.10: the occurrence follows the session's previous one of another error within {@code chain.window}, or
     * the same command's previous failure when it was another error.
     */
    private Optional<ChainLink> linkChain(CallScope scope, Upserted stored, Long sameCommandBefore) {
        return chains.link(scope.tenant(), scope.projectId(), scope.sessionId(), stored.errorId(),
                stored.occurrenceId(), scope.now(), sameCommandBefore);
    }

    /** 7. §7: the rules and antipatterns the output triggers (counted; the session is not notified). */
    private List<PreventionWarning> checkPrevention(CallScope scope, Input input) {
        return prevention.check(scope, new Prevention.Check(input.analyzed(), null, null, null, false));
    }

    /**
     * 8. §11: {@code solution_available} to the reporting session when the first returned match with a solution
     * (confidence &gt; 0) or else the error itself has one; {@code error_reopened} to the project; and
     * {@code error_recurring} to the tenant when the fingerprint was seen in another project of the tenant within
     * 24 h (asked by the upsert's RETURNING, which saves a statement per report). An error a person marked not an
     * error brings neither {@code solution_available} nor {@code error_recurring}.
     */
    private void notifySessions(CallScope scope, Input input, Upserted stored, Matches matches, Shown shown) {
        long errorId = stored.errorId();
        ErrorRecord error = shown.error();
        OffsetDateTime now = scope.now();
        if (scope.sessionId() != null && !error.getNotAnError()) {
            long withSolution = 0;
            String title = null;
            for (Matcher.Scored m : matches.returned()) {
                List<SolutionForError> s = shown.solutions().getOrDefault(m.errorId(), List.of());
                if (!s.isEmpty() && s.get(0).getLink().getConfidence() > 0) {
                    withSolution = m.errorId();
                    title = s.get(0).getSolution().getTitle();
                    break;
                }
            }
            List<SolutionForError> own = shown.own();
            if (withSolution == 0 && !own.isEmpty() && own.get(0).getLink().getConfidence() > 0) {
                withSolution = errorId;
                title = own.get(0).getSolution().getTitle();
            }
            if (withSolution != 0) {
                notifications.send(scope.tenant(), new Notifications.Draft("solution_available", scope.projectId(),
                        scope.sessionId(), "error", withSolution, "A known solution exists for error #" + errorId
                                + ": " + title,
                        "solution_available:" + errorId + ":" + scope.sessionId()), now);
            }
        }
        if (stored.reopened()) {
            notifications.send(scope.tenant(), new Notifications.Draft("error_reopened", scope.projectId(), null,
                    "error", errorId, "Error #" + errorId + " was resolved and occurred again: " + error.getErrorType()
                            + ": " + error.getMessageTemplate(),
                    "error_reopened:" + errorId), now);
        }
        if (stored.elsewhereToday() && !error.getNotAnError()) {
            notifications.send(scope.tenant(), new Notifications.Draft("error_recurring", null, null, "error", errorId,
                    "Error recurring across projects: " + error.getErrorType() + ": " + error.getMessageTemplate(),
                    "error_recurring:" + input.analyzed().fingerprint() + ":" + now.toLocalDate()), now);
        }
    }

    /**
     * 9. §12.1: the synapse events of the report, written together to the outbox — the error co-occurs with its
     * project, is similar to its best match, and is caused by the previous error of its chain.
     */
    private void emitSynapseEvents(CallScope scope, Upserted stored, Matches matches, Shown shown,
            Optional<ChainLink> link) {
        ErrorRecord error = shown.error();
        Node errorNode = Node.error(stored.errorId(), error.getErrorType(), error.getMessageTemplate());
        List<Outbox.Strengthen> events = new ArrayList<>();
        events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "co_occurs", errorNode,
                Node.project(scope.projectId(), scope.project()), null));
        if (!matches.stored().isEmpty()) {
            Matcher.Scored bestMatch = matches.stored().get(0);
            ErrorRecord best = shown.records().get(bestMatch.errorId());
            if (best == null) {
                best = errors.find(scope.tenant(), bestMatch.errorId()).orElseThrow();
            }
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "similar_to", errorNode,
                    Node.error(best.getId(), best.getErrorType(), best.getMessageTemplate()),
                    Map.of("score", bestMatch.score())));
        }
        link.ifPresent(l -> {
            ErrorRecord previous = errors.find(scope.tenant(), l.getPreviousErrorId()).orElseThrow();
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "causes",
                    Node.error(previous.getId(), previous.getErrorType(), previous.getMessageTemplate()), errorNode,
                    Map.of("time_delta_ms", l.getTimeDeltaMs())));
        });
        outbox.strengthen(events, scope.now());
    }

    /**
     * 10. The answer (§5.8): the error, whether it is new or reopened, its solutions, attempts and frames, the
     * warnings, the returned matches with theirs, the chain link and the search's footprint.
     */
    private ReportErrorResponse answer(CallScope scope, Input input, Upserted stored, Matches matches, Shown shown,
            Optional<ChainLink> link, List<PreventionWarning> warnings) {
        long errorId = stored.errorId();
        ReportErrorResponse.Builder response = ReportErrorResponse.newBuilder()
                .setError(shown.error()).setIsNew(stored.inserted()).setTruncatedBytes(input.analyzed().truncatedBytes())
                .addAllSolutions(shown.own()).addAllWarnings(warnings).addAllFrames(errors.frames(errorId))
                .setDiagnostics(input.analyzed().parsed().diagnostics()).setReopened(stored.reopened())
                .setOccurrenceId(stored.occurrenceId())
                .addAllAttempts(shown.attempts().getOrDefault(errorId, List.of()));
        for (Matcher.Scored m : matches.returned()) {
            response.addMatches(ErrorMatch.newBuilder().setError(shown.records().get(m.errorId())).setScore(m.score())
                    .setStrong(m.strong()).putAllSignals(m.signals())
                    .addAllSolutions(shown.solutions().getOrDefault(m.errorId(), List.of()))
                    .addAllAttempts(shown.attempts().getOrDefault(m.errorId(), List.of()))
                    .setSource(MatchSource.MATCH_SOURCE_REPORT));
        }
        link.ifPresent(response::setChainLink);
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(matcher.storeSize(scope.tenant()))
                .setCandidatesConsidered(matches.result().candidatesConsidered())
                .setThreshold(config.matching().threshold())
                .setScope(input.projectOnly() ? "project " + scope.project() : "tenant");
        if (matches.result().nearest() != null) {
            footprint.setNearestScore(matches.result().nearest());
        }
        return response.setFootprint(footprint).build();
    }

    static String stackText(List<Frame> frames) {
        StringBuilder sb = new StringBuilder();
        for (Frame f : frames) {
            sb.append(f.function() == null ? "" : f.function()).append(' ')
                    .append(f.file() == null ? "" : f.file()).append('\n');
            if (sb.length() > MAX_STACK_TEXT) {
                return sb.substring(0, MAX_STACK_TEXT);
            }
        }
        return sb.isEmpty() ? null : sb.toString();
    }

    /** Cleaned, redacted, length-checked text field; null when empty. */
    static String cleaned(String value, String field) {
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_CONTEXT_BYTES) {
            throw invalid(field + ": at most 8 KiB");
        }
        return Redactor.redact(emptyToNull(InputNormalizer.clean(value)));
    }

    private static String emptyToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

}
