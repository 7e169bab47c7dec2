package dev.brain.memory.longterm.promotion;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.function.Supplier;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.DataAccessException;
import io.quarkus.logging.Log;

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

    private final DataSource dataSource;
    private final Clock clock;

    public JobRuns(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    public Run run(String job, String trigger, Supplier<Map<String, Long>> work) {
        long started = System.nanoTime();
        OffsetDateTime startedAt = OffsetDateTime.now(clock);
        try (Connection c = dataSource.getConnection()) {
            if (!lock(c, "select pg_try_advisory_lock(hashtext('memory:' || ?))", job)) {
                Log.infof("%s skipped: another replica holds the lock", job);
                record(c, job, trigger, startedAt, "skipped", Map.of(), null);
                return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
            }
            try {
                Log.infof("%s started (%s)", job, trigger);
                Map<String, Long> counts;
                try {
                    counts = work.get();
                } catch (RuntimeException e) {
                    Log.errorf(e, "%s failed", job);
                    record(c, job, trigger, startedAt, "failed", Map.of(), String.valueOf(e.getMessage()));
                    throw e;
                }
                record(c, job, trigger, startedAt, "done", counts, null);
                Log.infof("%s done: %s", job, counts);
                return new Run(false, counts, (System.nanoTime() - started) / 1_000_000);
            } finally {
                lock(c, "select pg_advisory_unlock(hashtext('memory:' || ?))", job);
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    /**
     * Runs an operator call that serialises on finer locks (Reembed takes the pair lock per step) without the job
     * lock, so that calls for different pairs run side by side, and records its {@code job_run} row (done or
     * failed) like a job.
     */
    public Run runUnlocked(String job, String trigger, Supplier<Map<String, Long>> work) {
        long started = System.nanoTime();
        OffsetDateTime startedAt = OffsetDateTime.now(clock);
        Log.infof("%s started (%s)", job, trigger);
        Map<String, Long> counts;
        try {
            counts = work.get();
        } catch (RuntimeException e) {
            Log.errorf(e, "%s failed", job);
            try (Connection c = dataSource.getConnection()) {
                record(c, job, trigger, startedAt, "failed", Map.of(), String.valueOf(e.getMessage()));
            } catch (SQLException | RuntimeException recording) {
                e.addSuppressed(recording);
            }
            throw e;
        }
        try (Connection c = dataSource.getConnection()) {
            record(c, job, trigger, startedAt, "done", counts, null);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        Log.infof("%s done: %s", job, counts);
        return new Run(false, counts, (System.nanoTime() - started) / 1_000_000);
    }

    private static boolean lock(Connection c, String sql, String job) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, job);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private void record(Connection c, String job, String trigger, OffsetDateTime startedAt, String status,
            Map<String, Long> counts, String error) throws SQLException {
        StringBuilder json = new StringBuilder("{");
        counts.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        json.append('}');
        try (PreparedStatement s = c.prepareStatement("insert into job_run (job, trigger, started_at, finished_at,"
                + " status, counts, error) values (?, ?, ?, ?, ?, ?::jsonb, ?)")) {
            s.setString(1, job);
            s.setString(2, trigger);
            s.setObject(3, startedAt);
            s.setObject(4, OffsetDateTime.now(clock));
            s.setString(5, status);
            s.setString(6, json.toString());
            s.setString(7, error);
            s.executeUpdate();
        }
    }
}
