package dev.brain.error.jobs;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.session.Sessions;
import dev.brain.error.trail.SessionTrail;
import dev.brain.error.trail.repository.TrailRepository;
import dev.brain.grpc.v1.JobRunResult;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/** Session cleanup (error-code.md §4), every {@code terminal.cleanupInterval}; global, one run at a time. */
@ApplicationScoped
public class SessionCleanup {

    public static final String JOB = "session_cleanup";

    private final AdvisoryLocks locks;
    private final Sessions sessions;
    private final JobRuns runs;
    private final Clock clock;
    private final TrailRepository trails;

    public SessionCleanup(AdvisoryLocks locks, Sessions sessions, JobRuns runs, Clock clock, TrailRepository trails) {
        this.locks = locks;
        this.trails = trails;
        this.sessions = sessions;
        this.runs = runs;
        this.clock = clock;
    }

    /** Scheduled runs write a job_run row only when they changed something (every 60 s would flood the table). */
    @Scheduled(every = "${brain.error.terminal.cleanup-interval:60s}", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        Instant now = clock.instant();
        Map<String, Long> counts = cleanup(now);
        if (counts != null && counts.values().stream().anyMatch(v -> v > 0)) {
            runs.finish(runs.start(JOB, null, false, now), JOB, null, now, List.of(), counts, null);
        }
    }

    public JobRunResult run(boolean manual) {
        Instant started = clock.instant();
        Map<String, Long> counts = cleanup(started);
        if (counts == null) {
            return runs.skipped(JOB, null, manual, started);
        }
        return runs.finish(runs.start(JOB, null, manual, started), JOB, null, started, List.of(), counts, null);
    }

    private Map<String, Long> cleanup(Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> {
            if (!locks.tryInTransaction("error.session-cleanup")) {
                return null;
            }
            OffsetDateTime at = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
            Map<String, Long> counts = new java.util.TreeMap<>(sessions.cleanup(at));
            // a session's trail spans a day (docs/errors.md "Session trail")
            counts.put("trail_rows_expired", trails.deleteOlderThan(at.minus(SessionTrail.SPAN)));
            return counts;
        });
    }
}
