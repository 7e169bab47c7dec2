package dev.brain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

/**
 * A job that one replica at a time runs (common.proto {@code JobStatus}): while another session holds the job's
 * advisory lock a run is skipped — it changes nothing and leaves a {@code skipped} row in {@code job_run} — and the
 * next run does the work.
 */
public abstract class ScheduledJobContract extends GrpcTestBase {

    @Inject
    protected DataSource dataSource;

    private final String job;
    private final String lockKey;

    /** {@code job}: the name in {@code job_run}; {@code lockKey}: the text whose {@code hashtext} is the job's lock. */
    protected ScheduledJobContract(String job, String lockKey) {
        this.job = job;
        this.lockKey = lockKey;
    }

    /** Stores rows that the job, run now, deletes. */
    protected abstract void storeDueRows() throws Exception;

    /** How many of the rows {@link #storeDueRows} stored are still there. */
    protected abstract long dueRows() throws Exception;

    /** Runs the job once through the service's RPC; answers the run's {@code JobStatus} (each service has its own stubs). */
    protected abstract Enum<?> runJob();

    @Test
    public void aSecondRunWhileTheLockIsHeldIsSkipped() throws Exception {
        storeDueRows();
        long due = dueRows();
        assertThat(due).isPositive();
        long lastRun = count("select coalesce(max(id), 0) from job_run");
        try (Connection other = dataSource.getConnection()) {
            lock(other, "select pg_advisory_lock(hashtext(?))");
            assertThat(runJob().name()).isEqualTo("JOB_STATUS_SKIPPED_LOCKED");
            assertThat(dueRows()).as("nothing deleted by a skipped run").isEqualTo(due);
            lock(other, "select pg_advisory_unlock(hashtext(?))");
        }
        assertThat(count("select count(*) from job_run where job = ? and status = 'skipped' and id > ?", job, lastRun))
                .isEqualTo(1);
        assertThat(runJob().name()).isEqualTo("JOB_STATUS_DONE");
        assertThat(dueRows()).isZero();
    }

    private void lock(Connection c, String sql) throws Exception {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, lockKey);
            s.execute();
        }
    }

    private long count(String sql, Object... params) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
