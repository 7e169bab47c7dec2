package dev.brain.research.knowledge.repository;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.research.knowledge.KnowledgePair;

/**
 * {@code job_run} rows of the library's jobs ({@code knowledge_prune}, {@code knowledge_decay}); their lock is
 * {@link dev.brain.db.jobs.AdvisoryLocks}.
 */
@ApplicationScoped
public class JobRunRepository {

    private final Jdbc jdbc;

    public JobRunRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public long start(String job, String trigger, KnowledgePair pair, Instant startedAt, String status) {
        return jdbc.one("insert into job_run (job, trigger, user_id, agent_id, started_at, status)"
                + " values (?, ?, ?, ?, ?, ?) returning id", rs -> rs.getLong(1), job, trigger,
                pair == null ? null : pair.userId(), pair == null ? null : pair.agentId(), startedAt, status)
                .orElseThrow();
    }

    public void finish(long id, String status, String countsJson, String error, Instant finishedAt) {
        jdbc.update("update job_run set status = ?, counts = ?::jsonb, error = ?, finished_at = ? where id = ?", status,
                countsJson, error, finishedAt, id);
    }
}
