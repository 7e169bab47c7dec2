package dev.brain.error.jobs.repository;

import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Table {@code job_run}, read back: the last finished run of a job. The rows are written through the shared
 * {@link dev.brain.db.jobs.JobRunLog}.
 */
@ApplicationScoped
public class JobRunRepository {

    private final Jdbc jdbc;

    public JobRunRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A run as stored: {@code counts} is the JSON text of the column, {@code finishedAt} null while unset and
     * {@code error} empty when there is none.
     */
    public record Run(long id, String status, String counts, Instant startedAt, Instant finishedAt, String error) {
    }

    /** The last run of a job that is not running (for a tenant, or global when tenant is null). */
    public Optional<Run> last(String job, String tenant) {
        return jdbc.one("""
                select id, status, counts::text, started_at, finished_at, coalesce(error, '') as error from job_run
                where job = ? and tenant is not distinct from ? and status <> 'running'
                order by started_at desc, id desc limit 1""", rs -> new Run(rs.getLong("id"), rs.getString("status"),
                rs.getString("counts"), Jdbc.instant(rs, "started_at"), Jdbc.instant(rs, "finished_at"),
                rs.getString("error")), job, tenant);
    }
}
