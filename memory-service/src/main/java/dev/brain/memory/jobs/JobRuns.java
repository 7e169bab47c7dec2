package dev.brain.memory.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Runs a job of memory.md §11 that spans many transactions: a session-level {@code pg_try_advisory_lock} per
 * job on a connection of its own (outside every transaction), one {@code job_run} row per run (done, failed or
 * skipped) and the started/done/failed log lines.
 */
@ApplicationScoped
public class JobRuns {

    /** Outcome of one run: skipped (lock held elsewhere), or done with counts. */
    public record Run(boolean skipped, Map<String, Long> counts, long durationMs) {
    }

    private final Jdbc jdbc;
    private final Clock clock;

    public JobRuns(Jdbc jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public Run run(String job, String trigger, Supplier<Map<String, Long>> work) {
        return run(job, trigger, Duration.ZERO, work);
    }

    /**
     * As {@link #run(String, String, Supplier)}; a scheduled run ({@code period} > 0) is also skipped when a run of
     * the job started less than ¾ {@code period} ago. Replicas fire the same schedule moments apart (a cron at
     * the same second, an interval at any offset): the lock alone would let the second one run the job again as soon
     * as the first has finished. The check is made under the lock, after the first run's row is written.
     */
    public Run run(String job, String trigger, Duration period, Supplier<Map<String, Long>> work) {
        long started = System.nanoTime();
        OffsetDateTime startedAt = OffsetDateTime.now(clock);
        // the lock is the session's: taken and released on the one connection held for the whole run
        return jdbc.withConnection(c -> {
            if (!advisory(c, "select pg_try_advisory_lock(hashtext('memory:' || ?))", job)) {
                Log.infof("%s skipped: another replica holds the lock", job);
                record(job, trigger, startedAt, "skipped", Map.of(), null);
                return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
            }
            try {
                if (!(period.isNegative() || period.isZero())
                        && ranSince(job, startedAt.minus(period.multipliedBy(3).dividedBy(4)))) {
                    Log.debugf("%s skipped: it ran this period (on another replica)", job);
                    record(job, trigger, startedAt, "skipped", Map.of(), "ran this period");
                    return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
                }
                return recorded(job, trigger, started, startedAt, work);
            } finally {
                advisory(c, "select pg_advisory_unlock(hashtext('memory:' || ?))", job);
            }
        });
    }

    /**
     * Runs an operator call that serialises on finer locks (Reembed takes the pair lock per step) without the job
     * lock, so that calls for different pairs run side by side, and records its {@code job_run} row (done or
     * failed) like a job.
     */
    public Run runUnlocked(String job, String trigger, Supplier<Map<String, Long>> work) {
        return recorded(job, trigger, System.nanoTime(), OffsetDateTime.now(clock), work);
    }

    /** Runs {@code work} and records its {@code job_run} row, done or failed (a failed recording is suppressed). */
    private Run recorded(String job, String trigger, long started, OffsetDateTime startedAt,
            Supplier<Map<String, Long>> work) {
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
        Instant next = execution.getTrigger().getNextFireTime();
        return next == null ? Duration.ZERO : Duration.between(execution.getScheduledFireTime(), next);
    }

    /** Whether a scheduled run of {@code job} (done or failed) started after {@code since}. */
    private boolean ranSince(String job, OffsetDateTime since) {
        return jdbc.one("select exists (select 1 from job_run where job = ? and trigger = 'scheduled'"
                + " and status in ('done', 'failed') and started_at > ?)", rs -> rs.getBoolean(1), job, since)
                .orElse(false);
    }

    /** A session-level advisory lock call on {@code c}: its boolean answer. */
    private static boolean advisory(Connection c, String sql, String job) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, job);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private void record(String job, String trigger, OffsetDateTime startedAt, String status, Map<String, Long> counts,
            String error) {
        StringBuilder json = new StringBuilder("{");
        counts.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        json.append('}');
        jdbc.update("insert into job_run (job, trigger, started_at, finished_at, status, counts, error)"
                + " values (?, ?, ?, ?, ?, ?::jsonb, ?)", job, trigger, startedAt, OffsetDateTime.now(clock), status,
                json.toString(), error);
    }
}
