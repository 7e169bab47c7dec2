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

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.report.repository.ErrorRepository;
import dev.brain.error.report.repository.ErrorRepository.FirstSession;
import dev.brain.error.report.repository.ErrorRepository.Probed;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.MatchRows;
import dev.brain.error.report.repository.SolutionRows;
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

    private final ErrorRepository repository;
    private final MatchRows matchRows;
    private final Matcher matcher;
    private final Outbox outbox;
    private final Notifications notifications;
    private final SolutionRows solutions;
    private final ErrorRows errors;
    private final ErrorConfig config;

    public LateMatch(ErrorRepository repository, MatchRows matchRows, Matcher matcher, Outbox outbox,
            Notifications notifications, SolutionRows solutions, ErrorRows errors, ErrorConfig config) {
        this.errors = errors;
        this.repository = repository;
        this.matchRows = matchRows;
        this.matcher = matcher;
        this.outbox = outbox;
        this.notifications = notifications;
        this.solutions = solutions;
        this.config = config;
    }

    /** What one late match did: new matches stored (one event each) and notifications written. */
    public record Outcome(int matches, int notifications) {
    }

    /**
     * Late-matches {@code errorId}. {@code sameBatch}: the errors embedded together with it; for a new pair with one
     * of them, that error's session is notified too when this one has a solution (its own late match will find
     * the pair known and skip it).
     */
    public Outcome run(long errorId, Set<Long> sameBatch, OffsetDateTime now) {
        Optional<Probed> found = repository.probe(errorId);
        if (found.isEmpty()) {
            return new Outcome(0, 0);
        }
        Probed e = found.get();
        String tenant = e.probe().tenant();
        List<Long> near = matcher.nearest(tenant, errorId, null, config.embedding().lateMatchNeighbours());
        if (near.isEmpty()) {
            return new Outcome(0, 0);
        }
        Set<Long> known = new HashSet<>(matchRows.matchedWith(errorId));
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
            int inserted = matchRows.storeLate(tenant, errorId, m, now);
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
        FirstSession t = repository.firstSession(errorId).orElse(null);
        if (t == null || t.sessionId() == null) {
            return 0;
        }
        return notifications.send(tenant, new Notifications.Draft("solution_available", t.projectId(), t.sessionId(),
                "error", solved, "A known solution exists for error #" + errorId + ": " + title,
                "solution_available:" + errorId + ":" + t.sessionId()), now);
    }
}
