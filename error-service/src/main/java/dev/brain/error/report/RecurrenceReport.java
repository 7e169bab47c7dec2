package dev.brain.error.report;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.prevention.Prevention;
import dev.brain.error.session.CallScope;
import dev.brain.grpc.v1.ChainLink;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.MatchSource;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.StackFrame;

/**
 * A recurrence (docs/errors.md "A recurrence"): a report whose fingerprint the project already holds, in one round
 * trip to PostgreSQL. Function {@code report_recurrence} (V13) writes it — the session heartbeated, the occurrence
 * counted and inserted, a resolved error reopened, the chain linked, notifications and synapse events written —
 * and the statements sent with it read what the answer shows: the error and its stored matches (either direction,
 * best first), their best 3 solutions and last 5 failed attempts, the frames, and the prevention candidates of the
 * output. Matching does not run on this path: the stored matches are re-computed in the background
 * ({@link Rematching}) when an error came to the tenant after they were. Triggered rules and antipatterns are
 * counted by a second statement, only when one triggers.
 */
@ApplicationScoped
public class RecurrenceReport {

    private static final TypeReference<Map<String, Double>> SIGNALS = new TypeReference<>() {
    };

    /**
     * The error and the matches the answer returns, rank 0 = the error (tenant, project, fingerprint, project only, threshold,
     * max).
     */
    private static final String SHOWN = """
            with x as (select * from recurring_error(?, ?, ?)),
            shown as (
              select x.id as error_id, 0 as rank, null::float8 as score, null::boolean as strong, null::text as signals,
                     null::text as source from x
              union all
              select m.matched_error_id, m.rank, m.score, m.strong, m.signals::text, m.source
              from x, recurrence_matches(x.id, x.project_id, ?, ?, ?) m)
            """;
    private static final String PROJECT_ID = "(select id from project where tenant = ? and name = ?)";
    private static final String STATEMENTS = String.join(";\n",
            "select * from report_recurrence(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            SHOWN + "select shown.rank, shown.score as match_score, shown.strong as match_strong,"
                    + " shown.signals as match_signals, shown.source as match_source, " + ErrorRows.COLUMNS
                    + ErrorRows.FROM + "join shown on shown.error_id = e.id order by shown.rank",
            SHOWN + SolutionRows.FOR_ERRORS.formatted("es.error_id in (select error_id from shown)"),
            SHOWN + SolutionRows.ATTEMPTS.formatted("a.error_id in (select error_id from shown)"),
            ErrorRows.FRAMES.formatted("(select id from recurring_error(?, ?, ?))"),
            Prevention.outputRules(PROJECT_ID),
            Prevention.outputAntipatterns(PROJECT_ID));

    private final Jdbc jdbc;
    private final Prevention prevention;
    private final Matcher matcher;
    private final ErrorConfig config;
    private final ObjectMapper json;

    public RecurrenceReport(Jdbc jdbc, Prevention prevention, Matcher matcher, ErrorConfig config, ObjectMapper json) {
        this.jdbc = jdbc;
        this.prevention = prevention;
        this.matcher = matcher;
        this.config = config;
        this.json = json;
    }

    /** What {@code report_recurrence} wrote. */
    private record Written(long errorId, long projectId, Long sessionId, long occurrenceId, boolean reopened,
            ChainLink link) {
    }

    /** A row of the error or of a returned match (rank ≥ 1) with its stored score, strength, signals and source. */
    private record Shown(int rank, ErrorRecord record, double score, boolean strong, String signals, String source) {
    }

    /** Everything the round trip returned. */
    private record Read(Optional<Written> written, List<Shown> shown, Map<Long, List<SolutionForError>> solutions,
            Map<Long, List<SolutionAttempt>> attempts, List<StackFrame> frames, List<Rule> rules,
            List<Prevention.Candidate> antipatterns) {
    }

    /**
     * The recurrence written and answered, or empty when the project does not hold the fingerprint (nothing was
     * written; the caller reports the error in full). {@code scope} is checked but not resolved.
     */
    Optional<ReportErrorResponse> report(CallScope scope, ErrorReporting.Input input, Long sameCommandBefore) {
        Read read = jdbc.together(STATEMENTS, s -> Jdbc.bind(s, parameters(scope, input, sameCommandBefore)),
                results -> {
                    Optional<Written> written = results.next(RecurrenceReport::written).stream().findFirst();
                    List<Shown> shown = results.next(RecurrenceReport::shown);
                    Map<Long, List<SolutionForError>> solutions = new HashMap<>();
                    results.next(SolutionRows.collectSolutions(solutions, 3));
                    Map<Long, List<SolutionAttempt>> attempts = new HashMap<>();
                    results.next(SolutionRows.collectAttempts(attempts, ErrorReporting.MAX_ATTEMPTS));
                    List<StackFrame> frames = results.next(ErrorRows::frame);
                    List<Rule> rules = results.next(Prevention::rule);
                    List<Prevention.Candidate> antipatterns = results.next(Prevention.Candidate::map);
                    return new Read(written, shown, solutions, attempts, frames, rules, antipatterns);
                });
        return read.written().map(w -> answer(scope, input, w, read));
    }

    /** The statements' parameters in order: the write's, then each read's. */
    private Object[] parameters(CallScope scope, ErrorReporting.Input input, Long sameCommandBefore) {
        String tenant = scope.tenant();
        String project = scope.project();
        String fingerprint = input.analyzed().fingerprint();
        String type = ErrorReporting.cut(input.analyzed().parsed().type(), 200);
        List<Object> shown = Arrays.asList(tenant, project, fingerprint, input.projectOnly(),
                config.matching().threshold(), input.maxMatches());
        List<Object> all = new ArrayList<>(Arrays.asList(tenant, project, fingerprint, scope.sessionKey(),
                scope.now(), input.command(), input.workingDirectory(),
                Fingerprints.sha256(input.analyzed().rawOutput()), input.taskContext(), sameCommandBefore,
                config.chain().window().toMillis(), input.projectOnly(), config.matching().threshold(),
                input.maxMatches()));
        all.addAll(shown);
        all.addAll(shown);
        all.add(tenant);
        all.addAll(shown);
        all.add(tenant);
        all.addAll(List.of(tenant, project, fingerprint));
        all.addAll(List.of(tenant, tenant, project, type));
        all.addAll(List.of(input.analyzed().template(), tenant, tenant, project, fingerprint, type));
        return all.toArray();
    }

    private static Written written(ResultSet rs) throws SQLException {
        ChainLink link = null;
        if (rs.getObject("chain_id") != null) {
            link = ChainLink.newBuilder().setChainId(rs.getLong("chain_id")).setPosition(rs.getInt("chain_position"))
                    .setPreviousErrorId(rs.getLong("previous_error_id")).setTimeDeltaMs(rs.getLong("time_delta_ms"))
                    .setNewChain(rs.getBoolean("new_chain")).build();
        }
        return new Written(rs.getLong("error_id"), rs.getLong("project_id"), Jdbc.longOrNull(rs, "session_id"),
                rs.getLong("occurrence_id"), rs.getBoolean("reopened"), link);
    }

    private static Shown shown(ResultSet rs) throws SQLException {
        return new Shown(rs.getInt("rank"), ErrorRows.map(rs), rs.getDouble("match_score"),
                rs.getBoolean("match_strong"), rs.getString("match_signals"), rs.getString("match_source"));
    }

    /** The answer as the full path composes it (ErrorReporting step 10), with the stored matches. */
    private ReportErrorResponse answer(CallScope named, ErrorReporting.Input input, Written w, Read read) {
        CallScope scope = new CallScope(named.tenant(), named.project(), w.projectId(), named.sessionKey(),
                w.sessionId(), named.now());
        List<PreventionWarning> warnings = prevention.check(scope,
                new Prevention.Check(input.analyzed(), null, null, null, false), read.rules(), read.antipatterns());
        long errorId = w.errorId();
        ReportErrorResponse.Builder response = ReportErrorResponse.newBuilder()
                .setError(read.shown().get(0).record()).setIsNew(false)
                .setTruncatedBytes(input.analyzed().truncatedBytes())
                .addAllSolutions(read.solutions().getOrDefault(errorId, List.of())).addAllWarnings(warnings)
                .addAllFrames(read.frames()).setDiagnostics(input.analyzed().parsed().diagnostics())
                .setReopened(w.reopened()).setOccurrenceId(w.occurrenceId())
                .addAllAttempts(read.attempts().getOrDefault(errorId, List.of()));
        List<Shown> matches = read.shown().subList(1, read.shown().size());
        for (Shown m : matches) {
            long id = m.record().getId();
            response.addMatches(ErrorMatch.newBuilder().setError(m.record()).setScore(m.score()).setStrong(m.strong())
                    .putAllSignals(signals(m.signals()))
                    .addAllSolutions(read.solutions().getOrDefault(id, List.of()))
                    .addAllAttempts(read.attempts().getOrDefault(id, List.of()))
                    .setSource(source(m.source())));
        }
        if (w.link() != null) {
            response.setChainLink(w.link());
        }
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(matcher.storeSize(scope.tenant()))
                .setCandidatesConsidered(matches.size())
                .setThreshold(config.matching().threshold())
                .setScope(input.projectOnly() ? "project " + scope.project() : "tenant");
        if (!matches.isEmpty()) {
            footprint.setNearestScore(matches.get(0).score());
        }
        return response.setFootprint(footprint).build();
    }

    private Map<String, Double> signals(String stored) {
        try {
            return json.readValue(stored, SIGNALS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored match signals: " + e.getOriginalMessage(), e);
        }
    }

    private static MatchSource source(String stored) {
        return switch (stored) {
            case "late" -> MatchSource.MATCH_SOURCE_LATE;
            case "query" -> MatchSource.MATCH_SOURCE_QUERY;
            default -> MatchSource.MATCH_SOURCE_REPORT;
        };
    }
}
