package dev.brain.memory.log.scheduler;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.log.repository.PipelineLogRepository;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code LOG_RETENTION} (memory.md §10, §11, daily 04:00): deletes pipeline-log rows older than
 * {@code pipeline-log.retention-days}, never {@code turn_raw}, in batches of 10,000 rows (each its own
 * transaction, so the table is never locked for long).
 */
@ApplicationScoped
public class LogRetentionJob {

    public static final String JOB = "LOG_RETENTION";
    /** Rows per delete statement (§10). */
    static final int BATCH = 10_000;

    private final JobRuns runs;
    private final PipelineLogRepository repository;
    private final MemoryConfig config;
    private final Clock clock;

    public LogRetentionJob(JobRuns runs, PipelineLogRepository repository, MemoryConfig config, Clock clock) {
        this.runs = runs;
        this.repository = repository;
        this.config = config;
        this.clock = clock;
    }

    /** {@code off} disables the schedule (tests). */
    @Scheduled(cron = "{brain.jobs.log-retention.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "log retention failed");
        }
    }

    public JobRuns.Run run(String trigger) {
        return run(trigger, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when the job ran less than ¾ period ago. */
    JobRuns.Run run(String trigger, Duration period) {
        return runs.run(JOB, trigger, period, () -> {
            OffsetDateTime cutoff = OffsetDateTime.now(clock).minusDays(config.pipelineLog().retentionDays());
            long deleted = 0;
            long batches = 0;
            int n;
            do {
                n = repository.deleteOlderThan(cutoff, BATCH);
                deleted += n;
                batches++;
            } while (n == BATCH);
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("deleted", deleted);
            counts.put("batches", batches);
            return counts;
        });
    }
}
