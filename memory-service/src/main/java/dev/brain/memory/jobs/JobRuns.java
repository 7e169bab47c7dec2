package dev.brain.memory.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.db.jobs.JobRunLog;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Runs a job of memory.md §11 that spans many transactions: the job's session-level advisory lock
 * ({@code memory:<job>}, held on a connection of its own, outside every transaction), one global {@code job_run} row
 * per run written when it ends (done, failed or skipped) and the started/done/failed log lines. The lock and the rows
 * are the shared job plumbing of data-access ({@link AdvisoryLocks}, {@link JobRunLog}).
 */
@ApplicationScoped
public class JobRuns {

    /** Outcome of one run: skipped (lock held elsewhere), or done with counts. */
    public record Run(boolean skipped, Map<String, Long> counts, long durationMs) {
    }

    private final AdvisoryLocks locks;
    private final JobRunLog log;
    private final Clock clock;

    public JobRuns(AdvisoryLocks locks, JobRunLog log, Clock clock) {
        this.locks = locks;
        this.log = log;
        this.clock = clock;
    }

    public Run run(String job, String trigger, Supplier<Map<String, Long>> work) {
        return run(job, trigger, Duration.ZERO, work);
    }

    /**
     * As {@link #run(String, String, Supplier)}; a scheduled run ({@code period} > 0) is also skipped when a run of
     * the job started less than ¾ {@code period} ago ({@link JobRunLog#periodStart}). The check is made under the
     * lock, after the first run's row is written.
     */
    public Run run(String job, String trigger, Duration period, Supplier<Map<String, Long>> work) {
        long started = System.nanoTime();
        Instant startedAt = clock.instant();
        Optional<Run> run = locks.underLock("memory:" + job, () -> {
            Optional<Instant> since = JobRunLog.periodStart(period, startedAt);
            if (since.isPresent() && log.ranSince(job, null, since.get())) {
                Log.debugf("%s skipped: it ran this period (on another replica)", job);
                record(job, trigger, startedAt, "skipped", Map.of(), "ran this period");
                return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
            }
            return recorded(job, trigger, started, startedAt, work);
        });
        if (run.isEmpty()) {
            Log.infof("%s skipped: another replica holds the lock", job);
            record(job, trigger, startedAt, "skipped", Map.of(), null);
            return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
        }
        return run.get();
    }

    /**
     * Runs an operator call that serialises on finer locks (Reembed takes the pair lock per step) without the job
     * lock, so that calls for different pairs run side by side, and records its {@code job_run} row (done or
     * failed) like a job.
     */
    public Run runUnlocked(String job, String trigger, Supplier<Map<String, Long>> work) {
        return recorded(job, trigger, System.nanoTime(), clock.instant(), work);
    }

    /** Runs {@code work} and records its {@code job_run} row, done or failed (a failed recording is suppressed). */
    private Run recorded(String job, String trigger, long started, Instant startedAt, Supplier<Map<String, Long>> work) {
        Log.infof("%s started (%s)", job, trigger);
        Map<String, Long> counts;
        try {
            counts = work.get();
        } catch (RuntimeException e) {
            Log.errorf(e, "%s failed", job);
            try {
                record(job, trigger, startedAt, "failed", Map.of(), String.valueOf(e.getMessage()));
            } catch (RuntimeException recording) {
                e.addSuppressed(recording);
            }
            throw e;
        }
        record(job, trigger, startedAt, "done", counts, null);
        Log.infof("%s done: %s", job, counts);
        return new Run(false, counts, (System.nanoTime() - started) / 1_000_000);
    }

    /** The period of a scheduled execution: from its fire time to the next one (zero when there is none). */
    public static Duration period(ScheduledExecution execution) {
        return JobRunLog.period(execution.getScheduledFireTime(), execution.getTrigger().getNextFireTime());
    }

    private void record(String job, String trigger, Instant startedAt, String status, Map<String, Long> counts,
            String error) {
        log.record(job, null, trigger, startedAt, clock.instant(), status, JobRunLog.countsJson(counts), error);
    }
}
