package dev.brain.error.report;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.report.repository.ErrorRepository;
import dev.brain.error.report.repository.ErrorRepository.Probed;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.MatchRows;
import dev.brain.grpc.v1.ErrorRecord;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * The background re-match of recurring errors (docs/errors.md "A recurrence"). A recurrence answers with its stored
 * matches; when the tenant got an error of the same type or message shape after they were computed
 * ({@code error.matched_through} below that error's id), {@code report_recurrence} marks the error {@code rematch_due}. Every
 * {@code 2 s} this job matches each
 * such error against the store as ReportError's matching does (§5.7, with its nearest by vector when embedded),
 * stores the matches (source {@code report}), writes one {@code similar_to} event per pair new to the error, and
 * records the newest id it matched through. At most {@value #BATCH} errors a tick, each in its own transaction;
 * two replicas may match one error at once, which stores the same rows twice over (the upsert is idempotent).
 */
@ApplicationScoped
public class Rematching {

    static final int BATCH = 20;

    private final ErrorRepository repository;
    private final Matcher matcher;
    private final MatchRows matches;
    private final ErrorRows errors;
    private final Outbox outbox;
    private final ErrorConfig config;
    private final Clock clock;

    public Rematching(ErrorRepository repository, Matcher matcher, MatchRows matches, ErrorRows errors,
            Outbox outbox, ErrorConfig config, Clock clock) {
        this.repository = repository;
        this.matcher = matcher;
        this.matches = matches;
        this.errors = errors;
        this.outbox = outbox;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(every = "${brain.error.rematch.interval:2s}", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        try {
            runDue();
        } catch (RuntimeException e) {
            Log.debugf("re-match tick failed: %s", e.getMessage());
        }
    }

    /** What a tick did: errors matched again and pairs new to them. */
    public record Counts(int rematched, int newPairs) {
    }

    /** Re-matches the errors marked due, oldest first, at most {@value #BATCH}. */
    public Counts runDue() {
        List<Long> due = repository.rematchDue(BATCH);
        int pairs = 0;
        for (long errorId : due) {
            pairs += QuarkusTransaction.requiringNew().call(() -> rematch(errorId));
        }
        return new Counts(due.size(), pairs);
    }

    /** Matches one error again; the count of pairs new to it. */
    int rematch(long errorId) {
        Optional<Probed> found = repository.probe(errorId);
        if (found.isEmpty()) {
            return 0;
        }
        Matcher.Probe probe = found.get().probe();
        String tenant = probe.tenant();
        OffsetDateTime now = OffsetDateTime.now(clock);
        long through = repository.lastId(tenant);
        List<Long> nearest = matcher.nearest(tenant, errorId, null, config.embedding().lateMatchNeighbours());
        List<Matcher.Scored> scored = matches.withoutNotAnError(tenant,
                matcher.match(probe, nearest).matches(config.matching().threshold()));
        Set<Long> known = new HashSet<>(matches.matchedWith(errorId));
        matches.store(tenant, errorId, scored, now);
        repository.matchedThrough(errorId, through);
        List<Matcher.Scored> fresh = scored.stream().filter(m -> !known.contains(m.errorId())).toList();
        if (fresh.isEmpty()) {
            return 0;
        }
        Map<Long, ErrorRecord> records = new HashMap<>();
        errors.byIds(tenant, fresh.stream().map(Matcher.Scored::errorId).toArray(Long[]::new))
                .forEach(r -> records.put(r.getId(), r));
        Node node = Node.error(errorId, probe.type(), probe.template());
        for (Matcher.Scored m : fresh) {
            ErrorRecord other = records.get(m.errorId());
            outbox.strengthen(tenant, found.get().project(), "similar_to", node,
                    Node.error(other.getId(), other.getErrorType(), other.getMessageTemplate()),
                    Map.of("score", m.score(), "source", "rematch"), now);
        }
        return fresh.size();
    }
}
