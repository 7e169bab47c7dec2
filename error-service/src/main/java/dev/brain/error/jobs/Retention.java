package dev.brain.error.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.jobs.repository.RetentionRepository;
import dev.brain.error.jobs.repository.RetentionRepository.Old;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.grpc.v1.JobRunResult;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * The retention job (error-code.md §13): old errors (unresolved after {@code retention.unresolvedDays}, resolved
 * after {@code retention.resolvedDays}) in batches of 1,000, each deleted error announced as a
 * {@code node_deleted} event; orphaned solutions; acknowledged notifications after 30 days; delivered outbox
 * rows after 7 days; job runs after 90 days. One global run at a time (transaction-scoped advisory lock).
 */
@ApplicationScoped
public class Retention {

    public static final String JOB = "retention";
    static final int BATCH = 1000;

    private final RetentionRepository retention;
    private final AdvisoryLocks locks;
    private final Outbox outbox;
    private final JobRuns runs;
    private final ErrorConfig config;
    private final Clock clock;

    public Retention(RetentionRepository retention, AdvisoryLocks locks, Outbox outbox, JobRuns runs, ErrorConfig config,
            Clock clock) {
        this.retention = retention;
        this.locks = locks;
        this.outbox = outbox;
        this.runs = runs;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(cron = "${brain.error.retention.cron:0 30 3 * * ?}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        run(false, JobRuns.period(execution));
    }

    public JobRunResult run(boolean manual) {
        return run(manual, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when it ran less than ¾ period ago (JobRuns). */
    JobRunResult run(boolean manual, Duration period) {
        Instant started = clock.instant();
        long[] id = { 0 };
        OffsetDateTime now = OffsetDateTime.ofInstant(started, ZoneOffset.UTC);
        Map<String, Long> counts = new LinkedHashMap<>();
        Boolean ran = QuarkusTransaction.requiringNew().call(() -> {
            if (!locks.tryInTransaction("error.retention")) {
                return false;
            }
            if (runs.ranThisPeriod(JOB, null, period, started)) {
                return false;
            }
            id[0] = runs.start(JOB, null, manual, started); // its own transaction: seen by the next holder of the lock
            long errors = 0;
            while (true) {
                List<Old> batch = retention.oldErrors(now.minusDays(config.retention().unresolvedDays()),
                        now.minusDays(config.retention().resolvedDays()), BATCH);
                if (batch.isEmpty()) {
                    break;
                }
                for (Old e : batch) {
                    outbox.nodeDeleted(e.tenant(), Node.error(e.id(), e.type(), e.template()), now);
                }
                // occurrences and attempts reference the error without cascading in every path: removed first
                errors += retention.deleteErrors(batch.stream().map(Old::id).toArray(Long[]::new));
            }
            counts.put("errors_deleted", errors);
            counts.put("node_deleted_events", errors);
            counts.put("solutions_deleted", (long) retention.deleteOrphanedSolutions());
            counts.put("notifications_deleted", (long) retention.deleteAcknowledgedNotifications(now.minusDays(30)));
            counts.put("outbox_deleted", (long) retention.deleteDeliveredOutbox(now.minusDays(7)));
            counts.put("job_runs_deleted", (long) retention.deleteJobRuns(now.minusDays(90)));
            return true;
        });
        if (!ran) {
            return runs.skipped(JOB, null, manual, started);
        }
        return runs.finish(id[0], JOB, null, started, List.of(), counts, null);
    }
}
