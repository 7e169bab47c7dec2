package dev.brain.db.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import dev.brain.db.Jdbc;

/**
 * The job plumbing every service shares, on the real PostgreSQL of scripts/db-bootstrap.sh (database
 * {@code brain_test}, a schema of its own so that no service's {@code job_run} is touched).
 */
class JobPlumbingTest {

    private static final PGSimpleDataSource DB = new PGSimpleDataSource();
    private static Jdbc jdbc;

    @BeforeAll
    static void database() throws SQLException {
        DB.setServerNames(new String[] { System.getenv().getOrDefault("BRAIN_DB_HOST", "127.0.0.1") });
        DB.setPortNumbers(new int[] { Integer.parseInt(System.getenv().getOrDefault("BRAIN_DB_PORT", "5432")) });
        DB.setDatabaseName("brain_test");
        DB.setUser(System.getenv().getOrDefault("BRAIN_DB_USER", "brain"));
        DB.setPassword(System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"));
        DB.setCurrentSchema("data_access_jobs");
        try (Connection c = DB.getConnection(); Statement s = c.createStatement()) {
            s.execute("create schema if not exists data_access_jobs");
            s.execute("""
                    create table if not exists data_access_jobs.job_run (
                      id bigint generated always as identity primary key, tenant text, job text not null,
                      trigger text not null check (trigger in ('scheduled','manual')), started_at timestamptz not null,
                      finished_at timestamptz, status text not null check (status in ('running','done','failed','skipped')),
                      counts jsonb not null default '{}', error text)""");
        }
        jdbc = new Jdbc(DB);
    }

    @BeforeEach
    void empty() {
        jdbc.update("truncate job_run");
    }

    @Test
    void aSessionLockHeldElsewhereSkipsTheWorkAndIsReleasedAfterIt() throws SQLException {
        AdvisoryLocks locks = new AdvisoryLocks(jdbc);
        AtomicBoolean ran = new AtomicBoolean();
        try (Connection other = DB.getConnection(); Statement s = other.createStatement()) {
            s.execute("select pg_advisory_lock(hashtext('test:job'))");
            assertThat(locks.underLock("test:job", () -> ran.getAndSet(true))).isEmpty();
            assertThat(ran).isFalse();
            assertThat(locks.tryInTransaction("test:job")).isFalse();
            s.execute("select pg_advisory_unlock(hashtext('test:job'))");
        }
        assertThat(locks.underLock("test:job", () -> {
            // held while the work runs: a second session cannot take it
            assertThat(locks.tryInTransaction("test:job")).isFalse();
            return "ran";
        })).contains("ran");
        assertThat(locks.tryInTransaction("test:job")).isTrue();
    }

    @Test
    void aRunIsStartedAndFinishedOrRecordedWhole() {
        JobRunLog log = new JobRunLog(jdbc);
        Instant t0 = Instant.parse("2026-12-05T10:00:00Z");
        long id = log.start("cycle", "acme", JobRunLog.SCHEDULED, t0);
        assertThat(jdbc.one("select status from job_run where id = ?", rs -> rs.getString(1), id)).contains("running");
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("rules", 3L);
        counts.put("pruned", 0L);
        log.finish(id, false, JobRunLog.countsJson(counts), null, t0.plusSeconds(5));
        assertThat(jdbc.one("select status || ' ' || counts::text || ' ' || (finished_at - started_at)::text"
                + " from job_run where id = ?", rs -> rs.getString(1), id))
                .contains("done {\"rules\": 3, \"pruned\": 0} 00:00:05");
        long skipped = log.record("cycle", "acme", JobRunLog.MANUAL, t0, t0, "skipped", "{}", "another run holds the lock");
        assertThat(jdbc.one("select status || ' ' || error from job_run where id = ?", rs -> rs.getString(1), skipped))
                .contains("skipped another run holds the lock");
        assertThat(log.lastStart("cycle", "acme")).contains(t0);
        assertThat(log.lastStart("cycle", null)).isEmpty();
    }

    @Test
    void aScheduledRunOfTheSameJobAndTenantInTheLastThreeQuartersOfAPeriodCounts() {
        JobRunLog log = new JobRunLog(jdbc);
        Instant now = Instant.parse("2026-12-05T12:00:00Z");
        Duration period = Duration.ofHours(4);
        assertThat(JobRunLog.periodStart(period, now)).contains(Instant.parse("2026-12-05T09:00:00Z"));
        assertThat(JobRunLog.periodStart(Duration.ZERO, now)).isEmpty();
        Instant since = JobRunLog.periodStart(period, now).orElseThrow();

        log.record("decay", null, JobRunLog.SCHEDULED, since.minusSeconds(1), now, "done", "{}", null);
        log.record("decay", null, JobRunLog.SCHEDULED, since.plusSeconds(1), now, "skipped", "{}", null);
        log.record("decay", null, JobRunLog.MANUAL, since.plusSeconds(1), now, "done", "{}", null);
        log.record("decay", "acme", JobRunLog.SCHEDULED, since.plusSeconds(1), now, "done", "{}", null);
        assertThat(log.ranSince("decay", null, since)).as("too early, skipped, manual, another tenant").isFalse();

        log.record("decay", null, JobRunLog.SCHEDULED, since.plusSeconds(1), now, "failed", "{}", "boom");
        assertThat(log.ranSince("decay", null, since)).isTrue();
        assertThat(log.ranSince("decay", "acme", since)).isTrue();
        assertThat(log.ranSince("decay", "other", since)).isFalse();
    }

    @Test
    void periodIsFromAFireTimeToTheNext() {
        Instant fired = Instant.parse("2026-12-05T03:00:00Z");
        assertThat(JobRunLog.period(fired, fired.plus(Duration.ofDays(1)))).isEqualTo(Duration.ofDays(1));
        assertThat(JobRunLog.period(fired, null)).isEqualTo(Duration.ZERO);
        assertThat(JobRunLog.countsJson(Map.of())).isEqualTo("{}");
    }
}
