package dev.brain.error.report;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.error.config.ErrorConfig;
import dev.brain.db.Jdbc;
import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.Redactor;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.prevention.Prevention;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.SolutionRows;
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
import io.grpc.Status;

/**
 * {@code ReportError} in one transaction (error-code.md §5.8): intake, upsert on (project, fingerprint),
 * occurrence, matching, chain, prevention, notifications and outbox events commit together or not at all.
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

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final Matcher matcher;
    private final Chains chains;
    private final Prevention prevention;
    private final Notifications notifications;
    private final Outbox outbox;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final ErrorConfig config;
    private final ObjectMapper json;

    public ErrorReporting(Jdbc jdbc, Scopes scopes, Matcher matcher, Chains chains, Prevention prevention,
            Notifications notifications, Outbox outbox, ErrorRows errors, SolutionRows solutions, ErrorConfig config,
            ObjectMapper json) {
        this.jdbc = jdbc;
        this.scopes = scopes;
        this.matcher = matcher;
        this.chains = chains;
        this.prevention = prevention;
        this.notifications = notifications;
        this.outbox = outbox;
        this.errors = errors;
        this.solutions = solutions;
        this.config = config;
        this.json = json;
    }

    @Transactional
    public ReportErrorResponse report(ReportErrorRequest request) {
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
        CallScope scope = scopes.forWrite(request.getScope());
        OffsetDateTime now = scope.now();
        // the commit does not wait for the WAL flush (~1–10 ms on this path): a crash of the machine can lose the
        // reports of the last ~0.6 s, whole (error, occurrence and outbox events together), never a part of one
        jdbc.update("set local synchronous_commit = off");
        var parsed = analyzed.parsed();
        List<Frame> frames = parsed.frames().size() > MAX_FRAMES ? parsed.frames().subList(0, MAX_FRAMES) : parsed.frames();
        String stackText = stackText(frames);

        // the error and its occurrence in one statement (a statement fewer per report)
        // a resolved error that occurs again is reopened (unless a person said it is not an error); `was` reads the
        // row as it was before this statement
        record Upserted(long id, boolean inserted, boolean embedded, boolean elsewhereToday, long occurrenceId,
                boolean reopened) {
        }
        Upserted upserted = jdbc.one("""
                with was as (
                  select resolved and not not_an_error as reopens from error
                  where tenant = ? and project_id = ? and fingerprint = ?),
                e as (
                  insert into error as e (tenant, project_id, fingerprint, error_type, message, message_template,
                                          language, parser, source_file, source_line, stack_text, raw_output,
                                          raw_truncated_bytes, command, working_directory, task_context, labels,
                                          first_session_id, first_seen_at, last_seen_at)
                  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                  on conflict (project_id, fingerprint) do update set
                      occurrence_count = e.occurrence_count + 1,
                      last_seen_at = greatest(e.last_seen_at, excluded.last_seen_at),
                      resolved = e.resolved and e.not_an_error,
                      resolved_at = case when e.not_an_error then e.resolved_at end
                  returning id, tenant, project_id, (xmax = 0) as inserted, embedded_at is not null as embedded,
                      exists (select 1 from error o where o.tenant = e.tenant and o.fingerprint = e.fingerprint
                                and o.project_id <> e.project_id and o.last_seen_at >= ?) as elsewhere_today),
                occurrence as (
                  insert into error_occurrence (tenant, project_id, error_id, session_id, occurred_at, command,
                                                working_directory, raw_output_sha256)
                  select e.tenant, e.project_id, e.id, ?, ?, ?, ?, ? from e returning id)
                select e.id, e.inserted, e.embedded, e.elsewhere_today, occurrence.id,
                       not e.inserted and coalesce((select reopens from was), false)
                from e, occurrence""",
                rs -> new Upserted(rs.getLong(1), rs.getBoolean(2), rs.getBoolean(3), rs.getBoolean(4), rs.getLong(5),
                        rs.getBoolean(6)),
                scope.tenant(), scope.projectId(), analyzed.fingerprint(), scope.tenant(), scope.projectId(), analyzed.fingerprint(), cut(parsed.type(), 200),
                cut(parsed.message(), MAX_MESSAGE), analyzed.template(), parsed.language(), parsed.parser(),
                parsed.sourceFile(), parsed.sourceLine(), stackText, analyzed.rawOutput(),
                (int) analyzed.truncatedBytes(), command, workingDirectory, taskContext,
                analyzed.labels().toArray(String[]::new), scope.sessionId(), now, now, now.minusHours(24),
                scope.sessionId(), now, command, workingDirectory, Fingerprints.sha256(analyzed.rawOutput())).orElseThrow();
        long errorId = upserted.id();
        long occurrenceId = upserted.occurrenceId();
        if (!upserted.inserted() && taskContext != null) {
            // §5.8 fills a missing task context. Not in the upsert's SET: naming the column there recomputes the
            // generated search vector (task_context is one of its parts) on every recurrence
            jdbc.update("update error set task_context = ? where id = ? and task_context is null", taskContext,
                    errorId);
        }
        if (upserted.inserted() && !frames.isEmpty()) {
            insertFrames(errorId, frames, parsed.parser());
        }

        // §5.7 matching, excluding the error itself
        List<String> keys = Fingerprints.selectedKeys(frames, parsed.parser(), 10);
        Matcher.Probe probe = new Matcher.Probe(scope.tenant(),
                request.getProjectOnly() ? scope.projectId() : null, errorId, analyzed.fingerprint(), cut(parsed.type(), 200),
                analyzed.template(), parsed.sourceFile(), workingDirectory, keys);
        // list 5 of §5.7 only for a recurring error: a new one has no embedding yet (the worker fills it)
        List<Long> nearest = upserted.embedded() ? matcher.nearest(scope.tenant(), errorId, probe.projectOnly(),
                config.embedding().lateMatchNeighbours()) : List.of();
        Matcher.Result result = matcher.match(probe, nearest);
        List<Matcher.Scored> matches = withoutNotAnError(scope.tenant(), result.matches(config.matching().threshold()));
        if (!matches.isEmpty()) {
            jdbc.update("""
                    insert into error_match (error_id, matched_error_id, tenant, score, strong, signals, source, created_at)
                    select ?, m, ?, sc, st, sig::jsonb, 'report', ?
                    from unnest(?::bigint[], ?::float8[], ?::boolean[], ?::text[]) as t(m, sc, st, sig)
                    on conflict (error_id, matched_error_id) do update set score = excluded.score,
                        strong = excluded.strong, signals = excluded.signals""", errorId, scope.tenant(), now,
                    matches.stream().map(Matcher.Scored::errorId).toArray(Long[]::new),
                    matches.stream().map(Matcher.Scored::score).toArray(Double[]::new),
                    matches.stream().map(Matcher.Scored::strong).toArray(Boolean[]::new),
                    matches.stream().map(m -> toJson(m.signals())).toArray(String[]::new));
        }
        List<Matcher.Scored> returned = matches.subList(0, Math.min(maxMatches, matches.size()));
        Long[] ids = new Long[returned.size() + 1];
        ids[0] = errorId;
        for (int i = 0; i < returned.size(); i++) {
            ids[i + 1] = returned.get(i).errorId();
        }
        // the best 3 solutions of the error and of each match (gateway.md §1): each carries its steps and diff
        Map<Long, List<SolutionForError>> solutionsById = solutions.forErrors(scope.tenant(), ids, 3);
        Map<Long, List<SolutionAttempt>> attemptsById = solutions.attempts(scope.tenant(), ids, MAX_ATTEMPTS);
        Map<Long, ErrorRecord> matched = new java.util.HashMap<>();
        errors.byIds(scope.tenant(), ids).forEach(r -> matched.put(r.getId(), r));
        ErrorRecord error = matched.get(errorId);

        Optional<ChainLink> link = chains.link(scope.tenant(), scope.projectId(), scope.sessionId(), errorId,
                occurrenceId, now);
        List<PreventionWarning> warnings = prevention.check(scope,
                new Prevention.Check(analyzed, null, null, null, false));

        // notifications
        List<SolutionForError> own = solutionsById.getOrDefault(errorId, List.of());
        if (scope.sessionId() != null && !error.getNotAnError()) {
            long withSolution = 0;
            String title = null;
            for (Matcher.Scored m : returned) {
                List<SolutionForError> s = solutionsById.getOrDefault(m.errorId(), List.of());
                if (!s.isEmpty() && s.get(0).getLink().getConfidence() > 0) {
                    withSolution = m.errorId();
                    title = s.get(0).getSolution().getTitle();
                    break;
                }
            }
            if (withSolution == 0 && !own.isEmpty() && own.get(0).getLink().getConfidence() > 0) {
                withSolution = errorId;
                title = own.get(0).getSolution().getTitle();
            }
            if (withSolution != 0) {
                notifications.send(scope.tenant(), new Notifications.Draft("solution_available", scope.projectId(),
                        scope.sessionId(), "error", withSolution, "A known solution exists for error #" + errorId
                        + ": " + title, "solution_available:" + errorId + ":" + scope.sessionId()), now);
            }
        }
        if (upserted.reopened()) {
            notifications.send(scope.tenant(), new Notifications.Draft("error_reopened", scope.projectId(), null,
                    "error", errorId, "Error #" + errorId + " was resolved and occurred again: " + error.getErrorType()
                    + ": " + error.getMessageTemplate(), "error_reopened:" + errorId), now);
        }
        // error_recurring: the same fingerprint was seen in another project of the tenant within 24 h (asked by
        // the upsert's RETURNING, which saves a statement per report)
        if (upserted.elsewhereToday() && !error.getNotAnError()) {
            notifications.send(scope.tenant(), new Notifications.Draft("error_recurring", null, null, "error", errorId,
                    "Error recurring across projects: " + error.getErrorType() + ": " + error.getMessageTemplate(),
                    "error_recurring:" + analyzed.fingerprint() + ":" + now.toLocalDate()), now);
        }

        // synapse events, written together
        Node errorNode = Node.error(errorId, error.getErrorType(), error.getMessageTemplate());
        List<Outbox.Strengthen> events = new ArrayList<>();
        events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "co_occurs", errorNode,
                Node.project(scope.projectId(), scope.project()), null));
        if (!matches.isEmpty()) {
            ErrorRecord best = matched.get(matches.get(0).errorId());
            if (best == null) {
                best = errors.find(scope.tenant(), matches.get(0).errorId()).orElseThrow();
            }
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "similar_to", errorNode,
                    Node.error(best.getId(), best.getErrorType(), best.getMessageTemplate()),
                    Map.of("score", matches.get(0).score())));
        }
        link.ifPresent(l -> {
            ErrorRecord previous = errors.find(scope.tenant(), l.getPreviousErrorId()).orElseThrow();
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "causes",
                    Node.error(previous.getId(), previous.getErrorType(), previous.getMessageTemplate()), errorNode,
                    Map.of("time_delta_ms", l.getTimeDeltaMs())));
        });
        outbox.strengthen(events, now);

        ReportErrorResponse.Builder response = ReportErrorResponse.newBuilder()
                .setError(error).setIsNew(upserted.inserted()).setTruncatedBytes(analyzed.truncatedBytes())
                .addAllSolutions(own).addAllWarnings(warnings).addAllFrames(errors.frames(errorId))
                .setDiagnostics(parsed.diagnostics()).setReopened(upserted.reopened())
                .addAllAttempts(attemptsById.getOrDefault(errorId, List.of()));
        for (Matcher.Scored m : returned) {
            response.addMatches(ErrorMatch.newBuilder().setError(matched.get(m.errorId())).setScore(m.score())
                    .setStrong(m.strong()).putAllSignals(m.signals())
                    .addAllSolutions(solutionsById.getOrDefault(m.errorId(), List.of()))
                    .addAllAttempts(attemptsById.getOrDefault(m.errorId(), List.of()))
                    .setSource(MatchSource.MATCH_SOURCE_REPORT));
        }
        link.ifPresent(response::setChainLink);
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(matcher.storeSize(scope.tenant(), now.toInstant()))
                .setCandidatesConsidered(result.candidatesConsidered())
                .setThreshold(config.matching().threshold())
                .setScope(request.getProjectOnly() ? "project " + scope.project() : "tenant");
        if (result.nearest() != null) {
            footprint.setNearestScore(result.nearest());
        }
        return response.setFootprint(footprint).build();
    }

    /** Matches without the errors a person marked not an error (a statement only when something matched). */
    private List<Matcher.Scored> withoutNotAnError(String tenant, List<Matcher.Scored> matches) {
        if (matches.isEmpty()) {
            return matches;
        }
        List<Long> excluded = jdbc.list("select id from error where tenant = ? and id = any(?) and not_an_error",
                rs -> rs.getLong(1), tenant, matches.stream().map(Matcher.Scored::errorId).toArray(Long[]::new));
        return excluded.isEmpty() ? matches : matches.stream().filter(m -> !excluded.contains(m.errorId())).toList();
    }

    private void insertFrames(long errorId, List<Frame> frames, String parser) {
        int n = frames.size();
        Long[] positions = new Long[n];
        String[] functions = new String[n];
        String[] files = new String[n];
        String[] lines = new String[n];
        String[] columns = new String[n];
        String[] contexts = new String[n];
        String[] inApp = new String[n];
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            Frame f = frames.get(i);
            positions[i] = (long) i;
            functions[i] = f.function();
            files[i] = f.file();
            lines[i] = f.line() == null ? null : f.line().toString();
            columns[i] = f.column() == null ? null : f.column().toString();
            contexts[i] = f.contextLine();
            inApp[i] = Boolean.toString(f.inApp());
            keys[i] = Fingerprints.frameKey(f, parser);
        }
        jdbc.update("""
                insert into stack_frame (error_id, position, function_name, file_path, line_number, column_number,
                                         context_line, in_app, normalized)
                select ?, p, fn, fp, ln::integer, col::integer, ctx, ia::boolean, k
                from unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                     as t(p, fn, fp, ln, col, ctx, ia, k)""", errorId, positions, functions, files, lines, columns,
                contexts, inApp, keys);
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

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private String toJson(Map<String, Double> signals) {
        try {
            return json.writeValueAsString(signals);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }


    static RuntimeException invalid(String description) {
        return Status.INVALID_ARGUMENT.withDescription(description).asRuntimeException();
    }
}
