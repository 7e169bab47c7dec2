package dev.brain.db.jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Table {@code job_run} as every service has it: one row per run of a job — {@code tenant} (null for a global job),
 * {@code job}, {@code trigger} (scheduled or manual), {@code started_at}, {@code finished_at}, {@code status}
 * (running, done, failed, skipped), {@code counts} (jsonb) and {@code error} (the failure, or why a run was
 * skipped). A service adds its own columns (research-service: the pair of a library job) with its own statements.
 */
@ApplicationScoped
public class JobRunLog {

    /** Trigger of a run a schedule fired. */
    public static final String SCHEDULED = "scheduled";
    /** Trigger of a run an operator asked for. */
    public static final String MANUAL = "manual";

    private final Jdbc jdbc;

    public JobRunLog(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A run that started now and has not finished: its row id, for {@link #finish}. */
    public long start(String job, String tenant, String trigger, Instant startedAt) {
        return jdbc.one("insert into job_run (tenant, job, trigger, started_at, status) values (?, ?, ?, ?, 'running')"
                + " returning id", rs -> rs.getLong(1), tenant, job, trigger, startedAt).orElseThrow();
    }

    /** Ends a started run: done, or failed with {@code error}; {@code countsJson} is a JSON object. */
    public void finish(long id, boolean failed, String countsJson, String error, Instant finishedAt) {
        jdbc.update("update job_run set finished_at = ?, status = ?, counts = ?::jsonb, error = ? where id = ?",
                finishedAt, failed ? "failed" : "done", countsJson, error, id);
    }

    /** A whole run in one row, written when it ended (status done, failed or skipped): its id. */
    public long record(String job, String tenant, String trigger, Instant startedAt, Instant finishedAt, String status,
            String countsJson, String error) {
        return jdbc.one("insert into job_run (tenant, job, trigger, started_at, finished_at, status, counts, error)"
                + " values (?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning id", rs -> rs.getLong(1), tenant, job, trigger,
                startedAt, finishedAt, status, countsJson, error).orElseThrow();
    }

    /**
     * Whether a scheduled run of the job (for the tenant, or global when null) that was not skipped started after
     * {@code since}.
     */
    public boolean ranSince(String job, String tenant, Instant since) {
        return jdbc.one("""
                select exists (select 1 from job_run where job = ? and tenant is not distinct from ?
                  and trigger = 'scheduled' and status in ('running', 'done', 'failed') and started_at > ?)""",
                rs -> rs.getBoolean(1), job, tenant, since).orElse(false);
    }

    /** When the last finished (done or failed) run of the job started. */
    public Optional<Instant> lastStart(String job, String tenant) {
        return jdbc.one("select max(started_at) from job_run where job = ? and tenant is not distinct from ?"
                + " and status in ('done', 'failed')", rs -> Jdbc.instant(rs, "max"), job, tenant);
    }

    /**
     * The start of the window in which a scheduled run makes another one of the same period unnecessary: ¾
     * {@code period} before {@code now}. Replicas fire the same schedule moments apart (a cron at the same second,
     * an interval at any offset), and a job's lock alone would let the second one run it again as soon as the first
     * has finished. Empty when the period is zero or negative (a manual run, or a schedule with no next fire time).
     */
    public static Optional<Instant> periodStart(Duration period, Instant now) {
        return period.isNegative() || period.isZero() ? Optional.empty()
                : Optional.of(now.minus(period.multipliedBy(3).dividedBy(4)));
    }

    /** The period of a schedule: from a fire time to the next one (zero when there is none). */
    public static Duration period(Instant fired, Instant next) {
        return next == null ? Duration.ZERO : Duration.between(fired, next);
    }

    /** Counts as the JSON object stored in {@code counts} (keys are the jobs' own words, values numbers). */
    public static String countsJson(Map<String, Long> counts) {
        StringBuilder json = new StringBuilder("{");
        counts.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        return json.append('}').toString();
    }
}
