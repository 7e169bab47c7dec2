package dev.brain.error.report;

import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.SolutionForError;

/**
 * The late match of a newly embedded error (error-code.md §12.3): its nearest errors by vector in the tenant
 * ({@code embedding <=> v} over {@code error_embedding}, index {@code error_embedding_vec_idx}) are scored by the
 * §5.7 signals ({@link Matcher}); each new match ≥ {@code matching.threshold} is stored with source {@code late}
 * and emits one {@code similar_to} event; when a new match has a solution (confidence > 0), the error's reporting session (its
 * first session)
 * gets {@code solution_available}. A pair already matched in either direction is not new, so a second run (or
 * the other error's late match) adds nothing.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class LateMatch {

    private final Jdbc jdbc;
    private final Matcher matcher;
    private final Outbox outbox;
    private final Notifications notifications;
    private final SolutionRows solutions;
    private final ErrorRows errors;
    private final ErrorConfig config;
    private final ObjectMapper json;

    public LateMatch(Jdbc jdbc, Matcher matcher, Outbox outbox, Notifications notifications, SolutionRows solutions,
            ErrorRows errors, ErrorConfig config, ObjectMapper json) {
        this.errors = errors;
        this.jdbc = jdbc;
        this.matcher = matcher;
        this.outbox = outbox;
        this.notifications = notifications;
        this.solutions = solutions;
        this.config = config;
        this.json = json;
    }

    /** What one late match did: new matches stored (one event each) and notifications written. */
    public record Outcome(int matches, int notifications) {
    }

    record Stored(Matcher.Probe probe, long projectId, String project, Long sessionId) {
    }

    /** A stored error as a §5.7 probe (same frame keys as the candidates': in-app first 10, else the first 10). */
    Optional<Stored> stored(long errorId) {
        return jdbc.one("""
                select e.tenant, e.project_id, p.name, e.first_session_id, e.fingerprint, e.error_type,
                       e.message_template, e.source_file, e.working_directory,
                       (select array_agg(normalized order by position) from (
                          select f.normalized, f.position from stack_frame f where f.error_id = e.id
                            and (f.in_app or not exists (select 1 from stack_frame g where g.error_id = e.id and g.in_app))
                          order by f.position limit 10) k) as keys
                from error e join project p on p.id = e.project_id where e.id = ?""", rs -> new Stored(
                new Matcher.Probe(rs.getString("tenant"), null, errorId, rs.getString("fingerprint"),
                        rs.getString("error_type"), rs.getString("message_template"), rs.getString("source_file"),
                        rs.getString("working_directory"), Jdbc.strings(rs, "keys")),
                rs.getLong("project_id"), rs.getString("name"), Jdbc.longOrNull(rs, "first_session_id")), errorId);
    }

    /**
     * Late-matches {@code errorId}. {@code sameBatch}: the errors embedded together with it; for a new pair with one
     * of them, that error's session is notified too when this one has a solution (its own late match will find
     * the pair known and skip it).
     */
    public Outcome run(long errorId, Set<Long> sameBatch, OffsetDateTime now) {
        Optional<Stored> found = stored(errorId);
        if (found.isEmpty()) {
            return new Outcome(0, 0);
        }
        Stored e = found.get();
        String tenant = e.probe().tenant();
        List<Long> near = matcher.nearest(tenant, errorId, null, config.embedding().lateMatchNeighbours());
        if (near.isEmpty()) {
            return new Outcome(0, 0);
        }
        Set<Long> known = new HashSet<>(jdbc.list("""
                select matched_error_id from error_match where error_id = ?
                union select error_id from error_match where matched_error_id = ?""", rs -> rs.getLong(1),
                errorId, errorId));
        List<Long> fresh = near.stream().filter(id -> !known.contains(id)).toList();
        List<Matcher.Scored> matches = matcher.scoreCandidates(e.probe(), fresh).matches(config.matching().threshold());
        if (matches.isEmpty()) {
            return new Outcome(0, 0);
        }
        Long[] ids = matches.stream().map(Matcher.Scored::errorId).toArray(Long[]::new);
        Map<Long, ErrorRecord> records = new HashMap<>();
        errors.byIds(tenant, ids).forEach(r -> records.put(r.getId(), r));
        Node errorNode = Node.error(errorId, e.probe().type(), e.probe().template());
        int stored = 0;
        Long withSolution = null;
        String title = null;
        Map<Long, List<SolutionForError>> solutionsById = solutions.forErrors(tenant, ids, 1);
        List<SolutionForError> own = solutions.forErrors(tenant, new Long[] { errorId }, 1).getOrDefault(errorId, List.of());
        boolean ownSolution = !own.isEmpty() && own.get(0).getLink().getConfidence() > 0;
        int notified = 0;
        for (Matcher.Scored m : matches) {
            int inserted = jdbc.update("""
                    insert into error_match (error_id, matched_error_id, tenant, score, strong, signals, source, created_at)
                    values (?, ?, ?, ?, ?, ?::jsonb, 'late', ?) on conflict (error_id, matched_error_id) do nothing""",
                    errorId, m.errorId(), tenant, m.score(), m.strong(), toJson(m.signals()), now);
            if (inserted == 0) {
                continue;
            }
            stored++;
            ErrorRecord c = records.get(m.errorId());
            outbox.strengthen(tenant, e.project(), "similar_to", errorNode,
                    Node.error(m.errorId(), c.getErrorType(), c.getMessageTemplate()),
                    Map.of("score", m.score(), "source", "late"), now);
            List<SolutionForError> s = solutionsById.getOrDefault(m.errorId(), List.of());
            if (withSolution == null && !s.isEmpty() && s.get(0).getLink().getConfidence() > 0) {
                withSolution = m.errorId();
                title = s.get(0).getSolution().getTitle();
            }
            if (ownSolution && sameBatch.contains(m.errorId())) {
                notified += notify(tenant, m.errorId(), errorId, own.get(0).getSolution().getTitle(), now);
            }
        }
        if (withSolution != null && e.sessionId() != null) {
            // same dedup key as ReportError's solution_available for this error and session
            notified += notifications.send(tenant, new Notifications.Draft("solution_available", e.projectId(),
                    e.sessionId(), "error", withSolution, "A known solution exists for error #" + errorId + ": "
                            + title,
                    "solution_available:" + errorId + ":" + e.sessionId()), now);
        }
        return new Outcome(stored, notified);
    }

    /** solution_available to the first session of {@code errorId}: {@code solved} has a solution. */
    private int notify(String tenant, long errorId, long solved, String title, OffsetDateTime now) {
        record Target(long projectId, Long sessionId) {
        }
        Target t = jdbc.one("select project_id, first_session_id from error where id = ?",
                rs -> new Target(rs.getLong(1), Jdbc.longOrNull(rs, "first_session_id")), errorId).orElse(null);
        if (t == null || t.sessionId() == null) {
            return 0;
        }
        return notifications.send(tenant, new Notifications.Draft("solution_available", t.projectId(), t.sessionId(),
                "error", solved, "A known solution exists for error #" + errorId + ": " + title,
                "solution_available:" + errorId + ":" + t.sessionId()), now);
    }

    private String toJson(Map<String, Double> signals) {
        try {
            return json.writeValueAsString(signals);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
