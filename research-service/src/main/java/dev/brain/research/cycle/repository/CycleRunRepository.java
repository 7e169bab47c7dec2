package dev.brain.research.cycle.repository;

import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Table {@code job_run}, read back for the research cycle: a tenant's latest run of a job. The rows are written
 * through the shared {@link dev.brain.db.jobs.JobRunLog}.
 */
@ApplicationScoped
public class CycleRunRepository {

    private final Jdbc jdbc;

    public CycleRunRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A run as stored: {@code counts} is the JSON text of the column; {@code error} and {@code finishedAt} may be null. */
    public record Row(long id, String tenant, String trigger, String status, String counts, String error,
            Instant startedAt, Instant finishedAt) {
    }

    /** The tenant's latest run of the job (any trigger). */
    public Optional<Row> latest(String job, String tenant) {
        return jdbc.one("select id, tenant, trigger, started_at, finished_at, status, counts::text as counts, error"
                + " from job_run where job = ? and tenant = ? order by started_at desc, id desc limit 1",
                rs -> new Row(rs.getLong("id"), rs.getString("tenant"), rs.getString("trigger"), rs.getString("status"),
                        rs.getString("counts"), rs.getString("error"), Jdbc.instant(rs, "started_at"),
                        Jdbc.instant(rs, "finished_at")),
                job, tenant);
    }
}
