package dev.brain.error.report.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.prevention.repository.PreventionRepository;
import dev.brain.error.prevention.repository.PreventionRows;
import dev.brain.grpc.v1.ChainLink;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.StackFrame;

/**
 * A recurrence in one round trip to PostgreSQL (docs/errors.md "A recurrence"): function {@code report_recurrence}
 * (V13) writes it — the session heartbeated, the occurrence counted and inserted into {@code error_occurrence}, a
 * resolved error reopened, the chain linked, notifications and synapse events written — and the statements sent with
 * it read what the answer shows: the error and its stored matches ({@code error_match}, either direction, best first,
 * through {@code recurring_error} and {@code recurrence_matches}), their best 3 solutions and last failed attempts,
 * the frames, and the prevention candidates ({@code rule}, {@code antipattern}) of the output.
 */
@ApplicationScoped
public class RecurrenceRepository {

    /**
     * The error and the matches the answer returns, rank 0 = the error (tenant, project, fingerprint, project only,
     * threshold, max).
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
            PreventionRepository.outputRules(PROJECT_ID),
            PreventionRepository.outputAntipatterns(PROJECT_ID));

    private final Jdbc jdbc;

    public RecurrenceRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A recurrence to write and read: the scope's names (project and session not resolved), the output's fingerprint,
     * type (cut to its column), template and raw output hash, the request's cleaned fields, the occurrence of the
     * session's previous failure of the same command (or null), the chain window, and what the matches shown are
     * (project only, threshold, at most {@code maxMatches}); {@code maxAttempts} failed attempts per error.
     */
    public record Recurrence(String tenant, String project, String sessionKey, OffsetDateTime now, String fingerprint,
            String type, String template, String rawOutputSha256, String command, String workingDirectory,
            String taskContext, Long sameCommandBefore, long chainWindowMillis, boolean projectOnly, double threshold,
            int maxMatches, int maxAttempts) {
    }

    /** What {@code report_recurrence} wrote. */
    public record Written(long errorId, long projectId, Long sessionId, long occurrenceId, boolean reopened,
            ChainLink link) {
    }

    /** A row of the error or of a returned match (rank ≥ 1) with its stored score, strength, signals and source. */
    public record Shown(int rank, ErrorRecord record, double score, boolean strong, String signals, String source) {
    }

    /**
     * Everything the round trip returned: what was written (empty when the project does not hold the fingerprint:
     * nothing was written), the error and its matches by rank, their solutions and attempts by error id, the frames,
     * the output's candidate rules and antipatterns.
     */
    public record Read(Optional<Written> written, List<Shown> shown, Map<Long, List<SolutionForError>> solutions,
            Map<Long, List<SolutionAttempt>> attempts, List<StackFrame> frames, List<Rule> rules,
            List<PreventionRepository.Candidate> antipatterns) {
    }

    /** The recurrence written and read, in one round trip (its statements commit together outside a transaction). */
    public Read report(Recurrence r) {
        return jdbc.together(STATEMENTS, s -> Jdbc.bind(s, parameters(r)),
                results -> {
                    Optional<Written> written = results.next(RecurrenceRepository::written).stream().findFirst();
                    List<Shown> shown = results.next(RecurrenceRepository::shown);
                    Map<Long, List<SolutionForError>> solutions = new HashMap<>();
                    results.next(SolutionRows.collectSolutions(solutions, 3));
                    Map<Long, List<SolutionAttempt>> attempts = new HashMap<>();
                    results.next(SolutionRows.collectAttempts(attempts, r.maxAttempts()));
                    List<StackFrame> frames = results.next(ErrorRows::frame);
                    List<Rule> rules = results.next(PreventionRows::rule);
                    List<PreventionRepository.Candidate> antipatterns = results
                            .next(PreventionRepository.Candidate::map);
                    return new Read(written, shown, solutions, attempts, frames, rules, antipatterns);
                });
    }

    /** The statements' parameters in order: the write's, then each read's. */
    private static Object[] parameters(Recurrence r) {
        String tenant = r.tenant();
        String project = r.project();
        String fingerprint = r.fingerprint();
        String type = r.type();
        List<Object> shown = Arrays.asList(tenant, project, fingerprint, r.projectOnly(), r.threshold(), r.maxMatches());
        List<Object> all = new ArrayList<>(Arrays.asList(tenant, project, fingerprint, r.sessionKey(), r.now(),
                r.command(), r.workingDirectory(), r.rawOutputSha256(), r.taskContext(), r.sameCommandBefore(),
                r.chainWindowMillis(), r.projectOnly(), r.threshold(), r.maxMatches()));
        all.addAll(shown);
        all.addAll(shown);
        all.add(tenant);
        all.addAll(shown);
        all.add(tenant);
        all.addAll(List.of(tenant, project, fingerprint));
        all.addAll(List.of(tenant, tenant, project, type));
        all.addAll(List.of(r.template(), tenant, tenant, project, fingerprint, type));
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
}
